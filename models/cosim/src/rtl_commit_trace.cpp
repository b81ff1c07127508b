// Pipeline events -> commit-trace lines (format: traces/commit-trace.md).
#include "rtl_commit_trace.hpp"

#include <array>
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

// What one warp slot has in flight.
struct Pending {
    std::uint32_t pc = 0;
    std::uint64_t words = 0;
    std::uint32_t mask = 0;          // instruction mask from execute (after the guard)
    std::uint32_t warp_mask = 0;     // the warp's current mask at fetch
    bool fetched = false;
    std::array<std::string, 32> gpr, prd, adr;  // written values per thread ("" = not written)
    void clear_values() {
        gpr.fill({});
        prd.fill({});
        adr.fill({});
    }
};

struct Decoded {
    std::string text;
    isa::OperandKind dst = isa::OperandKind::None;
    unsigned dst_reg = 0;
    bool guarded = false;
};

std::uint64_t hex64(const std::string& s) {
    if (s.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos || s.empty())
        throw std::invalid_argument("not hex: " + s);
    return std::stoull(s, nullptr, 16);
}

// The destination column as the model's CommitTraceWriter names it, with its lane values.
void write_destination(std::ostream& out, const Decoded& d, const Pending& p) {
    const std::array<std::string, 32>* values = &p.gpr;
    std::string name;
    switch (d.dst) {
        case isa::OperandKind::Reg: name = fmt::format("R{}", d.dst_reg); break;
        case isa::OperandKind::RegLo: name = fmt::format("R{}L", d.dst_reg); break;
        case isa::OperandKind::RegHi: name = fmt::format("R{}H", d.dst_reg); break;
        // Address-register results (R2A, A2R ...): the model's commit trace does not record
        // them (its issue record names no destination), so neither side writes them.
        case isa::OperandKind::AddrReg: return;
        case isa::OperandKind::Predicate: name = fmt::format("C{}", d.dst_reg); values = &p.prd; break;
        default: return;
    }
    if (p.mask == 0) return;
    out << ' ' << name << " =";
    for (unsigned t = 0; t < 32; ++t) {
        if (((p.mask >> t) & 1u) == 0) {
            out << " -";
            continue;
        }
        std::string v = (*values)[t];
        if (v.empty()) {
            out << " nowrite";
            continue;
        }
        // Half-register writes store the merged 32-bit register; the trace shows the half.
        if ((d.dst == isa::OperandKind::RegLo || d.dst == isa::OperandKind::RegHi) && v.size() == 8)
            v = "0000" + (d.dst == isa::OperandKind::RegHi ? v.substr(0, 4) : v.substr(4, 4));
        if (v.size() < 8) v = std::string(8 - v.size(), '0') + v;
        for (auto& c : v) c = char(std::tolower(static_cast<unsigned char>(c)));
        out << ' ' << v;
    }
}

}  // namespace

void normalize_rtl_commit_trace(const fs::path& raw, const fs::path& out_file, const loaders::KernelImage& img) {
    std::ifstream in(raw);
    if (!in) throw CosimError(raw.string() + ": cannot open");
    std::ofstream out(out_file);
    out << "# fgtlm commit trace v1 (traces/commit-trace.md), FlexGripPlus RTL (fgtlm cosim)\n"
        << "# cycle sm block warp pc mask | disassembly | destination: 32 lane values, lane 0 first, '-' = inactive\n";
    const std::uint32_t cores = img.cores;
    const std::uint32_t passes = 32 / cores;
    const std::uint32_t warps_per_block = std::max<std::uint32_t>(1, (img.launch.threads_per_block() + 31) / 32);
    const std::uint32_t per_batch = std::max<std::uint32_t>(1, img.launch.blocks_per_sm);
    std::int64_t batch = -1;
    std::array<Pending, 32> warps{};
    std::uint32_t write_warp = 0;  // the warp whose pass the write stage is handling
    std::unordered_map<std::uint64_t, Decoded> decoded;  // by (pc, words)
    std::string line;
    std::size_t lineno = 0;
    while (std::getline(in, line)) {
        ++lineno;
        std::istringstream s(line);
        std::string tag;
        std::uint64_t cycle = 0;
        if (!(s >> tag)) continue;
        const auto bad = [&](const std::string& why) { return CosimError(fmt::format("{}:{}: {}: '{}'", raw.string(), lineno, why, line)); };
        if (!(s >> cycle)) throw bad("no cycle");
        try {
            if (tag == "B") {
                ++batch;
            } else if (tag == "F") {
                std::string w, pass, pc, words, mask;
                if (!(s >> w >> pass >> pc >> words >> mask)) throw bad("short F record");
                Pending& p = warps.at(hex64(w) & 31u);
                p.pc = std::uint32_t(hex64(pc));
                p.words = hex64(words);
                p.warp_mask = std::uint32_t(hex64(mask));
                p.fetched = true;
                if (hex64(pass) == 0) p.clear_values();
            } else if (tag == "E") {
                std::string w, pass, mask;
                if (!(s >> w >> pass >> mask)) throw bad("short E record");
                write_warp = std::uint32_t(hex64(w) & 31u);
                warps[write_warp].mask = std::uint32_t(hex64(mask));
            } else if (tag == "G" || tag == "P" || tag == "A") {
                Pending& p = warps[write_warp];
                auto& dst = tag == "G" ? p.gpr : tag == "P" ? p.prd : p.adr;
                std::string item;
                while (s >> item) {
                    const auto c1 = item.find(':'), c2 = item.rfind(':');
                    if (c1 == std::string::npos || c2 == c1) throw bad("expected core:pass:value");
                    const std::uint32_t core = std::uint32_t(std::stoul(item.substr(0, c1)));
                    const std::uint32_t pass = std::uint32_t(hex64(item.substr(c1 + 1, c2 - c1 - 1)));
                    const std::uint32_t t = pass * cores + core;
                    if (t < 32) dst[t] = item.substr(c2 + 1);
                }
            } else if (tag == "W") {
                std::string w, pass;
                if (!(s >> w >> pass)) throw bad("short W record");
                const std::uint32_t slot = std::uint32_t(hex64(w) & 31u);
                if (hex64(pass) + 1 != passes) continue;  // not the last pass yet
                Pending& p = warps[slot];
                if (!p.fetched) throw bad("commit of a warp that fetched nothing");
                const std::uint64_t key = p.words ^ (std::uint64_t(p.pc) * 0x9E3779B97F4A7C15ull);
                auto it = decoded.find(key);
                if (it == decoded.end()) {
                    const isa::Instruction inst = isa::decode(std::uint32_t(p.words), std::uint32_t(p.words >> 32), p.pc);
                    it = decoded.emplace(key, Decoded{isa::disassemble(inst), inst.dst.kind, inst.dst.reg, inst.is_guarded()}).first;
                }
                // The execute stage's instruction mask is the warp mask under the guard; for
                // unguarded flow instructions (SSY, ...) the RTL leaves it 0, so take the warp's.
                if (!it->second.guarded) p.mask = p.warp_mask;
                const std::uint32_t block = std::uint32_t(std::max<std::int64_t>(batch, 0)) * per_batch + slot / warps_per_block;
                out << fmt::format("{} 0 {} {} {:04x} {:08x} | {} |", cycle, block, slot % warps_per_block, p.pc, p.mask, it->second.text);
                write_destination(out, it->second, p);
                out << '\n';
                p.clear_values();
            } else {
                throw bad("unknown record");
            }
        } catch (const std::invalid_argument&) {
            throw bad("undefined or malformed field");
        } catch (const std::out_of_range&) {
            throw bad("field out of range");
        }
    }
    if (!out) throw CosimError(out_file.string() + ": cannot write");
}

}  // namespace fgtlm::cosim
