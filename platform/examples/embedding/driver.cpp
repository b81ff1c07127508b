#include "driver.hpp"

namespace example {

Driver::Driver(sc_core::sc_module_name name, std::uint64_t gpu_regs)
    : sc_module(name), socket("socket"), irq("irq"), regs_(gpu_regs) {
    SC_HAS_PROCESS(Driver);
    SC_THREAD(thread);
}

void Driver::thread() {
    if (program) program(*this);
    sc_core::sc_stop();
}

tlm::tlm_response_status Driver::access(tlm::tlm_command cmd, std::uint64_t addr, std::uint8_t* data, unsigned len,
                                        const std::uint8_t* byte_enables, unsigned be_len) {
    tlm::tlm_generic_payload t;
    t.set_command(cmd);
    t.set_address(addr);
    t.set_data_ptr(data);
    t.set_data_length(len);
    t.set_streaming_width(len);
    t.set_byte_enable_ptr(const_cast<std::uint8_t*>(byte_enables));
    t.set_byte_enable_length(be_len);
    t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket->b_transport(t, delay);
    wait(delay);
    return t.get_response_status();
}

tlm::tlm_response_status Driver::write32(std::uint64_t addr, std::uint32_t v) {
    std::uint8_t b[4] = {std::uint8_t(v), std::uint8_t(v >> 8), std::uint8_t(v >> 16), std::uint8_t(v >> 24)};
    return access(tlm::TLM_WRITE_COMMAND, addr, b, 4);
}

tlm::tlm_response_status Driver::read32(std::uint64_t addr, std::uint32_t& v) {
    std::uint8_t b[4] = {};
    const tlm::tlm_response_status s = access(tlm::TLM_READ_COMMAND, addr, b, 4);
    v = std::uint32_t(b[0]) | std::uint32_t(b[1]) << 8 | std::uint32_t(b[2]) << 16 | std::uint32_t(b[3]) << 24;
    return s;
}

std::uint32_t Driver::reg(std::uint32_t off) {
    std::uint32_t v = 0;
    read32(regs_ + off, v);
    return v;
}

void Driver::write_block(std::uint64_t addr, const std::vector<std::uint32_t>& words) {
    for (std::size_t i = 0; i < words.size(); ++i) write32(addr + 4 * i, words[i]);
}

void Driver::configure(const Launch& l) {
    write_block(l.code_base, l.code);
    reg_write(FGTLM_REG_CODE_BASE, std::uint32_t(l.code_base));
    reg_write(FGTLM_REG_CODE_SIZE, std::uint32_t(4 * l.code.size()));
    reg_write(FGTLM_REG_GRID_X, l.grid_x);
    reg_write(FGTLM_REG_GRID_Y, 1);
    reg_write(FGTLM_REG_BLOCK_X, l.block_x);
    reg_write(FGTLM_REG_BLOCK_Y, 1);
    reg_write(FGTLM_REG_BLOCK_Z, 1);
    reg_write(FGTLM_REG_REGS_PER_THREAD, l.regs);
    reg_write(FGTLM_REG_SHARED_SIZE, l.shared);
    reg_write(FGTLM_REG_BLOCKS_PER_CORE, l.blocks_per_core);
    reg_write(FGTLM_REG_PARAM_COUNT, std::uint32_t(l.params.size()));
    for (std::size_t i = 0; i < l.params.size(); ++i) reg_write(FGTLM_REG_PARAM(i), l.params[i]);
    for (std::size_t w = 0; 4 * w < l.const_mem.size(); ++w) {
        std::uint32_t v = 0;
        for (std::size_t b = 0; b < 4 && 4 * w + b < l.const_mem.size(); ++b)
            v |= std::uint32_t(l.const_mem[4 * w + b]) << (8 * b);
        reg_write(FGTLM_CONST_WINDOW + 4 * std::uint32_t(w), v);
    }
    reg_write(FGTLM_REG_IRQ_ENABLE, FGTLM_IRQ_DONE | FGTLM_IRQ_ERROR);
}

Outcome Driver::wait_done(sc_core::sc_time start) {
    while (!irq.read()) wait(irq.value_changed_event());
    Outcome o;
    o.start = start;
    o.irq = sc_core::sc_time_stamp();
    o.status = reg(FGTLM_REG_STATUS);
    o.cycles = reg(FGTLM_REG_CYCLES_LO) | std::uint64_t(reg(FGTLM_REG_CYCLES_HI)) << 32;
    o.warp_instructions = reg(FGTLM_REG_WARP_INSTR_LO) | std::uint64_t(reg(FGTLM_REG_WARP_INSTR_HI)) << 32;
    reg_write(FGTLM_REG_IRQ_STATUS, FGTLM_IRQ_DONE | FGTLM_IRQ_ERROR);  // acknowledge
    while (irq.read()) wait(irq.value_changed_event());
    return o;
}

Outcome Driver::run(const Launch& l) {
    configure(l);
    const sc_core::sc_time start = sc_core::sc_time_stamp();
    reg_write(FGTLM_REG_CTRL, FGTLM_CTRL_START);
    return wait_done(start);
}

}  // namespace example
