// The expectations here are computed by hand from the kernels' code (decuda's text in
// tests/data/isa/cubins/*.json, `fgtlm disasm`), not taken from the model.
#include "cubin_kernel_inputs.hpp"

#include <bit>

#include <fgtlm/core/texture.hpp>

namespace fgtlm::test {

namespace {

void put_u32(std::vector<std::uint8_t>& img, std::uint32_t off, std::uint32_t v) {
    if (img.size() < off + 4) img.resize(off + 4, 0);
    for (unsigned b = 0; b < 4; ++b) img[off + b] = std::uint8_t(v >> (8 * b));
}

void put_u16(std::vector<std::uint8_t>& img, std::uint32_t off, std::uint16_t v) {
    img.at(off) = std::uint8_t(v);
    img.at(off + 1) = std::uint8_t(v >> 8);
}

std::uint32_t symbol_offset(const std::vector<loaders::CubinSymbol>& list, const std::string& name) {
    for (const auto& s : list)
        if (s.name == name) return s.offset;
    ADD_FAILURE() << "no symbol " << name;
    return 0;
}

}  // namespace

void load_constant_banks(CoreRun& r, const loaders::CubinKernel& k) {
    for (const auto& seg : k.constants)
        if (seg.bank != 0) r.set_bank(seg.bank, loaders::constant_bank_image(k, seg.bank));
}

// f_test (one warp, every thread does the same): S = param 0, D = param 2.
//   for i < c1[0]: D[i] = u8 g[S + 4i]; D[i + 2] = u8 (u32 g[S + 4i - 8] >> 16)
//   g[S] = uu; g[S + 4] = (s32) vv; for i < c1[0]: g[S + 4i] = c0[8 + 4i] (= ww[i], A1+=)
//   g[c14[0]] = uu (xx = uu); g[c14[4]] = (u64) c14[0] (xx2 = &xx)
// Input word k at S - 8 + 4k: bytes (0x10 + k, 0x30 + k, 0x50 + k, 0xa0 + k).
void run_test36(const loaders::CubinModule& m, const loaders::CubinKernel& k) {
    CoreRun r(g80_config());
    r.words = k.words;
    load_constant_banks(r, k);
    constexpr std::uint32_t S = 0x1008, D = 0x2000, xx = 0x3000, xx2 = 0x3008;
    for (std::uint32_t w = 0; w < 13; ++w)
        r.set_u32(S - 8 + 4 * w, (0xa0 + w) << 24 | (0x50 + w) << 16 | (0x30 + w) << 8 | (0x10 + w));
    std::vector<std::uint8_t> c0;  // __constant__ int uu; short vv; int ww[10]
    put_u32(c0, symbol_offset(m.constants, "uu"), 0x12345678u);
    put_u32(c0, symbol_offset(m.constants, "vv"), 0xfffdu);
    for (std::uint32_t i = 0; i < 10; ++i) put_u32(c0, symbol_offset(m.constants, "ww") + 4 * i, 0x1000u + i);
    std::copy(c0.begin(), c0.end(), r.cmem.begin());
    std::vector<std::uint8_t> c14;  // the driver's relocations: where it put xx and xx2
    put_u32(c14, symbol_offset(m.relocations, "xx"), xx);
    put_u32(c14, symbol_offset(m.relocations, "xx2"), xx2);
    r.set_bank(14, c14);
    core::LaunchConfig l = launch(32, 1, 8);
    l.params = {S, 0, D};
    ASSERT_TRUE(r.run_words(l)) << r.error.message << " at pc 0x" << std::hex << r.error.pc;
    for (std::uint32_t i = 0; i < 10; ++i) EXPECT_EQ(r.global[D + i], 0x12 + i) << i;  // byte 0 of word i + 2
    EXPECT_EQ(r.global[D + 10], 0x58);  // byte 2 of word 8 (i = 8)
    EXPECT_EQ(r.global[D + 11], 0x59);
    EXPECT_EQ(r.global[D + 12], 0x00);
    for (std::uint32_t i = 0; i < 10; ++i) EXPECT_EQ(r.u32(S + 4 * i), 0x1000u + i) << i;  // ww[i]
    EXPECT_EQ(r.u32(S + 40), 0xac5c3c1cu);  // word 12: untouched
    EXPECT_EQ(r.u32(xx), 0x12345678u);
    EXPECT_EQ(r.u32(xx2), xx);
    EXPECT_EQ(r.u32(xx2 + 4), 0u);
}

namespace {

// Two 4x4 point-sampled f32 textures, constant: tex0 = 0.5, tex1 = 0.25 (whatever coordinate).
void bind_motion_textures(CoreRun& r, core::LaunchConfig& l) {
    l.texture_table = 0xc000;
    l.texture_slots = 2;
    const float value[2] = {0.5f, 0.25f};
    for (std::uint32_t slot = 0; slot < 2; ++slot) {
        core::tex::Descriptor d;
        d.dims = 2;
        d.format = core::tex::Format::F32;
        d.base = 0xd000 + 0x100 * slot;
        d.width = d.height = 4;
        const auto b = core::tex::encode(d);
        std::copy(b.begin(), b.end(), r.global.begin() + l.texture_table + 32 * slot);
        for (std::uint32_t t = 0; t < 16; ++t) r.set_u32(d.base + 4 * t, std::bit_cast<std::uint32_t>(value[slot]));
    }
}

// c0: obmc[0] = 16 (row stride of the vector index), obmc[16..18] = 3, 5, 2 (the weights and
// shift of the two-texture blend); motion_vectors[i] (s16 a, b, c, d at 0x50 + 8i): a, b =
// 0x7ffe (c1[8]) mark a missing vector.
constexpr std::uint16_t kNone = 0x7ffe;

void put_vector(std::vector<std::uint8_t>& c0, std::uint32_t i, std::uint16_t a, std::uint16_t b, std::uint16_t c,
                std::uint16_t d) {
    const std::uint32_t at = 0x50 + 8 * i;
    put_u16(c0, at, a);
    put_u16(c0, at + 2, b);
    put_u16(c0, at + 4, c);
    put_u16(c0, at + 6, d);
}

// Thread (x, y) of block (0, 0), with params 10..13 = 1, 0, 1, 0: column x, row y, vector
// 16y + x, output word at param 0 + param 2 * y + 4x = (lo: r8, hi: r2):
//   a and b present: tex0, tex1 -> rzi(256 * t): (3 * 128 + 5 * 64) >> 2 = 176 in both halves
//   a only: rzi(256 * 0.5) = 128; b only: rzi(256 * 0.25) = 64
//   neither: v = ((d << 16) | c) >> param 5 (arithmetic), (v & 0xff) in both halves
std::uint32_t expected_motion(std::uint32_t x, std::uint32_t y, std::uint16_t c, std::uint16_t d) {
    if (y == 0 || x >= 12) {
        const std::int32_t v = std::int32_t((std::uint32_t(d) << 16) | c) >> 4;
        return (std::uint32_t(v) & 0xffu) * 0x10001u;
    }
    if (x < 4) return 176u * 0x10001u;
    return (x < 8 ? 128u : 64u) * 0x10001u;
}

}  // namespace

void run_motion_copy_2ref(const loaders::CubinKernel& k) {
    std::vector<std::uint8_t> c0(64 * 1024, 0);  // G80 bank 0: 64 KiB (motion_vectors: 56,000 bytes)
    put_u32(c0, 0x00, 16);
    put_u32(c0, 0x40, 3);
    put_u32(c0, 0x44, 5);
    put_u32(c0, 0x48, 2);
    std::uint16_t cs[32], ds[32];
    for (std::uint32_t y = 0; y < 2; ++y) {
        for (std::uint32_t x = 0; x < 16; ++x) {
            const std::uint32_t i = 16 * y + x;
            cs[i] = std::uint16_t(0x100 * x + 0x5a + y);
            ds[i] = std::uint16_t(y ? 0x8000 + x : x);
            const bool a = y == 1 && x < 8, b = y == 1 && (x < 4 || (x >= 8 && x < 12));
            put_vector(c0, i, a ? 3 : kNone, b ? 0xfffe : kNone, cs[i], ds[i]);
        }
    }
    for (const std::uint16_t grid_x : {1, 4}) {  // block 0 checked; blocks 1-3 take the other paths
        CoreRun r(g80_config());
        r.words = k.words;
        load_constant_banks(r, k);
        r.set_bank(0, c0);
        core::LaunchConfig l = launch(16, grid_x, 20);
        l.block[1] = 2;
        l.blocks_per_sm = 1;
        // output, -, pitch, width, height, copy shift, x/y vector scales, -, -, then the four
        // shifts that make thread (x, y) column x, row y (params 10-13)
        const std::uint32_t one = std::bit_cast<std::uint32_t>(1.0f);
        l.params = {0x1000, 0, 64, 1000, 1000, 4, one, one, 0, 0, 1, 0, 1, 0};
        bind_motion_textures(r, l);
        ASSERT_TRUE(r.run_words(l, 5'000'000))
            << "grid " << grid_x << ": " << r.error.message << " at pc 0x" << std::hex << r.error.pc;
        if (grid_x != 1) continue;
        for (std::uint32_t y = 0; y < 2; ++y)
            for (std::uint32_t x = 0; x < 16; ++x)
                EXPECT_EQ(r.u32(0x1000 + 64 * y + 4 * x), expected_motion(x, y, cs[16 * y + x], ds[16 * y + x]))
                    << "x " << x << " y " << y;
    }
}

}  // namespace fgtlm::test
