// fgtlm difftest TARGET's inputs: ADDR:BYTES ranges parsed and checked, and filled per seed.
#include <fgtlm/cosim/input_difftest.hpp>

#include <random>
#include <stdexcept>

#include <fmt/format.h>

#include <fgtlm/io/number.hpp>

namespace fgtlm::cosim {

RandomRange parse_random_range(const std::string& text, bool floats) {
    const std::string option = floats ? "--random-float" : "--random";
    const std::size_t colon = text.find(':');
    if (colon == std::string::npos)
        throw std::invalid_argument(fmt::format("{} '{}': expected ADDR:BYTES", option, text.substr(0, 40)));
    RandomRange r;
    r.address = std::uint32_t(io::parse_unsigned(text.substr(0, colon), option + " address", 0, 0xffffffffu));
    r.bytes = std::uint32_t(io::parse_unsigned(text.substr(colon + 1), option + " bytes", 1, 0xffffffffu));
    r.floats = floats;
    return r;
}

void check_random_ranges(const loaders::KernelImage& img, const std::vector<RandomRange>& ranges) {
    if (ranges.empty())
        throw std::invalid_argument(
            "no input range to randomise: give --random ADDR:BYTES or --random-float ADDR:BYTES");
    for (const RandomRange& r : ranges) {
        const std::string name =
            fmt::format("{} 0x{:x}:{}", r.floats ? "--random-float" : "--random", r.address, r.bytes);
        if (r.address % 4 != 0 || r.bytes % 4 != 0)
            throw std::invalid_argument(name + ": address and size must be multiples of 4 (32-bit words)");
        if (std::uint64_t(r.address) + r.bytes > img.global_mem_bytes)
            throw std::invalid_argument(
                fmt::format("{}: beyond the global memory of {} bytes", name, img.global_mem_bytes));
    }
    if (img.dump.len == 0)
        throw std::invalid_argument("the launch compares no memory (empty dump range): give --dump-words N");
}

namespace {

// A finite float of magnitude in [2^-20, 2^21), either sign.
std::uint32_t random_float_bits(std::mt19937_64& rng) {
    const std::uint64_t v = rng();
    const std::uint32_t sign = std::uint32_t(v >> 63) << 31;
    const std::uint32_t exponent = 127 - 20 + std::uint32_t((v >> 32) % 41);
    return sign | (exponent << 23) | std::uint32_t(v & 0x7fffffu);
}

// `undefined` without the bytes [a, b).
std::vector<loaders::ByteRange> without(const std::vector<loaders::ByteRange>& undefined, std::uint64_t a,
                                        std::uint64_t b) {
    std::vector<loaders::ByteRange> out;
    for (const loaders::ByteRange& u : undefined) {
        const std::uint64_t s = u.addr, e = std::uint64_t(u.addr) + u.len;
        if (e <= a || s >= b) {
            out.push_back(u);
            continue;
        }
        if (s < a) out.push_back({u.addr, std::uint32_t(a - s)});
        if (e > b) out.push_back({std::uint32_t(b), std::uint32_t(e - b)});
    }
    return out;
}

}  // namespace

loaders::KernelImage with_random_inputs(const loaders::KernelImage& img, const std::vector<RandomRange>& ranges,
                                        std::uint64_t seed) {
    loaders::KernelImage out = img;
    std::mt19937_64 rng(seed);
    for (const RandomRange& r : ranges) {
        const std::uint64_t end = std::uint64_t(r.address) + r.bytes;
        if (out.global_init.size() < end) out.global_init.resize(end, 0);
        for (std::uint64_t a = r.address; a < end; a += 4) {
            const std::uint32_t w = r.floats ? random_float_bits(rng) : std::uint32_t(rng());
            for (int b = 0; b < 4; ++b) out.global_init[a + b] = std::uint8_t(w >> (8 * b));
        }
        out.global_init_undefined = without(out.global_init_undefined, r.address, end);
    }
    out.expected.clear();
    out.rtl_kernel_cycles = 0;
    out.name = fmt::format("{}-input{}", img.name, seed);
    return out;
}

}  // namespace fgtlm::cosim
