// nvcc SM_1.0 cubins in the JSON form of tests/data/isa/cubins (decuda's reading of the ELF-less
// sm_10 cubin text format): per kernel the code words and the constant segments nvcc put in
// it, per module the user constants (c0 symbols) and the relocations (c14: the addresses of
// the module's __device__ globals, which the CUDA driver writes at load time).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace fgtlm::loaders {

// A constant segment with data: `bytes` at `offset` in constant bank `bank` (c1 = the
// compiler's constants: loop bounds, masks, literals too wide for an immediate).
struct CubinConstSegment {
    std::uint32_t bank = 0;
    std::uint32_t offset = 0;
    std::vector<std::uint8_t> bytes;
};

// A named slot with no data in the cubin: a __constant__ variable (bank 0, filled by the host
// with cudaMemcpyToSymbol) or a relocation (bank 14, the address of global `name`).
struct CubinSymbol {
    std::string name;
    std::uint32_t bank = 0;
    std::uint32_t offset = 0;
    std::uint32_t bytes = 0;  // size of the variable itself
};

struct CubinKernel {
    std::string name;
    std::vector<std::uint32_t> words;  // code, address order
    std::uint32_t lmem = 0, smem = 0, regs = 0;
    std::vector<CubinConstSegment> constants;
};

struct CubinModule {
    std::string architecture;  // "sm_10"
    std::vector<CubinSymbol> constants;    // __constant__ variables
    std::vector<CubinSymbol> relocations;  // addresses of __device__ globals
    std::vector<CubinKernel> kernels;
    [[nodiscard]] const CubinKernel* find(const std::string& kernel) const;
};

// Throws LoadError naming the file and the field on malformed input (a segment beyond 64 KiB,
// a `mem` word that is not 32-bit hex, a bank above 15).
CubinModule load_cubin_json(const std::filesystem::path& file);

// The image of constant bank `bank` for `kernel`: its segments of that bank at their offsets,
// zero elsewhere, at least `min_bytes` long (a bank the kernel has no segment in: all zero).
std::vector<std::uint8_t> constant_bank_image(const CubinKernel& kernel, std::uint32_t bank,
                                              std::uint32_t min_bytes = 0);

}  // namespace fgtlm::loaders
