// Program text -> instruction-memory words: lines, labels, directives and nvcc's layout.
#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/isa/encoder.hpp>

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

namespace fgtlm::isa {
namespace {

struct Item {
    ParsedInstruction parsed;
    std::uint32_t line = 0;
    std::uint32_t column = 0;  // 1-based column of the instruction text
};

bool space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// The 64-bit encoding in a cuobjdump/`fgtlm disasm` suffix `/* 0x<16 hex digits> */`, if the
// line has one (its high word is the first eight digits).
std::optional<std::uint64_t> encoding_comment(std::string_view raw) {
    const std::size_t at = raw.rfind("/* 0x");
    if (at == std::string_view::npos || raw.size() < at + 5 + 16 + 3) return std::nullopt;
    const std::string_view digits = raw.substr(at + 5, 16);
    if (raw.substr(at + 21, 3) != " */") return std::nullopt;
    std::uint64_t v = 0;
    for (const char c : digits) {
        if (!std::isxdigit(static_cast<unsigned char>(c))) return std::nullopt;
        v = v * 16 + std::uint64_t(std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : (c | 0x20) - 'a' + 10);
    }
    return v;
}

// Replace /* ... */ (cuobjdump address prefix and encoding suffix), `//` and `#` comments
// with blanks so column numbers stay true.
std::string strip_comments(std::string_view raw, bool& in_block) {
    std::string s(raw);
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (in_block) {
            if (s.compare(i, 2, "*/") == 0) {
                s[i] = s[i + 1] = ' ';
                ++i;
                in_block = false;
            } else {
                s[i] = ' ';
            }
            continue;
        }
        if (s.compare(i, 2, "/*") == 0) {
            in_block = true;
            s[i] = s[i + 1] = ' ';
            ++i;
        } else if (s.compare(i, 2, "//") == 0 || s[i] == '#') {
            s.resize(i);
            break;
        }
    }
    return s;
}

// cuobjdump header/footer lines that carry no instruction.
bool is_listing_noise(std::string_view t) {
    static constexpr std::string_view kPrefixes[] = {
        "code for", "Function :",   "Function:",  "arch =", "arch=", "code version", "producer",
        "host =",   "compile_size", "identifier", "Fatbin", "----",  "....",         "===="};
    for (std::string_view p : kPrefixes) {
        if (t.substr(0, p.size()) == p) return true;
    }
    return t == "{" || t == "}";
}

bool is_label_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$'; }

}  // namespace

std::string AsmDiagnostic::str() const {
    return file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": error: " + message;
}

namespace {

// The assembler's passes: read every line (labels, directives, instructions), place the
// end-of-program marker, lay out 32-bit instructions the way nvcc does, then resolve labels
// and encode. Errors are collected (not thrown) so one run reports all of them, in line order.
class Assembler {
public:
    explicit Assembler(std::string_view filename) : file_(filename) {}

    AssembleResult run(std::string_view source) {
        read_source(source);
        if (items_.empty()) {
            if (result_.errors.empty()) error(1, 1, "no instructions");
            return std::move(result_);
        }
        place_end_marker();
        pair_short_forms();
        encode_all();
        if (!result_.errors.empty()) {
            std::stable_sort(result_.errors.begin(), result_.errors.end(),
                             [](const AsmDiagnostic& a, const AsmDiagnostic& b) {
                                 return a.line != b.line ? a.line < b.line : a.column < b.column;
                             });
            result_.words.clear();
            result_.instructions.clear();
        }
        return std::move(result_);
    }

private:
    void error(std::uint32_t line, std::uint32_t column, std::string msg) {
        result_.errors.push_back(AsmDiagnostic{file_, line, column, std::move(msg)});
    }

    void read_source(std::string_view source) {
        bool in_block = false;  // inside a /* comment */ spanning lines
        std::uint32_t line_no = 0;
        while (!source.empty() || line_no == 0) {
            ++line_no;
            const std::size_t nl = source.find('\n');
            const std::string_view raw = source.substr(0, nl);
            source = nl == std::string_view::npos ? std::string_view{} : source.substr(nl + 1);
            encoding_ = in_block ? std::nullopt : encoding_comment(raw);
            read_line(line_no, strip_comments(raw, in_block));
        }
        if (in_block) error(line_no, 1, "unterminated /* comment");
    }

    void read_line(std::uint32_t line_no, const std::string& s) {
        std::size_t p = 0;
        while (p < s.size() && space(s[p])) ++p;
        p = read_labels(line_no, s, p);
        std::string_view rest = std::string_view(s).substr(p);
        while (!rest.empty() && space(rest.back())) rest.remove_suffix(1);
        if (rest.empty() || is_listing_noise(rest)) return;
        if (rest.front() == '.') return read_directive(line_no, rest, p);
        read_instruction(line_no, rest, p);
    }

    // Labels at `p` (possibly several, possibly followed by an instruction); returns where the
    // rest of the line starts.
    std::size_t read_labels(std::uint32_t line_no, const std::string& s, std::size_t p) {
        for (;;) {
            std::size_t q = p;
            while (q < s.size() && is_label_char(s[q])) ++q;
            if (!(q > p && q < s.size() && s[q] == ':' && !std::isdigit(static_cast<unsigned char>(s[p])))) return p;
            const std::string name = s.substr(p, q - p);
            if (labels_.count(name)) {
                error(line_no, static_cast<std::uint32_t>(p + 1),
                      "label '" + name + "' already defined on line " + std::to_string(label_line_[name]));
            } else {
                labels_[name] = items_.size();
                label_line_[name] = line_no;
            }
            p = q + 1;
            while (p < s.size() && space(s[p])) ++p;
        }
    }

    void read_directive(std::uint32_t line_no, std::string_view rest, std::size_t p) {
        if (rest.substr(0, 12) != ".short_forms") {
            error(line_no, static_cast<std::uint32_t>(p + 1),
                  "unknown directive '" + std::string(rest.substr(0, rest.find(' '))) + "'");
            return;
        }
        std::string_view arg = rest.substr(12);
        while (!arg.empty() && space(arg.front())) arg.remove_prefix(1);
        if (arg == "on")
            short_forms_ = true;
        else if (arg == "off")
            short_forms_ = false;
        else
            error(line_no, static_cast<std::uint32_t>(p + 13), "expected '.short_forms on' or '.short_forms off'");
    }

    void read_instruction(std::uint32_t line_no, std::string_view rest, std::size_t p) {
        Item item;
        item.line = line_no;
        item.column = static_cast<std::uint32_t>(p + 1);
        item.parsed = parse_instruction(rest);
        if (!item.parsed.ok()) return error(line_no, item.column + item.parsed.column, item.parsed.error);
        guard_field_from_encoding(item.parsed.inst);
        spare_bank_from_encoding(item.parsed.inst);
        // Check the instruction in the form it was written in (layout may promote it later).
        if (const Encoding e = encode(item.parsed.inst); !e.ok()) return error(line_no, item.column, e.error);
        if (short_forms_ && item.parsed.inst.form == Form::Long && item.parsed.target_label.empty()) {
            Instruction s32 = item.parsed.inst;
            s32.form = Form::Short;
            if (encode(s32).ok()) item.parsed.inst = s32;
        }
        items_.push_back(std::move(item));
    }

    // SSY/CAL/PBK print the same whether their (ignored) guard field is 0 or C0.TR (0x780 in
    // the high word), as cuobjdump prints them: the line's encoding comment, when it has
    // one, says which (so listings round-trip); without it the field is 0.
    void guard_field_from_encoding(Instruction& in) const {
        const bool field_row = in.op == Opcode::SSY || in.op == Opcode::CAL || in.op == Opcode::PBK;
        if (!field_row || !encoding_ || in.explicit_tr) return;
        const auto hi = static_cast<std::uint32_t>(*encoding_ >> 32);
        in.explicit_tr = ((hi >> 7) & 0x1fu) == 0xfu;
    }

    // An FMAD without a constant operand prints the same whatever its (ignored) bank field
    // holds; nvcc sometimes sets it (0x00408780e0010205), so the encoding comment says which.
    void spare_bank_from_encoding(Instruction& in) const {
        if (in.op != Opcode::FMAD || in.form != Form::Long || !encoding_ || in.num_src < 2) return;
        for (std::size_t i = 0; i < in.num_src; ++i)
            if (in.src[i].kind == OperandKind::Const) return;
        in.src[1].bank = static_cast<std::uint8_t>((*encoding_ >> 54) & 0xfu);  // codec.cpp spare_bank
    }

    // The 64-bit form of `it`, if it has one.
    static bool promote(Item& it) {
        Instruction l = it.parsed.inst;
        l.form = Form::Long;
        if (!encode(l).ok()) return false;
        it.parsed.inst = l;
        return true;
    }

    // The last instruction carries the end marker: it must be a long, non-immediate form.
    void place_end_marker() {
        Item& last = items_.back();
        for (const Item& it : items_) {
            if (it.parsed.inst.marker == Marker::End) return;  // `.END` in the source: markers are where it says
        }
        if (last.parsed.inst.form == Form::Short && !promote(last)) {
            error(last.line, last.column,
                  "the last instruction carries the end-of-program marker but has no 64-bit form; add RET");
        } else if (last.parsed.inst.form == Form::Immediate) {
            error(last.line, last.column,
                  "the last instruction carries the end-of-program marker, which immediate forms cannot hold; add RET");
        } else if (last.parsed.inst.marker == Marker::Join) {
            error(last.line, last.column,
                  "the last instruction carries the end-of-program marker and cannot also be .S");
        } else {
            last.parsed.inst.marker = Marker::End;
        }
    }

    // nvcc layout: 32-bit instructions in pairs; a lone one is promoted to its 64-bit form.
    void pair_short_forms() {
        for (std::size_t i = 0; i < items_.size();) {
            if (items_[i].parsed.inst.form != Form::Short) {
                ++i;
            } else if (i + 1 < items_.size() && items_[i + 1].parsed.inst.form == Form::Short) {
                i += 2;
            } else {
                if (!promote(items_[i])) {
                    error(items_[i].line, items_[i].column,
                          "32-bit instruction without a 32-bit partner and without a 64-bit form (64-bit instructions "
                          "must stay 8-byte aligned)");
                }
                ++i;
            }
        }
    }

    // Addresses from the final layout, label targets, then the words.
    void encode_all() {
        std::vector<std::uint32_t> address(items_.size() + 1, 0);
        for (std::size_t i = 0; i < items_.size(); ++i)
            address[i + 1] = address[i] + items_[i].parsed.inst.size_bytes();
        for (std::size_t i = 0; i < items_.size(); ++i) {
            Item& it = items_[i];
            Instruction& in = it.parsed.inst;
            in.address = address[i];
            if (!it.parsed.target_label.empty()) {
                const auto l = labels_.find(it.parsed.target_label);
                if (l == labels_.end()) {
                    error(it.line, it.column, "undefined label '" + it.parsed.target_label + "'");
                    continue;
                }
                in.target = address[l->second];
            }
            const Encoding e = encode(in);
            if (!e.ok()) {
                error(it.line, it.column, e.error);
                continue;
            }
            in.lo = e.lo;
            in.hi = in.is_long() ? e.hi : 0;
            result_.words.push_back(e.lo);
            if (in.is_long()) result_.words.push_back(e.hi);
            result_.instructions.push_back(in);
        }
    }

    std::string file_;
    AssembleResult result_;
    std::vector<Item> items_;
    std::map<std::string, std::size_t> labels_;  // label -> index of the next instruction
    std::map<std::string, std::uint32_t> label_line_;
    bool short_forms_ = false;               // `.short_forms on`: 32-bit forms where they exist
    std::optional<std::uint64_t> encoding_;  // the current line's `/* 0x... */` encoding comment
};

}  // namespace

AssembleResult assemble(std::string_view source, std::string_view filename) { return Assembler(filename).run(source); }

}  // namespace fgtlm::isa
