// What the execution core reports for every issued warp instruction.
//
// The functional core fills one IssueRecord per warp instruction it executes and hands it
// to the attached observers: the timing model (which turns the sequence of records into
// cycles), the statistics collector and the trace writers. Keeping this the only channel
// between function and timing is what lets the fast (LT) and approximately-timed (AT)
// modes share one execution core. The record is reused (no allocation per instruction).
#pragma once

#include <array>
#include <cstdint>

#include <fgtlm/core/form_flags.hpp>

namespace fgtlm::isa { struct Instruction; }

namespace fgtlm::core {

struct LaunchConfig;
struct KernelResult;

// Which execution resource the instruction occupies.
// Texture: TEX (beyond the RTL); the timing model charges it as a global-memory access.
enum class UnitId : std::uint8_t { SP, FPU, SFU, Branch, Memory, Texture, None };
inline constexpr std::uint32_t kNumUnits = 7;  // UnitId::SP .. UnitId::None

// Memory space touched by the instruction (at most one per instruction on SM_1.0, besides
// shared/constant operands read in the read stage).
enum class MemSpace : std::uint8_t { None, Global, Shared, Constant };

struct MemAccessSummary {
    MemSpace space = MemSpace::None;
    bool is_store = false;
    std::uint8_t access_bytes = 0;      // bytes per thread access (1, 2, 4)
    std::uint16_t transactions = 0;     // memory transactions issued for the warp
    std::uint32_t bytes = 0;            // total bytes moved for the warp
    std::uint8_t bank_conflict_degree = 0;  // shared: max threads hitting one bank (1 = none)
    std::uint32_t latency_cycles = 0;       // the unit's slow-path accesses: annotated TLM delay, SM cycles
};

struct IssueRecord {
    const isa::Instruction* inst = nullptr;  // the decoded instruction (owned by the program)
    std::uint32_t sm = 0;
    std::uint32_t block = 0;        // linear block index
    std::uint32_t warp = 0;         // warp index within the block
    std::uint32_t warp_slot = 0;    // warp index within the SM (all resident blocks)
    std::uint32_t pc = 0;
    std::uint32_t active_mask = 0;  // threads that executed (after guard)
    std::uint32_t issue_mask = 0;   // threads of the warp's current active mask (before guard)
    UnitId unit = UnitId::None;
    FormFlags flags;                // static properties of inst (FormInfo::flags)
    // Operand-collection inputs for the timing model (register-file port conflicts,
    // dependencies). 0xff = unused.
    std::array<std::uint8_t, 3> src_regs{0xff, 0xff, 0xff};
    std::uint8_t dst_reg = 0xff;
    bool dst_dropped = false;       // the register file ignores this destination (R127, R63H under rtl)
    std::uint8_t shared_operands = 0;   // sources read from shared memory in the read stage
    std::uint8_t shared_read_conflict_degree = 1;  // worst bank conflict of those reads (1 = none)
    // Annotated TLM delay of the shared/constant operand reads' slow path (a target that grants
    // no DMI), in SM cycles; the memory unit's own accesses are in mem.latency_cycles.
    std::uint32_t operand_latency_cycles = 0;
    std::uint8_t const_operands = 0;    // sources read from constant memory
    MemAccessSummary mem;
    bool branch_taken = false;      // some thread changed PC away from the fall-through
    bool diverged = false;          // the warp split (predicated BRA with mixed outcome)
    bool reconverged = false;       // a join/SSY pop merged paths
    bool barrier = false;           // BAR
    bool warp_done = false;         // the warp finished with this instruction
    std::uint32_t stack_depth = 0;  // divergence stack depth after the instruction
};

// Observers attached to an SM. All callbacks are on the simulation hot path: keep them cheap.
class ExecutionObserver {
public:
    virtual ~ExecutionObserver() = default;
    // Once per kernel, from the GPU (before the first block / after the last one).
    virtual void on_kernel_begin(const LaunchConfig& launch) {}
    virtual void on_kernel_end(const KernelResult& result) {}
    virtual void on_block_start(std::uint32_t sm, std::uint32_t block) {}
    virtual void on_block_end(std::uint32_t sm, std::uint32_t block) {}
    virtual void on_issue(const IssueRecord& rec) {}
    // Destination values after write-back, for commit traces (dst lanes valid in active_mask).
    virtual void on_commit(const IssueRecord& rec, const std::uint32_t* dst_values) {}
    // false: on_commit does nothing for this observer's lifetime, so the SM skips the call
    // (asked once, when the observer is added).
    [[nodiscard]] virtual bool wants_commits() const { return true; }
};

}  // namespace fgtlm::core
