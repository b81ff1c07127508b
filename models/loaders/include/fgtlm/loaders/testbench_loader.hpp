// Loader for FlexGripPlus application folders: TP_instructions.vhd, pick_bench.vhd,
// TP_configuration.vhd (here or in an ancestor folder), global_mem.mif and an optional
// golden log (gpgpu_rdata.log and friends). Rules: conformance README section 3. The files
// may sit in the folder itself, in its vhdl/ subfolder, or split the testbench's way
// (configuration/pick_bench.vhd, TP/TP_instructions.vhd ...): RTL/TB itself loads.
#pragma once

#include <filesystem>
#include <optional>

#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::loaders {

struct TestbenchOptions {
    std::uint32_t default_blocks_per_core = 8;  // when pick_bench does not say
    std::uint32_t default_cores = 8;
    // Stop looking for TP_configuration.vhd in ancestors above this folder (empty = filesystem root).
    std::filesystem::path search_root;
    // Word indexes of TP_instructions.vhd must be below this: the 64 KiB instruction memory.
    std::uint32_t max_program_words = 16384;
};

KernelImage load_testbench(const std::filesystem::path& app_dir, const TestbenchOptions& opt = {});

// Parses a gpgpu_rdata.log-style file ("AAAAA DDDDDDDD"; u/x digits -> nullopt).
ExpectedRange read_rdata_log(const std::filesystem::path& file);
// Parses global_mem.mif: one byte per line; lines that are not two hex digits are undefined.
// More than max_bytes (non-blank) lines is an error naming the line, or with `overflow`, lines
// the RTL ignores: they are counted there and dropped.
std::vector<std::uint8_t> read_mif(const std::filesystem::path& file, std::vector<ByteRange>& undefined,
                                   std::uint32_t max_bytes = 262144, ImageOverflow* overflow = nullptr);

}  // namespace fgtlm::loaders
