// Conformance bundle -> KernelImage (conformance README section 1).
#include "fgtlm/loaders/bundle_loader.hpp"

#include <fstream>
#include <iterator>

#include <nlohmann/json.hpp>

#include "program_hex.hpp"

namespace fgtlm::loaders {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

json read_json(const fs::path& file) {
    std::ifstream in(file);
    if (!in) throw LoadError(file, 0, "cannot open");
    try {
        return json::parse(in);
    } catch (const json::parse_error& e) {
        throw LoadError(file, 0, std::string("invalid JSON: ") + e.what());
    }
}

template <typename T>
T field(const json& j, const char* key, const fs::path& file) {
    if (!j.contains(key)) throw LoadError(file, 0, std::string("missing field \"") + key + "\"");
    try {
        return j.at(key).get<T>();
    } catch (const json::exception& e) {
        throw LoadError(file, 0, std::string("field \"") + key + "\": " + e.what());
    }
}

std::uint32_t parse_hex_word(const std::string& s, const fs::path& file, const std::string& where) {
    try {
        std::size_t pos = 0;
        const unsigned long v = std::stoul(s, &pos, 16);
        if (pos != s.size() || v > 0xffffffffUL) throw std::invalid_argument("junk");
        return std::uint32_t(v);
    } catch (const std::exception&) {
        throw LoadError(file, 0, where + ": not a 32-bit hex word: '" + s + "'");
    }
}

}  // namespace

bool is_bundle(const fs::path& dir) {
    return fs::is_regular_file(dir / "launch.json") && fs::is_regular_file(dir / "program.hex");
}

KernelImage load_bundle(const fs::path& dir) {
    KernelImage img;
    img.dir = dir;
    img.name = fs::absolute(dir).lexically_normal().filename().string();
    if (img.name.empty()) img.name = fs::absolute(dir).parent_path().filename().string();
    if (!fs::is_directory(dir)) throw LoadError(dir, 0, "not a directory");

    img.program = read_program_hex(dir / "program.hex");

    const fs::path lpath = dir / "launch.json";
    const json L = read_json(lpath);
    core::LaunchConfig& c = img.launch;
    const auto grid = field<std::vector<std::uint32_t>>(L, "grid", lpath);
    const auto block = field<std::vector<std::uint32_t>>(L, "block", lpath);
    if (grid.size() != 2 || block.size() != 3) throw LoadError(lpath, 0, "grid must have 2 and block 3 entries");
    for (auto v : grid) if (v == 0 || v > 0xffff) throw LoadError(lpath, 0, "grid entries must be 1..65535");
    for (auto v : block) if (v == 0 || v > 0xffff) throw LoadError(lpath, 0, "block entries must be 1..65535");
    c.grid[0] = std::uint16_t(grid[0]);
    c.grid[1] = std::uint16_t(grid[1]);
    for (int i = 0; i < 3; ++i) c.block[i] = std::uint16_t(block[std::size_t(i)]);
    c.regs_per_thread = field<std::uint32_t>(L, "regs_per_thread", lpath);
    c.shared_bytes = field<std::uint32_t>(L, "shared_bytes", lpath);
    c.blocks_per_sm = field<std::uint32_t>(L, "blocks_per_core", lpath);
    c.params = field<std::vector<std::uint32_t>>(L, "params", lpath);
    c.code_base = L.value("code_base", 0u);
    img.cores = field<std::uint32_t>(L, "cores", lpath);
    img.global_mem_bytes = L.value("global_mem_bytes", 262144u);

    const std::string cmem = L.value("const_mem_hex", std::string());
    if (cmem.size() % 2 != 0) throw LoadError(lpath, 0, "const_mem_hex has an odd number of digits");
    for (std::size_t i = 0; i < cmem.size(); i += 2) {
        const std::string byte = cmem.substr(i, 2);
        if (!std::isxdigit(static_cast<unsigned char>(byte[0])) || !std::isxdigit(static_cast<unsigned char>(byte[1])))
            throw LoadError(lpath, 0, "const_mem_hex: bad digits at offset " + std::to_string(i));
        c.const_mem.push_back(std::uint8_t(std::stoul(byte, nullptr, 16)));
    }
    if (L.contains("shared_block_stride") && L["shared_block_stride"].get<std::uint32_t>() != c.shared_block_stride())
        img.warnings.push_back(lpath.string() + ": shared_block_stride differs from the hardware formula");
    for (const auto& r : L.value("global_init_undefined", json::array())) {
        if (!r.is_array() || r.size() != 2) throw LoadError(lpath, 0, "global_init_undefined entries must be [addr, len]");
        img.global_init_undefined.push_back({r[0].get<std::uint32_t>(), r[1].get<std::uint32_t>()});
    }
    if (L.contains("dump")) {
        img.dump.addr = L["dump"].value("addr", 0u);
        img.dump.len = 4 * L["dump"].value("words", 0u);
    }

    const fs::path gpath = dir / "global_init.bin";
    if (fs::exists(gpath)) {
        std::ifstream g(gpath, std::ios::binary);
        if (!g) throw LoadError(gpath, 0, "cannot open");
        img.global_init.assign(std::istreambuf_iterator<char>(g), std::istreambuf_iterator<char>());
        if (img.global_init.size() > img.global_mem_bytes) img.global_init.resize(img.global_mem_bytes);
    }

    const fs::path epath = dir / "expected.json";
    if (fs::exists(epath)) {
        const json E = read_json(epath);
        img.rtl_kernel_cycles = E.value("rtl_kernel_cycles", std::uint64_t{0});
        for (const auto& r : E.value("ranges", json::array())) {
            ExpectedRange er;
            er.addr = field<std::uint32_t>(r, "addr", epath);
            std::size_t j = 0;
            for (const auto& w : r.at("words")) {
                if (w.is_null()) er.words.push_back(std::nullopt);
                else er.words.push_back(parse_hex_word(w.get<std::string>(), epath, "ranges word " + std::to_string(j)));
                ++j;
            }
            img.expected.push_back(std::move(er));
        }
    }
    return img;
}

}  // namespace fgtlm::loaders
