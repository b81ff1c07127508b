// A CPU-side driver that uses nothing but the GPU's register map (fgtlm/host/registers.h)
// and plain bus accesses, the way firmware would: configure, START, sleep until the
// interrupt, read STATUS and the counters, acknowledge. Its SC_THREAD runs `program`.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <fgtlm/host/registers.h>

namespace example {

struct Launch {
    std::uint64_t code_base = 0;
    std::vector<std::uint32_t> code;  // written to code_base by the driver
    std::uint32_t grid_x = 1, block_x = 32, regs = 16, shared = 0, blocks_per_core = 1;
    std::vector<std::uint32_t> params;
    std::vector<std::uint8_t> const_mem;
};

struct Outcome {
    std::uint32_t status = 0;  // STATUS register at the interrupt
    std::uint64_t cycles = 0;  // CYCLES
    std::uint64_t warp_instructions = 0;
    sc_core::sc_time start, irq;  // when START was written, when the interrupt came
    [[nodiscard]] std::uint32_t state() const { return (status >> FGTLM_STATUS_STATE_SHIFT) & FGTLM_STATUS_STATE_MASK; }
    [[nodiscard]] std::uint32_t error() const { return (status >> FGTLM_STATUS_ERROR_SHIFT) & FGTLM_STATUS_ERROR_MASK; }
};

class Driver : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<Driver> socket;
    sc_core::sc_in<bool> irq;
    std::function<void(Driver&)> program;  // what the CPU does

    Driver(sc_core::sc_module_name name, std::uint64_t gpu_regs);

    // Bus accesses (timed: the thread waits the annotated delay). Return the TLM response.
    tlm::tlm_response_status write32(std::uint64_t addr, std::uint32_t v);
    tlm::tlm_response_status read32(std::uint64_t addr, std::uint32_t& v);
    tlm::tlm_response_status access(tlm::tlm_command cmd, std::uint64_t addr, std::uint8_t* data, unsigned len,
                                    const std::uint8_t* byte_enables = nullptr, unsigned be_len = 0);
    tlm::tlm_response_status reg_write(std::uint32_t off, std::uint32_t v) { return write32(regs_ + off, v); }
    std::uint32_t reg(std::uint32_t off);

    void write_block(std::uint64_t addr, const std::vector<std::uint32_t>& words);
    void configure(const Launch& l);  // code to memory + every launch register
    Outcome run(const Launch& l);     // configure, START, wait for the interrupt, acknowledge
    Outcome wait_done(sc_core::sc_time start);

private:
    void thread();
    std::uint64_t regs_;
};

}  // namespace example
