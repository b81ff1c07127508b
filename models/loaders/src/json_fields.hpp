// launch.json field readers shared by the bundle loader's sections: a wrong type or a value
// out of range is a LoadError naming the file and the field ("launch.json: grid[0]: ..."),
// never a silent conversion (1.7 -> 1, 4294967297 -> 1) or a bare nlohmann message.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::loaders {

namespace fs = std::filesystem;
using nlohmann::json;

// A JSON value for an error message: its text (cut short) and its type. An array or object is
// shown by its size, not dumped: dump() recurses per level, and a crafted file nests 200,000.
inline std::string shown(const json& v) {
    if (v.is_array()) return "an array of " + std::to_string(v.size()) + " element" + (v.size() == 1 ? "" : "s");
    if (v.is_object()) return "an object of " + std::to_string(v.size()) + " member" + (v.size() == 1 ? "" : "s");
    std::string t = v.dump(-1, ' ', false, json::error_handler_t::replace);
    if (t.size() > 40) t = t.substr(0, 37) + "...";
    return t + " (" + v.type_name() + ")";
}

inline std::uint64_t uint_value(const json& v, const std::string& where, const fs::path& file, std::uint64_t hi) {
    const bool negative = v.is_number_integer() && !v.is_number_unsigned() && v.get<std::int64_t>() < 0;
    if (!v.is_number_integer() || negative)
        throw LoadError(file, 0, where + ": must be an unsigned integer, got " + shown(v));
    const auto x = v.get<std::uint64_t>();
    if (x > hi)
        throw LoadError(file, 0, where + ": " + std::to_string(x) + " is above the maximum " + std::to_string(hi));
    return x;
}

inline const json& member(const json& j, const char* key, const fs::path& file) {
    if (!j.is_object())
        throw LoadError(file, 0, std::string("expected an object holding \"") + key + "\", got " + shown(j));
    if (!j.contains(key)) throw LoadError(file, 0, std::string("missing field \"") + key + "\"");
    return j.at(key);
}

inline std::uint64_t uint_field(const json& j, const char* key, const fs::path& file, std::uint64_t hi = 0xffffffffu,
                                std::optional<std::uint64_t> fallback = std::nullopt) {
    if (fallback && j.is_object() && !j.contains(key)) return *fallback;
    return uint_value(member(j, key, file), key, file, hi);
}

inline const json& array_field(const json& j, const char* key, const fs::path& file) {
    const json& v = member(j, key, file);
    if (!v.is_array()) throw LoadError(file, 0, std::string(key) + ": must be an array, got " + shown(v));
    return v;
}

}  // namespace fgtlm::loaders
