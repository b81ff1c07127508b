// MODULE targets of the launch loader (module_launch.hpp): one kernel of a module written by
// `fgtlm ptxas` or `fgtlm cc`, with --param values typed by its PTX parameters and --const
// files over its __constant__ / __device__ symbols.
#include "module_launch.hpp"
#include "launch_input.hpp"

#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include <fgtlm/compiler/module.hpp>
#include <fgtlm/core/sm_core.hpp>
#include <fgtlm/io/number.hpp>

namespace fgtlm::loaders {

bool is_module_file(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return false;
    std::ifstream in(path, std::ios::binary);
    char head[256] = {};
    in.read(head, sizeof head - 1);
    return std::strstr(head, "\"fgtlm-module/1\"") != nullptr;
}

namespace {

std::uint32_t parse_u32(const std::string& s) { return std::uint32_t(io::parse_unsigned(s, "value", 0, 0xffffffffu)); }

// A .f32 parameter: 0x raw bits, or a decimal float.
std::uint32_t parse_f32_param(const std::string& s) {
    if (s.rfind("0x", 0) == 0 || s.rfind("0X", 0) == 0) return parse_u32(s);
    std::size_t pos = 0;
    float f = 0;
    try {
        f = std::stof(s, &pos);
    } catch (const std::exception&) {
        pos = 0;
    }
    if (pos == 0 || pos != s.size()) throw std::invalid_argument("not a float: '" + s + "'");
    std::uint32_t bits = 0;
    std::memcpy(&bits, &f, 4);
    return bits;
}

// An integer parameter of `bytes` bytes: decimal (negative allowed) or 0x hex, as two's complement.
std::uint64_t parse_int_param(const std::string& s, std::uint32_t bytes) {
    const std::uint64_t top = bytes >= 8 ? ~0ull : (1ull << (8 * bytes)) - 1;
    if (!s.empty() && s[0] == '-') return (0 - io::parse_unsigned(s.substr(1), "value", 0, top / 2 + 1)) & top;
    return io::parse_unsigned(s, "value", 0, top);
}

// Writes one parameter's bytes (little-endian) into the parameter words.
void place_param(std::vector<std::uint32_t>& words, const compiler::ParamInfo& p, const std::string& text) {
    const bool integer = p.size == 1 || p.size == 2 || p.size == 4 || p.size == 8;
    if ((p.type == "f32" && p.size != 4) || !integer || p.offset % p.size != 0)
        throw LoadError("parameter " + p.name + " (." + p.type + ", " + std::to_string(p.size) +
                        " bytes) cannot be given on the command line yet");
    const std::uint64_t v = p.type == "f32" ? parse_f32_param(text) : parse_int_param(text, p.size);
    for (std::uint32_t b = 0; b < p.size; ++b) {
        const std::uint32_t at = p.offset + b;
        words[at / 4] |= std::uint32_t((v >> (8 * b)) & 0xff) << (8 * (at % 4));
    }
}

// The --param texts: as given, or (a campaign file's numbers) each word as 0x raw bits.
std::vector<std::string> param_texts(const LaunchTarget& t) {
    if (!t.module_params.empty()) return t.module_params;
    std::vector<std::string> texts;
    for (const std::uint32_t w : t.params) texts.push_back(fmt::format("0x{:x}", w));
    return texts;
}

std::vector<std::uint32_t> param_words(const compiler::KernelCode& k, const std::vector<std::string>& values) {
    if (values.size() != k.params.size())
        throw LoadError("kernel " + k.name + " takes " + std::to_string(k.params.size()) +
                        " parameters (--param per parameter, in order); " + std::to_string(values.size()) + " given");
    std::uint32_t bytes = 0;
    for (const auto& p : k.params) bytes = std::max(bytes, p.offset + p.size);
    std::vector<std::uint32_t> words((bytes + 3) / 4, 0);
    for (std::size_t i = 0; i < values.size(); ++i) {
        const compiler::ParamInfo& p = k.params[i];
        try {
            place_param(words, p, values[i]);
        } catch (const std::invalid_argument& e) {
            throw LoadError("--param " + std::to_string(i + 1) + " (" + p.name + "): " + e.what());
        }
    }
    return words;
}

// The C++ name of a symbol: _ZL5table -> table, _ZN2ns5tableE -> ns::table (plain names stay).
std::string plain_symbol(const std::string& n) {
    if (n.rfind("_Z", 0) != 0) return n;
    std::size_t i = 2;
    const bool nested = i < n.size() && n[i] == 'N';
    if (i < n.size() && (n[i] == 'L' || n[i] == 'N')) ++i;
    std::string out;
    while (i < n.size() && std::isdigit(static_cast<unsigned char>(n[i]))) {
        std::size_t len = 0;
        while (i < n.size() && std::isdigit(static_cast<unsigned char>(n[i])))
            len = len * 10 + std::size_t(n[i++] - '0');
        if (len == 0 || i + len > n.size()) return n;
        out += (out.empty() ? "" : "::") + n.substr(i, len);
        i += len;
        if (!nested) break;
    }
    return out.empty() ? n : out;
}

// The symbol --const names: its PTX name, or its C++ name when that is unambiguous.
const compiler::SymbolInfo& find_symbol(const compiler::Module& m, const std::string& name, const std::string& file) {
    std::string names;
    for (const auto& s : m.symbols)
        if (s.space != "shared") names += " " + s.name;
    const compiler::SymbolInfo* found = nullptr;
    for (const auto& s : m.symbols)
        if (s.name == name) return s;
    for (const auto& s : m.symbols)
        if (plain_symbol(s.name) == name) {
            if (found) throw LoadError(file, 0, "--const " + name + ": ambiguous symbol name (symbols:" + names + ")");
            found = &s;
        }
    if (!found)
        throw LoadError(file, 0,
                        "--const " + name + ": no such symbol in the module (symbols:" +
                            (names.empty() ? std::string(" none") : names) + ")");
    return *found;
}

// --const SYMBOL=FILE: the file's bytes over the symbol, as cudaMemcpyToSymbol(SYMBOL, bytes, size).
void apply_const(const compiler::Module& m, const std::string& spec, const std::string& module_file, KernelImage& img) {
    const std::size_t eq = spec.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
        throw LoadError("--const " + spec + ": expected SYMBOL=FILE");
    const std::string name = spec.substr(0, eq), file = spec.substr(eq + 1);
    const compiler::SymbolInfo& s = find_symbol(m, name, module_file);
    if (s.space == "shared")
        throw LoadError("--const " + name +
                        ": a __shared__ variable has no host copy (only __constant__ and "
                        "__device__ symbols can be filled)");
    const std::string bytes = read_launch_input(file, "the bytes of symbol " + s.name);
    if (bytes.empty() || bytes.size() > s.size)
        throw LoadError(file, 0,
                        fmt::format("{} bytes for symbol {} of {} bytes (--const fills at most the symbol, as "
                                    "cudaMemcpyToSymbol)",
                                    bytes.size(), s.name, s.size));
    if (bytes.size() < s.size)
        img.warnings.push_back(
            fmt::format("--const {}: {} holds {} bytes, the symbol {} bytes: the rest keeps its "
                        "initial value",
                        name, file, bytes.size(), s.size));
    std::memcpy(img.global_init.data() + s.address, bytes.data(), bytes.size());
}

// The module's .global/.const data at data_base, after the --global-init image.
void place_module_data(const compiler::Module& m, const LaunchTarget& t, KernelImage& img) {
    if (m.data.empty()) return;
    const std::uint64_t end = std::uint64_t(m.data_base) + m.data.size();
    if (end > img.global_mem_bytes)
        throw LoadError(t.target + ": the module's data [" + std::to_string(m.data_base) + ", " + std::to_string(end) +
                        ") lies outside the global memory (" + std::to_string(img.global_mem_bytes) +
                        " bytes); recompile with --data-base");
    if (img.global_init.size() > m.data_base)
        throw LoadError(t.target + ": --global-init overlaps the module's data at " + std::to_string(m.data_base) +
                        "; recompile with --data-base");
    img.global_init.resize(m.data_base, 0);
    img.global_init.insert(img.global_init.end(), m.data.begin(), m.data.end());
}

// FlexGripPlus' block scheduler starts min(blocks per core, blocks left) blocks whatever their registers, and
// warp_id_calc.vhd wraps the warps' register bases at the register file's 512 slots, so warps past it alias the
// first warps' registers (docs/rtl-policies.md, core.rtl.register_alias). The host sizes the batch, as the CUDA
// runtime does from a kernel's register count: a compiled kernel's launch keeps at most the blocks whose
// registers fit, and a block that cannot fit alone is refused (its warps would overwrite each other's registers).
void fit_blocks_to_registers(const compiler::KernelCode& k, const std::string& file, KernelImage& img) {
    const std::uint32_t slots = core::SmCoreConfig{}.reg_slots;
    const std::uint32_t warps = (img.launch.threads_per_block() + core::kWarpSize - 1) / core::kWarpSize;
    const std::uint32_t per_block = warps * k.regs;
    if (per_block == 0) return;  // no registers or no threads: refused by core::check_launch
    if (per_block > slots)
        throw LoadError(file, 0,
                        fmt::format("kernel {}: a block of {} warps x {} registers needs {} register slots, the SM has "
                                    "{}: use a smaller block or compile with a lower --max-regs",
                                    k.name, warps, k.regs, per_block, slots));
    img.launch.blocks_per_sm = std::min(img.launch.blocks_per_sm, std::max(1u, slots / per_block));
}

compiler::Module read_module(const std::string& path) {
    try {
        return compiler::module_from_json(read_launch_input(path, "the MODULE"), path);
    } catch (const std::runtime_error& e) {
        if (dynamic_cast<const LoadError*>(&e)) throw;
        throw LoadError(e.what());
    }
}

}  // namespace

KernelImage image_from_module(const LaunchTarget& t) {
    if (!t.module_params.empty() && !t.params.empty())
        throw LoadError(t.target + ": parameters given both as words and as MODULE texts");
    const compiler::Module m = read_module(t.target);
    const compiler::KernelCode* k = nullptr;
    try {
        k = &compiler::find_kernel(m, t.kernel);
    } catch (const std::runtime_error& e) {
        throw LoadError(t.target + ": " + e.what());
    }
    KernelImage img;
    img.name = k->name;
    img.program = k->code;
    LaunchTarget words = t;
    words.params.clear();
    apply_launch_options(words, img);
    img.launch.params = param_words(*k, param_texts(t));
    img.launch.regs_per_thread = k->regs;
    fit_blocks_to_registers(*k, t.target, img);
    // Local windows (one per thread of the block) follow the static shared data.
    img.launch.shared_bytes = k->shared_bytes + t.dynamic_shared + k->local_bytes * img.launch.threads_per_block();
    if (k->local_bytes > 0 && img.launch.threads_per_block() % 32 != 0)
        img.warnings.push_back(
            t.target + ": kernel " + k->name + " keeps " + std::to_string(k->local_bytes) +
            " bytes per thread (spills, local arrays) in windows indexed by the thread index; FlexGripPlus runs all 32 "
            "lanes of a partial warp, and the lanes past the block (stale R0) use thread 0's window: use a block of a "
            "multiple of 32 threads");
    place_module_data(m, t, img);
    if (!t.consts.empty() && m.data.empty())
        throw LoadError(t.target + ": --const: the module has no __constant__ or __device__ symbols");
    for (const std::string& c : t.consts) apply_const(m, c, t.target, img);
    return img;
}

}  // namespace fgtlm::loaders
