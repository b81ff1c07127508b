// RegisterFileUnit: the SM's register file (core::RegisterFile: GPRs, predicates C0-C3,
// address registers A0-A7) as a SystemC module. The read stage is bound to `read_port`,
// write-back to `write_port`; `debug_port` is free for a debugger, fault injector or probe.
// Address map of every port (byte addresses, little endian, 32 lanes per row):
//   0x000000  GPRs:               (slot * 32 + lane) * 4, slot = physical register slot
//   0x400000  predicates:         (warp_slot * 4 + c) * 32 + lane, one Z/S/C/O nibble per byte
//   0x800000  address registers:  ((warp_slot * 8 + a) * 32 + lane) * 4
// b_transport and transport_dbg read/write inside those windows (no delay); DMI is granted
// per window, which is how the read and write-back stages reach the rows per instruction.
#pragma once

#include <cstdint>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <fgtlm/core/register_file.hpp>

namespace fgtlm::sm {

class RegisterFileUnit final : public sc_core::sc_module {
public:
    static constexpr std::uint64_t kGprBase = 0x000000, kPredBase = 0x400000, kAregBase = 0x800000;
    tlm_utils::simple_target_socket<RegisterFileUnit> read_port;
    tlm_utils::simple_target_socket<RegisterFileUnit> write_port;
    tlm_utils::simple_target_socket_optional<RegisterFileUnit> debug_port;

    RegisterFileUnit(sc_core::sc_module_name name, core::RegisterFile& regs);
    const char* kind() const override { return "fgtlm::sm::RegisterFileUnit"; }
    core::RegisterFile& state() { return regs_; }

private:
    struct Window {
        std::uint8_t* data = nullptr;
        std::uint64_t base = 0, size = 0;
    };
    Window window_at(std::uint64_t addr);
    void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi);
    unsigned int transport_dbg(tlm::tlm_generic_payload& trans);

    core::RegisterFile& regs_;
};

}  // namespace fgtlm::sm
