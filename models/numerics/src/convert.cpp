// I2F / F2I / F2F of the FlexGripPlus RTL: the FPU's fpu_conv block (src/fpu_rtl_conv.cpp).
#include <fgtlm/numerics/convert.hpp>

#include <cstdint>

#include "fpu_rtl.hpp"

namespace fgtlm::numerics {

using namespace detail;

namespace {

bool is_signed(isa::DataType t) {
    return t == isa::DataType::S8 || t == isa::DataType::S16 || t == isa::DataType::S32;
}

// The source field as the read stage delivers it: narrow types zero- or sign-extended.
std::uint32_t extend(std::uint32_t v, isa::DataType t) {
    switch (t) {
        case isa::DataType::U8: return v & 0xFFu;
        case isa::DataType::S8: return std::uint32_t(std::int32_t(std::int8_t(v & 0xFFu)));
        case isa::DataType::U16: return v & 0xFFFFu;
        case isa::DataType::S16: return std::uint32_t(std::int32_t(std::int16_t(v & 0xFFFFu)));
        default: return v;
    }
}

}  // namespace

std::uint32_t i2f(std::uint32_t v, isa::DataType src, isa::Rounding) {
    return fpu_rtl_conv(extend(v, src), 2, is_signed(src), false);
}

std::uint32_t f2i(std::uint32_t f, isa::DataType dst, isa::Rounding) {
    const std::uint32_t x = fpu_rtl_conv(f, 4, is_signed(dst), false);
    switch (dst) {  // 16-bit destinations: the 32-bit result saturated to the half's range
        case isa::DataType::U16: return x > 0xFFFFu ? 0xFFFFu : x;
        case isa::DataType::S16: {
            const auto s = static_cast<std::int32_t>(x);
            return std::uint32_t(s < -0x8000 ? -0x8000 : s > 0x7FFF ? 0x7FFF : s);
        }
        default: return x;
    }
}

std::uint32_t f2f(std::uint32_t f, isa::Rounding, bool) { return fpu_rtl_conv(f, 6, false, false); }

}  // namespace fgtlm::numerics
