// GCN SOP2 execution: each case is the "Operation:" block of seed 002 for that instruction.
// Where the seed's pseudo-code is ambiguous the choice is written next to it.
#include "operands.hpp"
#include "sop2_codec.hpp"

#include <fgtlm/isa/gcn_scalar.hpp>

#include <fmt/format.h>

#include <bit>

namespace fgtlm::isa::gcn {
namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;
using i32 = std::int32_t;
using i64 = std::int64_t;

struct Result {
    u64 value = 0;
    bool write = true;   // false: SDST not written
    int scc = -1;        // -1: SCC not changed
};

Result nz32(u32 v) { return {v, true, v != 0}; }
Result nz64(u64 v) { return {v, true, v != 0}; }

// BFE: "if (length==0) SDST = 0" is read as taking precedence (else-if), since the next
// line's shift by (32 - shift - length) would otherwise shift by 32.
u32 bfe_u32(u32 s0, u32 s1) {
    const u32 shift = s1 & 31, length = (s1 >> 16) & 0x7f;
    if (length == 0) return 0;
    if (shift + length < 32) return (s0 << (32 - shift - length)) >> (32 - length);
    return s0 >> shift;
}
u32 bfe_i32(u32 s0, u32 s1) {
    const u32 shift = s1 & 31, length = (s1 >> 16) & 0x7f;
    if (length == 0) return 0;
    if (shift + length < 32) return static_cast<u32>(static_cast<i32>(s0 << (32 - shift - length)) >> (32 - length));
    return static_cast<u32>(static_cast<i32>(s0) >> shift);
}
u64 bfe_u64(u64 s0, u32 s1) {
    const u32 shift = s1 & 63, length = (s1 >> 16) & 0x7f;
    if (length == 0) return 0;
    if (shift + length < 64) return (s0 << (64 - shift - length)) >> (64 - length);
    return s0 >> shift;
}
u64 bfe_i64(u64 s0, u32 s1) {
    const u32 shift = s1 & 63, length = (s1 >> 16) & 0x7f;
    if (length == 0) return 0;
    if (shift + length < 64) return static_cast<u64>(static_cast<i64>(s0 << (64 - shift - length)) >> (64 - length));
    return static_cast<u64>(static_cast<i64>(s0) >> shift);
}
// "(1U << (SSRC0&31))-1": computed in 64 bits so a length of 31 is well defined in C++.
u32 bfm32(u32 s0, u32 s1) { return static_cast<u32>(((u64{1} << (s0 & 31)) - 1) << (s1 & 31)); }
u64 bfm64(u64 s0, u32 s1) {
    const u32 len = static_cast<u32>(s0) & 63;
    return (len == 0 ? 0 : (~u64{0} >> (64 - len))) << (s1 & 63);
}
bool overflow32(i64 t) { return t > ((1LL << 31) - 1) || t < (-1LL << 31); }
// S_LSHLn_ADD_U32: "UINT64 TMP = (SSRC0<<n) + SSRC1": the shift is taken in 64 bits, so bits
// shifted out of 32 count towards the carry.
Result lshl_add(u32 a, u32 b, unsigned n) {
    const u64 t = (static_cast<u64>(a) << n) + b;
    return {t & 0xffffffffu, true, t >= (u64{1} << 32)};
}

// The logical, shift, bit-field and pack operations (SCC = result non-zero, or unchanged).
Result bitwise(Op op, u64 a64, u64 b64) {
    const auto a = static_cast<u32>(a64), b = static_cast<u32>(b64);
    const auto sa = static_cast<i32>(a);
    switch (op) {
        case Op::AndB32: return nz32(a & b);
        case Op::AndB64: return nz64(a64 & b64);
        case Op::OrB32: return nz32(a | b);
        case Op::OrB64: return nz64(a64 | b64);
        case Op::XorB32: return nz32(a ^ b);
        case Op::XorB64: return nz64(a64 ^ b64);
        case Op::Andn2B32: return nz32(a & ~b);
        case Op::Andn2B64: return nz64(a64 & ~b64);
        case Op::Orn2B32: return nz32(a | ~b);
        case Op::Orn2B64: return nz64(a64 | ~b64);
        case Op::NandB32: return nz32(~(a & b));
        case Op::NandB64: return nz64(~(a64 & b64));
        case Op::NorB32: return nz32(~(a | b));
        case Op::NorB64: return nz64(~(a64 | b64));
        case Op::XnorB32: return nz32(~(a ^ b));
        case Op::XnorB64: return nz64(~(a64 ^ b64));
        case Op::LshlB32: return nz32(a << (b & 31));
        case Op::LshlB64: return nz64(a64 << (b & 63));
        case Op::LshrB32: return nz32(a >> (b & 31));
        case Op::LshrB64: return nz64(a64 >> (b & 63));
        case Op::AshrI32: return nz32(static_cast<u32>(sa >> (b & 31)));
        case Op::AshrI64: return nz64(static_cast<u64>(static_cast<i64>(a64) >> (b & 63)));
        case Op::BfmB32: return {bfm32(a, b), true, -1};
        case Op::BfmB64: return {bfm64(a64, b), true, -1};
        case Op::BfeU32: return nz32(bfe_u32(a, b));
        case Op::BfeI32: return nz32(bfe_i32(a, b));
        case Op::BfeU64: return nz64(bfe_u64(a64, b));
        case Op::BfeI64: return nz64(bfe_i64(a64, b));
        case Op::PackLlB32B16: return {(a & 0xffff) | ((b & 0xffff) << 16), true, -1};
        case Op::PackLhB32B16: return {(a & 0xffff) | (b & 0xffff0000u), true, -1};
        case Op::PackHhB32B16: return {(a >> 16) | (b & 0xffff0000u), true, -1};
        default: break;
    }
    return {0, false, -1};
}

Result compute(Op op, u64 a64, u64 b64, bool scc) {
    const auto a = static_cast<u32>(a64), b = static_cast<u32>(b64);
    const auto sa = static_cast<i32>(a), sb = static_cast<i32>(b);
    switch (op) {
        case Op::AddU32: { const u64 t = u64{a} + b; return {t & 0xffffffffu, true, (t >> 32) != 0}; }
        case Op::SubU32: { const u64 t = u64{a} - u64{b}; return {t & 0xffffffffu, true, (t >> 32) != 0}; }
        case Op::AddI32: return {static_cast<u32>(a + b), true, overflow32(i64{sa} + sb)};
        case Op::SubI32: return {static_cast<u32>(a - b), true, overflow32(i64{sa} - sb)};
        case Op::AddcU32: { const u64 t = u64{a} + b + (scc ? 1 : 0); return {t & 0xffffffffu, true, (t >> 32) != 0}; }
        case Op::SubbU32: {
            const u64 t = u64{a} - b - (scc ? 1 : 0);
            return {t & 0xffffffffu, true, ((t >> 32) & 1) != 0};
        }
        case Op::MinI32: return {static_cast<u32>(sa < sb ? sa : sb), true, sa < sb};
        case Op::MinU32: return {a < b ? a : b, true, a < b};
        case Op::MaxI32: return {static_cast<u32>(sa > sb ? sa : sb), true, sa > sb};
        case Op::MaxU32: return {a > b ? a : b, true, a > b};
        case Op::CselectB32: return {scc ? a : b, true, -1};
        case Op::CselectB64: return {scc ? a64 : b64, true, -1};
        case Op::MulI32: return {static_cast<u32>(a * b), true, -1};
        case Op::AbsdiffI32: {
            // ABS(SSRC0 - SSRC1) of the 32-bit difference (wraps like the hardware's adder).
            const i32 d = static_cast<i32>(a - b);
            return nz32(d < 0 ? 0u - static_cast<u32>(d) : static_cast<u32>(d));
        }
        // The description says "multiply signed values": both sources sign-extended.
        case Op::MulHiU32: return {(u64{a} * b) >> 32, true, -1};
        case Op::MulHiI32: return {static_cast<u32>(static_cast<u64>(i64{sa} * sb) >> 32), true, -1};
        case Op::Lshl1AddU32: return lshl_add(a, b, 1);
        case Op::Lshl2AddU32: return lshl_add(a, b, 2);
        case Op::Lshl3AddU32: return lshl_add(a, b, 3);
        case Op::Lshl4AddU32: return lshl_add(a, b, 4);
        case Op::CbranchGFork:
        case Op::RfeRestoreB64: break;   // handled by step()
        default: return bitwise(op, a64, b64);
    }
    return {0, false, -1};
}

// S_CBRANCH_G_FORK, the seed's operation block line by line.
void cbranch_g_fork(ScalarState& s, u64 mask, u64 target, u64 next_pc) {
    const u64 exec = s.exec();
    const u64 passes = exec & mask, failures = exec & ~mask;
    if (passes == exec) {
        s.pc = target;
    } else if (failures == exec) {
        s.pc = next_pc;
    } else if (std::popcount(failures) < std::popcount(passes)) {
        s.set_sgpr64(126, failures);
        s.set_sgpr64(s.csp * 4, passes);
        s.set_sgpr64(s.csp * 4 + 2, target);
        ++s.csp;
        s.pc = next_pc;
    } else {
        s.set_sgpr64(126, passes);
        s.set_sgpr64(s.csp * 4, failures);
        s.set_sgpr64(s.csp * 4 + 2, next_pc);
        ++s.csp;
        s.pc = target;
    }
}

}  // namespace

std::string step(Version v, std::span<const std::uint32_t> program, ScalarState& s) {
    if (s.pc % 4 != 0 || s.pc / 4 >= program.size()) return fmt::format("pc 0x{:x}: outside the program", s.pc);
    const Sop2Decode d = decode_sop2(v, program.subspan(s.pc / 4));
    if (!d.error.empty()) return fmt::format("pc 0x{:x}: {}", s.pc, d.error);
    const Sop2& in = d.inst;
    const Mnemonic& m = *in.m;
    const u64 next_pc = s.pc + 4 * in.words();
    const u64 a = m.ssrc0 ? read_operand(s, in.ssrc0, m.ssrc0, in.literal) : 0;
    const u64 b = m.ssrc1 ? read_operand(s, in.ssrc1, m.ssrc1, in.literal) : 0;
    if (m.op == Op::RfeRestoreB64) {
        return fmt::format("pc 0x{:x}: S_RFE_RESTORE_B64 has no defined operation in the seed (\"???\")", s.pc);
    }
    if (m.op == Op::CbranchGFork) {
        if (in.ssrc0 >= 128) {
            return fmt::format("pc 0x{:x}: S_CBRANCH_G_FORK does not work with an immediate SSRC0 (seed)", s.pc);
        }
        if (s.csp * 4 + 3 >= 128) return fmt::format("pc 0x{:x}: S_CBRANCH_G_FORK control stack overflow", s.pc);
        cbranch_g_fork(s, a, b, next_pc);
        return {};
    }
    const Result r = compute(m.op, a, b, s.scc);
    if (r.write) {
        if (m.sdst == 2) {
            s.set_sgpr64(in.sdst, r.value);
        } else {
            s.regs[in.sdst] = static_cast<u32>(r.value);
        }
    }
    if (r.scc >= 0) s.scc = r.scc != 0;
    s.pc = next_pc;
    return {};
}

RunResult run(Version v, std::span<const std::uint32_t> program, ScalarState& s, std::uint64_t max_instructions) {
    RunResult r;
    while (s.pc / 4 < program.size()) {
        if (r.instructions >= max_instructions) {
            r.error = fmt::format("pc 0x{:x}: stopped after {} instructions (limit)", s.pc, r.instructions);
            return r;
        }
        r.error = step(v, program, s);
        if (!r.error.empty()) return r;
        ++r.instructions;
    }
    return r;
}

}  // namespace fgtlm::isa::gcn
