// tests/data/isa/cubins JSON -> CubinModule (cubin_loader.hpp). Every field is type- and
// range-checked with the launch.json readers (json_fields.hpp).
#include <fgtlm/loaders/cubin_loader.hpp>

#include <fstream>

#include <fgtlm/io/text.hpp>
#include "json_fields.hpp"

namespace fgtlm::loaders {

namespace {

constexpr std::uint32_t kBanks = 16;
constexpr std::uint32_t kBankBytes = 64 * 1024;  // G80: 64 KiB per constant bank

std::uint32_t hex_word(const json& v, const std::string& where, const fs::path& file) {
    const std::string s = v.is_string() ? v.get<std::string>() : std::string();
    const std::size_t start = s.rfind("0x", 0) == 0 ? 2 : 0;
    const bool ok = !s.empty() && s.size() - start >= 1 && s.size() - start <= 8 &&
                    s.find_first_not_of("0123456789abcdefABCDEF", start) == std::string::npos;
    if (!ok) throw LoadError(file, 0, where + ": must be a 32-bit hex word string, got " + shown_json(v));
    return std::uint32_t(std::stoul(s.substr(start), nullptr, 16));
}

// segnum/offset/bytes of a symbol or a segment.
CubinSymbol placement(const json& j, const std::string& where, const fs::path& file) {
    CubinSymbol s;
    s.bank = std::uint32_t(uint_value(member(j, "segnum", file), where + ".segnum", file, kBanks - 1));
    s.offset = std::uint32_t(uint_value(member(j, "offset", file), where + ".offset", file, kBankBytes));
    s.bytes = std::uint32_t(uint_value(member(j, "bytes", file), where + ".bytes", file, kBankBytes));
    return s;
}

CubinSymbol symbol(const json& j, const std::string& where, const fs::path& file) {
    CubinSymbol s = placement(j, where, file);
    const json& name = member(j, "name", file);
    if (!name.is_string()) throw LoadError(file, 0, where + ".name: must be a string, got " + shown_json(name));
    s.name = name.get<std::string>();
    return s;
}

CubinConstSegment segment(const json& j, const std::string& where, const fs::path& file) {
    const CubinSymbol at = placement(j, where, file);
    CubinConstSegment seg{at.bank, at.offset, {}};
    const json& mem = member(j, "mem", file);
    if (!mem.is_array()) throw LoadError(file, 0, where + ".mem: must be an array, got " + shown_json(mem));
    for (std::size_t i = 0; i < mem.size(); ++i) {
        const std::uint32_t w = hex_word(mem[i], where + ".mem[" + std::to_string(i) + "]", file);
        for (unsigned b = 0; b < 4; ++b) seg.bytes.push_back(std::uint8_t(w >> (8 * b)));  // little-endian
    }
    if (seg.bytes.size() != at.bytes)
        throw LoadError(
            file, 0,
            where + ": bytes is " + std::to_string(at.bytes) + " but mem holds " + std::to_string(seg.bytes.size()));
    if (std::uint64_t(seg.offset) + seg.bytes.size() > kBankBytes)
        throw LoadError(file, 0, where + ": ends beyond the 64 KiB constant bank");
    return seg;
}

CubinKernel kernel(const json& k, const std::string& where, const fs::path& file) {
    CubinKernel out;
    const json& name = member(k, "name", file);
    if (!name.is_string()) throw LoadError(file, 0, where + ".name: must be a string, got " + shown_json(name));
    out.name = name.get<std::string>();
    const std::string at = where + " (" + io::escape_and_cut(out.name) + ")";
    const json& code = array_field(k, "bincode", file);
    for (std::size_t i = 0; i < code.size(); ++i)
        out.words.push_back(hex_word(code[i], at + ".bincode[" + std::to_string(i) + "]", file));
    out.lmem = std::uint32_t(uint_field(k, "lmem", file, kBankBytes, 0));
    out.smem = std::uint32_t(uint_field(k, "smem", file, 16384, 0));
    out.regs = std::uint32_t(uint_field(k, "reg", file, 128, 0));
    if (k.contains("const")) {
        const json& segs = array_field(k, "const", file);
        for (std::size_t i = 0; i < segs.size(); ++i)
            out.constants.push_back(segment(segs[i], at + ".const[" + std::to_string(i) + "]", file));
    }
    return out;
}

std::vector<CubinSymbol> symbols(const json& j, const char* key, const fs::path& file) {
    std::vector<CubinSymbol> out;
    if (!j.contains(key)) return out;
    const json& list = array_field(j, key, file);
    for (std::size_t i = 0; i < list.size(); ++i)
        out.push_back(symbol(list[i], std::string(key) + "[" + std::to_string(i) + "]", file));
    return out;
}

}  // namespace

const CubinKernel* CubinModule::find(const std::string& name) const {
    for (const CubinKernel& k : kernels)
        if (k.name == name) return &k;
    return nullptr;
}

CubinModule load_cubin_json(const fs::path& file) {
    // A FIFO or device would block the open or the read forever.
    if (fs::exists(file) && !fs::is_regular_file(file)) throw LoadError(file, 0, "not a regular file");
    std::ifstream in(file);
    if (!in) throw LoadError(file, 0, "cannot open");
    json j;
    try {
        j = json::parse(in);
    } catch (const json::exception& e) {  // syntax errors and number overflow (1e400)
        throw LoadError(file, 0, "not JSON: " + io::json_error_text(e.what()));
    }
    CubinModule m;
    if (j.is_object() && j.contains("architecture") && j["architecture"].is_string())
        m.architecture = j["architecture"].get<std::string>();
    m.constants = symbols(j, "consts", file);
    m.relocations = symbols(j, "reloc", file);
    const json& ks = array_field(j, "kernels", file);
    for (std::size_t i = 0; i < ks.size(); ++i)
        m.kernels.push_back(kernel(ks[i], "kernels[" + std::to_string(i) + "]", file));
    return m;
}

std::vector<std::uint8_t> constant_bank_image(const CubinKernel& k, std::uint32_t bank, std::uint32_t min_bytes) {
    std::vector<std::uint8_t> img(min_bytes, 0);
    for (const CubinConstSegment& s : k.constants) {
        if (s.bank != bank) continue;
        if (img.size() < s.offset + s.bytes.size()) img.resize(s.offset + s.bytes.size(), 0);
        std::copy(s.bytes.begin(), s.bytes.end(), img.begin() + s.offset);
    }
    return img;
}

}  // namespace fgtlm::loaders
