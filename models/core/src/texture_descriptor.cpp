// Texture descriptors: bytes <-> Descriptor and the validity rules (core/texture.hpp).
#include <fgtlm/core/texture.hpp>

#include <cstring>

namespace fgtlm::core::tex {

namespace {

constexpr std::uint32_t kControlFields = 0x3u | 0xf0u | 0x700u | 0x7000u | 0x3f0000u;

std::uint32_t word(const std::uint8_t* b, std::uint32_t i) {
    std::uint32_t v;
    std::memcpy(&v, b + 4 * i, 4);  // little-endian host (x86/Arm), as the rest of the model
    return v;
}

}  // namespace

std::uint32_t Descriptor::element_bytes() const {
    switch (format) {
        case Format::U8:
        case Format::S8: return 1;
        case Format::U16:
        case Format::S16: return 2;
        case Format::U32:
        case Format::S32:
        case Format::F32: return 4;
        case Format::None: break;
    }
    return 0;
}

std::array<std::uint8_t, kDescriptorBytes> encode(const Descriptor& d) {
    std::uint32_t w[8] = {};
    w[0] = (d.dims & 3u) | (std::uint32_t(d.format) & 15u) << 4 | (d.channels & 7u) << 8 |
           std::uint32_t(d.linear) << 12 | std::uint32_t(d.normalized) << 13 | std::uint32_t(d.read_normalized) << 14;
    for (std::uint32_t a = 0; a < 3; ++a) w[0] |= (std::uint32_t(d.address[a]) & 3u) << (16 + 2 * a);
    w[1] = d.base;
    w[2] = d.width;
    w[3] = d.height;
    w[4] = d.depth;
    w[5] = d.pitch;
    w[6] = d.slice_pitch;
    std::array<std::uint8_t, kDescriptorBytes> out{};
    std::memcpy(out.data(), w, sizeof w);
    return out;
}

Descriptor decode(const std::uint8_t* b) {
    Descriptor d;
    const std::uint32_t c = word(b, 0);
    d.dims = c & 3u;
    d.format = Format((c >> 4) & 15u);
    d.channels = (c >> 8) & 7u;
    d.linear = (c >> 12) & 1u;
    d.normalized = (c >> 13) & 1u;
    d.read_normalized = (c >> 14) & 1u;
    for (std::uint32_t a = 0; a < 3; ++a) d.address[a] = AddressMode((c >> (16 + 2 * a)) & 3u);
    d.base = word(b, 1);
    d.width = word(b, 2);
    d.height = word(b, 3);
    d.depth = word(b, 4);
    d.pitch = word(b, 5);
    d.slice_pitch = word(b, 6);
    d.reserved_bits = (c & ~kControlFields) | word(b, 7);
    return d;
}

namespace {

std::string check_shape(const Descriptor& d) {
    const std::uint32_t eb = d.element_bytes();
    for (std::uint32_t a = 0; a < 3; ++a) {
        const std::uint32_t n = d.size(a);
        if (a < d.dims && (n == 0 || n > 65536))
            return std::string("size of axis ") + "xyz"[a] + " is " + std::to_string(n) + " (1..65536 texels)";
        if (a >= d.dims && n != 1 && n != 0)
            return std::string("axis ") + "xyz"[a] + " of a " + std::to_string(d.dims) + "D texture must have size 1";
    }
    if (d.base % eb != 0) return "base address not aligned to the element size " + std::to_string(eb);
    if (d.pitch % eb != 0 || d.slice_pitch % eb != 0) return "pitch not a multiple of the element size";
    if (d.pitch != 0 && d.pitch < std::uint64_t(d.width) * d.texel_bytes()) return "row pitch smaller than a row";
    if (d.slice_pitch != 0 && d.slice_pitch < d.row_pitch() * d.height) return "slice pitch smaller than a slice";
    return {};
}

std::string check_modes(const Descriptor& d) {
    const bool int32 = d.format == Format::U32 || d.format == Format::S32;
    if (d.read_normalized && (int32 || d.format == Format::F32))
        return "read mode normalised float needs an 8- or 16-bit integer format";
    if (d.linear && d.format != Format::F32 && !d.read_normalized)
        return "linear filtering needs float texels (f32, or read mode normalised float)";
    for (std::uint32_t a = 0; a < d.dims; ++a) {
        const AddressMode m = d.address[a];
        if (!d.normalized && (m == AddressMode::Wrap || m == AddressMode::Mirror))
            return "address mode wrap/mirror needs normalised coordinates (CUDA)";
    }
    return {};
}

}  // namespace

std::string validate(const Descriptor& d) {
    if (d.dims == 0) return "not bound";
    if (d.reserved_bits != 0) return "reserved descriptor bits set";
    if (d.element_bytes() == 0) return "format " + std::to_string(unsigned(d.format)) + " is not a texel format";
    if (d.channels < 1 || d.channels > 4) return std::to_string(d.channels) + " channels (1..4)";
    if (std::string why = check_shape(d); !why.empty()) return why;
    return check_modes(d);
}

const char* format_name(Format f) {
    switch (f) {
        case Format::U8: return "u8";
        case Format::S8: return "s8";
        case Format::U16: return "u16";
        case Format::S16: return "s16";
        case Format::U32: return "u32";
        case Format::S32: return "s32";
        case Format::F32: return "f32";
        case Format::None: break;
    }
    return nullptr;
}

bool parse_format(const std::string& s, Format& f) {
    for (std::uint8_t i = 1; i <= 7; ++i)
        if (s == format_name(Format(i))) {
            f = Format(i);
            return true;
        }
    return false;
}

bool parse_address_mode(const std::string& s, AddressMode& m) {
    static constexpr const char* kNames[4] = {"clamp", "wrap", "mirror", "border"};
    for (std::uint8_t i = 0; i < 4; ++i)
        if (s == kNames[i]) {
            m = AddressMode(i);
            return true;
        }
    return false;
}

}  // namespace fgtlm::core::tex
