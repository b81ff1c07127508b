#include <fgtlm/isa/decoder.hpp>

#include "codec.hpp"
#include "format_table.hpp"

#include <array>
#include <bit>
#include <vector>
#include <cstdio>

namespace fgtlm::isa {
namespace {

Instruction illegal(Instruction base, IllegalReason why) {
    base.op = Opcode::Illegal;
    base.illegal_reason = why;
    return base;
}

// The table's rows by (form, flow, opcode, sub-op of long forms), in table order: a word's
// decode tries only the rows of its own key instead of scanning the table (a kernel's first
// fetch of each word decodes it).
constexpr std::size_t kKeys = 3 * 2 * 16 * 8;
std::size_t key_slot(Form form, unsigned flow, unsigned op, unsigned sub) {
    const std::size_t sub_op = form == Form::Long ? sub & 7u : 0u;
    return ((static_cast<std::size_t>(form) * 2 + (flow & 1u)) * 16 + (op & 15u)) * 8 + sub_op;
}
const std::vector<const detail::Spec*>& rows_of(const detail::SpecKey& k) {
    static const auto index = [] {
        std::array<std::vector<const detail::Spec*>, kKeys> rows;
        for (const detail::Spec& s : detail::spec_table()) rows[key_slot(s.form, s.flow, s.op, s.sub)].push_back(&s);
        return rows;
    }();
    return index[key_slot(k.form, k.flow, k.op, k.sub)];
}

}  // namespace

Instruction decode(std::uint32_t lo, std::uint32_t hi, std::uint32_t address) {
    return decode(lo, hi, address, UndescribedBits::Illegal);
}

Instruction decode(std::uint32_t lo, std::uint32_t hi, std::uint32_t address, UndescribedBits undescribed) {
    const detail::SpecKey key = detail::key_of(lo, hi);
    Instruction base;
    base.address = address;
    base.lo = lo;
    base.hi = key.form == Form::Short ? 0u : hi;
    base.form = key.form;
    base.sub_op = key.sub;
    base.marker = key.form == Form::Long ? static_cast<Marker>(hi & 3u) : Marker::None;
    const std::uint64_t word = key.form == Form::Short ? lo : (std::uint64_t{hi} << 32 | lo);

    bool any_row = false;
    Instruction nearest;
    int nearest_distance = 65;  // bits of the word the best row so far does not reproduce
    for (const detail::Spec* row : rows_of(key)) {
        const detail::Spec& s = *row;
        any_row = true;
        Instruction inst = base;
        std::string error;
        if (!detail::decode_with(s, word, inst, error)) continue;
        // Strictness: every set bit must be one the row accounts for.
        std::uint64_t again = 0;
        if (!detail::encode_with(s, inst, again, error)) continue;
        inst.illegal_reason = IllegalReason::None;
        if (again == word) return inst;
        const int distance = std::popcount(again ^ word);
        if (distance < nearest_distance) nearest = inst, nearest_distance = distance;
    }
    if (undescribed == UndescribedBits::Ignored && nearest_distance <= 64) return nearest;
    if (any_row) return illegal(base, IllegalReason::ReservedField);
    // Known opcode in another form?
    for (const detail::Spec& s : detail::spec_table()) {
        if (s.flow == key.flow && s.op == key.op && (key.form != Form::Long || s.sub == key.sub) &&
            s.form != key.form) {
            return illegal(base, IllegalReason::UnsupportedForm);
        }
    }
    return illegal(base, IllegalReason::UnknownOpcode);
}

std::vector<Instruction> decode_program(std::span<const std::uint32_t> words, std::uint32_t base) {
    std::vector<Instruction> out;
    out.reserve(words.size());
    std::size_t i = 0;
    while (i < words.size()) {
        const std::uint32_t address = base + static_cast<std::uint32_t>(i * 4);
        const std::uint32_t lo = words[i];
        if ((lo & 1u) == 0) {
            out.push_back(decode(lo, 0, address));
            i += 1;
            continue;
        }
        if (i + 1 >= words.size()) {
            Instruction t;
            t.address = address;
            t.lo = lo;
            t.form = Form::Long;
            out.push_back(illegal(t, IllegalReason::Truncated));
            i += 1;
            continue;
        }
        Instruction inst = decode(lo, words[i + 1], address);
        if ((address & 7u) != 0) inst = illegal(inst, IllegalReason::Misaligned);
        out.push_back(inst);
        i += 2;
    }
    return out;
}

const char* to_string(IllegalReason reason) {
    switch (reason) {
        case IllegalReason::None: return "not illegal";
        case IllegalReason::UnknownOpcode: return "unknown opcode";
        case IllegalReason::UnsupportedForm: return "opcode not available in this form";
        case IllegalReason::ReservedField: return "reserved or unsupported field value";
        case IllegalReason::Truncated: return "64-bit instruction truncated by the end of the program";
        case IllegalReason::Misaligned: return "64-bit instruction not 8-byte aligned";
        case IllegalReason::UnitStalls: return "a word a FlexGripPlus unit never finishes";
    }
    return "?";
}

std::string describe_illegal(const Instruction& inst) {
    if (!inst.is_illegal()) return {};
    char words[64];
    if (inst.illegal_reason == IllegalReason::Truncated) {
        std::snprintf(words, sizeof words, "0x%08x (second word missing)", inst.lo);
    } else if (inst.form == Form::Short) {
        std::snprintf(words, sizeof words, "0x%08x", inst.lo);
    } else {
        std::snprintf(words, sizeof words, "0x%08x%08x", inst.hi, inst.lo);
    }
    const detail::SpecKey k = detail::key_of(inst.lo, inst.hi);
    const char* form = k.form == Form::Short ? "32-bit" : k.form == Form::Immediate ? "immediate" : "64-bit";
    char buf[256];
    std::snprintf(buf, sizeof buf, "illegal instruction at 0x%04x: %s (%s; %s %s op 0x%x sub %u)", inst.address,
                  words, to_string(inst.illegal_reason), form, k.flow ? "flow" : "normal", k.op, k.sub);
    return buf;
}

}  // namespace fgtlm::isa
