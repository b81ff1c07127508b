// HostInterface: the GPU's memory-mapped register file. The registers are declared once, in
// register_map.hpp; registers.h (C macros for drivers) and the README table are generated from it. A driver on a host
// CPU configures a launch through it, starts it, and learns about completion by the interrupt line or by polling
// STATUS.
//
// TLM-2.0 rules: only aligned 4-byte single-beat accesses without byte enables are accepted;
// everything else gets an error response (never an exception). b_transport annotates
// `access_delay` per access. transport_dbg reads any register without side effects and
// writes configuration registers and the constant window only.
#pragma once

#include <fgtlm/core/launch.hpp>
#include <fgtlm/host/kernel_control.hpp>
#include <fgtlm/host/register_map.hpp>
#include <fgtlm/host/registers.h>  // the same map as C macros, for drivers written in C++

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <array>
#include <cstdint>

namespace fgtlm::host {

class HostInterface : public sc_core::sc_module {
public:
    SC_HAS_PROCESS(HostInterface);
    tlm_utils::simple_target_socket<HostInterface> socket;  // register accesses from the bus
    sc_core::sc_out<bool> irq;                              // level: (IRQ_STATUS & IRQ_ENABLE) != 0

    HostInterface(sc_core::sc_module_name name, KernelControl& control,
                  const sc_core::sc_time& access_delay = sc_core::sc_time(10, sc_core::SC_NS));

    // Register value as a debugger would see it (no side effects). Returns false if unmapped.
    bool peek(std::uint32_t offset, std::uint32_t& value) const;

    // The launch configuration the registers currently describe (what START would launch).
    [[nodiscard]] core::LaunchConfig launch_config() const;

    void set_access_delay(const sc_core::sc_time& delay) { access_delay_ = delay; }

private:
    void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
    unsigned transport_dbg(tlm::tlm_generic_payload& trans);

    // Register file operations. `debug` accesses must not trigger actions.
    tlm::tlm_response_status read_register(std::uint32_t offset, std::uint32_t& value) const;
    tlm::tlm_response_status write_register(std::uint32_t offset, std::uint32_t value, bool debug);
    tlm::tlm_response_status run_handler(regmap::Handler handler, std::uint32_t value);
    static tlm::tlm_response_status check_shape(const tlm::tlm_generic_payload& trans);

    tlm::tlm_response_status control_write(std::uint32_t value);
    void start_launch();
    const char* invalid_launch_reason(std::uint32_t& offending_register) const;
    void reject_launch(std::uint32_t offending_register, const char* why);
    void on_kernel_done();  // SC_METHOD, dynamically sensitive to control_.done_event()
    void reset_state();
    void update_irq();
    void drive_irq();  // SC_METHOD: the only writer of `irq` (a signal allows one driver process)

    // Register storage, one word per slot of the register map (regmap::slot("NAME")).
    [[nodiscard]] std::uint32_t reg(std::size_t slot) const { return regs_[slot]; }
    [[nodiscard]] std::uint32_t state() const;
    [[nodiscard]] bool engine_busy() const;  // a kernel runs or STATUS still reads BUSY
    void set_state(std::uint32_t state);
    void set_error(const core::KernelError& error);
    void set_u64(std::size_t lo_slot, std::size_t hi_slot, std::uint64_t value);

    KernelControl& control_;
    sc_core::sc_time access_delay_;
    std::array<std::uint32_t, regmap::kSlotCount> regs_ = regmap::kResetValues;
    std::array<std::uint8_t, regmap::constant("CONST_WINDOW_SIZE")> const_mem_{};
    bool irq_level_ = false;
    sc_core::sc_event irq_changed_;
};

}  // namespace fgtlm::host
