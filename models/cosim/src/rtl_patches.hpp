// Text patches fgtlm applies to its build folder's copies of three FlexGripPlus files. Each
// names the file and the anchor it looked for when the source is not the expected one.
#pragma once

#include <filesystem>
#include <string>

namespace fgtlm::cosim {

// dp_ram: `use` clauses for pick_bench/fgtlm_probe and the fast global-memory dump.
std::string patch_dp_ram(const std::string& text, const std::filesystem::path& file);
// streaming_multiprocessor: `use work.fgtlm_probe.all` and probe assignments at the end of
// its architecture (drive the probe package's commit signals).
std::string patch_streaming_multiprocessor(const std::string& text, const std::filesystem::path& file);
// tb_top_level: instantiates fgtlm_monitor before the architecture's final `end`.
// Fault-injection builds: dp_regfile flips or holds a requested bit of a general, address or
// predicate register file (fgtlm_fault.vhd); the SM gets the injector.
std::string patch_dp_regfile_flip(const std::string& text, const std::filesystem::path& file);
std::string patch_streaming_multiprocessor_faults(const std::string& text, const std::filesystem::path& file);
std::string patch_testbench(const std::string& text, const std::filesystem::path& file);

}  // namespace fgtlm::cosim
