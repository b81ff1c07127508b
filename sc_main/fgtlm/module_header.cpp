// The firmware C header of a MODULE (module_header.hpp).
#include "module_header.hpp"

#include <cctype>
#include <stdexcept>

#include <fmt/format.h>

namespace fgtlm::cli {

namespace {

// The C++ name of a mangled kernel name (_Z4polyPKj -> poly); extern "C" names stay.
std::string plain_name(const std::string& n) {
    if (n.rfind("_Z", 0) != 0) return n;
    std::size_t i = 2, len = 0;
    while (i < n.size() && std::isdigit(static_cast<unsigned char>(n[i]))) len = len * 10 + std::size_t(n[i++] - '0');
    return len == 0 || i + len > n.size() ? n : n.substr(i, len);
}

std::string upper(std::string s) {
    for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

// A C identifier from a PTX name (its characters are [A-Za-z0-9_$]; '$' is not C).
std::string c_ident(const std::string& s) {
    std::string out;
    for (const char c : s) out += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
    return out;
}

// The identifier stem of each kernel: its plain C++ name, or the mangled one when two kernels
// share the plain name (overloads).
std::string kernel_stem(const compiler::Module& m, const compiler::KernelCode& k) {
    const std::string plain = plain_name(k.name);
    int same = 0;
    for (const auto& other : m.kernels) same += plain_name(other.name) == plain ? 1 : 0;
    return c_ident(same > 1 ? k.name : plain);
}

std::string word_array(const std::string& decl, const std::vector<std::uint32_t>& words) {
    std::string out = decl + " = {";
    for (std::size_t i = 0; i < words.size(); ++i)
        out += fmt::format("{}0x{:08x}u,", i % 6 == 0 ? "\n    " : " ", words[i]);
    return out + "\n};\n";
}

std::string kernel_section(const compiler::Module& m, const compiler::KernelCode& k, const std::string& prefix) {
    const std::string id = prefix + kernel_stem(m, k), up = upper(id);
    std::string out = fmt::format("\n/* kernel {}: {} instruction words, {} registers per thread */\n", k.name,
                                  k.code.size(), k.regs);
    out += fmt::format("#define {}_REGS {}u\n", up, k.regs);
    out += fmt::format("#define {}_SHARED_BYTES {}u /* header, parameters, static __shared__ */\n", up, k.shared_bytes);
    out += fmt::format("#define {}_LOCAL_BYTES {}u /* per thread: local arrays and spills */\n", up, k.local_bytes);
    out += fmt::format("#define {}_DYNAMIC_SHARED_BASE {}u /* extern __shared__ arrays */\n", up,
                       k.dynamic_shared_base);
    out += fmt::format("/* Launch shared size for THREADS threads per block and DYN extern __shared__ bytes. */\n"
                       "#define {0}_LAUNCH_SHARED_BYTES(THREADS, DYN) ({0}_SHARED_BYTES + (DYN) + {0}_LOCAL_BYTES * "
                       "(THREADS))\n",
                       up);
    std::uint32_t bytes = 0;
    for (std::size_t i = 0; i < k.params.size(); ++i) {
        const auto& p = k.params[i];
        out += fmt::format("#define {}_PARAM{}_OFFSET {}u /* .{} {}, {} bytes */\n", up, i, p.offset, p.type, p.name,
                           p.size);
        bytes = std::max(bytes, p.offset + p.size);
    }
    out += fmt::format("#define {}_PARAM_COUNT {}u\n#define {}_PARAM_WORDS {}u\n", up, k.params.size(), up,
                       (bytes + 3) / 4);
    out += fmt::format("#define {}_CODE_WORDS {}u\n", up, k.code.size());
    out += "/* In DRAM: the GPU fetches its code from here (CODE_BASE = address of the array). */\n";
    return out + word_array(fmt::format("static const uint32_t {}_code[{}] __attribute__((aligned(16), unused))", id,
                                        k.code.size()),
                            k.code);
}

std::string data_section(const compiler::Module& m, const std::string& prefix) {
    if (m.data.empty()) return {};
    const std::string id = prefix + "module", up = upper(id);
    std::string out = fmt::format(
        "\n/* .global/.const variables: {} bytes the firmware copies to {}_DATA_BASE (a GPU global address: in\n"
        "   the virtual platform a DRAM bus address; compile with --data-base to choose it) before a launch. */\n",
        m.data.size(), up);
    out += fmt::format("#define {}_DATA_BASE 0x{:x}u\n#define {}_DATA_BYTES {}u\n", up, m.data_base, up,
                       m.data.size());
    for (const auto& s : m.symbols)
        if (s.space != "shared")
            out += fmt::format("#define {}_SYM_{}_ADDR 0x{:x}u /* .{} {}, {} bytes */\n", up, c_ident(s.name),
                               s.address, s.space, s.name, s.size);
    out += fmt::format("static const uint8_t {}_data[{}] __attribute__((unused)) = {{", id, m.data.size());
    for (std::size_t i = 0; i < m.data.size(); ++i) out += fmt::format("{}0x{:02x},", i % 12 == 0 ? "\n    " : " ", m.data[i]);
    return out + "\n};\n";
}

}  // namespace

std::string module_header(const compiler::Module& m, const std::string& source, const std::string& prefix) {
    const std::string guard = upper(c_ident(prefix + "fgtlm_module_h"));
    std::string out = fmt::format(
        "/* Generated by `fgtlm header` from {}: do not edit. SM_1.0 kernels for the FlexGrip GPU (target {}):\n"
        "   code words, registers, shared sizes and parameter offsets (byte offsets in the parameter block;\n"
        "   the driver's parameter words are that block), models/compiler/README.md \"MODULE file\". */\n"
        "#ifndef {}\n#define {}\n\n#include <stdint.h>\n",
        source, m.target == compiler::Target::G80 ? "g80" : "flexgrip", guard, guard);
    for (const auto& k : m.kernels) out += kernel_section(m, k, prefix);
    out += data_section(m, prefix);
    return out + "\n#endif\n";
}

}  // namespace fgtlm::cli
