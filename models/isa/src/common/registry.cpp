// The registry's list of back ends and the default (line-by-line) program routines.
#include "backends.hpp"
#include "text.hpp"

#include <fgtlm/isa/registry.hpp>

#include <fmt/format.h>

#include <array>

namespace fgtlm::isa {

std::span<const IsaBackend* const> isa_backends() {
    static const std::array<const IsaBackend*, 7> all{&sm10_backend(),  &fermi_backend(),   &gcn10_backend(),
                                                      &gcn12_backend(), &gcn14_backend(),   &maxwell_backend(),
                                                      &usse_backend()};
    return all;
}

const IsaBackend* find_isa(std::string_view name) {
    for (const IsaBackend* b : isa_backends()) {
        if (text::iequals(b->name(), name)) return b;
    }
    return nullptr;
}

std::string isa_names() {
    std::string r;
    for (const IsaBackend* b : isa_backends()) r += (r.empty() ? "" : ", ") + std::string(b->name());
    return r;
}

namespace {

// Removes `/* ... */` blocks (listing addresses and encodings) and `//` / `#` comments.
std::string strip_comments(std::string_view line) {
    std::string out;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line.compare(i, 2, "/*") == 0) {
            const std::size_t end = line.find("*/", i + 2);
            if (end == std::string_view::npos) break;
            out.append(end + 2 - i, ' ');   // keep columns
            i = end + 1;
            continue;
        }
        if (line.compare(i, 2, "//") == 0 || line[i] == '#') break;
        out.push_back(line[i]);
    }
    return out;
}

std::string words_hex(std::span<const std::uint32_t> w) {
    std::string r;
    for (std::size_t i = 0; i < w.size(); ++i) r += fmt::format("{}0x{:08x}", i ? " " : "", w[i]);
    return r;
}

}  // namespace

IsaListing IsaBackend::disassemble_program(std::span<const std::uint32_t> words, bool text_only) const {
    IsaListing out;
    std::size_t i = 0;
    while (i < words.size()) {
        const auto address = static_cast<std::uint32_t>(i * 4);
        IsaDecoded d = disassemble_one(words.subspan(i), address);
        const std::size_t n = std::min<std::size_t>(std::max<std::uint32_t>(d.words, 1), words.size() - i);
        const std::string enc = words_hex(words.subspan(i, n));
        if (!d.ok()) {
            out.errors.push_back(fmt::format("illegal instruction at 0x{:04x}: {} ({})", address, enc, d.error));
            d.text = fmt::format(".illegal {}", enc);
        }
        if (text_only) {
            out.text += d.text + '\n';
        } else {
            out.text += fmt::format("        /*{:04x}*/        {:<44} /* {} */\n", address, d.text, enc);
        }
        i += n;
    }
    return out;
}

IsaProgram IsaBackend::assemble_program(std::string_view source, std::string_view filename) const {
    IsaProgram out;
    std::uint32_t line_no = 0;
    std::size_t pos = 0;
    while (pos <= source.size()) {
        const std::size_t eol = std::min(source.find('\n', pos), source.size());
        const std::string_view raw = source.substr(pos, eol - pos);
        pos = eol + 1;
        ++line_no;
        const std::string line = strip_comments(raw);
        const std::string_view body = text::trim(line);
        if (body.empty()) {
            if (eol == source.size()) break;
            continue;
        }
        const IsaEncoded e = assemble_one(body);
        if (!e.ok()) {
            const std::uint32_t col = text::column_of(line, body) + e.column + 1;
            out.errors.push_back(fmt::format("{}:{}:{}: error: {}", filename, line_no, col, e.error));
        } else {
            out.words.insert(out.words.end(), e.words.begin(), e.words.end());
        }
        if (eol == source.size()) break;
    }
    return out;
}

}  // namespace fgtlm::isa
