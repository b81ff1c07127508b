// Anchored text insertions into copies of FlexGripPlus sources (never the user's files).
#include "rtl_patches.hpp"

#include <algorithm>
#include <cctype>

#include <fgtlm/cosim/rtl_build.hpp>
#include "rtl_vhdl.hpp"

namespace fgtlm::cosim {

namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

// Position of the first / last case-insensitive occurrence of `anchor`; throws naming the file.
std::size_t find_anchor(const std::string& text, const std::string& anchor, const std::filesystem::path& file,
                        bool last) {
    const std::string t = lower(text), a = lower(anchor);
    const std::size_t pos = last ? t.rfind(a) : t.find(a);
    if (pos == std::string::npos)
        throw CosimError(file.string() + ": cannot patch the build copy: '" + anchor +
                         "' not found (unexpected FlexGripPlus version?)");
    return pos;
}

}  // namespace

std::string patch_dp_ram(const std::string& text, const std::filesystem::path& file) {
    std::string s = text;
    s.insert(find_anchor(s, "end architecture dp_ram_archi", file, true), vhdl::kDpRamDump);
    s.insert(find_anchor(s, "entity dp_ram is", file, false),
             "use work.pick_bench.all;\nuse work.fgtlm_probe.all;\n\n");
    return s;
}

std::string patch_streaming_multiprocessor(const std::string& text, const std::filesystem::path& file) {
    std::string s = text;
    // The architecture is the last design unit: insert before its closing `end`.
    s.insert(find_anchor(s, "end arch", file, true), vhdl::kSmProbes);
    s.insert(find_anchor(s, "entity streaming_multiprocessor is", file, false), "use work.fgtlm_probe.all;\n\n");
    return s;
}

std::string patch_dp_regfile_flip(const std::string& text, const std::filesystem::path& file) {
    std::string s = text;
    const std::string tick = "elsif rising_edge(clk) then";
    s.insert(find_anchor(s, tick, file, false) + tick.size(), std::string("\n") + vhdl::kDpRegfileFlip);
    // The stuck-at goes after both write ports: before the `end if` that closes the clock edge.
    const std::size_t end_proc = find_anchor(s, "end process write_proc", file, false);
    const std::size_t end_if = lower(s).rfind("end if;", end_proc);
    if (end_if == std::string::npos)
        throw CosimError(file.string() + ": cannot patch the build copy: no 'end if;' before 'end process write_proc'");
    s.insert(s.rfind('\n', end_if) + 1, vhdl::kDpRegfileStuck);
    const std::size_t arch = find_anchor(s, "architecture dp_regfile_archi", file, false);
    s.insert(find_anchor(s.substr(arch), "\nbegin", file, false) + arch,
             "\n\tconstant FGTLM_RF_ID : integer := fgtlm_regfile_id(dp_regfile'path_name);");
    s.insert(find_anchor(s, "entity dp_regfile is", file, false), "use work.fgtlm_fault.all;\n\n");
    return s;
}

std::string patch_streaming_multiprocessor_faults(const std::string& text, const std::filesystem::path& file) {
    std::string s = text;
    s.insert(find_anchor(s, "end arch", file, true), vhdl::kFaultProbes);
    s.insert(find_anchor(s, "entity streaming_multiprocessor is", file, false),
             "use std.textio.all;\nuse work.fgtlm_fault.all;\n\n");
    return s;
}

std::string patch_testbench(const std::string& text, const std::filesystem::path& file) {
    std::string s = text;
    s.insert(
        find_anchor(s, "end", file, true),
        "\t-- fgtlm co-simulation monitor (cycles, fast dump, commit trace)\n"
        "\tuFgtlmMonitor : entity work.fgtlm_monitor\n"
        "\t\tport map(clk => clk_100MHz, block_scheduler_en => block_scheduler_en, kernel_done => kernel_done);\n\n");
    return s;
}

}  // namespace fgtlm::cosim
