// Writer of FlexGripPlus testbench application files: the inverse of load_testbench().
// TP_instructions.vhd, pick_bench.vhd, TP_configuration.vhd and global_mem.mif describe one
// launch the way the FlexGripPlus 4.4 testbench (RTL/TB) takes it, so a KernelImage from any
// source (bundle, .sass, random kernel) can be dropped into a FlexGripPlus checkout.
#pragma once

#include <filesystem>
#include <string>

#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::loaders {

// Limits of the testbench's registers (pick_bench widths); a launch beyond them cannot be
// expressed and fails with LoadError naming the field.
struct TestbenchLimits {
    static constexpr std::uint32_t max_params = 15;       // BENCH_KERNEL_PARAM_SIZE: 4 bits
    static constexpr std::uint32_t max_const_bytes = 63;  // BENCH_CMEM_PARAM_SIZE: 6 bits
    static constexpr std::uint32_t max_gprs = 511;        // BENCH_KERNEL_GPRS: 9 bits
    static constexpr std::uint32_t max_blocks_per_core = 15;
    static constexpr std::uint32_t max_read_words = 1u << 18;  // READ_DATA_SIZE: 18 bits
};

// Throws LoadError when `img` cannot be run by the testbench (too many parameters, constant
// bytes, registers, a dump range that does not start at 0 ...).
void validate_for_testbench(const KernelImage& img);

// READ_DATA_SIZE for the image's dump range (words - 1; the testbench reads size + 1 words).
std::uint32_t read_data_size(const KernelImage& img);

std::string tp_instructions_vhd(const KernelImage& img);
std::string pick_bench_vhd(const KernelImage& img);
std::string tp_configuration_vhd(const KernelImage& img);
// One byte per line; bytes inside global_init_undefined are written as "0" (the RTL's hread
// loads such a line as 'U', the loader reports it undefined again).
std::string global_mem_mif(const KernelImage& img);

// Writes the four files into `dir` (created if needed). Throws LoadError on a bad image or
// an unwritable folder.
void write_testbench(const KernelImage& img, const std::filesystem::path& dir);

}  // namespace fgtlm::loaders
