// Texture descriptors: the binary format the host writes into global memory and the texture
// unit (units/texture_function.cpp) reads at every TEX. Beyond the RTL (FlexGripPlus has no texture
// unit): the semantics are CUDA's (Programming Guide, "Texture Fetching"); the format is the
// project's own, documented in models/core/README.md ("Texture descriptors").
//
// The table: LaunchConfig::texture_table (global byte address) holds texture_slots
// descriptors of 32 bytes; TEX's texture field (bits 9-15) is the slot. Each descriptor is
// eight little-endian words:
//   w0 control: bits 0-1 dims (0 = unbound, 1..3), 4-7 format (Format), 8-10 channels (1..4),
//               12 linear filtering, 13 normalised coordinates, 14 read mode normalised float,
//               16-17 / 18-19 / 20-21 address mode of x / y / z (AddressMode); others 0
//   w1 base address of texel (0,0,0)     w2 width   w3 height   w4 depth (texels)
//   w5 row pitch in bytes (0 = width x texel bytes)
//   w6 slice pitch in bytes (0 = row pitch x height)   w7 reserved (0)
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace fgtlm::core::tex {

inline constexpr std::uint32_t kDescriptorBytes = 32;
inline constexpr std::uint32_t kMaxSlots = 128;  // TEX's texture field is 7 bits

enum class Format : std::uint8_t { None = 0, U8 = 1, S8 = 2, U16 = 3, S16 = 4, U32 = 5, S32 = 6, F32 = 7 };
enum class AddressMode : std::uint8_t { Clamp = 0, Wrap = 1, Mirror = 2, Border = 3 };

struct Descriptor {
    std::uint32_t dims = 0;  // 0 = unbound slot
    Format format = Format::None;
    std::uint32_t channels = 1;
    bool linear = false;           // linear filtering (else point)
    bool normalized = false;       // coordinates in [0, 1) instead of [0, N)
    bool read_normalized = false;  // 8/16-bit integers read as float in [0, 1] / [-1, 1]
    std::array<AddressMode, 3> address{AddressMode::Clamp, AddressMode::Clamp, AddressMode::Clamp};
    std::uint32_t base = 0;
    std::uint32_t width = 1, height = 1, depth = 1;
    std::uint32_t pitch = 0, slice_pitch = 0;  // bytes; 0 = packed
    std::uint32_t reserved_bits = 0;           // w0 bits outside the fields, and w7 (decode only)

    [[nodiscard]] std::uint32_t element_bytes() const;
    [[nodiscard]] std::uint32_t texel_bytes() const { return element_bytes() * channels; }
    [[nodiscard]] std::uint64_t row_pitch() const { return pitch != 0 ? pitch : std::uint64_t(width) * texel_bytes(); }
    [[nodiscard]] std::uint64_t slice_bytes() const { return slice_pitch != 0 ? slice_pitch : row_pitch() * height; }
    [[nodiscard]] std::uint32_t size(std::uint32_t axis) const {
        return axis == 0 ? width : axis == 1 ? height : depth;
    }
};

// Bytes <-> descriptor (little-endian words as above).
std::array<std::uint8_t, kDescriptorBytes> encode(const Descriptor& d);
Descriptor decode(const std::uint8_t* bytes);

// Empty when the descriptor is usable, else why not ("format 9 is not a texel format", ...).
// Does not check that the texels lie inside global memory (the unit reports that per fetch).
std::string validate(const Descriptor& d);

// Names used by the launch JSON ("f32", "clamp", ...); nullptr / false for an unknown one.
const char* format_name(Format f);
bool parse_format(const std::string& s, Format& f);
bool parse_address_mode(const std::string& s, AddressMode& m);

}  // namespace fgtlm::core::tex
