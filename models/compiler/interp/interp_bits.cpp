// Bit operations: popc, clz, brev, bfe, bfi, prmt (default mode), by PTX's definitions.
#include "interp.hpp"

#include <bit>

namespace fgtlm::compiler::interp {

namespace {

std::uint64_t bfe(std::uint64_t a, std::uint32_t pos, std::uint32_t len, std::uint32_t bits, bool sign) {
    const std::uint32_t msb = bits - 1;
    const std::uint32_t top = len == 0 ? 0 : std::min(pos + len - 1, msb);
    const std::uint64_t sbit = sign && len != 0 ? (a >> top) & 1 : 0;
    std::uint64_t d = 0;
    for (std::uint32_t i = 0; i < bits; ++i) {
        const std::uint64_t bit = i < len && pos + i <= msb ? (a >> (pos + i)) & 1 : sbit;
        d |= bit << i;
    }
    return d;
}

std::uint64_t bfi(std::uint64_t a, std::uint64_t b, std::uint32_t pos, std::uint32_t len, std::uint32_t bits) {
    std::uint64_t d = b;
    for (std::uint32_t i = 0; i < len && pos + i < bits; ++i)
        d = (d & ~(1ull << (pos + i))) | (((a >> i) & 1) << (pos + i));
    return d;
}

std::uint32_t prmt(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    const std::uint64_t bytes = (std::uint64_t(b) << 32) | a;
    std::uint32_t d = 0;
    for (int i = 0; i < 4; ++i) {
        const std::uint32_t sel = (c >> (4 * i)) & 0xf;
        std::uint32_t byte = std::uint32_t(bytes >> (8 * (sel & 7))) & 0xff;
        if (sel & 8) byte = byte & 0x80 ? 0xff : 0;
        d |= byte << (8 * i);
    }
    return d;
}

std::uint64_t reverse(std::uint64_t a, std::uint32_t bits) {
    std::uint64_t r = 0;
    for (std::uint32_t i = 0; i < bits; ++i) r |= ((a >> i) & 1) << (bits - 1 - i);
    return r;
}

}  // namespace

bool exec_bits(Machine& m, Thread& t, const PtxInst& in) {
    const std::string& op = in.opcode;
    const std::string type = in.type();
    const std::uint32_t bits = type_bits(type);
    const auto arg = [&](std::size_t k, std::uint32_t b) { return m.read(t, in.ops.at(k), b); };
    std::uint64_t r = 0;
    std::uint32_t dbits = bits;
    if (op == "popc")
        r = std::popcount(arg(1, bits)), dbits = 32;
    else if (op == "clz")
        r = std::countl_zero(arg(1, bits)) - (64 - bits), dbits = 32;
    else if (op == "brev")
        r = reverse(arg(1, bits), bits);
    else if (op == "bfe")
        r = bfe(arg(1, bits), arg(2, 32) & 0xff, arg(3, 32) & 0xff, bits, type[0] == 's');
    else if (op == "bfi")
        r = bfi(arg(1, bits), arg(2, bits), arg(3, 32) & 0xff, arg(4, 32) & 0xff, bits);
    else if (op == "prmt") {
        if (in.mods.size() != 1) m.fail(in, "only prmt's default mode is executed");
        r = prmt(std::uint32_t(arg(1, 32)), std::uint32_t(arg(2, 32)), std::uint32_t(arg(3, 32)));
    } else
        return false;
    m.write(t, in.ops.at(0), r, dbits);
    return true;
}

}  // namespace fgtlm::compiler::interp
