// FlexGripPlus application folder -> KernelImage (conformance README section 3).
#include "fgtlm/loaders/testbench_loader.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <string>

#include "vhdl_constants.hpp"

namespace fgtlm::loaders {

namespace fs = std::filesystem;

namespace {

std::ifstream open_or_throw(const fs::path& file) {
    std::ifstream in(file);
    if (!in) throw LoadError(file, 0, "cannot open");
    return in;
}

// TP_instructions.vhd: `when N => <target> <= x"XXXXXXXX";  -- text`.
std::vector<std::uint32_t> read_tp_instructions(const fs::path& file, std::vector<std::string>& warnings,
                                                const vhdl::ConstantTable& consts) {
    std::ifstream in = open_or_throw(file);
    static const std::regex when_re(R"(^\s*when\s+(\d+)\s*=>\s*\w+\s*<=\s*[xX]\"([0-9A-Fa-f_]+)\"\s*;)",
                                    std::regex::icase);
    std::map<std::uint32_t, std::uint32_t> words;
    std::string line;
    std::size_t lineno = 0;
    while (std::getline(in, line)) {
        ++lineno;
        std::smatch m;
        if (!std::regex_search(line, m, when_re)) continue;
        std::string hex = m[2].str();
        hex.erase(std::remove(hex.begin(), hex.end(), '_'), hex.end());
        if (hex.size() != 8) throw LoadError(file, lineno, "instruction word must have 8 hex digits, got '" + hex + "'");
        const auto idx = std::uint32_t(std::stoul(m[1].str()));
        const auto word = std::uint32_t(std::stoul(hex, nullptr, 16));
        if (!words.emplace(idx, word).second) {
            warnings.push_back(file.string() + ":" + std::to_string(lineno) + ": duplicate word index " + std::to_string(idx) +
                               " (first definition kept)");
        }
    }
    if (words.empty()) throw LoadError(file, 0, "no `when N => ... <= x\"........\";` instruction lines");
    std::uint32_t count = words.rbegin()->first + 1;
    if (const auto* c = consts.find("TP_INSTRUCTIONS")) count = std::uint32_t(c->value.as_u64());
    std::vector<std::uint32_t> program(count, 0);
    for (std::uint32_t i = 0; i < count; ++i) {
        const auto it = words.find(i);
        if (it == words.end()) {
            warnings.push_back(file.string() + ": word " + std::to_string(i) + " missing (gap), loaded as 0");
        } else {
            program[i] = it->second;
        }
    }
    return program;
}

// First constant found among `names`, else `fallback` (required: throw naming the file).
std::int64_t constant(const vhdl::ConstantTable& t, const fs::path& file, std::initializer_list<const char*> names,
                      std::optional<std::int64_t> fallback) {
    for (const char* n : names)
        if (const auto* c = t.find(n)) return std::int64_t(c->value.as_u64());
    if (fallback) return *fallback;
    throw LoadError(file, 0, std::string("missing constant ") + *names.begin());
}

fs::path find_upwards(const fs::path& dir, const char* name, const fs::path& root) {
    fs::path d = fs::absolute(dir);
    const fs::path stop = root.empty() ? fs::path() : fs::absolute(root);
    for (;;) {
        if (fs::exists(d / name)) return d / name;
        if (!stop.empty() && fs::equivalent(d, stop)) return {};
        if (!d.has_parent_path() || d.parent_path() == d) return {};
        d = d.parent_path();
    }
}

}  // namespace

std::vector<std::uint8_t> read_mif(const fs::path& file, std::vector<ByteRange>& undefined, std::uint32_t max_bytes) {
    std::ifstream in = open_or_throw(file);
    std::vector<std::uint8_t> bytes;
    std::string line;
    while (std::getline(in, line) && bytes.size() < max_bytes) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
        const auto addr = std::uint32_t(bytes.size());
        if (line.size() == 2 && std::isxdigit(static_cast<unsigned char>(line[0])) && std::isxdigit(static_cast<unsigned char>(line[1]))) {
            bytes.push_back(std::uint8_t(std::stoul(line, nullptr, 16)));
            continue;
        }
        // Not two hex digits: the RTL's hread loads 'U'; keep the value the line spells (or 0).
        std::uint8_t v = 0;
        try {
            if (!line.empty()) v = std::uint8_t(std::stoul(line, nullptr, 16));
        } catch (const std::exception&) {
            v = 0;
        }
        bytes.push_back(v);
        if (!undefined.empty() && undefined.back().addr + undefined.back().len == addr) ++undefined.back().len;
        else undefined.push_back({addr, 1});
    }
    return bytes;
}

ExpectedRange read_rdata_log(const fs::path& file) {
    std::ifstream in = open_or_throw(file);
    ExpectedRange r;
    std::string line;
    std::size_t lineno = 0;
    std::optional<std::uint32_t> first_addr;
    static const std::regex re(R"(^\s*([0-9A-Fa-f]+)\s+([0-9A-Fa-fuUxX]{8})\s*$)");
    while (std::getline(in, line)) {
        ++lineno;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        std::smatch m;
        if (!std::regex_match(line, m, re)) throw LoadError(file, lineno, "expected `AAAAA DDDDDDDD`, got '" + line + "'");
        const auto addr = std::uint32_t(std::stoul(m[1].str(), nullptr, 16));
        if (!first_addr) {
            first_addr = addr;
            r.addr = addr;
        }
        if (addr != r.addr + 4 * r.words.size())
            throw LoadError(file, lineno, "addresses must increase by 4 (expected " +
                                              std::to_string(r.addr + 4 * r.words.size()) + ")");
        const std::string d = m[2].str();
        if (d.find_first_of("uUxX") != std::string::npos) r.words.push_back(std::nullopt);
        else r.words.push_back(std::uint32_t(std::stoul(d, nullptr, 16)));
    }
    return r;
}

KernelImage load_testbench(const fs::path& app_dir, const TestbenchOptions& opt) {
    KernelImage img;
    img.dir = app_dir;
    img.name = fs::absolute(app_dir).filename().string();
    const fs::path pick = app_dir / "pick_bench.vhd";
    const fs::path tp = app_dir / "TP_instructions.vhd";
    if (!fs::exists(pick)) throw LoadError(pick, 0, "missing (FlexGripPlus application folder expected)");
    if (!fs::exists(tp)) throw LoadError(tp, 0, "missing (FlexGripPlus application folder expected)");

    vhdl::ConstantTable consts;
    consts.parse_file(pick);
    const fs::path config = find_upwards(app_dir, "TP_configuration.vhd", opt.search_root);
    if (!config.empty()) consts.parse_file(config);
    img.program = read_tp_instructions(tp, img.warnings, consts);

    core::LaunchConfig& L = img.launch;
    L.grid[0] = std::uint16_t(constant(consts, pick, {"BENCH_K_GRDX", "BENCH_K_GRIDX"}, 1));
    L.grid[1] = std::uint16_t(constant(consts, pick, {"BENCH_K_GRDY", "BENCH_K_GRIDY"}, 1));
    L.block[0] = std::uint16_t(constant(consts, pick, {"BENCH_K_BLKX", "BENCH_K_BLOCKX"}, std::nullopt));
    L.block[1] = std::uint16_t(constant(consts, pick, {"BENCH_K_BLKY", "BENCH_K_BLOCKY"}, 1));
    L.block[2] = std::uint16_t(constant(consts, pick, {"BENCH_K_BLKZ", "BENCH_K_BLOCKZ"}, 1));
    L.regs_per_thread = std::uint32_t(constant(consts, pick, {"BENCH_KERNEL_GPRS"}, std::nullopt));
    L.shared_bytes = std::uint32_t(constant(consts, pick, {"BENCH_KERNEL_SHMEM_SIZE"}, 0));
    L.blocks_per_sm = std::uint32_t(constant(consts, pick, {"BENCH_BLOCKS_PER_CORE", "BENCH_K_BLOCKS_PER_CORE", "BLOCKS_PER_CORE"},
                                             opt.default_blocks_per_core));
    img.cores = std::uint32_t(constant(consts, pick, {"BENCH_CORES", "NUM_CORES", "CORES"}, opt.default_cores));
    const auto nparams = std::uint32_t(constant(consts, pick, {"BENCH_KERNEL_PARAM_SIZE"}, 0));
    const auto ncmem = std::uint32_t(constant(consts, pick, {"BENCH_CMEM_PARAM_SIZE"}, 0));

    // Parameters and constant bytes: TP_configuration's arrays, else BENCH_KREGi / BENCH_CMEMREGi.
    const vhdl::Constant* kregs = config.empty() ? nullptr : consts.find("kernel_regs_default");
    const vhdl::Constant* cregs = config.empty() ? nullptr : consts.find("cmem_regs_default");
    if (!config.empty() && (kregs == nullptr || cregs == nullptr))
        throw LoadError(config, 0, "kernel_regs_default / cmem_regs_default not defined");
    for (std::uint32_t i = 0; i < nparams; ++i) {
        std::uint32_t v = 0;
        if (kregs != nullptr) {
            if (i >= kregs->value.elems.size())
                throw LoadError(config, kregs->line, "kernel_regs_default has fewer than " + std::to_string(nparams) + " words");
            v = std::uint32_t(kregs->value.elems[i].as_u64());
        } else if (const auto* c = consts.find("BENCH_KREG" + std::to_string(i))) {
            v = std::uint32_t(c->value.as_u64());
        }
        L.params.push_back(v);
    }
    for (std::uint32_t i = 0; i < ncmem; ++i) {
        std::uint8_t v = 0;
        if (cregs != nullptr) {
            if (i >= cregs->value.elems.size())
                throw LoadError(config, cregs->line, "cmem_regs_default has fewer than " + std::to_string(ncmem) + " bytes");
            v = std::uint8_t(cregs->value.elems[i].as_u64());
        } else if (const auto* c = consts.find("BENCH_CMEMREG" + std::to_string(i))) {
            v = std::uint8_t(c->value.as_u64());
        }
        L.const_mem.push_back(v);
    }

    const fs::path mif = app_dir / "global_mem.mif";
    if (fs::exists(mif)) img.global_init = read_mif(mif, img.global_init_undefined, img.global_mem_bytes);
    else img.warnings.push_back(mif.string() + ": missing, global memory starts as zeros");

    const auto read_size = std::uint32_t(constant(consts, pick, {"READ_DATA_SIZE"}, 0));
    img.dump = {0, 4 * (read_size + 1)};
    for (const char* golden : {"gpgpu_rdata.log", "gpgpu_rdata_golden.log", "Golden_memory_result.log", "golden_mem_output.log"}) {
        if (fs::exists(app_dir / golden)) {
            img.expected.push_back(read_rdata_log(app_dir / golden));
            break;
        }
    }
    return img;
}

}  // namespace fgtlm::loaders
