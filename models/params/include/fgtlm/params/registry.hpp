// Named model parameters, in the style of the property systems of SystemC virtual platforms
// (CCI / GreenConfig): hierarchical dotted names (`sm.sp_lanes`, `mem.global_latency_cycles`),
// typed values with defaults, ranges and descriptions.
//
// Components declare their parameters once (declare_*), the front end applies a JSON config
// file (nested objects or dotted keys) and `-p key=value` overrides, and the components read
// the final values once at construction (never on the hot path). Unknown names, values of the
// wrong type and out-of-range values raise ParamError naming the key and where it came from.
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace fgtlm::params {

class ParamError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

enum class Type : std::uint8_t { Bool, Int, Double, String };

const char* to_string(Type type);

using Value = std::variant<bool, std::int64_t, double, std::string>;

struct Param {
    std::string name;         // dotted, e.g. "sm.sp_lanes"
    Type type = Type::Int;
    Value default_value;
    Value value;
    std::string description;
    std::string unit;         // "cycles", "lanes", "" ...
    double min = 0;           // Int/Double: inclusive range
    double max = 0;
    bool has_range = false;
    std::string source = "default";  // where the value came from: "default", a file, "-p"
};

class Registry {
public:
    // Declarations. Declaring a name twice is a programming error (ParamError).
    void declare_bool(std::string name, bool def, std::string description);
    void declare_int(std::string name, std::int64_t def, std::string description, std::string unit,
                     std::int64_t min, std::int64_t max);
    void declare_double(std::string name, double def, std::string description, std::string unit,
                        double min, double max);
    void declare_string(std::string name, std::string def, std::string description);

    [[nodiscard]] bool contains(std::string_view name) const;
    [[nodiscard]] const Param& find(std::string_view name) const;  // ParamError if unknown

    // Typed reads (ParamError if unknown or of another type).
    [[nodiscard]] bool get_bool(std::string_view name) const;
    [[nodiscard]] std::int64_t get_int(std::string_view name) const;
    [[nodiscard]] double get_double(std::string_view name) const;
    [[nodiscard]] const std::string& get_string(std::string_view name) const;

    // Sets a value from text ("16", "true", "2.5", "fifo"); `source` names the origin for errors.
    void set_from_text(std::string_view name, std::string_view text, std::string_view source);
    // Sets a value from JSON (number, bool, string); checks type and range.
    void set_from_json(std::string_view name, const nlohmann::json& value, std::string_view source);
    // Typed programmatic set (tests, embedding): same checks.
    void set(std::string_view name, const Value& value, std::string_view source = "api");

    // `key=value` as given to `-p`.
    void apply_override(std::string_view assignment);
    // A JSON object: nested objects and dotted keys may be mixed ({"sm": {"sp_lanes": 16}},
    // {"sm.sp_lanes": 16}). `source` names the file in errors.
    void apply_json(const nlohmann::json& config, std::string_view source);
    void load_json_file(const std::string& path);

    // All parameters in name order.
    [[nodiscard]] std::vector<const Param*> list() const;
    // {"sm.sp_lanes": {"type":..., "default":..., "value":..., "unit":..., "description":...}, ...}
    [[nodiscard]] nlohmann::json to_json() const;
    // Nested {"sm": {"sp_lanes": 8}, ...} of current values: a valid --config file.
    [[nodiscard]] nlohmann::json values_as_config() const;
    // Human-readable table.
    [[nodiscard]] std::string to_text(bool show_values) const;

private:
    Param& declare(std::string name, Type type, Value def, std::string description);
    Param& find_mutable(std::string_view name, std::string_view source);
    // True when some parameter name starts with `prefix` + '.' (a JSON object may nest there).
    [[nodiscard]] bool is_group(std::string_view prefix) const;
    void apply_json_prefixed(const nlohmann::json& node, const std::string& prefix,
                             std::string_view source);
    std::map<std::string, Param, std::less<>> params_;
};

// Renders a value as the text set_from_text accepts.
std::string value_to_text(const Value& value);

}  // namespace fgtlm::params
