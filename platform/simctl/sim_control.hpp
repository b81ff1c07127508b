// SimControl: lets the firmware end the simulation and read the simulated time.
//   0x0 EXIT     W   exit code of the firmware; ends the simulation (the VP returns it)
//   0x4 TIME_LO  R   simulated time in ns, low word; reading it latches the high word
//   0x8 TIME_HI  R   high word latched by the last TIME_LO read
//   0xC CPU_HZ   R   host CPU clock frequency in Hz (for cycle <-> time conversions)
// Time includes the initiator's annotated delay (its local time offset), so back-to-back
// readings around an action measure that action's latency as the quantum keeper sees it.
#pragma once

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <functional>
#include <optional>

namespace fgtlm::platform {

class SimControl : public sc_core::sc_module {
public:
    static constexpr std::uint32_t kExit = 0x0, kTimeLo = 0x4, kTimeHi = 0x8, kCpuHz = 0xC, kSize = 0x1000;
    tlm_utils::simple_target_socket<SimControl> socket;

    SimControl(sc_core::sc_module_name name, std::uint32_t cpu_hz);

    // Called (in the writer's thread) when the firmware writes EXIT, before sc_stop().
    void on_exit(std::function<void(int)> callback) { on_exit_ = std::move(callback); }
    [[nodiscard]] std::optional<int> exit_code() const { return exit_code_; }
    [[nodiscard]] sc_core::sc_time exit_time() const { return exit_time_; }

private:
    void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);

    std::uint32_t cpu_hz_;
    std::uint32_t time_hi_latch_ = 0;
    std::optional<int> exit_code_;
    sc_core::sc_time exit_time_;
    std::function<void(int)> on_exit_;
};

}  // namespace fgtlm::platform
