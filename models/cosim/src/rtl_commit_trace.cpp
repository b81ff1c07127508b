// Raw RTL commit records -> commit-trace lines (format: traces/commit-trace.md).
#include "rtl_commit_trace.hpp"

#include <fstream>
#include <sstream>
#include <unordered_map>

#include <fmt/format.h>

#include <fgtlm/isa/decoder.hpp>
#include <fgtlm/isa/disassembler.hpp>

#include "fgtlm/cosim/rtl_build.hpp"

namespace fgtlm::cosim {

namespace fs = std::filesystem;

namespace {

std::string dst_name(char kind, unsigned num) {
    switch (kind) {
        case 'R': return fmt::format("R{}", num);
        case 'L': return fmt::format("R{}L", num);
        case 'H': return fmt::format("R{}H", num);
        case 'A': return fmt::format("A{}", num);
        case 'P': return fmt::format("C{}", num);
        default: return {};
    }
}

}  // namespace

void normalize_rtl_commit_trace(const fs::path& raw, const fs::path& out_file, const loaders::KernelImage& img) {
    std::ifstream in(raw);
    if (!in) throw CosimError(raw.string() + ": cannot open");
    std::ofstream out(out_file);
    out << "# fgtlm commit trace v1 (traces/commit-trace.md), FlexGripPlus RTL\n"
        << "# cycle sm block warp pc mask | disassembly | destination: 32 lane values, lane 0 first, '-' = inactive\n";
    const std::uint32_t warps_per_block = (img.launch.threads_per_block() + 31) / 32;
    const std::uint32_t per_batch = std::max<std::uint32_t>(1, img.launch.blocks_per_sm);
    std::int64_t batch = -1;
    std::unordered_map<std::uint64_t, std::string> text_cache;
    std::string line;
    std::size_t lineno = 0;
    while (std::getline(in, line)) {
        ++lineno;
        std::istringstream s(line);
        std::string tag;
        if (!(s >> tag)) continue;
        const auto bad = [&](const char* why) { return CosimError(fmt::format("{}:{}: {}: '{}'", raw.string(), lineno, why, line)); };
        if (tag == "B") {
            ++batch;
            continue;
        }
        if (tag != "C") throw bad("unknown record");
        std::uint64_t cycle = 0;
        std::string slot_s, pc_s, mask_s, lo_s, hi_s, kind_s, num_s;
        if (!(s >> cycle >> slot_s >> pc_s >> mask_s >> lo_s >> hi_s >> kind_s >> num_s)) throw bad("short record");
        std::uint32_t slot = 0, pc = 0, mask = 0, lo = 0, hi = 0, num = 0;
        try {
            slot = std::uint32_t(std::stoul(slot_s, nullptr, 16));
            pc = std::uint32_t(std::stoul(pc_s, nullptr, 16));
            mask = std::uint32_t(std::stoul(mask_s, nullptr, 16));
            lo = std::uint32_t(std::stoul(lo_s, nullptr, 16));
            hi = std::uint32_t(std::stoul(hi_s, nullptr, 16));
            num = std::uint32_t(std::stoul(num_s, nullptr, 16));
        } catch (const std::exception&) {
            throw bad("undefined or malformed field");
        }
        const std::uint32_t block = std::uint32_t(std::max<std::int64_t>(batch, 0)) * per_batch + slot / warps_per_block;
        const std::uint32_t warp = slot % warps_per_block;
        const std::uint64_t key = (std::uint64_t(hi) << 32) | lo;
        auto it = text_cache.find(key ^ (std::uint64_t(pc) << 1));
        if (it == text_cache.end())
            it = text_cache.emplace(key ^ (std::uint64_t(pc) << 1), isa::disassemble(isa::decode(lo, hi, pc))).first;
        out << fmt::format("{} 0 {} {} {:04x} {:08x} | {} |", cycle, block, warp, pc, mask, it->second);
        const std::string dst = dst_name(kind_s.empty() ? 'N' : kind_s[0], num);
        if (!dst.empty() && mask != 0) {
            out << ' ' << dst << " =";
            for (int lane = 0; lane < 32; ++lane) {
                std::string v;
                if (!(s >> v)) throw bad("fewer than 32 lane values");
                out << ' ' << (((mask >> lane) & 1u) != 0 ? v : std::string("-"));
            }
        }
        out << '\n';
    }
    if (!out) throw CosimError(out_file.string() + ": cannot write");
}

}  // namespace fgtlm::cosim
