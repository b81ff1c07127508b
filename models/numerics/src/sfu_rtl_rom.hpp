// The FlexGripPlus SFU coefficient ROM (generated from the VHDL by scripts/gen-sfu-rom).
#pragma once

#include <array>
#include <cstdint>

namespace fgtlm::numerics::detail {

// [function code 0-9][7-bit address]: sign-magnitude words, C0 29 bits, C1 20, C2 14.
extern const std::array<std::array<std::uint32_t, 128>, 10> kSfuRomC0;
extern const std::array<std::array<std::uint32_t, 128>, 10> kSfuRomC1;
extern const std::array<std::array<std::uint32_t, 128>, 10> kSfuRomC2;

}  // namespace fgtlm::numerics::detail
