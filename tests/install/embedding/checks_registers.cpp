// Points 6 (reset while busy: STATUS tells the truth) and 8 (64-bit and byte-enable accesses,
// local-memory registers, the watchdog on by default).
#include <string>

#include "harness.hpp"

namespace checks {

namespace {

using example::Driver;

// RESET while a kernel runs: STATUS reads BUSY|RESETTING and START is refused until STATUS
// reads IDLE; then START is accepted and runs.
Values reset_while_busy(example::Platform& p) {
    using example::kRamBase;
    const std::uint64_t a = kRamBase + 0x10000, b = a + 0x40000, c = b + 0x40000;
    example::vector_add_data(p.ram.data(), a, b, c, 32768, 3);
    p.cpu.configure(example::vector_add(a, b, c, 32768));
    p.cpu.reg_write(FGTLM_REG_CTRL, FGTLM_CTRL_START);
    sc_core::wait(1, sc_core::SC_US);
    p.cpu.reg_write(FGTLM_REG_CTRL, FGTLM_CTRL_RESET);
    Values v;
    v["status_after_reset"] = p.cpu.reg(FGTLM_REG_STATUS);
    v["start_refused"] = p.cpu.reg_write(FGTLM_REG_CTRL, FGTLM_CTRL_START) == tlm::TLM_COMMAND_ERROR_RESPONSE;
    v["config_refused"] = p.cpu.reg_write(FGTLM_REG_GRID_X, 2) == tlm::TLM_COMMAND_ERROR_RESPONSE;
    double polls = 0;
    while (p.cpu.reg(FGTLM_REG_STATUS) != 0 && polls < 1e6) ++polls;
    v["idle_after_polls"] = polls;
    const Values again = vector_add_values(p, 2048);
    v["restart_ok"] = again.at("state") == FGTLM_STATE_DONE && again.at("wrong") == 0;
    return v;
}

Values register_window(example::Platform& p) {
    Values v = vector_add_values(p, 2048);
    Driver& cpu = p.cpu;
    std::uint8_t b8[8] = {};
    v["read64"] =
        cpu.access(tlm::TLM_READ_COMMAND, example::kGpuRegs + FGTLM_REG_CYCLES_LO, b8, 8) == tlm::TLM_OK_RESPONSE;
    std::uint64_t c64 = 0;
    for (int i = 7; i >= 0; --i) c64 = c64 << 8 | b8[i];
    v["read64_value_ok"] = double(c64) == v.at("cycles");
    std::uint8_t w[4] = {3, 0, 0, 0};
    const std::uint8_t all[4] = {0xFF, 0xFF, 0xFF, 0xFF}, low[4] = {0xFF, 0, 0, 0};
    v["be_all_ok"] = cpu.access(tlm::TLM_WRITE_COMMAND, example::kGpuRegs + FGTLM_REG_GRID_X, w, 4, all, 4) ==
                         tlm::TLM_OK_RESPONSE &&
                     cpu.reg(FGTLM_REG_GRID_X) == 3;
    v["be_partial_error"] = cpu.access(tlm::TLM_WRITE_COMMAND, example::kGpuRegs + FGTLM_REG_GRID_X, w, 4, low, 4) ==
                            tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE;
    cpu.reg_write(FGTLM_REG_LOCAL_BASE, 0x80200000u);
    cpu.reg_write(FGTLM_REG_LOCAL_SIZE, 64);
    v["local_regs"] = cpu.reg(FGTLM_REG_LOCAL_BASE) == 0x80200000u && cpu.reg(FGTLM_REG_LOCAL_SIZE) == 64;
    return v;
}

bool is(const Values& v, const char* k) { return v.count(k) && v.at(k) == 1; }

}  // namespace

void check_registers(Tally& t) {
    example::PlatformOptions o;
    o.gpu.num_sms = 2;
    const Values r = in_child([&] {
        Values v;
        simulate(o, [&](example::Platform& p) { v = reset_while_busy(p); });
        return v;
    });
    t.expect(r.count("status_after_reset") && r.at("status_after_reset") == (FGTLM_STATE_BUSY | FGTLM_STATUS_RESETTING),
             "RESET while busy: STATUS reads BUSY|RESETTING");
    t.expect(is(r, "start_refused") && is(r, "config_refused"),
             "... while resetting START and configuration are refused");
    t.expect(is(r, "restart_ok"), "... then STATUS reads IDLE (after " +
                                      std::to_string(r.count("idle_after_polls") ? int(r.at("idle_after_polls")) : -1) +
                                      " polls) and a START runs");
    const Values w = in_child([&] {
        Values v;
        simulate(o, [&](example::Platform& p) { v = register_window(p); });
        return v;
    });
    t.expect(is(w, "read64") && is(w, "read64_value_ok"), "a 64-bit read of CYCLES_LO gives CYCLES_HI:CYCLES_LO");
    t.expect(is(w, "be_all_ok") && is(w, "be_partial_error"),
             "byte enables: all enabled accepted, a partial word TLM_BYTE_ENABLE_ERROR_RESPONSE");
    t.expect(is(w, "local_regs"), "LOCAL_BASE / LOCAL_SIZE registers");
    t.expect(fgtlm::gpu::GpuDeviceConfig{}.max_instructions == 50'000'000,
             "watchdog on by default (50M warp instructions)");
    o.gpu.max_instructions = 20;
    const Values wd = in_child([&] {
        Values v;
        simulate(o, [&](example::Platform& p) { v = vector_add_values(p, 2048); });
        return v;
    });
    t.expect(wd.count("error") && wd.at("error") == FGTLM_ERR_WATCHDOG,
             "a kernel over the watchdog ends with WATCHDOG");
}

}  // namespace checks
