#include <fgtlm/params/registry.hpp>

#include <fgtlm/io/number.hpp>
#include <fgtlm/io/text.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <filesystem>
#include <cstdint>
#include <fstream>
#include <sstream>

namespace fgtlm::params {

const char* to_string(Type type) {
    switch (type) {
        case Type::Bool: return "bool";
        case Type::Int: return "int";
        case Type::Double: return "double";
        case Type::String: return "string";
    }
    return "?";
}

std::string value_to_text(const Value& value) {
    struct Visitor {
        std::string operator()(bool b) const { return b ? "true" : "false"; }
        std::string operator()(std::int64_t i) const { return std::to_string(i); }
        std::string operator()(double d) const { return fmt::format("{}", d); }
        std::string operator()(const std::string& s) const { return s; }
    };
    return std::visit(Visitor{}, value);
}

namespace {

nlohmann::json value_to_json(const Value& value) {
    struct Visitor {
        nlohmann::json operator()(bool b) const { return b; }
        nlohmann::json operator()(std::int64_t i) const { return i; }
        nlohmann::json operator()(double d) const { return d; }
        nlohmann::json operator()(const std::string& s) const { return s; }
    };
    return std::visit(Visitor{}, value);
}

Type type_of(const Value& value) {
    switch (value.index()) {
        case 0: return Type::Bool;
        case 1: return Type::Int;
        case 2: return Type::Double;
        default: return Type::String;
    }
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

// User text quoted in a message: io's escaper (a crafted -p or config must not drive the
// terminal or print megabytes back).
using io::escape_and_cut;

// A JSON value for a message without dump()'s recursion (a crafted config nests 200,000 deep).
using io::shown_json;

[[noreturn]] void fail(std::string_view source, std::string_view name, const std::string& what) {
    throw ParamError(fmt::format("{}: parameter '{}': {}", source, escape_and_cut(name), what));
}

// "[MIN, MAX]" of a parameter's declared range; an integer parameter's bounds as integers (its
// range is kept as doubles: 2^63 - 1 would print as 9.223372036854776e+18).
std::string range_text(const Param& p) {
    if (p.type != Type::Int) return fmt::format("[{}, {}]", p.min, p.max);
    const auto whole = [](double d) {
        if (d >= 9.2e18) return std::to_string(INT64_MAX);
        if (d <= -9.2e18) return std::to_string(INT64_MIN);
        return std::to_string(std::int64_t(d));
    };
    return "[" + whole(p.min) + ", " + whole(p.max) + "]";
}

// A value outside a parameter's declared range: key, value and the range.
[[noreturn]] void fail_range(std::string_view source, const Param& p, std::string_view value) {
    fail(source, p.name, fmt::format("value {} outside the allowed range {}", escape_and_cut(value), range_text(p)));
}

// A value beyond 64 bits: said as such, with the parameter's range where it has one.
[[noreturn]] void fail_too_wide(std::string_view source, const Param& p, std::string_view value) {
    fail(source, p.name,
         fmt::format("value {} does not fit in a 64-bit integer{}", escape_and_cut(value),
                     p.has_range ? "; the allowed range is " + range_text(p) : std::string()));
}

}  // namespace

Param& Registry::declare(std::string name, Type type, Value def, std::string description) {
    if (name.empty() || name.front() == '.' || name.back() == '.' ||
        name.find("..") != std::string::npos) {
        throw ParamError(fmt::format("invalid parameter name '{}'", name));
    }
    if (params_.count(name) != 0) {
        throw ParamError(fmt::format("parameter '{}' declared twice", name));
    }
    Param p;
    p.name = name;
    p.type = type;
    p.default_value = def;
    p.value = std::move(def);
    p.description = std::move(description);
    return params_.emplace(std::move(name), std::move(p)).first->second;
}

void Registry::declare_bool(std::string name, bool def, std::string description) {
    declare(std::move(name), Type::Bool, def, std::move(description));
}

void Registry::declare_int(std::string name, std::int64_t def, std::string description,
                           std::string unit, std::int64_t min, std::int64_t max) {
    if (def < min || def > max) {
        throw ParamError(fmt::format("parameter '{}': default {} outside [{}, {}]", name, def, min, max));
    }
    Param& p = declare(std::move(name), Type::Int, def, std::move(description));
    p.unit = std::move(unit);
    p.min = double(min);
    p.max = double(max);
    p.has_range = true;
}

void Registry::declare_double(std::string name, double def, std::string description,
                              std::string unit, double min, double max) {
    if (def < min || def > max) {
        throw ParamError(fmt::format("parameter '{}': default {} outside [{}, {}]", name, def, min, max));
    }
    Param& p = declare(std::move(name), Type::Double, def, std::move(description));
    p.unit = std::move(unit);
    p.min = min;
    p.max = max;
    p.has_range = true;
}

void Registry::declare_string(std::string name, std::string def, std::string description) {
    declare(std::move(name), Type::String, std::move(def), std::move(description));
}

bool Registry::contains(std::string_view name) const { return params_.find(name) != params_.end(); }

const Param& Registry::find(std::string_view name) const {
    auto it = params_.find(name);
    if (it == params_.end()) throw ParamError(fmt::format("unknown parameter '{}'", name));
    return it->second;
}

Param& Registry::find_mutable(std::string_view name, std::string_view source) {
    auto it = params_.find(name);
    if (it == params_.end()) {
        // Suggest names of the same group whose leaf starts alike: typos are the usual cause.
        std::string hint;
        const auto dot = name.rfind('.');
        const std::string_view group = dot == std::string_view::npos ? std::string_view() : name.substr(0, dot + 1);
        const std::string_view leaf = name.substr(group.size());
        for (const auto& [n, p] : params_) {
            const std::string_view nv(n);
            if (nv.substr(0, group.size()) != group) continue;
            const std::string_view nleaf = nv.substr(group.size());
            const std::size_t k = std::min<std::size_t>(3, leaf.size());
            if (k == 0 || nleaf.substr(0, k) != leaf.substr(0, k)) continue;
            hint += hint.empty() ? " (did you mean: " : ", ";
            hint += n;
        }
        if (!hint.empty()) hint += ")";
        throw ParamError(fmt::format("{}: unknown parameter '{}'{}; `fgtlm params` lists all",
                                     source, escape_and_cut(name), hint));
    }
    return it->second;
}

bool Registry::get_bool(std::string_view name) const {
    const Param& p = find(name);
    if (p.type != Type::Bool) throw ParamError(fmt::format("parameter '{}' is {}, not bool", name, to_string(p.type)));
    return std::get<bool>(p.value);
}

std::int64_t Registry::get_int(std::string_view name) const {
    const Param& p = find(name);
    if (p.type != Type::Int) throw ParamError(fmt::format("parameter '{}' is {}, not int", name, to_string(p.type)));
    return std::get<std::int64_t>(p.value);
}

double Registry::get_double(std::string_view name) const {
    const Param& p = find(name);
    if (p.type == Type::Int) return double(std::get<std::int64_t>(p.value));
    if (p.type != Type::Double)
        throw ParamError(fmt::format("parameter '{}' is {}, not double", name, to_string(p.type)));
    return std::get<double>(p.value);
}

const std::string& Registry::get_string(std::string_view name) const {
    const Param& p = find(name);
    if (p.type != Type::String)
        throw ParamError(fmt::format("parameter '{}' is {}, not string", name, to_string(p.type)));
    return std::get<std::string>(p.value);
}

void Registry::set(std::string_view name, const Value& value, std::string_view source) {
    Param& p = find_mutable(name, source);
    Value v = value;
    // An integer is a valid double.
    if (p.type == Type::Double && v.index() == 1) v = double(std::get<std::int64_t>(v));
    if (type_of(v) != p.type) {
        fail(source, name, fmt::format("expected a value of type {}, got {} '{}'", to_string(p.type),
                                       to_string(type_of(v)), escape_and_cut(value_to_text(value))));
    }
    // NaN or an infinity is no value of any parameter, with or without a declared range (a NaN
    // passes every comparison of a range check that is written the other way round).
    if (p.type == Type::Double && !std::isfinite(std::get<double>(v)))
        fail(source, name, fmt::format("{} is not a finite number", value_to_text(v)));
    if (p.has_range) {
        const double d = p.type == Type::Int ? double(std::get<std::int64_t>(v)) : std::get<double>(v);
        if (!(d >= p.min && d <= p.max)) fail_range(source, p, value_to_text(v));
    }
    p.value = std::move(v);
    p.source = std::string(source);
}

namespace {

// "SOURCE: parameter 'NAME'": io's checked parser names the value with it.
std::string label(std::string_view source, std::string_view name) {
    return fmt::format("{}: parameter '{}'", source, escape_and_cut(name));
}

// An optional '-', then decimal or 0x hex digits (io::parse_unsigned: no second sign, blank,
// fraction or exponent) within the 64-bit range.
std::int64_t int_from_text(std::string_view text, const std::string& what, std::string_view source,
                           const Param& p) {
    const bool neg = !text.empty() && text.front() == '-';
    const std::string_view digits = neg ? text.substr(1) : text;
    constexpr auto kMax = std::uint64_t(INT64_MAX);
    try {
        const std::uint64_t m = io::parse_unsigned(digits, what, 0, neg ? kMax + 1 : kMax);
        return neg ? std::int64_t(0 - m) : std::int64_t(m);
    } catch (const std::invalid_argument& e) {  // said for the signed value, not its digits
        if (std::string_view(e.what()).find("out of range") != std::string_view::npos) fail_too_wide(source, p, text);
        throw ParamError(fmt::format("{}: '{}' is not an integer (decimal or 0x hex digits, an optional -)", what,
                                     escape_and_cut(text)));
    }
}

double real_from_text(std::string_view text, const std::string& what) {
    try {
        return io::parse_real(text, what, -DBL_MAX, DBL_MAX);
    } catch (const std::invalid_argument& e) {
        throw ParamError(e.what());
    }
}

}  // namespace

void Registry::set_from_text(std::string_view name, std::string_view text, std::string_view source) {
    const Param& p = find_mutable(name, source);
    text = trim(text);
    switch (p.type) {
        case Type::Bool: {
            if (text == "true" || text == "1" || text == "on" || text == "yes") return set(name, true, source);
            if (text == "false" || text == "0" || text == "off" || text == "no") return set(name, false, source);
            fail(source, name, fmt::format("'{}' is not a bool (true/false)", escape_and_cut(text)));
        }
        case Type::Int: return set(name, int_from_text(text, label(source, name), source, p), source);
        case Type::Double:  // the range is set()'s, so its message stays the registry's
            return set(name, real_from_text(text, label(source, name)), source);
        case Type::String: return set(name, std::string(text), source);
    }
}

void Registry::set_from_json(std::string_view name, const nlohmann::json& value, std::string_view source) {
    if (value.is_boolean()) return set(name, value.get<bool>(), source);
    if (value.is_number_unsigned() && value.get<std::uint64_t>() > std::uint64_t(INT64_MAX))
        fail_too_wide(source, find_mutable(name, source), value.dump());
    if (value.is_number_integer()) return set(name, value.get<std::int64_t>(), source);
    if (value.is_number_float()) {
        const Param& p = find_mutable(name, source);
        const double d = value.get<double>();
        // 16.0 for an int parameter is fine; 16.5 is not; 1e300 is no integer at all (a cast
        // would be undefined and printed INT64_MIN).
        if (p.type == Type::Int && std::floor(d) == d) {
            if (!(d >= -9.2e18 && d <= 9.2e18)) fail_too_wide(source, p, value.dump());
            return set(name, std::int64_t(d), source);
        }
        return set(name, d, source);
    }
    if (value.is_string()) return set(name, value.get<std::string>(), source);
    find_mutable(name, source);  // unknown names first
    fail(source, name, fmt::format("unsupported JSON value: {}", shown_json(value)));
}

void Registry::apply_override(std::string_view assignment) {
    const auto eq = assignment.find('=');
    if (eq == std::string_view::npos || eq == 0) {
        throw ParamError(
            fmt::format("-p '{}': expected key=value (e.g. -p sm.sp_lanes=16)", escape_and_cut(assignment)));
    }
    set_from_text(trim(assignment.substr(0, eq)), assignment.substr(eq + 1), "-p");
}

bool Registry::is_group(std::string_view prefix) const {
    const std::string dotted = std::string(prefix) + ".";
    const auto it = params_.lower_bound(dotted);
    return it != params_.end() && it->first.compare(0, dotted.size(), dotted) == 0;
}

// Recurses only into objects whose name is a group of declared parameters, so the depth is
// that of the longest parameter name however deep a crafted config nests (the deeper levels
// are an unknown parameter, named with its first levels).
void Registry::apply_json_prefixed(const nlohmann::json& node, const std::string& prefix,
                                   std::string_view source) {
    for (const auto& [key, value] : node.items()) {
        const std::string name = prefix.empty() ? key : prefix + "." + key;
        if (value.is_object()) {
            if (!is_group(name)) {
                find_mutable(name, source);  // unknown: throws with suggestions
                fail(source, name, fmt::format("is a parameter, not a group; got {}", shown_json(value)));
            }
            apply_json_prefixed(value, name, source);
        } else {
            set_from_json(name, value, source);
        }
    }
}

void Registry::apply_json(const nlohmann::json& config, std::string_view source) {
    if (!config.is_object()) {
        throw ParamError(fmt::format("{}: a parameter config must be a JSON object", source));
    }
    apply_json_prefixed(config, "", source);
}

void Registry::load_json_file(const std::string& path) {
    if (std::filesystem::is_directory(path))
        throw ParamError(fmt::format("{}: is a directory, not a config file", path));
    // A FIFO or device would block the open or the read forever.
    if (std::filesystem::exists(path) && !std::filesystem::is_regular_file(path))
        throw ParamError(fmt::format("{}: not a regular file (a FIFO, device or socket is not read)", path));
    std::ifstream in(path);
    if (!in) throw ParamError(fmt::format("{}: cannot open config file", path));
    nlohmann::json config;
    try {
        config = nlohmann::json::parse(in);
    } catch (const nlohmann::json::exception& e) {  // syntax errors and number overflow (1e400)
        throw ParamError(fmt::format("{}: invalid JSON: {}", path, io::json_error_text(e.what())));
    }
    apply_json(config, path);
}

std::vector<const Param*> Registry::list() const {
    std::vector<const Param*> out;
    out.reserve(params_.size());
    for (const auto& [name, p] : params_) out.push_back(&p);
    return out;
}

nlohmann::json Registry::to_json() const {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [name, p] : params_) {
        nlohmann::json entry{{"type", to_string(p.type)},
                             {"default", value_to_json(p.default_value)},
                             {"value", value_to_json(p.value)},
                             {"source", p.source},
                             {"description", p.description}};
        if (!p.unit.empty()) entry["unit"] = p.unit;
        if (p.has_range) entry["range"] = {p.min, p.max};
        out[name] = std::move(entry);
    }
    return out;
}

nlohmann::json Registry::values_as_config() const {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [name, p] : params_) {
        // A copy, not a lambda capturing the binding (clang 14, which builds the fuzz targets,
        // cannot capture structured bindings).
        std::string ptr = name;
        std::replace(ptr.begin(), ptr.end(), '.', '/');
        out[nlohmann::json::json_pointer("/" + ptr)] = value_to_json(p.value);
    }
    return out;
}

std::string Registry::to_text(bool show_values) const {
    std::size_t width = 4;
    for (const auto& [name, p] : params_) width = std::max(width, name.size());
    std::ostringstream out;
    for (const auto& [name, p] : params_) {
        std::string val = value_to_text(p.default_value);
        if (show_values && p.value != p.default_value) {
            val = value_to_text(p.value) + " (default " + val + ", from " + p.source + ")";
        }
        if (!p.unit.empty()) val += " " + p.unit;
        out << fmt::format("{:<{}}  {:<7} {:<14} {}\n", name, width, to_string(p.type), val, p.description);
    }
    return out.str();
}

}  // namespace fgtlm::params
