// Pipeline events -> commit-trace lines (format: traces/commit-trace.md).
#include "rtl_commit_trace.hpp"

#include <fgtlm/cosim/rtl_commit_tracer.hpp>

#include <algorithm>
#include <array>
#include <fstream>
#include <ostream>
#include <stdexcept>
#include <sstream>
#include <unordered_map>

#include <fmt/format.h>

#include <fgtlm/core/program.hpp>
#include <fgtlm/core/semantics.hpp>
#include <fgtlm/isa/decoder.hpp>
#include <fgtlm/isa/disassembler.hpp>

#include <fgtlm/cosim/rtl_build.hpp>
#include <fgtlm/io/number.hpp>
#include <fgtlm/io/text.hpp>

namespace fgtlm::cosim {

namespace fs = std::filesystem;

namespace {

// A hex field of the monitor's raw log through io's checked parser (no sign, blank or 20
// digits); the message names the field.
std::uint32_t hex32(const std::string& s, const char* field) {
    return std::uint32_t(io::parse_hex(s, field, 0xffffffffu));
}

// The destination column as the model's CommitTraceWriter names it, with its lane values.
void write_destination(std::ostream& out, isa::OperandKind kind, unsigned reg, std::uint32_t mask,
                       const std::array<std::string, 32>& gpr, const std::array<std::string, 32>& prd) {
    const std::array<std::string, 32>* values = &gpr;
    std::string name;
    switch (kind) {
        case isa::OperandKind::Reg: name = fmt::format("R{}", reg); break;
        case isa::OperandKind::RegLo: name = fmt::format("R{}L", reg); break;
        case isa::OperandKind::RegHi: name = fmt::format("R{}H", reg); break;
        // Address-register results (R2A, A2R ...): the model's commit trace does not record
        // them (its issue record names no destination), so neither side writes them.
        case isa::OperandKind::AddrReg: return;
        case isa::OperandKind::Predicate:
            name = fmt::format("C{}", reg);
            values = &prd;
            break;
        default: return;
    }
    if (mask == 0) return;
    out << ' ' << name << " =";
    for (unsigned t = 0; t < 32; ++t) {
        if (((mask >> t) & 1u) == 0) {
            out << " -";
            continue;
        }
        std::string v = (*values)[t];
        if (v.empty()) {
            out << " nowrite";
            continue;
        }
        // Half-register writes store the merged 32-bit register; the trace shows the half.
        if ((kind == isa::OperandKind::RegLo || kind == isa::OperandKind::RegHi) && v.size() == 8)
            v = "0000" + (kind == isa::OperandKind::RegHi ? v.substr(0, 4) : v.substr(4, 4));
        if (v.size() < 8) v = std::string(8 - v.size(), '0') + v;
        for (auto& c : v) c = char(std::tolower(static_cast<unsigned char>(c)));
        out << ' ' << v;
    }
}

}  // namespace

struct RtlCommitTracer::Pending {
    std::uint32_t pc = 0;
    std::uint64_t words = 0;
    std::uint32_t mask = 0;       // instruction mask from execute (after the guard)
    std::uint32_t warp_mask = 0;  // the warp's current mask at fetch
    bool fetched = false;
    std::array<std::string, 32> gpr, prd, adr;  // written values per thread ("" = not written)
    void clear_values() {
        gpr.fill({});
        prd.fill({});
        adr.fill({});
    }
};

struct RtlCommitTracer::Decoded {
    std::string text;
    isa::OperandKind dst = isa::OperandKind::None;
    unsigned dst_reg = 0;
    bool guarded = false;
    bool join = false;
};

RtlCommitTracer::RtlCommitTracer(std::ostream& out, std::uint32_t cores, const core::LaunchConfig& launch)
    : out_(out),
      cores_(cores),
      passes_(32 / cores),
      warps_per_block_(std::max<std::uint32_t>(1, (launch.threads_per_block() + 31) / 32)),
      per_batch_(std::max<std::uint32_t>(1, launch.blocks_per_sm)),
      warps_(std::make_unique<std::array<Pending, 32>>()) {}

RtlCommitTracer::~RtlCommitTracer() = default;

void RtlCommitTracer::header(const std::string& source) {
    out_ << "# fgtlm commit trace v1 (traces/commit-trace.md), FlexGripPlus RTL (" << source << ")\n"
         << "# cycle sm block warp pc mask | disassembly | destination: 32 lane values, lane 0 first, '-' = inactive\n";
}

void RtlCommitTracer::batch() { ++batch_; }

void RtlCommitTracer::fetch(std::uint32_t warp, std::uint32_t pass, std::uint32_t pc, std::uint64_t words,
                            std::uint32_t warp_mask) {
    Pending& p = (*warps_)[warp & 31u];
    p.pc = pc;
    p.words = words;
    p.warp_mask = warp_mask;
    p.fetched = true;
    if (pass == 0) p.clear_values();
}

void RtlCommitTracer::execute(std::uint32_t warp, std::uint32_t instr_mask) {
    write_warp_ = warp & 31u;
    (*warps_)[write_warp_].mask = instr_mask;
}

void RtlCommitTracer::write(Reg kind, std::uint32_t core, std::uint32_t pass, const std::string& hex_value) {
    Pending& p = (*warps_)[write_warp_];
    auto& dst = kind == Reg::Gpr ? p.gpr : kind == Reg::Pred ? p.prd : p.adr;
    const std::uint32_t t = pass * cores_ + core;
    if (t < 32) dst[t] = hex_value;
}

void RtlCommitTracer::commit(std::uint64_t cycle, std::uint32_t warp, std::uint32_t pass) {
    const std::uint32_t slot = warp & 31u;
    if (pass + 1 != passes_) return;  // not the last pass yet
    Pending& p = (*warps_)[slot];
    if (!p.fetched) throw std::runtime_error("commit of a warp that fetched nothing");
    const std::uint64_t key = p.words ^ (std::uint64_t(p.pc) * 0x9E3779B97F4A7C15ull);
    auto it = decoded_.find(key);
    if (it == decoded_.end()) {
        const auto lo = std::uint32_t(p.words), hi = std::uint32_t(p.words >> 32);
        const isa::Instruction inst = isa::decode(lo, hi, p.pc);
        // The register the RTL writes (a half written whole by its raw field, P2R's R0, a word
        // outside the SM_1.0 table, ...): the words as the RTL reads them (core::decode_under);
        // the text stays cuobjdump's where the table has the word.
        const core::RtlPolicy reading = core::RtlPolicy::preset(core::Semantics::Rtl);
        const isa::Instruction rtl = core::decode_under(reading, lo, hi, p.pc, false);
        Decoded d{isa::disassemble(inst.is_illegal() ? rtl : inst), rtl.dst.kind, rtl.dst.reg, rtl.is_guarded(),
                  rtl.is_join()};
        it = decoded_.emplace(key, std::move(d)).first;
    }
    // The execute stage's instruction mask is the warp mask under the guard; for unguarded
    // flow instructions (SSY, ...) the RTL leaves it 0, so take the warp's. A join (.S) on an
    // empty stack is the exception: the read stage runs it for the warp's initial mask
    // (pipeline_read.vhd CHECK_JOIN), which only the execute stage's mask shows.
    if (!it->second.guarded && !(it->second.join && p.mask != 0)) p.mask = p.warp_mask;
    const std::uint32_t block = std::uint32_t(std::max<std::int64_t>(batch_, 0)) * per_batch_ + slot / warps_per_block_;
    out_ << fmt::format("{} 0 {} {} {:04x} {:08x} | {} |", cycle, block, slot % warps_per_block_, p.pc, p.mask,
                        it->second.text);
    write_destination(out_, it->second.dst, it->second.dst_reg, p.mask, p.gpr, p.prd);
    out_ << '\n';
    p.clear_values();
    ++commits_;
}

namespace {

// One record of the monitor's raw log (tag and cycle already read) fed to the tracer.
// Throws std::invalid_argument naming the field, std::runtime_error for a bad sequence.
void feed_record(RtlCommitTracer& tracer, const std::string& tag, std::uint64_t cycle, std::istringstream& s) {
    if (tag == "B") {
        tracer.batch();
    } else if (tag == "F") {
        std::string w, pass, pc, words, mask;
        if (!(s >> w >> pass >> pc >> words >> mask)) throw std::runtime_error("short F record");
        tracer.fetch(hex32(w, "warp"), hex32(pass, "pass"), hex32(pc, "pc"), io::parse_hex(words, "words"),
                     hex32(mask, "mask"));
    } else if (tag == "E") {
        std::string w, pass, mask;
        if (!(s >> w >> pass >> mask)) throw std::runtime_error("short E record");
        tracer.execute(hex32(w, "warp"), hex32(mask, "mask"));
    } else if (tag == "G" || tag == "P" || tag == "A") {
        const auto kind = tag == "G"   ? RtlCommitTracer::Reg::Gpr
                          : tag == "P" ? RtlCommitTracer::Reg::Pred
                                       : RtlCommitTracer::Reg::Addr;
        std::string item;
        while (s >> item) {
            const auto c1 = item.find(':'), c2 = item.rfind(':');
            if (c1 == std::string::npos || c2 == c1) throw std::runtime_error("expected core:pass:value");
            // At most 32 cores and 32 passes: pass * cores + core cannot wrap into a lane.
            tracer.write(kind, std::uint32_t(io::parse_unsigned(item.substr(0, c1), "core", 0, 31)),
                         std::uint32_t(io::parse_hex(item.substr(c1 + 1, c2 - c1 - 1), "pass", 31)),
                         item.substr(c2 + 1));
        }
    } else if (tag == "W") {
        std::string w, pass;
        if (!(s >> w >> pass)) throw std::runtime_error("short W record");
        tracer.commit(cycle, hex32(w, "warp"), hex32(pass, "pass"));
    } else {
        throw std::runtime_error("unknown record");
    }
}

}  // namespace

void normalize_rtl_commit_trace(const fs::path& raw, const fs::path& out_file, const loaders::KernelImage& img) {
    std::ifstream in(raw);
    if (!in) throw CosimError(raw.string() + ": cannot open");
    std::ofstream out(out_file);
    RtlCommitTracer tracer(out, img.cores, img.launch);
    tracer.header("fgtlm cosim");
    std::string line;
    std::size_t lineno = 0;
    while (std::getline(in, line)) {
        ++lineno;
        std::istringstream s(line);
        std::string tag, cycle;
        if (!(s >> tag)) continue;
        try {
            if (!(s >> cycle)) throw std::runtime_error("no cycle");
            feed_record(tracer, tag, io::parse_unsigned(cycle, "cycle"), s);
        } catch (const std::exception& e) {  // io's messages name the field
            throw CosimError(
                fmt::format("{}:{}: {}: {}", raw.string(), lineno, e.what(), io::escape_and_cut(line, 200)));
        }
    }
    if (!out) throw CosimError(out_file.string() + ": cannot write");
}

}  // namespace fgtlm::cosim
