// MODULE targets of fgtlm run / cosim / difftest (launch_target.hpp): one kernel of a module
// written by `fgtlm ptxas` or `fgtlm cc`, with --param values typed by its PTX parameters.
#include "launch_target.hpp"

#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>

#include <fgtlm/compiler/module.hpp>
#include <fgtlm/io/number.hpp>

namespace fgtlm::cli {

bool is_module_file(const std::string& path) {
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
        throw loaders::LoadError("parameter " + p.name + " (." + p.type + ", " + std::to_string(p.size) +
                                 " bytes) cannot be given on the command line yet");
    const std::uint64_t v = p.type == "f32" ? parse_f32_param(text) : parse_int_param(text, p.size);
    for (std::uint32_t b = 0; b < p.size; ++b) {
        const std::uint32_t at = p.offset + b;
        words[at / 4] |= std::uint32_t((v >> (8 * b)) & 0xff) << (8 * (at % 4));
    }
}

std::vector<std::uint32_t> param_words(const compiler::KernelCode& k, const std::vector<std::string>& values) {
    if (values.size() != k.params.size())
        throw loaders::LoadError("kernel " + k.name + " takes " + std::to_string(k.params.size()) +
                                 " parameters (--param per parameter, in order); " + std::to_string(values.size()) +
                                 " given");
    std::uint32_t bytes = 0;
    for (const auto& p : k.params) bytes = std::max(bytes, p.offset + p.size);
    std::vector<std::uint32_t> words((bytes + 3) / 4, 0);
    for (std::size_t i = 0; i < values.size(); ++i) {
        const compiler::ParamInfo& p = k.params[i];
        try {
            place_param(words, p, values[i]);
        } catch (const std::invalid_argument& e) {
            throw loaders::LoadError("--param " + std::to_string(i + 1) + " (" + p.name + "): " + e.what());
        }
    }
    return words;
}

}  // namespace

loaders::KernelImage image_from_module(const LaunchTarget& t) {
    std::ifstream in(t.target, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    compiler::Module m;
    try {
        m = compiler::module_from_json(text, t.target);
    } catch (const std::runtime_error& e) {
        throw loaders::LoadError(e.what());
    }
    const compiler::KernelCode* k = nullptr;
    try {
        k = &compiler::find_kernel(m, t.kernel);
    } catch (const std::runtime_error& e) {
        throw loaders::LoadError(t.target + ": " + e.what());
    }
    loaders::KernelImage img;
    img.name = k->name;
    img.program = k->code;
    loaders::apply_launch_options(t, img);
    img.launch.params = param_words(*k, t.param_texts);
    img.launch.regs_per_thread = k->regs;
    // Local windows (one per thread of the block) follow the static shared data.
    img.launch.shared_bytes = k->shared_bytes + t.dynamic_shared + k->local_bytes * img.launch.threads_per_block();
    if (k->local_bytes > 0 && img.launch.threads_per_block() % 32 != 0)
        std::cerr
            << "warning: " << t.target << ": kernel " << k->name << " keeps " << k->local_bytes
            << " bytes per thread (spills, local arrays) in windows indexed by the thread index; FlexGripPlus runs "
               "all 32 lanes of a partial warp, and the lanes past the block (stale R0) use thread 0's window: "
               "use a block of a multiple of 32 threads\n";
    if (!m.data.empty()) {
        const std::uint64_t end = std::uint64_t(m.data_base) + m.data.size();
        if (end > img.global_mem_bytes)
            throw loaders::LoadError(t.target + ": the module's data [" + std::to_string(m.data_base) + ", " +
                                     std::to_string(end) + ") lies outside the global memory (" +
                                     std::to_string(img.global_mem_bytes) + " bytes); recompile with --data-base");
        if (img.global_init.size() > m.data_base)
            throw loaders::LoadError(t.target + ": --global-init overlaps the module's data at " +
                                     std::to_string(m.data_base) + "; recompile with --data-base");
        img.global_init.resize(m.data_base, 0);
        img.global_init.insert(img.global_init.end(), m.data.begin(), m.data.end());
    }
    return img;
}

}  // namespace fgtlm::cli
