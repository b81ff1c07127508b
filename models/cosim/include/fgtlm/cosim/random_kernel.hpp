// Random valid SM_1.0 kernels for differential testing against the RTL (fgtlm difftest).
//
// A kernel is a fixed prologue (thread index, input/output addresses, loads of four input
// arrays of edge-case values into R1-R4, immediates into R5-R9), a list of random items and
// an epilogue that stores R1-R9 of every thread to the output area, then RET (with the end
// marker). Items: ALU/float/conversion/SFU instructions over R1-R9 with register, immediate,
// parameter (shared g[..]) and constant c[0x1][..] operands; predicate sets and guarded
// instructions; divergent SSY/BRA regions; subroutine calls (CAL/RET, also guarded RET);
// barriers; per-thread shared-memory stores and loads. The shrinker removes items.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::cosim {

struct KernelItem {
    std::string kind;                 // "alu", "guarded", "diverge", "call", "barrier", "shared", ...
    std::vector<std::string> lines;   // SASS lines in the main body (labels end with ':')
    std::vector<std::string> sub;     // subroutine lines placed after the final RET
};

struct RandomKernel {
    std::string name;
    std::uint32_t threads = 32;       // per block (1D)
    std::uint32_t blocks = 1;
    std::uint32_t cores = 8;
    std::vector<std::uint32_t> inputs;  // 4 arrays of `threads` words each, from global address 0
    std::vector<std::uint8_t> constants;  // constant bytes (c[0x1][k] = word k)
    std::vector<KernelItem> items;

    [[nodiscard]] std::string sass() const;
    // Assembles the SASS and builds the launch (throws loaders::LoadError on assembler errors).
    [[nodiscard]] loaders::KernelImage image() const;
    [[nodiscard]] std::size_t instruction_count() const;
};

struct GeneratorOptions {
    std::uint32_t min_items = 6;
    std::uint32_t max_items = 24;
    std::uint32_t cores = 8;
    bool multi_warp = true;           // blocks of 64 threads and grids of 2 blocks sometimes
    // Leave out the forms with known RTL/model differences (docs/cosim-known-differences.md "Known
    // differences"): F2I, LOP.PASS_B, guarded RET in subroutines, shared memory through A1.
    bool avoid_known = false;
    // Half of the computational items from the integer forms of the RTL's odd decodes
    // (IMIN/IMAX, IADD.CARRYn, IMAD.CARRY1, 16-bit ISET/shifts to halves, 24-bit and signed
    // IMUL/IMAD, IMUL32I). Off: the kernels of a seed are those of earlier runs.
    bool int_forms = false;
    // Half of the computational items from the float forms with every operand kind the decoder
    // distinguishes (shared first sources, c[0x0-0x3] second/third sources, the 32-bit
    // immediate forms with a shared source, .C0 flag writes) and 16-bit constant operands.
    bool float_mix = false;
};

RandomKernel generate_kernel(std::uint64_t seed, const GeneratorOptions& opt = {});

// Output area of a kernel: byte address of R1 of thread 0 of block 0 (param 1).
inline constexpr std::uint32_t kOutputBase = 0x2000;

}  // namespace fgtlm::cosim
