// GCN scalar ALU: programs assembled from text, run on gcn::run, results computed by hand
// from the seed's "Operation:" blocks.
#include "../seed_support.hpp"

#include <fgtlm/isa/gcn_scalar.hpp>

namespace fgtlm::isa::test {
namespace {

using gcn::ScalarState;
using gcn::Version;

const char* name_of(Version v) { return v == Version::Gcn10 ? "gcn1.0" : v == Version::Gcn12 ? "gcn1.2" : "gcn1.4"; }

// Assembles `source` for `v` and runs it on `s`; expects success.
ScalarState run(Version v, const std::string& source, ScalarState s = {}) {
    const IsaProgram p = backend(name_of(v)).assemble_program(source, "test.s");
    EXPECT_TRUE(p.ok()) << (p.errors.empty() ? "" : p.errors[0]);
    const gcn::RunResult r = gcn::run(v, p.words, s);
    EXPECT_TRUE(r.ok()) << r.error;
    return s;
}

ScalarState with(std::initializer_list<std::pair<unsigned, std::uint32_t>> regs, bool scc = false) {
    ScalarState s;
    for (const auto& [n, v] : regs) s.regs[n] = v;
    s.scc = scc;
    return s;
}

constexpr Version kAll[] = {Version::Gcn10, Version::Gcn12, Version::Gcn14};

TEST(GcnExec, AddSubWithCarryAndOverflow) {
    for (const Version v : kAll) {
        auto s = run(v, "s_add_u32 s0, s1, s2", with({{1, 0xffffffffu}, {2, 2}}));
        EXPECT_EQ(s.regs[0], 1u);
        EXPECT_TRUE(s.scc);
        // 64-bit add: 0x1_ffffffff + 0x1 = 0x2_00000000 via s_add_u32 + s_addc_u32.
        s = run(v, "s_add_u32 s0, s2, s4\ns_addc_u32 s1, s3, s5", with({{2, 0xffffffffu}, {3, 1}, {4, 1}, {5, 0}}));
        EXPECT_EQ(s.sgpr64(0), 0x200000000ull);
        EXPECT_FALSE(s.scc);
        s = run(v, "s_sub_u32 s0, 1, 2");
        EXPECT_EQ(s.regs[0], 0xffffffffu);
        EXPECT_TRUE(s.scc);   // borrow
        // 64-bit subtract 0x2_00000000 - 1 = 0x1_ffffffff.
        s = run(v, "s_sub_u32 s0, s2, 1\ns_subb_u32 s1, s3, 0", with({{2, 0}, {3, 2}}));
        EXPECT_EQ(s.sgpr64(0), 0x1ffffffffull);
        EXPECT_FALSE(s.scc);
        s = run(v, "s_add_i32 s0, s1, 1", with({{1, 0x7fffffffu}}));
        EXPECT_EQ(s.regs[0], 0x80000000u);
        EXPECT_TRUE(s.scc);   // signed overflow
        s = run(v, "s_add_i32 s0, -5, 3");
        EXPECT_EQ(s.regs[0], static_cast<std::uint32_t>(-2));
        EXPECT_FALSE(s.scc);
        s = run(v, "s_sub_i32 s0, s1, 1", with({{1, 0x80000000u}}));
        EXPECT_EQ(s.regs[0], 0x7fffffffu);
        EXPECT_TRUE(s.scc);
        s = run(v, "s_addc_u32 s0, 0xfffffffe, 1", with({}, true));
        EXPECT_EQ(s.regs[0], 0u);
        EXPECT_TRUE(s.scc);
    }
}

TEST(GcnExec, MinMaxAndSelect) {
    for (const Version v : kAll) {
        auto s = run(v, "s_min_i32 s0, -3, 2\ns_max_u32 s1, -3, 2", {});
        EXPECT_EQ(s.regs[0], static_cast<std::uint32_t>(-3));
        EXPECT_EQ(s.regs[1], 0xfffffffdu);
        EXPECT_TRUE(s.scc);   // s_max_u32: SSRC0 (0xfffffffd) was chosen
        s = run(v, "s_max_i32 s0, -3, 2");
        EXPECT_EQ(s.regs[0], 2u);
        EXPECT_FALSE(s.scc);
        s = run(v, "s_min_u32 s0, 7, 9");
        EXPECT_EQ(s.regs[0], 7u);
        EXPECT_TRUE(s.scc);
        s = run(v, "s_cselect_b32 s0, 1, 2\ns_cselect_b64 s[2:3], s[4:5], -1", with({{4, 0xaa}, {5, 0xbb}}, true));
        EXPECT_EQ(s.regs[0], 1u);
        EXPECT_EQ(s.sgpr64(2), 0x000000bb000000aaull);
        s = run(v, "s_cselect_b64 s[2:3], s[4:5], -1", with({}, false));
        EXPECT_EQ(s.sgpr64(2), ~0ull);
    }
}

TEST(GcnExec, BitwiseOperations32And64) {
    for (const Version v : kAll) {
        auto s = run(v,
                     "s_and_b32 s10, s1, s2\ns_or_b32 s11, s1, s2\ns_xor_b32 s12, s1, s2\ns_andn2_b32 s13, s1, s2\n"
                     "s_orn2_b32 s14, s1, s2\ns_nand_b32 s15, s1, s2\ns_nor_b32 s16, s1, s2\ns_xnor_b32 s17, s1, s2",
                     with({{1, 0xff00ff00u}, {2, 0x0ff00ff0u}}));
        EXPECT_EQ(s.regs[10], 0x0f000f00u);
        EXPECT_EQ(s.regs[11], 0xfff0fff0u);
        EXPECT_EQ(s.regs[12], 0xf0f0f0f0u);
        EXPECT_EQ(s.regs[13], 0xf000f000u);
        EXPECT_EQ(s.regs[14], 0xff0fff0fu);
        EXPECT_EQ(s.regs[15], 0xf0fff0ffu);
        EXPECT_EQ(s.regs[16], 0x000f000fu);
        EXPECT_EQ(s.regs[17], 0x0f0f0f0fu);
        EXPECT_TRUE(s.scc);
        s = run(v, "s_and_b32 s0, s1, s2", with({{1, 0xf0}, {2, 0x0f}}, true));
        EXPECT_EQ(s.regs[0], 0u);
        EXPECT_FALSE(s.scc);   // result zero
        s = run(v,
                "s_and_b64 s[10:11], s[2:3], s[4:5]\ns_or_b64 s[12:13], s[2:3], s[4:5]\n"
                "s_xor_b64 s[14:15], s[2:3], s[4:5]\ns_andn2_b64 s[16:17], s[2:3], s[4:5]\n"
                "s_orn2_b64 s[18:19], s[2:3], s[4:5]\ns_nand_b64 s[20:21], s[2:3], s[4:5]\n"
                "s_nor_b64 s[22:23], s[2:3], s[4:5]\ns_xnor_b64 s[24:25], s[2:3], s[4:5]",
                with({{2, 0x0000ffffu}, {3, 0xffff0000u}, {4, 0x00ff00ffu}, {5, 0x00ff00ffu}}));
        const std::uint64_t a = 0xffff00000000ffffull, b = 0x00ff00ff00ff00ffull;
        EXPECT_EQ(s.sgpr64(10), a & b);
        EXPECT_EQ(s.sgpr64(12), a | b);
        EXPECT_EQ(s.sgpr64(14), a ^ b);
        EXPECT_EQ(s.sgpr64(16), a & ~b);
        EXPECT_EQ(s.sgpr64(18), a | ~b);
        EXPECT_EQ(s.sgpr64(20), ~(a & b));
        EXPECT_EQ(s.sgpr64(22), ~(a | b));
        EXPECT_EQ(s.sgpr64(24), ~(a ^ b));
    }
}

TEST(GcnExec, ShiftsMaskTheirCount) {
    for (const Version v : kAll) {
        auto s = run(v, "s_lshl_b32 s0, 1, 31\ns_lshl_b32 s1, 3, 33\ns_lshr_b32 s2, s9, 4\ns_ashr_i32 s3, s9, 4",
                     with({{9, 0x80000000u}}));
        EXPECT_EQ(s.regs[0], 0x80000000u);
        EXPECT_EQ(s.regs[1], 6u);   // 33 & 31 = 1
        EXPECT_EQ(s.regs[2], 0x08000000u);
        EXPECT_EQ(s.regs[3], 0xf8000000u);
        s = run(v, "s_lshl_b64 s[0:1], 1, 63\ns_lshr_b64 s[2:3], s[0:1], 60\ns_ashr_i64 s[4:5], s[0:1], 62");
        EXPECT_EQ(s.sgpr64(0), 0x8000000000000000ull);
        EXPECT_EQ(s.sgpr64(2), 8ull);
        EXPECT_EQ(s.sgpr64(4), 0xfffffffffffffffeull);
        s = run(v, "s_lshr_b32 s0, 1, 1");
        EXPECT_EQ(s.regs[0], 0u);
        EXPECT_FALSE(s.scc);
    }
}

TEST(GcnExec, BitFieldMaskAndExtract) {
    for (const Version v : kAll) {
        auto s = run(v, "s_bfm_b32 s0, 4, 8\ns_bfm_b64 s[2:3], 8, 60\ns_bfm_b32 s4, 31, 0", with({}, true));
        EXPECT_EQ(s.regs[0], 0xf00u);
        EXPECT_EQ(s.sgpr64(2), 0xf000000000000000ull);
        EXPECT_EQ(s.regs[4], 0x7fffffffu);
        EXPECT_TRUE(s.scc);   // BFM does not touch SCC
        // BFE: offset in SSRC1[4:0], width in SSRC1[22:16].
        s = run(v, "s_bfe_u32 s0, s9, 0x80004\ns_bfe_i32 s1, s7, 0x40004\ns_bfe_u32 s2, s9, 31\n"
                   "s_bfe_u32 s3, s9, 0x8001c\ns_bfe_i32 s4, s8, 0x8001c",
                with({{9, 0x12345678u}, {8, 0x80000000u}, {7, 0xf0u}}));
        EXPECT_EQ(s.regs[0], 0x67u);
        EXPECT_EQ(s.regs[1], 0xffffffffu);   // 0xf sign-extended from 4 bits
        EXPECT_EQ(s.regs[2], 0u);            // width 0
        EXPECT_EQ(s.regs[3], 0x1u);          // 28 + 8 >= 32: SSRC0 >> 28
        EXPECT_EQ(s.regs[4], 0xfffffff8u);   // arithmetic >> 28
        s = run(v, "s_bfe_u64 s[0:1], s[2:3], 0x100020\ns_bfe_i64 s[4:5], s[2:3], 0x10003c",
                with({{2, 0}, {3, 0x8000abcdu}}));
        EXPECT_EQ(s.sgpr64(0), 0xabcdull);
        EXPECT_EQ(s.sgpr64(4), 0xfffffffffffffff8ull);
        EXPECT_TRUE(s.scc);
    }
}

TEST(GcnExec, MultiplyAndAbsoluteDifference) {
    for (const Version v : kAll) {
        auto s = run(v, "s_mul_i32 s0, -3, 7");
        EXPECT_EQ(s.regs[0], static_cast<std::uint32_t>(-21));
        s = run(v, "s_absdiff_i32 s0, 3, 10\ns_absdiff_i32 s1, 3, 3");
        EXPECT_EQ(s.regs[0], 7u);
        EXPECT_EQ(s.regs[1], 0u);
        EXPECT_FALSE(s.scc);
    }
}

TEST(GcnExec, Gcn14Additions) {
    auto s = run(Version::Gcn14, "s_mul_hi_u32 s0, -1, -1\ns_mul_hi_i32 s1, -2, 3\ns_lshl2_add_u32 s2, s9, 1\n"
                                 "s_lshl1_add_u32 s3, 5, 6",
                 with({{9, 0x40000000u}}));
    EXPECT_EQ(s.regs[0], 0xfffffffeu);
    EXPECT_EQ(s.regs[1], 0xffffffffu);   // -6 >> 32
    EXPECT_EQ(s.regs[2], 1u);            // 0x1_00000000 + 1
    EXPECT_EQ(s.regs[3], 16u);
    EXPECT_FALSE(s.scc);                 // from the last instruction
    s = run(Version::Gcn14, "s_lshl3_add_u32 s0, s9, 0\ns_lshl4_add_u32 s1, 1, 1", with({{9, 0x20000000u}}));
    EXPECT_EQ(s.regs[0], 0u);
    EXPECT_EQ(s.regs[1], 17u);
    s = run(Version::Gcn14, "s_lshl3_add_u32 s0, s9, 0", with({{9, 0x20000000u}}));
    EXPECT_TRUE(s.scc);
    s = run(Version::Gcn14,
            "s_pack_ll_b32_b16 s0, s8, s9\ns_pack_lh_b32_b16 s1, s8, s9\ns_pack_hh_b32_b16 s2, s8, s9",
            with({{8, 0x11112222u}, {9, 0x33334444u}}));
    EXPECT_EQ(s.regs[0], 0x44442222u);
    EXPECT_EQ(s.regs[1], 0x33332222u);
    EXPECT_EQ(s.regs[2], 0x33331111u);
}

TEST(GcnExec, InlineConstantsLiteralsAndSpecialSources) {
    for (const Version v : kAll) {
        auto s = run(v, "s_add_u32 s0, -16, 0\ns_add_u32 s1, 64, 0\ns_add_u32 s2, 1.0, 0\ns_add_u32 s3, -4.0, 0\n"
                        "s_add_u32 s4, 0x12345678, 0\ns_or_b64 s[6:7], 1.0, 0\ns_or_b64 s[8:9], -1, 0\n"
                        "s_or_b64 s[10:11], 0x80000000, 0\ns_or_b64 s[12:13], -2.0, 0");
        EXPECT_EQ(s.regs[0], 0xfffffff0u);
        EXPECT_EQ(s.regs[1], 64u);
        EXPECT_EQ(s.regs[2], 0x3f800000u);
        EXPECT_EQ(s.regs[3], 0xc0800000u);
        EXPECT_EQ(s.regs[4], 0x12345678u);
        EXPECT_EQ(s.sgpr64(6), 0x3ff0000000000000ull);   // 64-bit float constant is the double
        EXPECT_EQ(s.sgpr64(8), ~0ull);                   // integers sign-extend
        EXPECT_EQ(s.sgpr64(10), 0x80000000ull);          // the literal zero-extends
        EXPECT_EQ(s.sgpr64(12), 0xc000000000000000ull);
        // SCC, VCCZ, EXECZ as sources; vcc/exec/m0 as destinations.
        ScalarState in;
        in.scc = true;
        in.set_sgpr64(126, 0);
        s = run(v, "s_add_u32 s0, scc, 0\ns_add_u32 s1, vccz, execz\ns_add_u32 m0, 3, 4\ns_or_b64 vcc, s[2:3], 0\n"
                   "s_or_b64 exec, -1, 0",
                in);
        EXPECT_EQ(s.regs[0], 1u);
        EXPECT_EQ(s.regs[1], 2u);
        EXPECT_EQ(s.regs[124], 7u);
        EXPECT_EQ(s.vcc(), 0u);
        EXPECT_EQ(s.exec(), ~0ull);
    }
    auto s = run(Version::Gcn12, "s_add_u32 s0, 0.15915494, 0\ns_or_b64 s[2:3], 0.15915494, 0");
    EXPECT_EQ(s.regs[0], 0x3e22f983u);
    EXPECT_EQ(s.sgpr64(2), 0x3fc45f306dc9c882ull);
    EXPECT_FALSE(backend("gcn1.0").assemble_one("s_add_u32 s0, 0.15915494, 0").ok());
}

TEST(GcnExec, TheSameWordIsADifferentInstructionPerVersion) {
    // Opcode 0xe: S_AND_B32 in GCN 1.0/1.1, S_OR_B32 in 1.2/1.4.
    const std::vector<std::uint32_t> prog{0x80000000u | (0xeu << 23) | (0u << 16) | (2u << 8) | 1u};
    ScalarState a = with({{1, 0xc}, {2, 0xa}}), b = a;
    ASSERT_TRUE(gcn::run(Version::Gcn10, prog, a).ok());
    ASSERT_TRUE(gcn::run(Version::Gcn12, prog, b).ok());
    EXPECT_EQ(a.regs[0], 0x8u);
    EXPECT_EQ(b.regs[0], 0xeu);
}

TEST(GcnExec, CbranchGForkFollowsTheSeedOperation) {
    for (const Version v : {Version::Gcn10, Version::Gcn12}) {
        const IsaProgram p = backend(name_of(v)).assemble_program("s_cbranch_g_fork s[4:5], s[6:7]\ns_add_u32 s8, 1, 0",
                                                                  "fork.s");
        ASSERT_TRUE(p.ok());
        // Fewer failures (2) than passes (6): EXEC = failures, push passes + SSRC1, fall through.
        ScalarState s;
        s.set_sgpr64(126, 0xff);
        s.set_sgpr64(4, 0x3f);
        s.set_sgpr64(6, 0x100);
        ASSERT_EQ(gcn::step(v, p.words, s), "");
        EXPECT_EQ(s.exec(), 0xc0ull);
        EXPECT_EQ(s.sgpr64(0), 0x3full);
        EXPECT_EQ(s.sgpr64(2), 0x100ull);
        EXPECT_EQ(s.csp, 1u);
        EXPECT_EQ(s.pc, 4u);
        // Fewer passes (1) than failures (7): EXEC = passes, push failures + PC+4, jump.
        ScalarState t;
        t.set_sgpr64(126, 0xff);
        t.set_sgpr64(4, 0x01);
        t.set_sgpr64(6, 0x100);
        ASSERT_EQ(gcn::step(v, p.words, t), "");
        EXPECT_EQ(t.exec(), 0x01ull);
        EXPECT_EQ(t.sgpr64(0), 0xfeull);
        EXPECT_EQ(t.sgpr64(2), 4ull);
        EXPECT_EQ(t.csp, 1u);
        EXPECT_EQ(t.pc, 0x100u);
        // All pass: jump; none pass: fall through; stack untouched.
        ScalarState u;
        u.set_sgpr64(126, 0x0f);
        u.set_sgpr64(4, 0xff);
        u.set_sgpr64(6, 0x40);
        ASSERT_EQ(gcn::step(v, p.words, u), "");
        EXPECT_EQ(u.pc, 0x40u);
        EXPECT_EQ(u.csp, 0u);
        u = {};
        u.set_sgpr64(126, 0x0f);
        u.set_sgpr64(6, 0x40);
        ASSERT_TRUE(gcn::run(v, p.words, u).ok());
        EXPECT_EQ(u.regs[8], 1u);   // fell through to the add
    }
}

TEST(GcnExec, UndefinedOperationsAreErrorsNotGuesses) {
    const IsaProgram rfe = backend("gcn1.2").assemble_program("s_rfe_restore_b64 s[0:1], s2", "rfe.s");
    ASSERT_TRUE(rfe.ok());
    ScalarState s;
    const gcn::RunResult r = gcn::run(Version::Gcn12, rfe.words, s);
    EXPECT_NE(r.error.find("S_RFE_RESTORE_B64"), std::string::npos);
    const IsaProgram fork = backend("gcn1.2").assemble_program("s_cbranch_g_fork -1, s[2:3]", "f.s");
    ASSERT_TRUE(fork.ok());
    EXPECT_NE(gcn::run(Version::Gcn12, fork.words, s).error.find("immediate"), std::string::npos);
    const std::vector<std::uint32_t> bad{0x80000000u | (0x2du << 23)};   // not in GCN 1.2
    s = {};
    EXPECT_NE(gcn::run(Version::Gcn12, bad, s).error.find("pc 0x0"), std::string::npos);
    // A loop forever stops at the watchdog.
    s = {};
    s.set_sgpr64(126, 1);
    s.set_sgpr64(4, 1);
    const IsaProgram loop = backend("gcn1.2").assemble_program("s_cbranch_g_fork s[4:5], 0", "loop.s");
    ASSERT_TRUE(loop.ok());
    EXPECT_NE(gcn::run(Version::Gcn12, loop.words, s, 100).error.find("limit"), std::string::npos);
}

}  // namespace
}  // namespace fgtlm::isa::test
