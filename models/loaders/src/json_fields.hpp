// launch.json field readers shared by the bundle loader's sections: a wrong type or a value
// out of range is a LoadError naming the file and the field ("launch.json: grid[0]: ..."),
// never a silent conversion (1.7 -> 1, 4294967297 -> 1) or a bare nlohmann message.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include <fgtlm/io/number.hpp>
#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::loaders {

namespace fs = std::filesystem;
using nlohmann::json;

// A JSON value for an error message (io's: an array or object by its size, never dumped).
using io::shown_json;

inline std::uint64_t uint_value(const json& v, const std::string& where, const fs::path& file, std::uint64_t hi) {
    const bool negative = v.is_number_integer() && !v.is_number_unsigned() && v.get<std::int64_t>() < 0;
    if (!v.is_number_integer() || negative)
        throw LoadError(file, 0, where + ": must be an unsigned integer, got " + shown_json(v));
    const auto x = v.get<std::uint64_t>();
    if (x > hi)
        throw LoadError(file, 0, where + ": " + std::to_string(x) + " is above the maximum " + std::to_string(hi));
    return x;
}

inline const json& member(const json& j, const char* key, const fs::path& file) {
    if (!j.is_object())
        throw LoadError(file, 0, std::string("expected an object holding \"") + key + "\", got " + shown_json(j));
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
    if (!v.is_array()) throw LoadError(file, 0, std::string(key) + ": must be an array, got " + shown_json(v));
    return v;
}

}  // namespace fgtlm::loaders
