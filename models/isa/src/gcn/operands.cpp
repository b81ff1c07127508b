#include "operands.hpp"

#include "../common/text.hpp"

#include <fmt/format.h>

#include <array>

namespace fgtlm::isa::gcn {
namespace {

constexpr std::uint8_t kV10 = 1, kV12 = 2, kV14 = 4, kAll = 7;

std::uint8_t bit(Version v) {
    return v == Version::Gcn10 ? kV10 : v == Version::Gcn12 ? kV12 : kV14;
}

// Named scalar registers: a 32-bit half per code, and a name for the 64-bit pair at `code`.
struct NamedPair {
    std::uint8_t code;
    std::string_view lo, hi, pair;
    std::uint8_t versions;
};
constexpr std::array<NamedPair, 6> kPairs{{
    {102, "flat_scratch_lo", "flat_scratch_hi", "flat_scratch", kV12 | kV14},
    {104, "xnack_mask_lo", "xnack_mask_hi", "xnack_mask", kV12 | kV14},
    {106, "vcc_lo", "vcc_hi", "vcc", kAll},
    {108, "tba_lo", "tba_hi", "tba", kV10 | kV12},
    {110, "tma_lo", "tma_hi", "tma", kV10 | kV12},
    {126, "exec_lo", "exec_hi", "exec", kAll},
}};

// Single-code sources.
struct Named {
    std::uint8_t code;
    std::string_view name;
    std::uint8_t versions;
    bool pairable;   // may be read as a 64-bit operand (zero-extended)
};
constexpr std::array<Named, 9> kSingles{{
    {124, "m0", kAll, false},
    {235, "src_shared_base", kV14, false},
    {236, "src_shared_limit", kV14, false},
    {237, "src_private_base", kV14, false},
    {238, "src_private_limit", kV14, false},
    {239, "src_pops_exiting_wave_id", kV14, false},
    {251, "vccz", kAll, true},
    {252, "execz", kAll, true},
    {253, "scc", kAll, true},
}};

struct FloatConst {
    std::uint8_t code;
    std::string_view text;
    std::uint32_t f32;
    std::uint64_t f64;
    std::uint8_t versions;
};
constexpr std::array<FloatConst, 9> kFloats{{
    {240, "0.5", 0x3f000000u, 0x3fe0000000000000ull, kAll},
    {241, "-0.5", 0xbf000000u, 0xbfe0000000000000ull, kAll},
    {242, "1.0", 0x3f800000u, 0x3ff0000000000000ull, kAll},
    {243, "-1.0", 0xbf800000u, 0xbff0000000000000ull, kAll},
    {244, "2.0", 0x40000000u, 0x4000000000000000ull, kAll},
    {245, "-2.0", 0xc0000000u, 0xc000000000000000ull, kAll},
    {246, "4.0", 0x40800000u, 0x4010000000000000ull, kAll},
    {247, "-4.0", 0xc0800000u, 0xc010000000000000ull, kAll},
    {248, "0.15915494", 0x3e22f983u, 0x3fc45f306dc9c882ull, kV12 | kV14},   // 1/(2*pi)
}};

unsigned sgpr_count(Version v) { return v == Version::Gcn10 ? 104 : 102; }
unsigned ttmp_base(Version v) { return v == Version::Gcn14 ? 108 : 112; }

}  // namespace

std::optional<std::string> format_operand(Version v, unsigned code, unsigned width, std::uint32_t literal) {
    const std::uint8_t vb = bit(v);
    const bool pair = width == 2;
    if (code < sgpr_count(v)) {
        if (!pair) return fmt::format("s{}", code);
        if (code % 2 != 0) return std::nullopt;
        return fmt::format("s[{}:{}]", code, code + 1);
    }
    for (const NamedPair& p : kPairs) {
        if ((p.versions & vb) == 0 || (code != p.code && code != p.code + 1u)) continue;
        if (!pair) return std::string(code == p.code ? p.lo : p.hi);
        if (code != p.code) return std::nullopt;
        return std::string(p.pair);
    }
    if (code >= ttmp_base(v) && code < 124) {
        const unsigned n = code - ttmp_base(v);
        if (!pair) return fmt::format("ttmp{}", n);
        if (n % 2 != 0) return std::nullopt;
        return fmt::format("ttmp[{}:{}]", n, n + 1);
    }
    for (const Named& s : kSingles) {
        if (s.code == code && (s.versions & vb) != 0 && (!pair || s.pairable)) return std::string(s.name);
    }
    if (code >= 128 && code <= 192) return fmt::format("{}", code - 128);
    if (code >= 193 && code <= 208) return fmt::format("{}", 192 - static_cast<int>(code));
    for (const FloatConst& f : kFloats) {
        if (f.code == code && (f.versions & vb) != 0) return std::string(f.text);
    }
    if (code == kLiteralCode) return fmt::format("0x{:x}", literal);
    return std::nullopt;
}

bool is_source(Version v, unsigned code, unsigned width) {
    return format_operand(v, code, width, 0).has_value();
}

bool is_destination(Version v, unsigned code, unsigned width) {
    return code < 128 && is_source(v, code, width);
}

ParsedOperand parse_operand(Version v, std::string_view raw, unsigned width, bool destination) {
    ParsedOperand r;
    const std::string t = text::lower(text::trim(raw));
    // Registers and named operands: look the text up among the valid codes.
    for (unsigned code = 0; code < 255; ++code) {
        if (destination && code >= 128) break;
        const auto name = format_operand(v, code, width, 0);
        if (name && *name == t) {
            r.code = code;
            return r;
        }
    }
    if (destination) {
        r.error = fmt::format("'{}' is not a {}-bit scalar destination in this GCN version", raw, 32 * width);
        return r;
    }
    const bool is_hex = t.find("0x") != std::string::npos;
    const auto value = text::parse_int(t);
    if (!value) {
        r.error = fmt::format("'{}' is not a {}-bit scalar operand in this GCN version", raw, 32 * width);
        return r;
    }
    if (!is_hex && *value >= -16 && *value <= 64) {
        r.code = *value >= 0 ? static_cast<unsigned>(128 + *value) : static_cast<unsigned>(192 - *value);
        return r;
    }
    if (width == 2 && *value < 0) {
        r.error = fmt::format("literal {} of a 64-bit operand: the literal is zero-extended; write 32-bit hex", raw);
        return r;
    }
    if (*value < -2147483648LL || *value > 0xffffffffLL) {
        r.error = fmt::format("literal {} does not fit in 32 bits", raw);
        return r;
    }
    r.code = kLiteralCode;
    r.literal = static_cast<std::uint32_t>(*value);
    return r;
}

std::uint64_t read_operand(const ScalarState& s, unsigned code, unsigned width, std::uint32_t literal) {
    const bool pair = width == 2;
    if (code < 128) return pair ? s.sgpr64(code) : s.regs[code];
    if (code <= 192) return code - 128u;
    if (code <= 208) {
        const std::int64_t v = 192 - static_cast<std::int64_t>(code);
        return pair ? static_cast<std::uint64_t>(v) : static_cast<std::uint32_t>(v);
    }
    for (const FloatConst& f : kFloats) {
        if (f.code == code) return pair ? f.f64 : f.f32;
    }
    if (code >= 235 && code <= 239) return s.apertures[code - 235];
    if (code == 251) return s.vcc() == 0 ? 1 : 0;
    if (code == 252) return s.exec() == 0 ? 1 : 0;
    if (code == 253) return s.scc ? 1 : 0;
    return literal;   // 255; the decoder rejects every other code
}

}  // namespace fgtlm::isa::gcn
