// MODULE file: JSON, format "fgtlm-module/1" (models/compiler/README.md, "MODULE file").
#include <fgtlm/compiler/module.hpp>

#include <nlohmann/json.hpp>

namespace fgtlm::compiler {

using nlohmann::json;

namespace {

std::string hex_bytes(const std::vector<std::uint8_t>& b) {
    static const char* d = "0123456789abcdef";
    std::string s;
    for (const std::uint8_t x : b) s += d[x >> 4], s += d[x & 15];
    return s;
}

nlohmann::ordered_json kernel_json(const KernelCode& k) {
    nlohmann::ordered_json params = nlohmann::ordered_json::array();
    for (const ParamInfo& p : k.params)
        params.push_back({{"name", p.name}, {"type", p.type}, {"offset", p.offset}, {"size", p.size}});
    nlohmann::ordered_json lines = nlohmann::ordered_json::array();
    for (const LineMapEntry& e : k.line_map) lines.push_back({e.pc, e.line});
    return {{"name", k.name},
            {"regs", k.regs},
            {"shared_bytes", k.shared_bytes},
            {"static_shared_base", k.static_shared_base},
            {"dynamic_shared_base", k.dynamic_shared_base},
            {"local_bytes", k.local_bytes},
            {"local_shared_base", k.local_shared_base},
            {"params", params},
            {"code", k.code},
            {"sass", k.sass},
            {"line_map", lines}};
}

template <class T>
T field(const json& j, const char* key, const std::string& where) {
    if (!j.contains(key)) throw std::runtime_error(where + ": missing field '" + key + "'");
    try {
        return j.at(key).get<T>();
    } catch (const json::exception&) {
        throw std::runtime_error(where + ": field '" + key + "' has the wrong type");
    }
}

KernelCode kernel_from(const json& j, const std::string& where) {
    KernelCode k;
    k.name = field<std::string>(j, "name", where);
    const std::string w = where + ": kernel " + k.name;
    k.regs = field<std::uint32_t>(j, "regs", w);
    k.shared_bytes = field<std::uint32_t>(j, "shared_bytes", w);
    k.static_shared_base = field<std::uint32_t>(j, "static_shared_base", w);
    k.dynamic_shared_base = field<std::uint32_t>(j, "dynamic_shared_base", w);
    k.code = field<std::vector<std::uint32_t>>(j, "code", w);
    k.local_bytes = field<std::uint32_t>(j, "local_bytes", w);
    if (j.contains("local_shared_base")) k.local_shared_base = field<std::uint32_t>(j, "local_shared_base", w);
    if (j.contains("sass")) k.sass = field<std::vector<std::string>>(j, "sass", w);
    if (j.contains("line_map"))
        for (const auto& e : field<std::vector<std::vector<std::uint32_t>>>(j, "line_map", w))
            if (e.size() == 2) k.line_map.push_back({e[0], e[1]});
    for (const json& p : field<json>(j, "params", w))
        k.params.push_back({field<std::string>(p, "name", w), field<std::string>(p, "type", w),
                            field<std::uint32_t>(p, "offset", w), field<std::uint32_t>(p, "size", w)});
    return k;
}

}  // namespace

std::string module_to_json(const Module& m) {
    nlohmann::ordered_json syms = nlohmann::ordered_json::array();
    for (const SymbolInfo& s : m.symbols)
        syms.push_back({{"name", s.name}, {"space", s.space}, {"address", s.address}, {"size", s.size}});
    nlohmann::ordered_json kernels = nlohmann::ordered_json::array();
    for (const KernelCode& k : m.kernels) kernels.push_back(kernel_json(k));
    // Ordered: "format" first, so a reader recognises the file from its first bytes.
    const nlohmann::ordered_json j = {{"format", "fgtlm-module/1"},
                                      {"target", m.target == Target::FlexGrip ? "flexgrip" : "g80"},
                                      {"address_size", m.address_size},
                                      {"data_base", m.data_base},
                                      {"data_hex", hex_bytes(m.data)},
                                      {"symbols", syms},
                                      {"kernels", kernels},
                                      {"warnings", m.warnings}};
    return j.dump(1) + "\n";
}

Module module_from_json(const std::string& text, const std::string& file) {
    json j;
    try {
        j = json::parse(text);
    } catch (const json::exception& e) {
        throw std::runtime_error(file + ": not a MODULE file (JSON error: " + e.what() + ")");
    }
    if (!j.is_object() || j.value("format", "") != "fgtlm-module/1")
        throw std::runtime_error(file + ": not a MODULE file (format is not \"fgtlm-module/1\")");
    Module m;
    m.target = field<std::string>(j, "target", file) == "g80" ? Target::G80 : Target::FlexGrip;
    m.address_size = field<std::uint32_t>(j, "address_size", file);
    m.data_base = field<std::uint32_t>(j, "data_base", file);
    const std::string hex = field<std::string>(j, "data_hex", file);
    if (hex.size() % 2 != 0) throw std::runtime_error(file + ": data_hex has an odd number of digits");
    for (std::size_t i = 0; i < hex.size(); i += 2)
        m.data.push_back(std::uint8_t(std::stoul(hex.substr(i, 2), nullptr, 16)));
    for (const json& k : field<json>(j, "kernels", file)) m.kernels.push_back(kernel_from(k, file));
    for (const json& s : field<json>(j, "symbols", file))
        m.symbols.push_back({field<std::string>(s, "name", file), field<std::string>(s, "space", file),
                             field<std::uint32_t>(s, "address", file), field<std::uint32_t>(s, "size", file)});
    if (m.kernels.empty()) throw std::runtime_error(file + ": the module holds no kernel");
    return m;
}

std::string plain_kernel_name(const std::string& n) {
    if (n.rfind("_Z", 0) != 0) return n;
    std::size_t i = 2, len = 0;
    while (i < n.size() && std::isdigit(static_cast<unsigned char>(n[i]))) len = len * 10 + std::size_t(n[i++] - '0');
    return len == 0 || i + len > n.size() ? n : n.substr(i, len);
}

const KernelCode& find_kernel(const Module& m, const std::string& name) {
    std::string names;
    for (const KernelCode& k : m.kernels) names += " " + k.name;
    if (name.empty()) {
        if (m.kernels.size() == 1) return m.kernels[0];
        throw std::runtime_error("the module holds several kernels, choose one with --kernel:" + names);
    }
    for (const KernelCode& k : m.kernels)
        if (k.name == name) return k;
    const KernelCode* found = nullptr;
    for (const KernelCode& k : m.kernels)
        if (plain_kernel_name(k.name) == name) {
            if (found) throw std::runtime_error("--kernel " + name + " is ambiguous:" + names);
            found = &k;
        }
    if (!found) throw std::runtime_error("--kernel " + name + ": no such kernel in the module (kernels:" + names + ")");
    return *found;
}

}  // namespace fgtlm::compiler
