// launch.json "textures" -> descriptor table in global memory (models/loaders/README.md):
//   "textures": {"table": ADDR, "slots": N,            (slots optional: highest bound + 1)
//                "bind": [{"slot": 0, "dims": 2, "format": "f32", "channels": 1, "base": ADDR,
//                          "width": W, "height": H, "depth": D, "pitch": 0, "slice_pitch": 0,
//                          "filter": "point"|"linear", "normalized": false,
//                          "read_mode": "element"|"normalized_float",
//                          "address": ["clamp"|"wrap"|"mirror"|"border", ...]}]}
#include "texture_section.hpp"

#include <fgtlm/io/text.hpp>

#include <algorithm>
#include <cstring>
#include <fstream>

#include <fgtlm/loaders/bundle_loader.hpp>

#include <fgtlm/core/texture.hpp>

#include "json_fields.hpp"

namespace fgtlm::loaders {

namespace {

namespace tex = core::tex;

struct Field {  // one member of a "bind" entry, for messages naming it
    const json& obj;
    std::string where;
    const fs::path& file;

    std::uint64_t uint(const char* key, std::uint64_t hi, std::optional<std::uint64_t> fallback = std::nullopt) const {
        if (!obj.contains(key)) {
            if (fallback) return *fallback;
            throw LoadError(file, 0, where + ": missing field \"" + key + "\"");
        }
        return uint_value(obj.at(key), where + "." + key, file, hi);
    }
    std::string text(const char* key, const char* fallback) const {
        if (!obj.contains(key)) return fallback;
        if (!obj.at(key).is_string())
            throw LoadError(file, 0, where + "." + key + ": must be a string, got " + shown_json(obj.at(key)));
        return obj.at(key).get<std::string>();
    }
    bool flag(const char* key) const {
        if (!obj.contains(key)) return false;
        if (!obj.at(key).is_boolean())
            throw LoadError(file, 0, where + "." + key + ": must be true or false, got " + shown_json(obj.at(key)));
        return obj.at(key).get<bool>();
    }
    [[noreturn]] void bad(const std::string& key, const std::string& why) const {
        throw LoadError(file, 0, where + (key.empty() ? "" : "." + key) + ": " + why);
    }
};

void read_modes(const Field& f, tex::Descriptor& d) {
    const std::string filter = f.text("filter", "point");
    if (filter != "point" && filter != "linear") f.bad("filter", "'" + filter + "' is not point or linear");
    d.linear = filter == "linear";
    d.normalized = f.flag("normalized");
    const std::string mode = f.text("read_mode", "element");
    if (mode != "element" && mode != "normalized_float")
        f.bad("read_mode", "'" + mode + "' is not element or normalized_float");
    d.read_normalized = mode == "normalized_float";
    if (!f.obj.contains("address")) return;
    const json& a = f.obj.at("address");
    if (!a.is_array() || a.size() > 3) f.bad("address", "must be an array of up to 3 mode names, got " + shown_json(a));
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!a[i].is_string() || !tex::parse_address_mode(a[i].get<std::string>(), d.address[i]))
            f.bad("address[" + std::to_string(i) + "]", shown_json(a[i]) + " is not clamp, wrap, mirror or border");
}

tex::Descriptor read_descriptor(const Field& f) {
    tex::Descriptor d;
    d.dims = std::uint32_t(f.uint("dims", 3));
    if (d.dims == 0) f.bad("dims", "must be 1, 2 or 3");
    const std::string format = f.text("format", "");
    if (!tex::parse_format(format, d.format))
        f.bad("format", "'" + format + "' is not u8, s8, u16, s16, u32, s32 or f32");
    d.channels = std::uint32_t(f.uint("channels", 4, 1));
    d.base = std::uint32_t(f.uint("base", 0xffffffffu));
    d.width = std::uint32_t(f.uint("width", 65536));
    d.height = std::uint32_t(f.uint("height", 65536, 1));
    d.depth = std::uint32_t(f.uint("depth", 65536, 1));
    d.pitch = std::uint32_t(f.uint("pitch", 0xffffffffu, 0));
    d.slice_pitch = std::uint32_t(f.uint("slice_pitch", 0xffffffffu, 0));
    read_modes(f, d);
    if (const std::string why = tex::validate(d); !why.empty()) f.bad("", why);
    return d;
}

// Last byte + 1 of the texels, which must lie in global memory (an unused axis may have size 0).
std::uint64_t texel_end(const tex::Descriptor& d) {
    const std::uint64_t rows = std::max<std::uint32_t>(d.height, 1) - 1,
                        slices = std::max<std::uint32_t>(d.depth, 1) - 1;
    return std::uint64_t(d.base) + slices * d.slice_bytes() + rows * d.row_pitch() +
           std::uint64_t(d.width) * d.texel_bytes();
}

}  // namespace

void read_textures(const json& L, const fs::path& lpath, KernelImage& img) {
    if (!L.contains("textures")) return;
    const json& T = L.at("textures");
    const Field top{T, "textures", lpath};
    if (!T.is_object()) top.bad("", "must be an object, got " + shown_json(T));
    const std::uint32_t table = std::uint32_t(top.uint("table", 0xffffffffu));
    const json& bind = T.contains("bind") ? T.at("bind") : json::array();
    if (!bind.is_array()) top.bad("bind", "must be an array, got " + shown_json(bind));
    std::vector<std::pair<std::uint32_t, tex::Descriptor>> bound;
    std::uint32_t slots = 0;
    for (std::size_t i = 0; i < bind.size(); ++i) {
        const Field f{bind[i], "textures.bind[" + std::to_string(i) + "]", lpath};
        if (!bind[i].is_object()) f.bad("", "must be an object, got " + shown_json(bind[i]));
        const std::uint32_t slot = std::uint32_t(f.uint("slot", tex::kMaxSlots - 1));
        for (const auto& [s, d] : bound)
            if (s == slot) f.bad("slot", std::to_string(slot) + " is bound twice");
        const tex::Descriptor d = read_descriptor(f);
        if (texel_end(d) > img.global_mem_bytes)
            f.bad("", "texels end at " + std::to_string(texel_end(d)) + ", beyond global_mem_bytes " +
                          std::to_string(img.global_mem_bytes));
        bound.emplace_back(slot, d);
        slots = std::max(slots, slot + 1);
    }
    slots = std::uint32_t(top.uint("slots", tex::kMaxSlots, slots));
    for (const auto& [s, d] : bound)
        if (s >= slots)
            top.bad("slots", std::to_string(slots) + " leaves bound slot " + std::to_string(s) + " outside");
    const std::uint64_t end = std::uint64_t(table) + std::uint64_t(slots) * tex::kDescriptorBytes;
    if (table % 4 != 0) top.bad("table", "must be 4-byte aligned");
    if (end > img.global_mem_bytes) top.bad("table", "the table ends beyond global_mem_bytes");
    if (img.global_init.size() < end) img.global_init.resize(end, 0);
    std::fill(img.global_init.begin() + table, img.global_init.begin() + std::ptrdiff_t(end), 0);  // unbound slots
    for (const auto& [s, d] : bound) {
        const auto b = tex::encode(d);
        std::memcpy(img.global_init.data() + table + std::size_t(s) * tex::kDescriptorBytes, b.data(), b.size());
    }
    img.launch.texture_table = table;
    img.launch.texture_slots = slots;
}

void load_texture_section(const fs::path& file, KernelImage& img) {
    if (!fs::is_regular_file(file)) throw LoadError(file, 0, "not a readable file");
    std::ifstream in(file);
    json L;
    try {
        L = json::parse(in);
    } catch (const json::exception& e) {  // syntax errors and number overflow (1e400)
        throw LoadError(file, 0, "invalid JSON: " + io::json_error_text(e.what()));
    }
    if (!L.is_object() || !L.contains("textures"))
        throw LoadError(file, 0, "expected an object with a \"textures\" field");
    read_textures(L, file, img);
}

}  // namespace fgtlm::loaders
