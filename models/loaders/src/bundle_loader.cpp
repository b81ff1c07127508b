// Conformance bundle -> KernelImage (conformance README section 1).
#include <fgtlm/loaders/bundle_loader.hpp>

#include <cstdint>
#include <optional>
#include <fstream>
#include <iterator>

#include <nlohmann/json.hpp>

#include <fgtlm/io/text.hpp>
#include "json_fields.hpp"
#include "program_hex.hpp"
#include "texture_section.hpp"

namespace fgtlm::loaders {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr std::uint64_t kMaxGlobalBytes = 256ull << 20;

// A regular file only: a FIFO or device would block the open or the read forever.
void require_regular_file(const fs::path& file) {
    if (fs::is_directory(file)) throw LoadError(file, 0, "is a directory, not a file");
    if (fs::exists(file) && !fs::is_regular_file(file))
        throw LoadError(file, 0, "not a regular file (a FIFO, device or socket is not read)");
}

json read_json(const fs::path& file) {
    require_regular_file(file);
    std::ifstream in(file);
    if (!in) throw LoadError(file, 0, "cannot open");
    try {
        return json::parse(in);
    } catch (const json::exception& e) {  // parse errors and number overflow (1e400)
        throw LoadError(file, 0, "invalid JSON: " + io::json_error_text(e.what()));
    }
}

std::vector<std::uint64_t> uint_array(const json& j, const char* key, const fs::path& file, std::uint64_t lo,
                                      std::uint64_t hi) {
    std::vector<std::uint64_t> out;
    const json& a = array_field(j, key, file);
    for (std::size_t i = 0; i < a.size(); ++i) {
        const std::string where = std::string(key) + "[" + std::to_string(i) + "]";
        out.push_back(uint_value(a[i], where, file, hi));
        if (out.back() < lo) throw LoadError(file, 0, where + ": must be at least " + std::to_string(lo));
    }
    return out;
}

std::uint32_t parse_hex_word(const std::string& s, const fs::path& file, const std::string& where) {
    // Hex digits only (an optional 0x): stoul alone would take a sign (-1 -> 0xffffffff) or blanks.
    const std::size_t skip = s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ? 2 : 0;
    const std::string digits = s.substr(skip);
    if (digits.empty() || digits.size() > 8 || digits.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
        throw LoadError(file, 0, where + ": not a 32-bit hex word: '" + io::escape_and_cut(s) + "'");
    return std::uint32_t(std::stoul(digits, nullptr, 16));
}

}  // namespace

bool is_bundle(const fs::path& dir) {
    return fs::exists(dir / "launch.json") && fs::is_regular_file(dir / "program.hex");
}

namespace {

// const_mem_hex: the constant memory image as hex digit pairs.
void read_const_mem(const json& L, const fs::path& lpath, core::LaunchConfig& c) {
    std::string cmem;
    if (L.contains("const_mem_hex")) {
        if (!L["const_mem_hex"].is_string())
            throw LoadError(lpath, 0, "const_mem_hex: must be a string, got " + shown_json(L["const_mem_hex"]));
        cmem = L["const_mem_hex"].get<std::string>();
    }
    if (cmem.size() % 2 != 0) throw LoadError(lpath, 0, "const_mem_hex has an odd number of digits");
    for (std::size_t i = 0; i < cmem.size(); i += 2) {
        const std::string byte = cmem.substr(i, 2);
        if (!std::isxdigit(static_cast<unsigned char>(byte[0])) || !std::isxdigit(static_cast<unsigned char>(byte[1])))
            throw LoadError(lpath, 0, "const_mem_hex: bad digits at offset " + std::to_string(i));
        c.const_mem.push_back(std::uint8_t(std::stoul(byte, nullptr, 16)));
    }
}

// global_init_undefined: [addr, len] ranges whose initial contents the RTL leaves undefined.
void read_undefined_ranges(const json& L, const fs::path& lpath, KernelImage& img) {
    if (!L.contains("global_init_undefined")) return;
    const json& u = array_field(L, "global_init_undefined", lpath);
    for (std::size_t i = 0; i < u.size(); ++i) {
        const std::string where = "global_init_undefined[" + std::to_string(i) + "]";
        if (!u[i].is_array() || u[i].size() != 2)
            throw LoadError(lpath, 0, where + ": must be [addr, len], got " + shown_json(u[i]));
        img.global_init_undefined.push_back({std::uint32_t(uint_value(u[i][0], where + "[0]", lpath, 0xffffffffu)),
                                             std::uint32_t(uint_value(u[i][1], where + "[1]", lpath, 0xffffffffu))});
    }
}

// launch.json: the launch (grid, block, registers, shared bytes, parameters, code base), the
// lane count, the global memory size, the constant image, undefined ranges and the dump range.
json read_launch(const fs::path& lpath, KernelImage& img) {
    json L = read_json(lpath);
    if (!L.is_object()) throw LoadError(lpath, 0, "must be a JSON object, got " + shown_json(L));
    core::LaunchConfig& c = img.launch;
    const auto grid = uint_array(L, "grid", lpath, 1, 0xffff);
    const auto block = uint_array(L, "block", lpath, 1, 0xffff);
    if (grid.size() != 2 || block.size() != 3) throw LoadError(lpath, 0, "grid must have 2 and block 3 entries");
    c.grid[0] = std::uint16_t(grid[0]);
    c.grid[1] = std::uint16_t(grid[1]);
    for (int i = 0; i < 3; ++i) c.block[i] = std::uint16_t(block[std::size_t(i)]);
    c.regs_per_thread = std::uint32_t(uint_field(L, "regs_per_thread", lpath));
    c.shared_bytes = std::uint32_t(uint_field(L, "shared_bytes", lpath));
    c.blocks_per_sm = std::uint32_t(uint_field(L, "blocks_per_core", lpath));
    for (const auto p : uint_array(L, "params", lpath, 0, 0xffffffffu)) c.params.push_back(std::uint32_t(p));
    c.code_base = std::uint32_t(uint_field(L, "code_base", lpath, 0xffffffffu, 0));
    img.cores = std::uint32_t(uint_field(L, "cores", lpath, 1024));
    // Global memory: the RTL's 256 KiB by default, at most 256 MiB (the model allocates it).
    img.global_mem_bytes = std::uint32_t(uint_field(L, "global_mem_bytes", lpath, kMaxGlobalBytes, 262144));
    if (img.global_mem_bytes < 4 || img.global_mem_bytes % 4 != 0)
        throw LoadError(
            lpath, 0,
            "global_mem_bytes: " + std::to_string(img.global_mem_bytes) + " must be a positive multiple of 4");
    read_const_mem(L, lpath, c);
    if (L.contains("shared_block_stride") && uint_field(L, "shared_block_stride", lpath) != c.shared_block_stride())
        img.warnings.push_back(lpath.string() + ": shared_block_stride differs from the hardware formula");
    read_undefined_ranges(L, lpath, img);
    if (L.contains("dump")) {
        const json& d = L["dump"];
        img.dump.addr = std::uint32_t(uint_field(d, "addr", lpath, img.global_mem_bytes, 0));
        if (img.dump.addr % 4 != 0)
            throw LoadError(lpath, 0, "dump.addr: " + std::to_string(img.dump.addr) + " is not a multiple of 4");
        img.dump.len = 4 * std::uint32_t(uint_field(d, "words", lpath, img.global_mem_bytes / 4, 0));
    }
    return L;
}

// global_init.bin (optional): the initial global memory, at most global_mem_bytes.
void read_global_init(const fs::path& gpath, KernelImage& img) {
    if (!fs::exists(gpath)) return;
    require_regular_file(gpath);
    std::ifstream g(gpath, std::ios::binary);
    if (!g) throw LoadError(gpath, 0, "cannot open");
    if (fs::file_size(gpath) > img.global_mem_bytes)
        throw LoadError(gpath, 0,
                        std::to_string(fs::file_size(gpath)) +
                            " bytes: larger than the global memory (global_mem_bytes " +
                            std::to_string(img.global_mem_bytes) + ")");
    img.global_init.assign(std::istreambuf_iterator<char>(g), std::istreambuf_iterator<char>());
}

// expected.json (optional): the RTL's cycle count and the expected words (null = undefined).
void read_expected(const fs::path& epath, KernelImage& img) {
    if (!fs::exists(epath)) return;
    const json E = read_json(epath);
    if (!E.is_object()) throw LoadError(epath, 0, "must be a JSON object, got " + shown_json(E));
    img.rtl_kernel_cycles = uint_field(E, "rtl_kernel_cycles", epath, UINT64_MAX, 0);
    // A reference, not a copy: copying a json recurses per level (a crafted file nests 200,000).
    static const json kNoRanges = json::array();
    const json& ranges = E.contains("ranges") ? array_field(E, "ranges", epath) : kNoRanges;
    for (std::size_t i = 0; i < ranges.size(); ++i) {
        const std::string where = "ranges[" + std::to_string(i) + "]";
        ExpectedRange er;
        er.addr = std::uint32_t(uint_field(ranges[i], "addr", epath));
        const json& words = array_field(ranges[i], "words", epath);
        for (std::size_t j = 0; j < words.size(); ++j) {
            const json& w = words[j];
            const std::string wwhere = where + ".words[" + std::to_string(j) + "]";
            if (w.is_null())
                er.words.push_back(std::nullopt);
            else if (!w.is_string())
                throw LoadError(epath, 0, wwhere + ": must be a hex string or null, got " + shown_json(w));
            else
                er.words.push_back(parse_hex_word(w.get<std::string>(), epath, wwhere));
        }
        img.expected.push_back(std::move(er));
    }
}

}  // namespace

KernelImage load_bundle(const fs::path& dir) {
    KernelImage img;
    img.dir = dir;
    img.name = fs::absolute(dir).lexically_normal().filename().string();
    if (img.name.empty()) img.name = fs::absolute(dir).parent_path().filename().string();
    if (!fs::is_directory(dir)) throw LoadError(dir, 0, "not a directory");
    img.program = read_program_hex(dir / "program.hex");
    const json L = read_launch(dir / "launch.json", img);
    read_global_init(dir / "global_init.bin", img);
    read_textures(L, dir / "launch.json", img);  // writes the descriptor table into global_init
    read_expected(dir / "expected.json", img);
    return img;
}

}  // namespace fgtlm::loaders
