// HostInterface: the GPU's memory-mapped register file (register map in registers.h and
// models/host/README.md). A driver on a host CPU configures a launch through it, starts it,
// and learns about completion by the interrupt line or by polling STATUS.
//
// TLM-2.0 rules: only aligned 4-byte single-beat accesses without byte enables are accepted;
// everything else gets an error response (never an exception). b_transport annotates
// `access_delay` per access. transport_dbg reads any register without side effects and
// writes configuration registers and the constant window only.
#pragma once

#include <fgtlm/core/launch.hpp>
#include <fgtlm/host/kernel_control.hpp>
#include <fgtlm/host/registers.h>

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
    sc_core::sc_out<bool> irq;                               // level: (IRQ_STATUS & IRQ_ENABLE) != 0

    HostInterface(sc_core::sc_module_name name, KernelControl& control,
                  sc_core::sc_time access_delay = sc_core::sc_time(10, sc_core::SC_NS));

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
    static tlm::tlm_response_status check_shape(const tlm::tlm_generic_payload& trans);

    void control_write(std::uint32_t value);
    void start_launch();
    void reject_launch(std::uint32_t offending_register, const char* why);
    void on_kernel_done();  // SC_METHOD, dynamically sensitive to control_.done_event()
    void reset_state();
    void update_irq();
    void drive_irq();  // SC_METHOD: the only writer of `irq` (a signal allows one driver process)

    KernelControl& control_;
    sc_core::sc_time access_delay_;

    // Configuration registers (FlexGripPlus order) and parameters.
    std::uint32_t blocks_per_core_ = 1, grid_x_ = 1, grid_y_ = 1, param_count_ = 0;
    std::uint32_t dyn_shared_ = 0, block_x_ = 1, block_y_ = 1, block_z_ = 1;
    std::uint32_t regs_per_thread_ = 16, shared_size_ = 0;
    std::array<std::uint32_t, FGTLM_MAX_PARAMS> params_{};
    std::uint32_t code_base_ = 0, code_size_ = 0;
    std::array<std::uint8_t, FGTLM_CONST_WINDOW_SIZE> const_mem_{};

    // Status, latched when a kernel completes.
    std::uint32_t state_ = FGTLM_STATE_IDLE;
    core::KernelError error_{};
    std::uint64_t cycles_ = 0, warp_instr_ = 0, thread_instr_ = 0;
    std::uint32_t launches_ = 0;
    std::uint32_t irq_enable_ = 0, irq_status_ = 0;
    bool irq_level_ = false;
    sc_core::sc_event irq_changed_;
};

}  // namespace fgtlm::host
