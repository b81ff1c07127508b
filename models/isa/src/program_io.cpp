#include <fgtlm/isa/program_io.hpp>

#include <fgtlm/io/output_file.hpp>
#include <fgtlm/io/text.hpp>

#include <fgtlm/isa/decoder.hpp>
#include <fgtlm/isa/disassembler.hpp>

#include <cstdio>
#include <fstream>
#include <iterator>

namespace fgtlm::isa {
namespace {

[[noreturn]] void fail(std::string_view file, std::size_t line, const std::string& msg) {
    throw ProgramIoError(std::string(file) + ":" + std::to_string(line) + ": " + msg);
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::vector<char> slurp(const std::filesystem::path& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw ProgramIoError(path.string() + ": cannot open file");
    return std::vector<char>(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

// Complete or not at all: a temporary file renamed into place, every write checked.
void spill(const std::filesystem::path& path, std::string_view data) {
    try {
        io::write_file(path.string(), data);
    } catch (const std::runtime_error& e) {
        throw ProgramIoError(e.what());
    }
}

}  // namespace

std::vector<std::uint32_t> parse_program_hex(std::string_view text, std::string_view filename) {
    std::vector<std::uint32_t> words;
    std::size_t line_no = 0;
    while (!text.empty()) {
        ++line_no;
        const std::size_t nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
        if (const std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
        line = trim(line);
        if (line.empty()) continue;
        std::string_view digits = line;
        if (digits.size() >= 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) digits.remove_prefix(2);
        if (digits.empty() || digits.size() > 8) {
            fail(filename, line_no,
                 "expected a 32-bit hex word like 0x10004205, got '" + io::escape_and_cut(line, 60) + "'");
        }
        std::uint32_t v = 0;
        for (char c : digits) {
            const int d = hex_digit(c);
            if (d < 0)
                fail(filename, line_no,
                     "invalid hex digit '" + io::escape_and_cut(std::string_view(&c, 1)) + "' in '" +
                         io::escape_and_cut(line, 60) + "'");
            v = v << 4 | static_cast<std::uint32_t>(d);
        }
        words.push_back(v);
    }
    return words;
}

std::vector<std::uint32_t> read_program_hex(const std::filesystem::path& path) {
    const std::vector<char> data = slurp(path);
    return parse_program_hex(std::string_view(data.data(), data.size()), path.string());
}

std::vector<std::uint32_t> parse_program_binary(std::span<const std::byte> bytes, std::string_view filename) {
    if (bytes.size() % 4 != 0) {
        throw ProgramIoError(std::string(filename) + ": size " + std::to_string(bytes.size()) +
                             " bytes is not a multiple of 4 (raw little-endian 32-bit words expected)");
    }
    std::vector<std::uint32_t> words(bytes.size() / 4);
    for (std::size_t i = 0; i < words.size(); ++i) {
        std::uint32_t v = 0;
        for (int b = 3; b >= 0; --b)
            v = v << 8 | std::to_integer<std::uint32_t>(bytes[i * 4 + static_cast<std::size_t>(b)]);
        words[i] = v;
    }
    return words;
}

std::vector<std::uint32_t> read_program_binary(const std::filesystem::path& path) {
    const std::vector<char> data = slurp(path);
    return parse_program_binary(std::as_bytes(std::span<const char>(data)), path.string());
}

std::string format_program_hex(std::span<const std::uint32_t> words, bool with_text) {
    std::vector<std::string> comments(words.size());
    if (with_text) {
        for (const Instruction& in : decode_program(words)) {
            const std::size_t i = in.address / 4;
            if (i < comments.size()) comments[i] = in.is_illegal() ? describe_illegal(in) : disassemble(in) + ";";
        }
    }
    std::string out;
    out.reserve(words.size() * 40);
    for (std::size_t i = 0; i < words.size(); ++i) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "0x%08X", words[i]);
        out += buf;
        if (!comments[i].empty()) out += "  # " + comments[i];
        out += '\n';
    }
    return out;
}

void write_program_hex(const std::filesystem::path& path, std::span<const std::uint32_t> words, bool with_text) {
    spill(path, format_program_hex(words, with_text));
}

void write_program_binary(const std::filesystem::path& path, std::span<const std::uint32_t> words) {
    std::string data(words.size() * 4, '\0');
    for (std::size_t i = 0; i < words.size(); ++i) {
        for (int b = 0; b < 4; ++b)
            data[i * 4 + static_cast<std::size_t>(b)] = static_cast<char>((words[i] >> (8 * b)) & 0xffu);
    }
    spill(path, data);
}

}  // namespace fgtlm::isa
