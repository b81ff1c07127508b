// Unicorn <-> SystemC glue for the RV32IMAC host CPU (see riscv_cpu.hpp for the model).
#include "cpu/riscv_cpu.hpp"

#include "cpu/rv_block.hpp"

#include <unicorn/unicorn.h>

#include <chrono>
#include <algorithm>
#include <cstring>
#include <sstream>

namespace fgtlm::platform {

namespace {

constexpr std::uint32_t kWfi = 0x10500073;
constexpr std::uint32_t kEbreak = 0x00100073;
constexpr std::uint16_t kCEbreak = 0x9002;
constexpr std::uint32_t kMstatusMie = 1u << 3, kMstatusMpie = 1u << 7, kMstatusMpp = 3u << 11;
constexpr std::uint32_t kMieMeie = 1u << 11;
constexpr std::uint32_t kCauseExternalIrq = 0x8000000Bu;
constexpr std::uint32_t kCauseIllegal = 2, kCauseFetchFault = 1, kCauseLoadFault = 5,
                        kCauseStoreFault = 7, kCauseEcallM = 11;
constexpr unsigned kMaxFaultStreak = 16;   // faults without progress: the handler is broken
constexpr std::uint64_t kMaxChunk = 1u << 20;
constexpr std::uint64_t kNeverPc = 0xFFFFFFFEull;  // never reached: chunks end by budget/stop
// A translation block ends at a page boundary (an instruction may cross it); the hook reports
// a nonsense size for a block that starts with an illegal word, so sizes are clamped.
constexpr std::uint32_t kMaxBlockBytes = 4096;
constexpr unsigned kMaxDeferredQuanta = 64;  // SystemC time lags the CPU by at most 64 quanta

std::string hex(std::uint64_t v) {
    std::ostringstream s;
    s << "0x" << std::hex << v;
    return s.str();
}

// C callbacks: forward to the module.
void block_cb(uc_engine*, std::uint64_t address, std::uint32_t size, void* user) {
    static_cast<RiscvCpu*>(user)->on_block(address, size);
}
void intr_cb(uc_engine*, std::uint32_t intno, void* user) { static_cast<RiscvCpu*>(user)->on_interrupt(intno); }
bool invalid_cb(uc_engine*, uc_mem_type type, std::uint64_t address, int size, std::int64_t value, void* user) {
    return static_cast<RiscvCpu*>(user)->on_invalid_memory(int(type), address, unsigned(size), std::uint64_t(value));
}
std::uint64_t mmio_read_cb(uc_engine*, std::uint64_t offset, unsigned size, void* user) {
    auto* r = static_cast<RiscvCpu::Region*>(user);
    return r->cpu->mmio_read(*r, offset, size);
}
void mmio_write_cb(uc_engine*, std::uint64_t offset, unsigned size, std::uint64_t value, void* user) {
    auto* r = static_cast<RiscvCpu::Region*>(user);
    r->cpu->mmio_write(*r, offset, size, value);
}

}  // namespace

RiscvCpu::RiscvCpu(sc_core::sc_module_name name, const Config& config)
    : sc_module(name), socket("socket"), irq("irq"), config_(config),
      period_(sc_core::sc_time(1.0 / config.clock_hz, sc_core::SC_SEC)) {
    if (uc_err e = uc_open(UC_ARCH_RISCV, UC_MODE_RISCV32, &uc_); e != UC_ERR_OK)
        SC_REPORT_FATAL(this->name(),
                        (std::string("cannot create the Unicorn RISC-V engine: ") + uc_strerror(e)).c_str());
    uc_hook h;
    uc_hook_add(uc_, &h, UC_HOOK_BLOCK, reinterpret_cast<void*>(block_cb), this, 1, 0);
    uc_hook_add(uc_, &h, UC_HOOK_INTR, reinterpret_cast<void*>(intr_cb), this, 1, 0);
    uc_hook_add(uc_, &h, UC_HOOK_MEM_INVALID, reinterpret_cast<void*>(invalid_cb), this, 1, 0);
    socket.register_invalidate_direct_mem_ptr(this, &RiscvCpu::invalidate_dmi);
    SC_METHOD(irq_changed);
    sensitive << irq;
    dont_initialize();
    SC_THREAD(run);
    // QEMU's translator runs on this thread's stack: give it room.
    set_stack_size(16 * 1024 * 1024);
}

RiscvCpu::~RiscvCpu() {
    if (uc_ != nullptr) uc_close(uc_);
}

void RiscvCpu::add_ram(std::uint64_t base, std::uint64_t size) { regions_.push_back({this, base, size, true}); }
void RiscvCpu::add_mmio(std::uint64_t base, std::uint64_t size) { regions_.push_back({this, base, size, false}); }

void RiscvCpu::halt() {
    if (state_ == State::Running) state_ = State::Halted;
    request_stop();
}

void RiscvCpu::request_stop() {
    stop_requested_ = true;
    uc_emu_stop(uc_);
}

double RiscvCpu::host_mips() const { return host_seconds_ > 0 ? double(icount_) / host_seconds_ / 1e6 : 0.0; }

std::uint32_t RiscvCpu::read_reg(int reg) {
    std::uint32_t v = 0;
    uc_reg_read(uc_, reg, &v);
    return v;
}
void RiscvCpu::write_reg(int reg, std::uint32_t value) { uc_reg_write(uc_, reg, &value); }

bool RiscvCpu::read_insn(std::uint32_t pc, std::uint32_t& insn) {
    insn = 0;
    std::uint16_t half[2] = {};
    if (uc_mem_read(uc_, pc, &half[0], 2) != UC_ERR_OK) return false;
    if ((half[0] & 3u) != 3u) { insn = half[0]; return true; }  // compressed
    if (uc_mem_read(uc_, pc + 2, &half[1], 2) != UC_ERR_OK) return false;
    insn = std::uint32_t(half[0]) | std::uint32_t(half[1]) << 16;
    return true;
}

// ---------------------------------------------------------------------------------------------
// Memory map

void RiscvCpu::map_regions() {
    for (Region& r : regions_) {
        if (r.ram) {
            tlm::tlm_generic_payload t;
            tlm::tlm_dmi dmi;
            t.set_address(r.base);
            t.set_command(tlm::TLM_READ_COMMAND);
            if (socket->get_direct_mem_ptr(t, dmi) && dmi.is_read_write_allowed() &&
                dmi.get_start_address() <= r.base && dmi.get_end_address() >= r.base + r.size - 1) {
                unsigned char* p = dmi.get_dmi_ptr() + (r.base - dmi.get_start_address());
                if (uc_mem_map_ptr(uc_, r.base, r.size, UC_PROT_ALL, p) == UC_ERR_OK) {
                    r.dmi = true;
                    r.host = p;
                    continue;
                }
            }
            SC_REPORT_WARNING(name(), ("no DMI for RAM at " + hex(r.base) + ": using b_transport").c_str());
        }
        map_as_mmio(r);
    }
}

void RiscvCpu::map_as_mmio(Region& r) {
    r.dmi = false;
    r.host = nullptr;
    if (uc_err e = uc_mmio_map(uc_, r.base, r.size, mmio_read_cb, &r, mmio_write_cb, &r); e != UC_ERR_OK)
        SC_REPORT_FATAL(name(), ("cannot map " + hex(r.base) + "+" + hex(r.size) + ": " + uc_strerror(e)).c_str());
}

void RiscvCpu::invalidate_dmi(sc_dt::uint64 start, sc_dt::uint64 end) {
    // Unicorn cannot be remapped from inside its own callbacks: do it at the chunk boundary.
    // Inside an MMIO access the chunk ends at the next block (block hook): a stop there would
    // leave Unicorn's PC at the start of the block already half run.
    for (const Region& r : regions_)
        if (r.dmi && start <= r.base + r.size - 1 && end >= r.base) dmi_invalidated_ = true;
    if (dmi_invalidated_ && !in_access_) request_stop();
}

// The code of [address, address + bytes): the DMI memory itself, or a copy read through
// Unicorn. `bytes` is clamped to what can be read.
const std::uint8_t* RiscvCpu::code_at(std::uint32_t address, std::uint32_t& bytes) {
    bytes = std::min(bytes, kMaxBlockBytes) & ~1u;  // whole halfwords
    for (const Region& r : regions_) {
        if (r.host == nullptr || address < r.base || address >= r.base + r.size) continue;
        bytes = std::uint32_t(std::min<std::uint64_t>(bytes, r.base + r.size - address)) & ~1u;
        return r.host + (address - r.base);
    }
    auto* copy = reinterpret_cast<std::uint8_t*>(code_buf_);
    while (bytes > 0 && uc_mem_read(uc_, address, copy, bytes) != UC_ERR_OK) bytes = bytes > 2 ? (bytes / 2) & ~1u : 0;
    return copy;
}

// A block's instructions, from BlockCounts or from its bytes (block_counts.hpp says when the
// table is emptied).
unsigned RiscvCpu::count_block(std::uint32_t address, std::uint32_t size) {
    if (const BlockCounts::Entry* known = block_counts_.find(address, size)) {
        const unsigned count = known->count;
        if (known->ends_with_fence_i) block_counts_.clear();
        return count;
    }
    std::uint32_t bytes = size;
    const std::uint8_t* code = code_at(address, bytes);
    const unsigned count = rv::count_instructions(code, bytes);
    if (count == 0 || bytes != size) return count;  // a size the hook got wrong: not kept
    const bool fence_i = rv::is_fence_i(rv::instruction_at(code, rv::offset_of(code, bytes, count - 1), bytes));
    if (fence_i) block_counts_.clear();  // it runs now: the code after it may be new
    block_counts_.fill(address, size, count, fence_i);
    return count;
}

// The current block ran up to and including the instruction at `pc`.
void RiscvCpu::end_block_at(std::uint32_t pc) {
    unsigned before = 0;
    if (pc >= block_pc_ && pc - block_pc_ <= kMaxBlockBytes) {
        std::uint32_t bytes = pc - block_pc_;
        const std::uint8_t* code = code_at(block_pc_, bytes);
        before = rv::count_instructions(code, bytes);
    }
    icount_ = block_start_ + before + 1;
}

// ---------------------------------------------------------------------------------------------
// Callbacks (run inside uc_emu_start, on this module's thread)

// The block's instructions are counted as it starts; what happens inside it (an MMIO access,
// a fault, WFI, an exception) finds its own instruction and cuts the count there.
void RiscvCpu::on_block(std::uint64_t address, std::uint32_t size) {
    if (stop_requested_) return;  // the chunk ends before this block runs
    block_pc_ = std::uint32_t(address);
    block_size_ = size;
    block_start_ = icount_;
    next_access_ = 0;
    block_count_ = count_block(block_pc_, size);
    icount_ = block_start_ + block_count_;
    if (dmi_invalidated_) return stop_before_block();
    if (block_start_ >= limit_) cross_budget();
    // A pending interrupt is taken as soon as firmware enables it (e.g. right after WFI).
    if (irq_level_ && !budget_stop_ && interrupts_enabled()) stop_before_block();
}

void RiscvCpu::stop_before_block() {
    budget_stop_ = true;
    icount_ = block_start_;  // counted when it starts again
    request_stop();
}

// The quantum is used up before this block. Leaving Unicorn to synchronise and entering it
// again costs far more than the instructions of a 1 us quantum (perf: matmul spent most of its
// emulation time in uc_emu_start), so the CPU synchronises here, inside the hook, as an MMIO
// access already does, and runs on; only when the main loop has work to do (an interrupt to
// take, a DMI remap, the end of the run) does the chunk end before the block.
void RiscvCpu::cross_budget() {
    account_time(block_start_);
    const sc_core::sc_time quantum = tlm_utils::tlm_quantumkeeper::get_global_quantum();
    if (qk_.need_sync() && !qk_.try_defer(quantum * double(kMaxDeferredQuanta))) {
        icount_ = block_start_;  // if the run ends in this wait, the block has not run
        const auto wait_start = std::chrono::steady_clock::now();
        qk_.sync();
        host_seconds_ -= std::chrono::duration<double>(std::chrono::steady_clock::now() - wait_start).count();
        icount_ = block_start_ + block_count_;
    }
    if (state_ != State::Running || dmi_invalidated_ || (irq.read() && interrupts_enabled()))
        return stop_before_block();
    fault_streak_ = 0;
    limit_ = block_start_ + next_budget();
}

std::uint64_t RiscvCpu::next_budget() const {
    const sc_core::sc_time quantum = tlm_utils::tlm_quantumkeeper::get_global_quantum();
    const sc_core::sc_time local = qk_.since_sync();
    const std::uint64_t budget = quantum > local ? std::uint64_t((quantum - local) / period_) : 1;
    return std::clamp<std::uint64_t>(budget, 1, kMaxChunk);
}

// Unicorn reports the PC 4 bytes past the instruction that raised the exception (also past a
// 2-byte one): the instruction is that one, and it is the last to run.
void RiscvCpu::on_interrupt(std::uint32_t intno) {
    pending_intno_ = int(intno);
    exception_pc_ = read_reg(UC_RISCV_REG_PC) - 4;
    end_block_at(exception_pc_);
    request_stop();
}

bool RiscvCpu::on_invalid_memory(int type, std::uint64_t address, unsigned size, std::uint64_t value) {
    fault_pending_ = true;
    fault_addr_ = std::uint32_t(address);
    switch (type) {
    case UC_MEM_FETCH_UNMAPPED: case UC_MEM_FETCH_PROT:
        fault_cause_ = kCauseFetchFault;
        fault_pc_ = fault_addr_;  // the block that would start there never ran
        return false;
    case UC_MEM_WRITE_UNMAPPED: case UC_MEM_WRITE_PROT: fault_cause_ = kCauseStoreFault; break;
    default: fault_cause_ = kCauseLoadFault; break;
    }
    const Where at = locate(rv::Access{fault_cause_ == kCauseStoreFault, address, size, value});
    fault_pc_ = at.pc;
    icount_ = at.icount;  // Unicorn leaves the block at the faulting access
    return false;  // abort the access; the fault becomes a trap after the chunk
}

// x1..x31 as Unicorn holds them (x[0] stays 0).
void RiscvCpu::read_registers(std::uint32_t (&x)[32]) {
    static constexpr int kIds[31] = {
        UC_RISCV_REG_X1,  UC_RISCV_REG_X2,  UC_RISCV_REG_X3,  UC_RISCV_REG_X4,  UC_RISCV_REG_X5,  UC_RISCV_REG_X6,
        UC_RISCV_REG_X7,  UC_RISCV_REG_X8,  UC_RISCV_REG_X9,  UC_RISCV_REG_X10, UC_RISCV_REG_X11, UC_RISCV_REG_X12,
        UC_RISCV_REG_X13, UC_RISCV_REG_X14, UC_RISCV_REG_X15, UC_RISCV_REG_X16, UC_RISCV_REG_X17, UC_RISCV_REG_X18,
        UC_RISCV_REG_X19, UC_RISCV_REG_X20, UC_RISCV_REG_X21, UC_RISCV_REG_X22, UC_RISCV_REG_X23, UC_RISCV_REG_X24,
        UC_RISCV_REG_X25, UC_RISCV_REG_X26, UC_RISCV_REG_X27, UC_RISCV_REG_X28, UC_RISCV_REG_X29, UC_RISCV_REG_X30,
        UC_RISCV_REG_X31};
    void* values[31];
    for (int i = 0; i < 31; ++i) values[i] = &x[i + 1];
    x[0] = 0;
    uc_reg_read_batch(uc_, const_cast<int*>(kIds), values, 31);
}

// The instruction of the current block that makes `access` (rv::locate_access); when no load or
// store fits, the earliest it can be.
RiscvCpu::Where RiscvCpu::locate(const rv::Access& access) {
    std::uint32_t x[32];
    read_registers(x);
    std::uint32_t bytes = block_size_;
    const std::uint8_t* code = code_at(block_pc_, bytes);
    const auto found = rv::locate_access(code, bytes, x, access, next_access_);
    const rv::Located at = found ? *found : rv::Located{next_access_, rv::offset_of(code, bytes, next_access_)};
    // An AMO reads, then writes from the same instruction.
    next_access_ = at.amo && !access.write ? at.index : at.index + 1;
    return Where{block_start_ + at.index + 1, block_pc_ + at.offset};
}

void RiscvCpu::account_time(std::uint64_t instructions) {
    if (instructions > accounted_) {
        qk_.inc(period_ * double(instructions - accounted_));
        accounted_ = instructions;
    }
}

// An MMIO access happens at its own instruction's time. A stop requested while it is made (the
// firmware's exit, a bus error) ends the block right after it: the count stops there too,
// before the sync (after the firmware's exit the thread does not come back from it).
bool RiscvCpu::transport(tlm::tlm_command cmd, std::uint64_t addr, void* data, unsigned size, const Where& at) {
    account_time(at.icount);
    qk_.catch_up();  // the device sees the time as if every sync had been done
    in_access_ = true;
    trans_.set_command(cmd);
    trans_.set_address(addr);
    trans_.set_data_ptr(static_cast<unsigned char*>(data));
    trans_.set_data_length(size);
    trans_.set_streaming_width(size);
    trans_.set_byte_enable_ptr(nullptr);
    trans_.set_dmi_allowed(false);
    trans_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time delay = qk_.get_local_time();
    socket->b_transport(trans_, delay);
    qk_.set(delay);
    if (stop_requested_) icount_ = at.icount;
    if (qk_.need_sync()) qk_.sync();
    // While the interrupt line is high, a device write (e.g. the ISR's acknowledge) may lower
    // it; signals change a few delta cycles later, so let them settle before the next
    // instruction looks at the line (models the interrupt input's synchroniser; no time passes).
    for (int settle = 0; settle < 4 && irq_level_ && cmd == tlm::TLM_WRITE_COMMAND; ++settle)
        sc_core::wait(sc_core::SC_ZERO_TIME);
    in_access_ = false;
    return trans_.is_response_ok();
}

std::uint64_t RiscvCpu::mmio_read(const Region& r, std::uint64_t offset, unsigned size) {
    std::uint64_t value = 0;  // little-endian host: the low bytes are the access
    if (state_ != State::Running) return value;
    const Where at = locate(rv::Access{false, r.base + offset, size, 0});
    if (!transport(tlm::TLM_READ_COMMAND, r.base + offset, &value, size, at) && !fault_pending_)
        access_fault(kCauseLoadFault, at, std::uint32_t(r.base + offset));
    return value;
}

void RiscvCpu::mmio_write(const Region& r, std::uint64_t offset, unsigned size, std::uint64_t value) {
    if (state_ != State::Running) return;
    const Where at = locate(rv::Access{true, r.base + offset, size, value});
    if (!transport(tlm::TLM_WRITE_COMMAND, r.base + offset, &value, size, at) && !fault_pending_ &&
        state_ == State::Running)
        access_fault(kCauseStoreFault, at, std::uint32_t(r.base + offset));
}

// Unicorn leaves the block right after the access: the count ends with its instruction.
void RiscvCpu::access_fault(std::uint32_t cause, const Where& at, std::uint32_t address) {
    fault_pending_ = true;
    fault_cause_ = cause;
    fault_pc_ = at.pc;
    fault_addr_ = address;
    icount_ = at.icount;
    request_stop();
}

// ---------------------------------------------------------------------------------------------
// Traps

bool RiscvCpu::interrupts_enabled() {
    return (read_reg(UC_RISCV_REG_MSTATUS) & kMstatusMie) && (read_reg(UC_RISCV_REG_MIE) & kMieMeie);
}

void RiscvCpu::take_trap(std::uint32_t cause, std::uint32_t epc, std::uint32_t tval) {
    std::uint32_t mstatus = read_reg(UC_RISCV_REG_MSTATUS);
    const std::uint32_t mie = (mstatus & kMstatusMie) ? kMstatusMpie : 0;
    mstatus = (mstatus & ~(kMstatusMie | kMstatusMpie | kMstatusMpp)) | mie | kMstatusMpp;  // MPP = M
    write_reg(UC_RISCV_REG_MEPC, epc);
    write_reg(UC_RISCV_REG_MCAUSE, cause);
    write_reg(UC_RISCV_REG_MTVAL, tval);
    write_reg(UC_RISCV_REG_MSTATUS, mstatus);
    const std::uint32_t mtvec = read_reg(UC_RISCV_REG_MTVEC);
    std::uint32_t target = mtvec & ~3u;
    if ((mtvec & 3u) == 1u && (cause & 0x80000000u)) target += 4u * (cause & 0x7FFFFFFFu);  // vectored
    pc_ = target;
}

void RiscvCpu::synchronous_fault(std::uint32_t cause, std::uint32_t epc, std::uint32_t tval, const char* what) {
    const std::string where = std::string(what) + " at PC " + hex(epc) +
                              (cause == kCauseIllegal ? " (instruction " : " (address ") + hex(tval) + ")";
    if ((read_reg(UC_RISCV_REG_MTVEC) & ~3u) == 0) return fatal(where + " and no trap vector (mtvec = 0)");
    if (++fault_streak_ > kMaxFaultStreak) return fatal(where + ": repeated faults, the trap handler does not recover");
    take_trap(cause, epc, tval);
}

void RiscvCpu::fatal(const std::string& message) {
    qk_.catch_up();  // the run ends at the last sync, as with every sync done
    state_ = State::Fatal;
    fatal_message_ = message;
    SC_REPORT_WARNING(name(), message.c_str());
    sc_core::sc_stop();
}

void RiscvCpu::wait_for_interrupt() {
    account_time(icount_);
    qk_.sync();
    wfi_since_ = sc_core::sc_time_stamp();
    in_wfi_ = true;
    while (!irq.read() && state_ == State::Running) sc_core::wait(irq.value_changed_event());
    in_wfi_ = false;
    wfi_time_ += sc_core::sc_time_stamp() - wfi_since_;
}

void RiscvCpu::handle_stop(int uc_error) {
    if (fault_pending_) {
        const char* what = fault_cause_ == kCauseFetchFault ? "instruction fetch fault"
                         : fault_cause_ == kCauseStoreFault ? "store access fault" : "load access fault";
        return synchronous_fault(fault_cause_, fault_pc_, fault_addr_, what);
    }
    if (pending_intno_ >= 0) {
        const auto intno = std::uint32_t(pending_intno_);
        if (intno == 8 || intno == 9 || intno == 11) {  // QEMU raises U_ECALL, adds the privilege later
            take_trap(kCauseEcallM, exception_pc_, 0);
            return;
        }
        if (intno == kCauseIllegal) {  // QEMU's illegal-instruction exception: name the word
            std::uint32_t insn = 0;
            read_insn(exception_pc_, insn);
            return synchronous_fault(kCauseIllegal, exception_pc_, insn, "illegal instruction");
        }
        return synchronous_fault(intno, exception_pc_, 0, ("exception " + std::to_string(intno)).c_str());
    }
    if (uc_error == UC_ERR_INSN_INVALID) {
        std::uint32_t insn = 0;
        read_insn(pc_, insn);
        if (insn == kEbreak || insn == kCEbreak) return fatal("ebreak at PC " + hex(pc_));
        return synchronous_fault(kCauseIllegal, pc_, insn, "illegal instruction");
    }
    if (uc_error != UC_ERR_OK)
        return fatal(std::string("Unicorn stopped at PC ") + hex(pc_) + ": " + uc_strerror(uc_err(uc_error)));
    if (budget_stop_ || dmi_invalidated_) {
        fault_streak_ = 0;
        return;
    }
    if (stopped_at_wfi()) return wait_for_interrupt();
    fatal("emulation stopped without a reason at PC " + hex(pc_));
}

bool RiscvCpu::stopped_at_wfi() {
    std::uint32_t prev = 0;
    return read_insn(pc_ - 4, prev) && prev == kWfi;
}

// Unicorn left the block at an instruction the callbacks did not see: ebreak (the PC is at it)
// or WFI (the PC is past it). The count ends with that instruction.
void RiscvCpu::cut_block(int uc_error) {
    // Every stop this module requests (a block not run, an exception, an MMIO access) and a
    // fault of Unicorn's own (on_invalid_memory) cut the count where they happened.
    if (stop_requested_ || fault_pending_) return;
    if (uc_error == UC_ERR_INSN_INVALID) end_block_at(pc_);
    else if (uc_error == UC_ERR_OK && stopped_at_wfi()) end_block_at(pc_ - 4);
}

// ---------------------------------------------------------------------------------------------
// Main loop

void RiscvCpu::run() {
    map_regions();
    pc_ = config_.reset_pc;
    while (state_ == State::Running) {
        if (dmi_invalidated_) {
            dmi_invalidated_ = false;
            block_counts_.clear();
            for (Region& r : regions_) {
                if (!r.dmi) continue;
                uc_mem_unmap(uc_, r.base, r.size);
                map_as_mmio(r);
            }
        }
        if (irq.read() && interrupts_enabled()) {
            take_trap(kCauseExternalIrq, pc_, 0);
            ++interrupts_;
        }
        limit_ = icount_ + next_budget();
        budget_stop_ = false;
        stop_requested_ = false;
        pending_intno_ = -1;
        fault_pending_ = false;
        block_pc_ = pc_;
        block_size_ = 0;
        block_start_ = icount_;
        // Host time is summed per emulation chunk: the thread never returns from run() when the
        // firmware ends the simulation (sc_stop), so a start/end pair would never be closed.
        const auto chunk_start = std::chrono::steady_clock::now();
        const uc_err err = uc_emu_start(uc_, pc_, kNeverPc, 0, 0);
        host_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - chunk_start).count();
        pc_ = read_reg(UC_RISCV_REG_PC);
        cut_block(err);
        account_time(icount_);
        if (state_ != State::Running) break;
        handle_stop(err);
        if (qk_.need_sync()) qk_.sync();
    }
}

}  // namespace fgtlm::platform
