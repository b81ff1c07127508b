#include "sop2_codec.hpp"

#include "../common/text.hpp"
#include "operands.hpp"

#include <fmt/format.h>

namespace fgtlm::isa::gcn {
namespace {

constexpr std::uint32_t kEncodingMask = 0xc0000000u, kEncodingSop2 = 0x80000000u;

// Checks one operand field against the mnemonic's width for it (0 = field must be 0).
std::string check_field(Version v, std::string_view what, unsigned code, unsigned width, bool dst) {
    if (width == 0)
        return code == 0 ? "" : fmt::format("{} field is {} but the instruction has no {}", what, code, what);
    const bool ok = dst ? is_destination(v, code, width) : is_source(v, code, width);
    return ok ? "" : fmt::format("{} code {} is not a {}-bit {} in this GCN version", what, code, 32 * width,
                                 dst ? "destination" : "source");
}

}  // namespace

Sop2Decode decode_sop2(Version v, std::span<const std::uint32_t> words) {
    Sop2Decode d;
    if (words.empty()) {
        d.error = "no instruction word";
        return d;
    }
    const std::uint32_t w = words[0];
    if ((w & kEncodingMask) != kEncodingSop2) {
        d.error = "bits 30-31 are not 0b10 (not an SOP2 instruction)";
        return d;
    }
    const unsigned opcode = (w >> 23) & 0x7f;
    d.inst.m = mnemonic_at(v, opcode);
    if (d.inst.m == nullptr) {
        d.error = fmt::format("SOP2 opcode {} (0x{:x}) is not documented for this GCN version", opcode, opcode);
        return d;
    }
    d.inst.ssrc0 = w & 0xff;
    d.inst.ssrc1 = (w >> 8) & 0xff;
    d.inst.sdst = (w >> 16) & 0x7f;
    const Mnemonic& m = *d.inst.m;
    for (const std::string& e : {check_field(v, "SDST", d.inst.sdst, m.sdst, true),
                                 check_field(v, "SSRC0", d.inst.ssrc0, m.ssrc0, false),
                                 check_field(v, "SSRC1", d.inst.ssrc1, m.ssrc1, false)}) {
        if (!e.empty()) {
            d.error = e;
            return d;
        }
    }
    if (d.inst.has_literal()) {
        if (words.size() < 2) {
            d.error = "literal operand (code 255) without its literal dword";
            return d;
        }
        d.inst.literal = words[1];
    }
    return d;
}

std::vector<std::uint32_t> encode_sop2(Version v, const Sop2& inst) {
    const auto opcode = static_cast<std::uint32_t>(opcode_of(v, *inst.m));
    std::vector<std::uint32_t> out{kEncodingSop2 | (opcode << 23) | ((inst.sdst & 0x7fu) << 16) |
                                   ((inst.ssrc1 & 0xffu) << 8) | (inst.ssrc0 & 0xffu)};
    if (inst.has_literal()) out.push_back(inst.literal);
    return out;
}

std::string format_sop2(Version v, const Sop2& inst) {
    const Mnemonic& m = *inst.m;
    std::string r = text::lower(m.name);
    bool first = true;
    const auto add = [&](unsigned code, unsigned width) {
        if (width == 0) return;
        r += first ? " " : ", ";
        first = false;
        r += format_operand(v, code, width, inst.literal).value_or("?");
    };
    add(inst.sdst, m.sdst);
    add(inst.ssrc0, m.ssrc0);
    add(inst.ssrc1, m.ssrc1);
    return r;
}

Sop2Parse parse_sop2(Version v, std::string_view line) {
    Sop2Parse p;
    const text::Statement st = text::split_statement(text::strip_semicolon(line));
    p.column = st.mnemonic_column;
    p.inst.m = find_mnemonic(text::upper(st.mnemonic));
    if (p.inst.m == nullptr || opcode_of(v, *p.inst.m) < 0) {
        p.error = p.inst.m == nullptr ? fmt::format("unknown SOP2 instruction '{}'", st.mnemonic)
                                      : fmt::format("'{}' is not an SOP2 instruction of this GCN version", st.mnemonic);
        return p;
    }
    const Mnemonic& m = *p.inst.m;
    const unsigned widths[3] = {m.sdst, m.ssrc0, m.ssrc1};
    unsigned* fields[3] = {&p.inst.sdst, &p.inst.ssrc0, &p.inst.ssrc1};
    std::size_t k = 0;
    bool literal_seen = false;
    for (unsigned f = 0; f < 3; ++f) {
        if (widths[f] == 0) continue;
        if (k >= st.operands.size()) {
            p.error = fmt::format("{} needs more operands", st.mnemonic);
            return p;
        }
        const ParsedOperand op = parse_operand(v, st.operands[k], widths[f], f == 0 && m.sdst != 0);
        p.column = st.columns[k];
        ++k;
        if (!op.error.empty()) {
            p.error = op.error;
            return p;
        }
        if (op.code == kLiteralCode) {
            if (literal_seen && op.literal != p.inst.literal) {
                p.error = "an SOP2 instruction has one literal dword: both literals must be equal";
                return p;
            }
            literal_seen = true;
            p.inst.literal = op.literal;
        }
        *fields[f] = op.code;
    }
    if (k != st.operands.size()) {
        p.column = st.columns[k];
        p.error = fmt::format("{} takes {} operands", st.mnemonic, k);
        return p;
    }
    p.column = 0;
    return p;
}

}  // namespace fgtlm::isa::gcn
