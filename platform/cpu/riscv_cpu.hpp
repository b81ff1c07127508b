// RiscvCpu: the host CPU of the virtual platform. Unicorn (QEMU's TCG) executes RV32IMAC
// firmware; this module connects it to SystemC/TLM-2.0:
//   * RAM regions are fetched over DMI once and mapped into Unicorn (uc_mem_map_ptr), so
//     loads, stores and instruction fetches from RAM run at native speed;
//   * every other region is mapped as MMIO (uc_mmio_map): each access becomes a b_transport
//     carrying the CPU's local time offset as annotated delay;
//   * time: every instruction costs one clock period (CPI 1). A block hook counts the
//     instructions of each translation block as it starts (BlockCounts; a hook per instruction
//     cost half the emulation time); an MMIO access or a fault inside a block finds its own
//     instruction from the block's loads and stores (rv_block.hpp), so its time, mepc and the
//     instruction count are those of that instruction. A quantum keeper decides when to yield
//     to SystemC: at the first block past the quantum the block hook syncs and Unicorn runs on
//     (DeferringQuantumKeeper skips the syncs with nothing to synchronise with, with the same
//     results); a chunk of emulation ends only when the main loop has work (an interrupt to
//     take, a fault, WFI, a DMI remap, the end);
//   * interrupts: Unicorn has no PLIC/CLINT. While `irq` is high, the block hook checks
//     mstatus.MIE and mie.MEIE and, once both are set, ends the chunk before that block (a CSR
//     write ends a block in QEMU, so this is the instruction after the write); this module then
//     performs the machine external interrupt trap entry itself (mepc, mcause=0x8000000B,
//     mstatus.MPIE/MIE/MPP, pc=mtvec). mret runs natively in Unicorn. mip.MEIP cannot be set
//     from outside in Unicorn 2.0.1 (QEMU masks it), so firmware identifies the interrupt by
//     mcause and the device's status register;
//   * WFI parks the CPU (SystemC time advances) until `irq` is high;
//   * ecall traps to mtvec with mcause=11; illegal instructions (mcause 2) and bus errors or
//     unmapped accesses (mcause 1/5/7, mtval = address) trap too; ebreak, a fault with no
//     trap vector, or a fault storm stops the platform with a diagnostic naming the PC.
#pragma once

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>

#include "cpu/block_counts.hpp"
#include "cpu/deferring_quantum_keeper.hpp"

#include <cstdint>
#include <deque>
#include <string>

struct uc_struct;

namespace fgtlm::platform::rv {
struct Access;
}

namespace fgtlm::platform {

class RiscvCpu : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<RiscvCpu> socket;
    sc_core::sc_in<bool> irq;  // machine external interrupt (level)

    struct Config {
        double clock_hz = 100e6;  // one instruction per cycle
        std::uint32_t reset_pc = 0x80000000;
    };

    SC_HAS_PROCESS(RiscvCpu);
    RiscvCpu(sc_core::sc_module_name name, const Config& config);
    ~RiscvCpu() override;

    // Address map as the CPU sees it (page-aligned). RAM regions use DMI when the bus grants
    // it (falling back to MMIO), MMIO regions always go through b_transport.
    void add_ram(std::uint64_t base, std::uint64_t size);
    void add_mmio(std::uint64_t base, std::uint64_t size);
    void set_reset_pc(std::uint32_t pc) { config_.reset_pc = pc; }

    // Stop executing at the next instruction boundary (used when the firmware exits).
    void halt();

    enum class State { Running, Halted, Fatal };
    [[nodiscard]] State state() const { return state_; }
    [[nodiscard]] const std::string& fatal_message() const { return fatal_message_; }
    [[nodiscard]] std::uint64_t instructions() const { return icount_; }
    [[nodiscard]] std::uint64_t interrupts_taken() const { return interrupts_; }
    // Time spent in WFI, including a wait still going on when the simulation ended.
    [[nodiscard]] sc_core::sc_time wfi_time() const {
        return in_wfi_ ? wfi_time_ + (sc_core::sc_time_stamp() - wfi_since_) : wfi_time_;
    }
    // Emulation speed: guest instructions per second of host time spent inside Unicorn.
    [[nodiscard]] double host_mips() const;

    // Internal entry points for the Unicorn C callbacks.
    struct Region {
        RiscvCpu* cpu;
        std::uint64_t base, size;
        bool ram;
        bool dmi = false;
        const std::uint8_t* host = nullptr;  // the DMI pointer of `base` (dmi)
    };
    std::uint64_t mmio_read(const Region& r, std::uint64_t offset, unsigned size);
    void mmio_write(const Region& r, std::uint64_t offset, unsigned size, std::uint64_t value);
    void on_block(std::uint64_t address, std::uint32_t size);
    void on_interrupt(std::uint32_t intno);
    bool on_invalid_memory(int type, std::uint64_t address, unsigned size, std::uint64_t value);

private:
    void run();
    void irq_changed() { irq_level_ = irq.read(); }
    void map_regions();
    void map_as_mmio(Region& r);
    void account_time(std::uint64_t instructions);  // local time up to that many instructions
    void cross_budget();                       // a block starts at or past limit_
    void stop_before_block();                  // the block being entered does not run
    void request_stop();
    [[nodiscard]] const std::uint8_t* code_at(std::uint32_t address, std::uint32_t& bytes);
    void end_block_at(std::uint32_t pc);  // the count ends with the current block's instruction at pc
    [[nodiscard]] unsigned count_block(std::uint32_t address, std::uint32_t size);
    struct Where {
        std::uint64_t icount;  // the instruction count up to and including it
        std::uint32_t pc;
    };
    [[nodiscard]] Where locate(const rv::Access& access);  // in the current block
    void read_registers(std::uint32_t (&x)[32]);
    void access_fault(std::uint32_t cause, const Where& at, std::uint32_t address);
    bool stopped_at_wfi();
    void cut_block(int uc_error);
    [[nodiscard]] std::uint64_t next_budget() const;  // instructions up to the quantum's end
    bool interrupts_enabled();
    void take_trap(std::uint32_t cause, std::uint32_t epc, std::uint32_t tval);
    void synchronous_fault(std::uint32_t cause, std::uint32_t epc, std::uint32_t tval, const char* what);
    void wait_for_interrupt();
    void handle_stop(int uc_error);
    void fatal(const std::string& message);
    std::uint32_t read_reg(int reg);
    void write_reg(int reg, std::uint32_t value);
    bool read_insn(std::uint32_t pc, std::uint32_t& insn);
    void invalidate_dmi(sc_dt::uint64 start, sc_dt::uint64 end);
    bool transport(tlm::tlm_command cmd, std::uint64_t addr, void* data, unsigned size, const Where& at);

    Config config_;
    uc_struct* uc_ = nullptr;
    std::deque<Region> regions_;  // stable addresses: Unicorn callbacks keep pointers
    DeferringQuantumKeeper qk_;
    sc_core::sc_time period_;
    tlm::tlm_generic_payload trans_;  // reused for every MMIO access

    State state_ = State::Running;
    std::string fatal_message_;
    // icount_ counts the current block whole from its start; block_start_ is the count before it.
    std::uint64_t icount_ = 0, accounted_ = 0, limit_ = 0, block_start_ = 0;
    std::uint32_t pc_ = 0;          // where the next chunk starts
    std::uint32_t block_pc_ = 0;    // the current block (block hook)
    std::uint32_t block_size_ = 0;
    unsigned block_count_ = 0;      // its instructions
    std::uint32_t exception_pc_ = 0;  // the instruction that raised pending_intno_
    unsigned next_access_ = 0;      // lowest index the block's next MMIO access can have
    BlockCounts block_counts_;
    std::uint32_t code_buf_[1024] = {};  // code outside DMI regions, read through Unicorn (4 KiB)
    bool stop_requested_ = false;   // uc_emu_stop was called in this chunk
    bool in_access_ = false;        // inside an MMIO callback: a stop there cuts the block
    bool budget_stop_ = false;
    bool irq_level_ = false;  // mirror of `irq`, read by the block hook
    bool dmi_invalidated_ = false;
    int pending_intno_ = -1;
    // A bus error / unmapped access seen inside Unicorn, turned into a trap after the chunk.
    bool fault_pending_ = false;
    std::uint32_t fault_cause_ = 0, fault_pc_ = 0, fault_addr_ = 0;
    unsigned fault_streak_ = 0;
    std::uint64_t interrupts_ = 0;
    sc_core::sc_time wfi_time_;
    sc_core::sc_time wfi_since_;  // start of the current WFI (valid while in_wfi_)
    bool in_wfi_ = false;
    double host_seconds_ = 0;
};

}  // namespace fgtlm::platform
