// The functional streaming multiprocessor: every timing mode and the SystemC SM share it.
//
// SmCore owns the SM's architectural state as FlexGripPlus lays it out -- register file
// (reg_slots slots per lane, warp w of the batch at slots [w*regs_per_thread, ...), wrapping
// at reg_slots so over-allocating programs alias the next warp as in the RTL), predicate
// registers C0-C3 (zero/sign/carry/overflow per thread), address registers A1-A7 per thread,
// the 16 KiB shared memory -- and executes warp instructions in four phases that the SystemC
// pipeline stages call in turn (fetch, read, execute, write-back). step() runs them back to
// back for plain C++ use. Lane loops are over structure-of-arrays rows of 32 lanes; nothing
// is allocated per instruction.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include <fgtlm/core/rtl_alu_latch.hpp>
#include <fgtlm/core/semantics.hpp>
#include <fgtlm/isa/instruction.hpp>

#include <fgtlm/core/issue_cost.hpp>
#include <fgtlm/core/issue_record.hpp>
#include <fgtlm/core/launch.hpp>
#include <fgtlm/core/memory_port.hpp>
#include <fgtlm/core/program.hpp>
#include <fgtlm/core/register_file.hpp>
#include <fgtlm/core/units/branch_function.hpp>
#include <fgtlm/core/units/fpu_function.hpp>
#include <fgtlm/core/units/memory_function.hpp>
#include <fgtlm/core/units/sfu_function.hpp>
#include <fgtlm/core/units/sp_function.hpp>
#include <fgtlm/core/units/texture_function.hpp>
#include <fgtlm/core/units/unit_function.hpp>
#include <fgtlm/core/units/unit_table.hpp>
#include <fgtlm/core/warp_state.hpp>

namespace fgtlm::faults {
class CoreAccess;  // fault injection: state snapshot/restore and fault sites (models/faults)
}

namespace fgtlm::core {

inline constexpr std::uint32_t kWarpSize = 32;

// Predicate flag bits (one nibble per thread and predicate register).
inline constexpr std::uint8_t kFlagZero = 1, kFlagSign = 2, kFlagCarry = 4, kFlagOverflow = 8;

struct SmCoreConfig {
    std::uint32_t sm_id = 0;
    std::uint32_t reg_slots = 512;       // register slots per lane
    std::uint32_t max_warps = 32;        // resident warps
    std::uint32_t shared_bytes = 16384;  // shared memory size
    std::uint32_t stack_depth = 32;      // warp stack entries per warp
    // The RTL's readings, one policy each (rtl_policy.hpp; default: the RTL preset). Among
    // them barrier_counts_exits (a warp that exits while others wait at BAR deadlocks) and
    // full_partial_warps (a partial warp runs all 32 lanes, as warp_generator.vhd's full mask
    // does; the calibrated timing suite replays and is fitted with this; off keeps the block's threads
    // only, see docs/cosim-known-differences.md, "Fixed in the model").
    RtlPolicy rtl;
    std::uint32_t sp_lanes = 8;  // threads per execute pass (the RTL's CORES: 8, 16, 32)
};

// How many blocks of `cfg` fit on one SM at once (0 = not even one: invalid launch).
std::uint32_t blocks_per_batch(const LaunchConfig& cfg, const SmCoreConfig& sm);
// Empty string when the launch is runnable, else why not.
std::string check_launch(const LaunchConfig& cfg, const SmCoreConfig& sm);

// Truth of condition code `cond` (isa::Condition value 0..31) for a flag nibble.
bool condition_holds(std::uint8_t cond, std::uint8_t flags);

// The per-SM context that travels through the pipeline stages (reused for every instruction).
// It is also the warp operation an execution unit receives (units/unit_function.hpp): form,
// masks, operand vectors in; results, flags, result count out. Its fields are grouped by the
// phase that produces them (ctx.fetch.pc, ctx.read.src, ctx.execute.res, ...), so a reader sees
// at each use which stage's output it is (decode resets the later groups for the new instruction).

// Select / fetch: the warp and its instruction.
struct FetchFields {
    std::uint32_t warp_slot = 0;
    WarpState* warp = nullptr;  // the issuing warp's PC, masks and stack (the branch unit's operand)
    std::uint32_t pc = 0;
    // PC + the fetched word's length (pipeline_fetch.vhd's next_pc, from bit 0 as read from
    // memory): the fall-through and return address even if a fault later changes that bit.
    std::uint32_t next_pc = 0;
    const isa::Instruction* inst = nullptr;
    FormInfo form;                 // unit table entry of inst
    bool rtl = true;               // RtlPolicy::unit_flags: units set the RTL's flags
    std::uint32_t pass_lanes = 8;  // SmCoreConfig::sp_lanes (the FPU's per-pass timing, units/fpu_function.cpp)
};
// Decode: the masks.
struct DecodeFields {
    std::uint32_t issue_mask = 0;  // active mask of the warp at issue
    std::uint32_t exec_mask = 0;   // after the guard
};
// Read: the operands.
struct ReadFields {
    const std::uint32_t* src[3] = {nullptr, nullptr, nullptr};
    alignas(64) std::uint32_t buf[3][kWarpSize];
    const std::uint8_t* carry_flags = nullptr;  // predicate row of the carry-in register (IADD.X)
    RtlAluLatch alu_latch;                      // R2P under rtl: the execute stage's latched opcode
    std::uint32_t taint = 0;                    // lanes whose result derives from undefined bytes (tracking on)
};
// Execute: what the unit produced.
struct ExecuteFields {
    MemOperands mem_operands;                     // the memory unit's address/data rows
    alignas(64) std::uint32_t res[4][kWarpSize];  // up to 4 result registers (GLD.128)
    alignas(32) std::uint8_t flags[kWarpSize];
    std::uint32_t res_regs = 0;     // result registers to write (0 = none)
    bool has_flags = false;         // flags[] valid (written to C[set_pred_reg] if set_pred)
    bool next_pc_set = false;       // a unit moved the warp's PC (else write-back advances it)
    std::uint32_t unit_cycles = 0;  // issue cost the executing unit annotated (SystemC SM)
    UnitError error;                // why a unit returned false (kind None: it recorded nothing)
};
// Write-back: what the timing model and observers hear.
struct WritebackFields {
    std::uint64_t issue_cycles = 0;  // what the attached IssueCost returned for this instruction
    IssueRecord rec;
};
struct ExecContext {
    FetchFields fetch;
    DecodeFields decode;
    ReadFields read;
    ExecuteFields execute;
    WritebackFields writeback;
};

enum class StepResult : std::uint8_t {
    Issued,     // one warp instruction executed
    Stalled,    // no warp ready this cycle (cannot happen in the functional core: kept for timing)
    BatchDone,  // every warp of the batch finished
    Error,      // a KernelError stopped the kernel (see error())
};

class SmCore : private WarpControl {
public:
    explicit SmCore(const SmCoreConfig& cfg = {});
    SmCore(const SmCore&) = delete;
    SmCore& operator=(const SmCore&) = delete;

    // --- wiring ------------------------------------------------------------------------
    // The program is read with this core's semantics (SmCoreConfig::semantics).
    void set_program(Program* program) {
        program_ = program;
        if (program_ != nullptr) program_->set_policy(cfg_.rtl);
    }
    void set_global(MemoryPort* global) {
        global_ = global;
        sync_memory_ports();
    }
    // Local memory (LLD/LST) goes through `local` (nullptr: straight to the global port).
    void set_local(MemoryPort* local) {
        local_ = local;
        sync_memory_ports();
    }
    // Shared memory is reached through ports (the SM binds its shared-memory controller's):
    // `reads` for s[..] operands (read stage), `writes` for R2G stores and the block header
    // and parameters written at block start. nullptr = the core's own array (shared()), which
    // also backs the SM's controller unless a user binds a shared memory of their own.
    void set_shared_ports(MemoryPort* reads, MemoryPort* writes);
    // The kernel's constant memory: `size` bytes, read through `port` (the SM's constant-
    // memory controller) or, when nullptr, straight from `data`.
    void set_constant(const std::uint8_t* data, std::uint32_t size, MemoryPort* port = nullptr);
    // The RTL has one constant memory and no bank term in its address (c[b][off] is byte
    // off*size whatever b): under core.semantics=rtl every bank reads set_constant's image.
    // NVIDIA's G80 has 16 banks (a cubin's c0 user constants, c1 compiler constants, c14 the
    // addresses of its globals): under core.semantics=g80 c[b] reads the image set here for
    // bank b (bank 0 = set_constant), and reading a bank never set is a kernel error.
    static constexpr std::uint32_t kConstantBanks = 16;
    void set_constant_bank(std::uint32_t bank, const std::uint8_t* data, std::uint32_t size);
    // Undefined-value tracking (off by default): `shadow` holds one byte per global-memory
    // byte, non-zero = undefined (the RTL's 'U' from global_init_undefined). Results derived
    // from undefined bytes are marked in shadow registers/shared memory and stores propagate
    // the mark, so a checker can skip words the RTL computed from 'U' inputs. Control flow
    // and address registers are not tracked.
    void set_undefined_tracking(std::uint8_t* shadow, std::uint64_t size);
    [[nodiscard]] bool undefined_tracking() const { return track_undefined_; }
    // The SM's timing (nullptr = none): hears of blocks and instructions before the observers,
    // returns each instruction's cycles (ctx.writeback.issue_cycles) and may pick the next warp.
    void set_issue_cost(IssueCost* cost) { cost_ = cost; }
    [[nodiscard]] IssueCost* issue_cost() const { return cost_; }
    void add_observer(ExecutionObserver* obs) {
        observers_.push_back(obs);
        commits_.push_back(obs->wants_commits() ? 1 : 0);
    }
    void clear_observers() {
        observers_.clear();
        commits_.clear();
    }
    [[nodiscard]] const SmCoreConfig& config() const { return cfg_; }

    // --- kernel / batch control -------------------------------------------------------
    // Starts a kernel (keeps registers and shared memory: FlexGripPlus never clears them).
    void begin_kernel(const LaunchConfig& launch);
    // Makes blocks [first, first+count) resident, writes their shared headers/params and R0.
    void start_batch(std::uint32_t first_block, std::uint32_t count);
    [[nodiscard]] bool batch_done() const { return warps_live_ == 0; }
    void fail(KernelErrorKind kind, std::uint32_t warp_slot, std::uint64_t address, std::string message);
    [[nodiscard]] const KernelError& error() const { return error_; }
    [[nodiscard]] bool failed() const { return !error_.ok(); }
    void clear_error() { error_ = {}; }

    // --- execution --------------------------------------------------------------------
    // Runs one warp instruction of the next ready warp (round robin).
    StepResult step() {
        if (!select(ctx_)) return failed() ? StepResult::Error : StepResult::BatchDone;
        if (!fetch(ctx_) || !decode(ctx_) || !read(ctx_) || !execute(ctx_) || !writeback(ctx_))
            return StepResult::Error;
        return StepResult::Issued;
    }
    // Pipeline phases (the SystemC stages call these in order with the SM's context).
    bool select(ExecContext& ctx);  // warp unit: pick a ready warp; false = none (done/error)
    bool fetch(ExecContext& ctx);   // instruction at the warp's PC (pre-decoded program)
    // core.rtl.instruction_address_bits: the instruction a PC outside the program fetches.
    const FormInfo* fetch_rtl_address(std::uint32_t pc, const isa::Instruction*& inst);
    [[gnu::cold, gnu::noinline]] bool fail_fetch(std::uint32_t warp_slot, std::uint32_t pc);
    [[gnu::cold, gnu::noinline]] bool fail_illegal(std::uint32_t warp_slot, std::uint32_t pc,
                                                   const isa::Instruction& inst);
    bool decode(ExecContext& ctx);     // legality check, guard evaluation, context reset
    bool read(ExecContext& ctx);       // operand collection
    bool execute(ExecContext& ctx);    // SP/FPU/SFU/memory/branch unit of ctx.fetch.form
    bool writeback(ExecContext& ctx);  // registers, predicates, PC/stack, observers
    ExecContext& context() { return ctx_; }

    // --- execution units (units/unit_function.hpp) -----------------------------------------
    // Replaces the unit that executes `unit` operations (nullptr = the built-in one).
    void set_unit(UnitId unit, UnitFunction* impl);
    UnitFunction* builtin_unit(UnitId unit);
    // What the branch unit asks of the SM (a replacement branch unit may use them too).
    WarpControl& warp_control() { return *this; }
    [[nodiscard]] const BranchConfig& branch_config() const { return branch_cfg_; }
    // The memory controllers the built-in memory unit uses (a replacement may use them too).
    [[nodiscard]] const MemoryPorts& memory_ports() const { return mem_ports_; }
    // The running kernel's texture descriptor table (the built-in texture unit reads it).
    [[nodiscard]] const TextureTable& texture_table() const { return tex_table_; }
    bool read_texture_coordinates(ExecContext& ctx);  // TEX's read stage (units/texture_function.cpp)

    // --- statistics -------------------------------------------------------------------
    std::uint64_t warp_instructions = 0;
    bool record_issues = false;  // fill ctx.writeback.rec for every instruction even without observers (timing)
    std::uint64_t thread_instructions = 0;
    RtlEvents rtl_events;  // this kernel's RTL behaviours where a checked model stops (RtlPolicy)

    // --- state access (tests, debuggers) -------------------------------------------------
    std::uint32_t& reg(std::uint32_t warp_slot, std::uint32_t r, std::uint32_t lane) {
        return reg_row(warp_slot, r)[lane];
    }
    std::uint8_t& pred(std::uint32_t warp_slot, std::uint32_t c, std::uint32_t lane) {
        return regs_.pred_row(warp_slot, c)[lane];
    }
    std::uint32_t& areg(std::uint32_t warp_slot, std::uint32_t a, std::uint32_t lane) {
        return regs_.areg_row(warp_slot, a)[lane];
    }
    RegisterFile& registers() { return regs_; }
    [[nodiscard]] std::uint32_t shared_size() const { return std::uint32_t(shared_.size()); }
    std::uint8_t* shared() { return shared_.data(); }
    [[nodiscard]] const WarpState& warp(std::uint32_t slot) const { return warps_[slot]; }
    [[nodiscard]] std::uint32_t num_warps() const { return num_warps_; }

private:
    friend class faults::CoreAccess;
    std::uint32_t row_index(std::uint32_t warp_slot, std::uint32_t r) const {
        return regs_.slot_of(warps_[warp_slot].reg_base, r);  // wraps like the RTL's address
    }
    std::uint32_t& reg_taint(std::uint32_t warp_slot, std::uint32_t r) { return regs_.taint(row_index(warp_slot, r)); }
    // Register fields vector_register_controller.vhd treats specially. It compares the raw
    // field (2n+h for a half RnL/RnH): field 124 reads 0 (R124, and R62L), field 127 is never
    // written (R127, and R63H); R124 itself is written. G80: R124 reads 0 and is not written.
    static std::uint32_t raw_field(const isa::Operand& o) {
        return o.kind == isa::OperandKind::Reg ? o.reg : 2u * o.reg + (o.kind == isa::OperandKind::RegHi ? 1u : 0u);
    }
    [[nodiscard]] bool write_dropped(const isa::Operand& d) const {
        if (cfg_.rtl.register_fields) return raw_field(d) == 127;
        return d.kind == isa::OperandKind::Reg && d.reg == 124;
    }
    [[nodiscard]] bool half_reads_zero(const isa::Operand& o) const {
        return cfg_.rtl.register_fields && raw_field(o) == 124;
    }
    std::uint32_t* reg_row(std::uint32_t warp_slot, std::uint32_t r) { return regs_.gpr_row(row_index(warp_slot, r)); }
    std::uint32_t guard_mask(std::uint32_t warp_slot, std::uint8_t reg, std::uint8_t cond) const;

    // read phase helpers
    const std::uint32_t* read_operand(ExecContext& ctx, const isa::Operand& op, std::uint32_t* buf, bool signed16);
    bool read_shared_or_const(ExecContext& ctx, const isa::Operand& op, std::uint32_t* out, bool is_const);
    bool unchecked_operand_read(ExecContext& ctx, MemoryPort& port, std::uint32_t addr, const isa::Operand& op,
                                bool is_const, std::uint32_t limit, std::uint32_t& v);
    bool write_block_header(const BlockState& b);  // start of a block: header and parameters
    static void write_thread_ids(std::uint32_t* r0, std::uint32_t t0, std::uint32_t n, std::uint32_t bx,
                                 std::uint32_t by);
    std::uint32_t operand_taint(const ExecContext& ctx, const isa::Operand& op);
    void write_taint(const ExecContext& ctx);

    // WarpControl: the SM's side of the branch unit (warp_control.cpp).
    bool finish_warp(std::uint32_t warp_slot) override;
    bool arrive_barrier(std::uint32_t warp_slot) override;
    // The RTL ignores end markers (rtl semantics). The model runs on past one where nvcc's
    // epilogue RET follows it (the warp finishes there, as the RTL's does) and past a marker
    // the program does not hold at that PC (a corrupted fetch: the program's code follows).
    // Elsewhere a program's marker ends its code: a cubin's words after it are no code.
    bool runs_past_end_marker(std::uint32_t pc, std::uint32_t next_pc) {
        if (!cfg_.rtl.end_marker_runs_on) return false;
        const isa::Instruction* at = program_->fetch(pc);
        if (at != nullptr && !at->is_end()) return true;
        const isa::Instruction* next = program_->fetch(next_pc);
        return next != nullptr && !next->is_illegal() && next->op == isa::Opcode::RET;
    }
    void fill_record(ExecContext& ctx);
    void write_results(ExecContext& ctx);           // write-back: result registers
    void post_increment(ExecContext& ctx);          // write-back: Ak += off of `c[b][Ak+=off]` (g80 MVC)
    bool advance_pc(ExecContext& ctx);              // write-back: PC, join (.S), end marker
    void join_on_empty_stack(ExecContext& ctx);     // decode: RtlPolicy::join_empty_stack
    bool record_unit_error(ExecContext& ctx);       // false, with ctx.execute.error recorded as the kernel error
    void gather_memory_operands(ExecContext& ctx);  // execute: rows for the memory unit (memory_operands.cpp)
    void sync_memory_ports();                       // after the global port or tracking changed
    std::uint32_t picked_warp(std::uint32_t rr);    // IssueCost::pick_warp among the ready warps

    SmCoreConfig cfg_;
    Program* program_ = nullptr;
    MemoryPort* global_ = nullptr;
    MemoryPort* local_ = nullptr;
    // Shared and constant memory as the core reaches them (set_shared_ports, set_constant).
    ArrayMemory own_shared_, own_const_;
    MemoryPort* shared_reads_ = &own_shared_;
    MemoryPort* shared_writes_ = &own_shared_;
    MemoryPort* const_port_ = &own_const_;
    std::uint32_t const_size_ = 0;
    // Constant banks 1-15 (core.semantics=g80 only; bank 0 is const_port_).
    std::array<ArrayMemory, kConstantBanks> bank_mem_;
    std::array<std::uint32_t, kConstantBanks> bank_size_{};
    std::array<bool, kConstantBanks> bank_loaded_{};
    std::vector<ExecutionObserver*> observers_;
    std::vector<std::uint8_t> commits_;  // observers_[i]->wants_commits() (bytes: no bit extraction per issue)
    IssueCost* cost_ = nullptr;

    LaunchConfig launch_;
    std::uint32_t warps_per_block_ = 0;
    std::uint32_t stride_ = 0;

    RegisterFile regs_;                       // GPRs, predicates, address registers
    std::vector<std::uint8_t> shared_taint_;  // [shared_bytes]
    std::uint8_t* global_shadow_ = nullptr;
    std::uint64_t global_shadow_size_ = 0;
    bool track_undefined_ = false;
    std::vector<std::uint8_t> shared_;   // shared memory
    std::vector<StackEntry> stack_mem_;  // [max_warps][stack_depth]
    std::vector<WarpState> warps_;
    std::vector<BlockState> blocks_;
    std::uint32_t num_warps_ = 0;
    std::uint32_t num_blocks_ = 0;
    std::uint32_t warps_live_ = 0;
    std::uint32_t rr_next_ = 0;
    // The RTL read stage's second-operand latch (semantics.hpp Src2Latch): lane l of a warp
    // reads what the RTL's lane l % sp_lanes holds, i.e. the values of the loading
    // instruction's last pass. Only that pass is kept (latch_lanes_ words): a load copies
    // sp_lanes words, the rare use spreads them over 32 lanes (latch_row). Zero after reset;
    // like the registers it survives kernels.
    alignas(64) std::uint32_t src2_latch_[kWarpSize] = {};
    // The third-operand latch (read_source_ops.vhd, SRC_NUM = 3: IMAD, FMAD and R2G read it)
    // and the execute stage's ALU latch (rtl_alu_latch.hpp), both read by R2P.
    alignas(64) std::uint32_t src3_latch_[kWarpSize] = {};
    std::uint32_t latch_lanes_ = 8;  // clamp(sp_lanes, 1, 32)
    RtlAluLatch alu_latch_;
    void rtl_src2_latch(ExecContext& ctx, const std::uint32_t* const raw[3]);
    void rtl_r2p_latches(ExecContext& ctx, const std::uint32_t* const raw[3]);
    void load_latch(std::uint32_t* latch, const std::uint32_t* values) const {
        // The lane counts FlexGripPlus builds as fixed-size copies (inlined, no library call).
        switch (latch_lanes_) {
            case 8: return copy_words<8>(latch, values);
            case 16: return copy_words<16>(latch, values);
            case 32: return copy_words<32>(latch, values);
            default:
                std::memcpy(latch, values + (kWarpSize - latch_lanes_), latch_lanes_ * sizeof(std::uint32_t));
        }
    }
    template <std::uint32_t N>
    static void copy_words(std::uint32_t* latch, const std::uint32_t* values) {
        std::memcpy(latch, values + (kWarpSize - N), N * sizeof(std::uint32_t));
    }
    void latch_row(std::uint32_t* out, const std::uint32_t* latch) const;
    const std::uint32_t* src2_latch_values(const ExecContext& ctx, const std::uint32_t* const raw[3]);

    SpFunction sp_;
    FpuFunction fpu_;
    SfuFunction sfu_;
    BranchConfig branch_cfg_;
    BranchFunction branch_{*this, branch_cfg_};
    MemoryPorts mem_ports_;
    MemoryFunction memory_{mem_ports_};
    TextureTable tex_table_;
    TextureFunction texture_{mem_ports_, tex_table_};
    std::array<UnitFunction*, kNumUnits> units_{&sp_, &fpu_, &sfu_, &branch_, &memory_, &texture_, &sp_};

    KernelError error_;
    ExecContext ctx_;
    alignas(64) std::uint32_t zeros_[kWarpSize] = {};
};

}  // namespace fgtlm::core
