// Commit traces (traces/commit-trace.md) from the model and from the RTL monitor: reader and
// differ. Both sides write the same format; the differ compares each warp's stream of
// committed instructions (block, warp, PC, mask, destination, lane values) and ignores the
// cycle column, which is timing.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace fgtlm::cosim {

// Lane value of an active thread whose destination the RTL did not write ("nowrite").
inline constexpr std::uint64_t kNotWritten = 1ull << 32;

struct CommitRecord {
    std::uint64_t cycle = 0;
    std::uint32_t sm = 0, block = 0, warp = 0, pc = 0, mask = 0;
    std::string text;                                // disassembly
    std::string dst;                                 // "" = no register destination
    std::array<std::optional<std::uint64_t>, 32> values{};  // per lane; nullopt = inactive / undefined
    std::string line;                                // the source line (for context)
};

// Throws CosimError naming file and line on a malformed line.
std::vector<CommitRecord> read_commit_trace(const std::filesystem::path& file);

struct Divergence {
    std::uint32_t block = 0, warp = 0, pc = 0;
    std::string instruction;            // disassembly (RTL side)
    std::string what;                   // "mask", "pc", "R3 lane 5", "missing commit" ...
    std::string rtl_value, model_value;
    std::uint64_t rtl_cycle = 0;
    std::size_t index = 0;              // position in the warp's stream (0-based)
    std::vector<std::string> rtl_context, model_context;  // up to 3 lines before + the line
};

struct CommitDiff {
    std::size_t rtl_commits = 0, model_commits = 0;
    std::size_t compared = 0;           // instructions compared before the first divergence (or all)
    std::optional<Divergence> first;    // earliest divergence by RTL cycle
};

CommitDiff diff_commit_traces(const std::vector<CommitRecord>& rtl, const std::vector<CommitRecord>& model);

}  // namespace fgtlm::cosim
