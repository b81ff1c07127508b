// Generators of the C header and the README table from the register map. Formatting choices
// (hex widths, column padding) are made here once, so that regenerating gives the same bytes.
#include <fgtlm/host/register_docs.hpp>
#include <fgtlm/host/register_map.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace fgtlm::host::regmap {

namespace {

const char* access_c(Access a) {
    switch (a) {
        case Access::RO: return "RO";
        case Access::RW: return "RW";
        case Access::WO: return "WO, reads 0";
        case Access::W1C: return "W1C";
    }
    return "?";
}

const char* access_md(Access a) {
    switch (a) {
        case Access::RO: return "R";
        case Access::RW: return "RW";
        case Access::WO: return "W (reads 0)";
        case Access::W1C: return "R/W1C";
    }
    return "?";
}

// "#define FGTLM_<name> <value> /* comment */"; a comment that would run past 120 columns goes
// on its own line above the definition.
std::string define(std::string_view name, const std::string& value, std::string_view comment = {}) {
    const std::string line = fmt::format("#define FGTLM_{:<25} {}", name, value);
    if (comment.empty()) return line + '\n';
    const std::string text = fmt::format("/* {} */", comment);
    if (line.size() + 1 + text.size() <= 120) return line + ' ' + text + '\n';
    return text + '\n' + line + '\n';
}

std::string hex(std::uint32_t v) { return fmt::format("0x{:X}u", v); }
std::string number(std::uint32_t v) { return v < 0x100 ? fmt::format("{}u", v) : hex(v); }

// Reset values as the README shows them: small numbers in decimal, the rest as 8 hex digits.
std::string reset_text(std::uint32_t v) { return v < 0x100 ? std::to_string(v) : fmt::format("0x{:08X}", v); }

std::string register_defines() {
    std::string out = "/* ---- registers: offsets from the interface's base address ---- */\n";
    for (const Register& r : kRegisters) {
        std::string comment = fmt::format("{}, reset {}: {}", access_c(r.access), reset_text(r.reset), r.doc);
        if (r.count > 1) {
            comment += fmt::format(" (i = 0..{})", r.count - 1);
            out += define(fmt::format("REG_{}(i)", r.name), fmt::format("(0x{:03X}u + 4u * (unsigned)(i))", r.offset),
                          comment);
        } else {
            out += define(fmt::format("REG_{}", r.name), fmt::format("0x{:03X}u", r.offset), comment);
        }
    }
    return out;
}

std::string constant_defines() {
    std::string out = "\n/* ---- constants ---- */\n";
    for (const Constant& c : kConstants) out += define(c.name, number(c.value), c.doc);
    return out;
}

// One field set: single bits as masks, wider fields as _SHIFT and _MASK (the mask applies after
// shifting), named values with the field's own prefix.
std::string field_set_defines(const FieldSet& set, std::string_view registers) {
    std::string out = fmt::format("\n/* ---- {} fields ---- */\n", registers);
    for (const Field& f : set.fields) {
        const std::string name = fmt::format("{}_{}", set.prefix, f.name);
        if (f.width == 1) {
            out += define(name, hex(f.mask()), f.doc);
            continue;
        }
        out += define(name + "_SHIFT", fmt::format("{}u", f.lsb),
                      fmt::format("[{}:{}] {}", f.lsb + f.width - 1, f.lsb, f.doc));
        out += define(name + "_MASK", hex(f.width_mask()));
        for (const Value& v : f.values)
            out += define(fmt::format("{}_{}", f.value_prefix, v.name), fmt::format("{}u", v.value), v.doc);
    }
    if (set.all_single_bits()) out += define(fmt::format("{}_ALL", set.prefix), hex(set.mask()), "all of the above");
    return out;
}

std::string field_defines() {
    std::string out;
    std::vector<const FieldSet*> done;
    for (const Register& r : kRegisters) {
        if (!r.fields || std::find(done.begin(), done.end(), r.fields) != done.end()) continue;
        done.push_back(r.fields);
        std::string users;
        for (const Register& u : kRegisters)
            if (u.fields == r.fields) users += (users.empty() ? "" : ", ") + std::string(u.name);
        out += field_set_defines(*r.fields, users);
    }
    return out;
}

// "bit0 START (launch ...)" or "[15:8] ERROR: error kind (0 NONE, 1 ...)".
std::string describe_field(const Field& f) {
    std::string text = f.width == 1 ? fmt::format("bit{} {} ({})", f.lsb, f.name, f.doc)
                                    : fmt::format("[{}:{}] {}: {}", f.lsb + f.width - 1, f.lsb, f.name, f.doc);
    if (f.values.empty()) return text;
    std::string values;
    for (const Value& v : f.values) values += fmt::format("{}{} {}", values.empty() ? "" : ", ", v.value, v.name);
    return text + " (" + values + ")";
}

std::string meaning(const Register& r) {
    std::string text(r.doc);
    if (r.count > 1) text += fmt::format(" (i = 0..{})", r.count - 1);
    if (!r.fields) return text;
    std::string fields;
    for (const Field& f : r.fields->fields) fields += (fields.empty() ? "" : "; ") + describe_field(f);
    return text + ": " + fields;
}

// A '|' inside a table cell would end it: Markdown needs it escaped.
std::string cell(const std::string& text) {
    std::string out;
    for (const char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
}

std::size_t find_marker(std::string_view document, std::string_view marker, std::size_t from) {
    const std::size_t at = document.find(marker, from);
    if (at == std::string_view::npos) throw std::runtime_error(fmt::format("marker line missing: {}", marker));
    return at;
}

}  // namespace

std::string c_header() {
    std::string out =
        "/* Register map of the FlexGrip-TLM host interface (see models/host/README.md).\n"
        " *\n"
        " * GENERATED from models/host/include/fgtlm/host/register_map.hpp by `fgtlm regmap --c-header`:\n"
        " * edit the table there, then regenerate (the test RegisterDocs.HeaderIsCurrent fails while\n"
        " * this copy is stale).\n"
        " *\n"
        " * Plain C so that the same offsets serve C++ models and the RISC-V firmware driver\n"
        " * (platform/firmware/driver). Every register is 32 bits wide and must be accessed with\n"
        " * aligned 4-byte loads/stores. Access: RO read-only, RW read/write, WO write-only,\n"
        " * W1C write 1 to clear.\n"
        " */\n"
        "#ifndef FGTLM_HOST_REGISTERS_H\n"
        "#define FGTLM_HOST_REGISTERS_H\n\n";
    out += register_defines();
    out += constant_defines();
    out += field_defines();
    out += "\n#endif\n";
    return out;
}

std::string markdown_table() {
    std::string out = "| Offset | Name | Access | Reset | Meaning |\n|---|---|---|---|---|\n";
    for (const Register& r : kRegisters) {
        const bool array = r.count > 1;
        out += fmt::format("| 0x{:03X}{} | {}{} | {} | {} | {} |\n", r.offset, array ? " + 4i" : "", r.name,
                           array ? "(i)" : "", access_md(r.access), reset_text(r.reset), cell(meaning(r)));
    }
    const std::uint32_t window = constant("CONST_WINDOW"), size = constant("CONST_WINDOW_SIZE");
    out += fmt::format(
        "| 0x{:X}..0x{:X} | CONST[] | RW | 0 | the {} KiB constant memory image (bytes 0..{}), "
        "passed to the GPU at START |\n",
        window, window + size - 1, size / 1024, size - 1);
    return out;
}

std::string replace_markdown_table(std::string_view document, std::string_view table) {
    const std::size_t begin = find_marker(document, kMarkdownBegin, 0) + kMarkdownBegin.size();
    const std::size_t end = find_marker(document, kMarkdownEnd, begin);
    return std::string(document.substr(0, begin)) + "\n" + std::string(table) + std::string(document.substr(end));
}

std::string extract_markdown_table(std::string_view document) {
    const std::size_t begin = find_marker(document, kMarkdownBegin, 0) + kMarkdownBegin.size();
    const std::size_t end = find_marker(document, kMarkdownEnd, begin);
    std::string_view body = document.substr(begin, end - begin);
    if (!body.empty() && body.front() == '\n') body.remove_prefix(1);
    return std::string(body);
}

}  // namespace fgtlm::host::regmap
