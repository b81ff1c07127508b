// Kernel launch description and outcome, shared by the execution core, the GPU top, the
// host register map, the command line and the virtual platform.
//
// Mirrors what the FlexGripPlus testbench / configuration registers set up (see
// tests/data/conformance/README.md section 2): grid/block shape, registers per thread,
// shared size, blocks per SM, parameters (placed in shared memory at byte 16) and the
// constant-memory image.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace fgtlm::core {

struct LaunchConfig {
    std::uint32_t code_base = 0;          // global/instruction address of instruction 0
    std::uint16_t grid[2] = {1, 1};       // gridDim.x, gridDim.y
    std::uint16_t block[3] = {1, 1, 1};   // blockDim.x, .y, .z
    std::uint32_t regs_per_thread = 16;   // GPRs allocated per thread (BENCH_KERNEL_GPRS)
    std::uint32_t shared_bytes = 0;       // static shared memory of the kernel
    std::uint32_t blocks_per_sm = 1;      // blocks resident at once on an SM (batch size)
    std::vector<std::uint32_t> params;    // parameter words, at shared byte 16 + 4*i
    std::vector<std::uint8_t> const_mem;  // constant memory image from byte 0
    // Local memory (LLD/LST, register spills): per-thread windows in global memory. Thread t
    // of block b (linear) owns [local_base + (b * threads_per_block + t) * local_bytes_per_thread,
    // + local_bytes_per_thread); l[Ak + off] is a byte offset in that window. 0 = no local memory
    // (every local access faults).
    std::uint32_t local_base = 0;
    std::uint32_t local_bytes_per_thread = 0;
    // Texture descriptor table (TEX, core/texture.hpp): texture_slots descriptors of 32 bytes
    // at global address texture_table; TEX's texture field is the slot. 0 slots = no textures.
    std::uint32_t texture_table = 0;
    std::uint32_t texture_slots = 0;

    [[nodiscard]] std::uint32_t threads_per_block() const { return std::uint32_t(block[0]) * block[1] * block[2]; }
    [[nodiscard]] std::uint32_t num_blocks() const { return std::uint32_t(grid[0]) * grid[1]; }
    // FlexGripPlus: (param count + shared bytes + 16 + 255) & ~255 (it adds the *count*).
    [[nodiscard]] std::uint32_t shared_block_stride() const {
        return (std::uint32_t(params.size()) + shared_bytes + 16u + 255u) & ~255u;
    }
};

// Why a kernel stopped early. The simulator itself keeps running.
enum class KernelErrorKind : std::uint8_t {
    None,
    IllegalInstruction,  // undecodable word, or TRAP
    MisalignedAccess,    // address not aligned to the access size
    OutOfRangeAccess,    // address outside the memory / TLM error response
    StackOverflow,       // divergence/call stack deeper than the hardware allows
    StackUnderflow,      // RET / join with an empty stack where the hardware has no answer
    BarrierDeadlock,     // a barrier some warps can never reach
    Watchdog,            // instruction/cycle limit exceeded (runaway kernel)
    InvalidLaunch,       // launch configuration the hardware cannot run
    Aborted,             // host wrote the abort bit
    Stalled,             // a unit never finishes the instruction (the RTL hangs; core.rtl.unknown_flow_stalls)
};

const char* to_string(KernelErrorKind kind);

struct KernelError {
    KernelErrorKind kind = KernelErrorKind::None;
    std::uint32_t pc = 0;  // byte address of the faulting instruction
    std::uint32_t sm = 0;
    std::uint32_t block = 0;    // linear block index
    std::uint32_t warp = 0;     // warp index within the block
    std::uint64_t address = 0;  // memory address involved, if any
    std::string message;        // human-readable detail (built only on error)

    [[nodiscard]] bool ok() const { return kind == KernelErrorKind::None; }
    // "illegal instruction at PC 0x0040 (block 0, warp 1): ..."
    [[nodiscard]] std::string describe() const;
};

// Where a kernel did what the FlexGripPlus RTL does instead of stopping (core::RtlPolicy):
// lane accesses counted per kind, and the first event of the kernel in words. The front ends
// put them in the statistics and report each kind once as a warning.
struct RtlEvents {
    std::uint64_t global_wraps = 0;       // global accesses outside the memory that kept their low bits
    std::uint64_t shared_wraps = 0;       // the same for shared memory (R2G stores and g[] operands)
    std::uint64_t constant_wraps = 0;     // and for constant memory (c[] operands)
    std::uint64_t misaligned = 0;         // misaligned accesses done byte by byte at the address
    std::uint64_t register_alias = 0;     // launches whose resident warps share register slots
    std::uint64_t pc_wraps = 0;           // fetches whose PC had bits outside the instruction address
    std::uint64_t undescribed_words = 0;  // words outside the SM_1.0 table run as the RTL reads them
    std::string first;                    // "PC 0x0040: GLD of 4 bytes at 0x00001001 (misaligned)"

    [[nodiscard]] bool any() const {
        return global_wraps + shared_wraps + constant_wraps + misaligned + register_alias + pc_wraps +
                   undescribed_words !=
               0;
    }
    void add(const RtlEvents& o) {
        global_wraps += o.global_wraps;
        shared_wraps += o.shared_wraps;
        constant_wraps += o.constant_wraps;
        misaligned += o.misaligned;
        register_alias += o.register_alias;
        pc_wraps += o.pc_wraps;
        undescribed_words += o.undescribed_words;
        if (first.empty()) first = o.first;
    }
};

struct KernelResult {
    KernelError error;
    RtlEvents rtl_events;                   // what ran as on the RTL where a checked model stops
    std::uint64_t cycles = 0;               // kernel start to done, in SM clock cycles
    std::uint64_t warp_instructions = 0;    // issued warp instructions
    std::uint64_t thread_instructions = 0;  // sum of active threads over issued instructions
    double sim_wall_seconds = 0.0;          // host time spent simulating
    double sim_cpu_seconds = 0.0;           // host CPU time of the process over the same span (a shared
                                            // machine's load leaves it alone, unlike the wall time)
};

}  // namespace fgtlm::core
