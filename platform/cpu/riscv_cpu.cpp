// Unicorn <-> SystemC glue for the RV32IMAC host CPU (see riscv_cpu.hpp for the model).
#include "cpu/riscv_cpu.hpp"

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

std::string hex(std::uint64_t v) {
    std::ostringstream s;
    s << "0x" << std::hex << v;
    return s.str();
}

// C callbacks: forward to the module.
void code_cb(uc_engine*, std::uint64_t address, std::uint32_t, void* user) {
    static_cast<RiscvCpu*>(user)->on_code(address);
}
void intr_cb(uc_engine*, std::uint32_t intno, void* user) { static_cast<RiscvCpu*>(user)->on_interrupt(intno); }
bool invalid_cb(uc_engine*, uc_mem_type type, std::uint64_t address, int, std::int64_t, void* user) {
    return static_cast<RiscvCpu*>(user)->on_invalid_memory(int(type), address);
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
    uc_hook_add(uc_, &h, UC_HOOK_CODE, reinterpret_cast<void*>(code_cb), this, 1, 0);
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
    if (uc_err e = uc_mmio_map(uc_, r.base, r.size, mmio_read_cb, &r, mmio_write_cb, &r); e != UC_ERR_OK)
        SC_REPORT_FATAL(name(), ("cannot map " + hex(r.base) + "+" + hex(r.size) + ": " + uc_strerror(e)).c_str());
}

void RiscvCpu::invalidate_dmi(sc_dt::uint64 start, sc_dt::uint64 end) {
    // Unicorn cannot be remapped from inside its own callbacks: do it at the chunk boundary.
    for (const Region& r : regions_)
        if (r.dmi && start <= r.base + r.size - 1 && end >= r.base) dmi_invalidated_ = true;
    if (dmi_invalidated_) uc_emu_stop(uc_);
}

// ---------------------------------------------------------------------------------------------
// Callbacks (run inside uc_emu_start, on this module's thread)

void RiscvCpu::on_code(std::uint64_t address) {
    cur_pc_ = std::uint32_t(address);
    if (++icount_ >= limit_ && !budget_stop_) cross_budget();
    // A pending interrupt is taken as soon as firmware enables it (e.g. right after WFI).
    if (irq_level_ && !budget_stop_ && interrupts_enabled()) {
        budget_stop_ = true;
        uc_emu_stop(uc_);
    }
}

// The chunk's budget ends at this instruction. Leaving Unicorn to synchronise and entering it
// again costs far more than the instructions of a 1 us quantum (perf: matmul spent most of its
// emulation time in uc_emu_start), so the CPU synchronises here, inside the hook, as an MMIO
// access already does, and runs on. What the main loop did at a chunk boundary is done in the
// same order with the same counts (the restart ran this instruction's hook again: one more
// instruction); only when the main loop has work to do (an interrupt to take, a DMI remap, the
// end of the run) does the chunk end as before.
void RiscvCpu::cross_budget() {
    for (;;) {
        account_time();
        if (qk_.need_sync()) {
            const auto wait_start = std::chrono::steady_clock::now();
            qk_.sync();
            host_seconds_ -= std::chrono::duration<double>(std::chrono::steady_clock::now() - wait_start).count();
        }
        if (state_ != State::Running || dmi_invalidated_ || (irq.read() && interrupts_enabled())) {
            budget_stop_ = true;
            uc_emu_stop(uc_);
            return;
        }
        fault_streak_ = 0;
        limit_ = icount_ + next_budget();
        if (++icount_ < limit_) return;
    }
}

std::uint64_t RiscvCpu::next_budget() const {
    const sc_core::sc_time quantum = tlm_utils::tlm_quantumkeeper::get_global_quantum();
    const sc_core::sc_time local = qk_.get_local_time();
    const std::uint64_t budget = quantum > local ? std::uint64_t((quantum - local) / period_) : 1;
    return std::clamp<std::uint64_t>(budget, 1, kMaxChunk);
}

void RiscvCpu::on_interrupt(std::uint32_t intno) {
    pending_intno_ = int(intno);
    uc_emu_stop(uc_);
}

bool RiscvCpu::on_invalid_memory(int type, std::uint64_t address) {
    fault_pending_ = true;
    fault_pc_ = cur_pc_;
    fault_addr_ = std::uint32_t(address);
    switch (type) {
    case UC_MEM_FETCH_UNMAPPED: case UC_MEM_FETCH_PROT: fault_cause_ = kCauseFetchFault; break;
    case UC_MEM_WRITE_UNMAPPED: case UC_MEM_WRITE_PROT: fault_cause_ = kCauseStoreFault; break;
    default: fault_cause_ = kCauseLoadFault; break;
    }
    return false;  // abort the access; the fault becomes a trap after the chunk
}

void RiscvCpu::account_time() {
    if (icount_ > accounted_) {
        qk_.inc(period_ * double(icount_ - accounted_));
        accounted_ = icount_;
    }
}

bool RiscvCpu::transport(tlm::tlm_command cmd, std::uint64_t addr, void* data, unsigned size) {
    account_time();
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
    if (qk_.need_sync()) qk_.sync();
    // While the interrupt line is high, a device write (e.g. the ISR's acknowledge) may lower
    // it; signals change a few delta cycles later, so let them settle before the next
    // instruction looks at the line (models the interrupt input's synchroniser; no time passes).
    for (int settle = 0; settle < 4 && irq_level_ && cmd == tlm::TLM_WRITE_COMMAND; ++settle)
        sc_core::wait(sc_core::SC_ZERO_TIME);
    return trans_.is_response_ok();
}

std::uint64_t RiscvCpu::mmio_read(const Region& r, std::uint64_t offset, unsigned size) {
    std::uint64_t value = 0;  // little-endian host: the low bytes are the access
    if (!transport(tlm::TLM_READ_COMMAND, r.base + offset, &value, size) && !fault_pending_) {
        fault_pending_ = true;
        fault_cause_ = kCauseLoadFault;
        fault_pc_ = cur_pc_;
        fault_addr_ = std::uint32_t(r.base + offset);
        uc_emu_stop(uc_);
    }
    return value;
}

void RiscvCpu::mmio_write(const Region& r, std::uint64_t offset, unsigned size, std::uint64_t value) {
    if (!transport(tlm::TLM_WRITE_COMMAND, r.base + offset, &value, size) && !fault_pending_ &&
        state_ == State::Running) {
        fault_pending_ = true;
        fault_cause_ = kCauseStoreFault;
        fault_pc_ = cur_pc_;
        fault_addr_ = std::uint32_t(r.base + offset);
        uc_emu_stop(uc_);
    }
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
    state_ = State::Fatal;
    fatal_message_ = message;
    SC_REPORT_WARNING(name(), message.c_str());
    sc_core::sc_stop();
}

void RiscvCpu::wait_for_interrupt() {
    account_time();
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
            take_trap(kCauseEcallM, cur_pc_, 0);
            return;
        }
        if (intno == kCauseIllegal) {  // QEMU's illegal-instruction exception: name the word
            std::uint32_t insn = 0;
            read_insn(cur_pc_, insn);
            return synchronous_fault(kCauseIllegal, cur_pc_, insn, "illegal instruction");
        }
        return synchronous_fault(intno, cur_pc_, 0, ("exception " + std::to_string(intno)).c_str());
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
    std::uint32_t prev = 0;
    if (read_insn(pc_ - 4, prev) && prev == kWfi) return wait_for_interrupt();
    fatal("emulation stopped without a reason at PC " + hex(pc_));
}

// ---------------------------------------------------------------------------------------------
// Main loop

void RiscvCpu::run() {
    map_regions();
    pc_ = config_.reset_pc;
    while (state_ == State::Running) {
        if (dmi_invalidated_) {
            dmi_invalidated_ = false;
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
        pending_intno_ = -1;
        fault_pending_ = false;
        // Host time is summed per emulation chunk: the thread never returns from run() when the
        // firmware ends the simulation (sc_stop), so a start/end pair would never be closed.
        const auto chunk_start = std::chrono::steady_clock::now();
        const uc_err err = uc_emu_start(uc_, pc_, kNeverPc, 0, 0);
        host_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - chunk_start).count();
        pc_ = read_reg(UC_RISCV_REG_PC);
        account_time();
        if (state_ != State::Running) break;
        handle_stop(err);
        if (qk_.need_sync()) qk_.sync();
    }
}

}  // namespace fgtlm::platform
