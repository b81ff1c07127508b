// The texture unit (TEX, beyond the RTL) against expectations computed by hand from CUDA's
// "Texture Fetching" appendix: point/linear filtering with 8-bit fractional weights, the four
// address modes, normalised coordinates, 1D/2D/3D, every element format and read mode,
// integer coordinates, the component mask, and the named errors of bad descriptors.
#include "texture_harness.hpp"

#include <cmath>

namespace fgtlm::test {
namespace {

using core::tex::AddressMode;
using core::tex::Descriptor;
using core::tex::Format;

const std::vector<float> kRamp = {8, 16, 32, 64};

TEST(Texture, DescriptorRoundTrip) {
    Descriptor d = tex1d(Format::S16, 7, 3);
    d.dims = 3;
    d.height = 5;
    d.depth = 2;
    d.linear = true;
    d.normalized = true;
    d.read_normalized = true;
    d.address = {AddressMode::Wrap, AddressMode::Mirror, AddressMode::Border};
    d.pitch = 48;
    d.slice_pitch = 256;
    const auto b = core::tex::encode(d);
    EXPECT_EQ(b[0], 0x43);  // dims 3, format 4
    EXPECT_EQ(b[1], 0x73);  // 3 channels, linear, normalised, normalised read
    EXPECT_EQ(b[2], 0x39);  // wrap, mirror, border
    const Descriptor e = core::tex::decode(b.data());
    EXPECT_EQ(core::tex::encode(e), b);
    EXPECT_EQ(core::tex::validate(e), "");
}

TEST(Texture, Point1DClamp) {
    TexRun t;
    t.texels(kRamp);
    t.bind(0, tex1d(Format::F32, 4));
    for (float x : {0.0f, 1.5f, 3.99f, -1.0f, 7.0f, std::nanf("")}) t.coord(x);
    ASSERT_TRUE(t.fetch(1, 0, 0x1)) << t.run.error.describe();
    EXPECT_EQ(t.fout(0), 8.0f);
    EXPECT_EQ(t.fout(1), 16.0f);
    EXPECT_EQ(t.fout(2), 64.0f);
    EXPECT_EQ(t.fout(3), 8.0f);   // clamped to texel 0
    EXPECT_EQ(t.fout(4), 64.0f);  // clamped to texel 3
    EXPECT_EQ(t.fout(5), 8.0f);   // NaN reads texel 0
}

TEST(Texture, Linear1DNineBitWeights) {
    for (AddressMode m : {AddressMode::Clamp, AddressMode::Border}) {
        TexRun t;
        t.texels(kRamp);
        Descriptor d = tex1d(Format::F32, 4);
        d.linear = true;
        d.address[0] = m;
        t.bind(1, d);
        for (float x : {1.0f, 1.75f, 0.5f + 1.0f / 3.0f, 0.25f, 3.9f, 1.1f}) t.coord(x);
        ASSERT_TRUE(t.fetch(1, 1, 0x1)) << t.run.error.describe();
        EXPECT_EQ(t.fout(0), 12.0f);  // xB 0.5: half of 8 and 16
        EXPECT_EQ(t.fout(1), 20.0f);  // xB 1.25: 0.75*16 + 0.25*32
        // xB 1/3: a = round(85.33) = 85/256, not 1/3: (171*8 + 85*16)/256 = 10.65625 (exact: 10.667)
        EXPECT_EQ(t.fout(2), 10.65625f);
        // xB 0.6: a = round(153.6) = 154 (rounded, not truncated): (102*8 + 154*16)/256
        EXPECT_EQ(t.fout(5), 12.8125f);
        if (m == AddressMode::Clamp) {
            EXPECT_EQ(t.fout(3), 8.0f);   // texels -1, 0 both clamp to 8
            EXPECT_EQ(t.fout(4), 64.0f);  // texels 3, 4 both clamp to 64
        } else {
            EXPECT_EQ(t.fout(3), 6.0f);   // texel -1 is 0: 192/256 * 8
            EXPECT_EQ(t.fout(4), 38.5f);  // xB 3.4, a = 102: 154/256 * 64 + 102/256 * 0
        }
    }
}

TEST(Texture, NormalisedCoordinatesAddressModes) {
    struct Case {
        AddressMode mode;
        bool linear;
        float x;
        float want;
    };
    const Case cases[] = {
        {AddressMode::Wrap, false, 1.25f, 16},    // u 5 -> texel 1
        {AddressMode::Wrap, false, -0.25f, 64},   // u -1 -> texel 3
        {AddressMode::Mirror, false, 1.25f, 32},  // u 5 -> 8 - 1 - 5 = texel 2
        {AddressMode::Mirror, false, -0.25f, 8},  // u -1 -> texel 0
        {AddressMode::Mirror, false, 0.6f, 32},   // u 2.4 -> texel 2
        {AddressMode::Clamp, false, 1.0f, 64},    // u 4 -> texel 3
        {AddressMode::Border, false, 1.0f, 0},    // u 4 -> outside
        {AddressMode::Wrap, true, 0.0f, 36},      // xB -0.5: texels 3 and 0, half each
        {AddressMode::Mirror, true, 0.0f, 8},     // texels -1 -> 0 and 0
        {AddressMode::Clamp, true, 0.5f, 24},     // u 2, xB 1.5: (16 + 32) / 2
    };
    for (const Case& c : cases) {
        TexRun t;
        t.texels(kRamp);
        Descriptor d = tex1d(Format::F32, 4);
        d.normalized = true;
        d.linear = c.linear;
        d.address[0] = c.mode;
        t.bind(2, d);
        t.coord(c.x);
        ASSERT_TRUE(t.fetch(1, 2, 0x1)) << t.run.error.describe();
        EXPECT_EQ(t.fout(0), c.want) << "mode " << int(c.mode) << " linear " << c.linear << " x " << c.x;
    }
}

// 2x2 F32 texels in `t`, rows 16 bytes apart: row 0 = 1, 2; row 1 = 3, 4.
Descriptor pitched_2x2(TexRun& t) {
    t.texels(std::vector<float>{1, 2, -1, -1, 3, 4});
    Descriptor d = tex1d(Format::F32, 2);
    d.dims = 2;
    d.height = 2;
    d.pitch = 16;
    return d;
}

TEST(Texture, Bilinear2DWithPitch) {
    TexRun t;
    Descriptor d = pitched_2x2(t);
    d.linear = true;
    t.bind(0, d);
    t.coord(1.0f, 1.0f);    // centre: (1 + 2 + 3 + 4) / 4
    t.coord(1.25f, 0.75f);  // a = 192, b = 64: 1.75 * 0.75 + 3.75 * 0.25
    t.coord(5.0f, -3.0f);   // clamped to texel (1, 0)
    ASSERT_TRUE(t.fetch(2, 0, 0x1)) << t.run.error.describe();
    EXPECT_EQ(t.fout(0), 2.5f);
    EXPECT_EQ(t.fout(1), 2.25f);
    EXPECT_EQ(t.fout(2), 2.0f);
}

TEST(Texture, Point2DUsesRowPitch) {
    TexRun t;
    t.bind(0, pitched_2x2(t));
    t.coord(1.5f, 0.2f);
    t.coord(0.9f, 1.9f);
    ASSERT_TRUE(t.fetch(2, 0, 0x1)) << t.run.error.describe();
    EXPECT_EQ(t.fout(0), 2.0f);
    EXPECT_EQ(t.fout(1), 3.0f);
}

TEST(Texture, Trilinear3DAndPoint) {
    TexRun t;
    // 2x2x2 texels v = x + 2y + 4z, slices 64 bytes apart.
    std::vector<float> v(32, -100.0f);
    for (int z = 0; z < 2; ++z)
        for (int y = 0; y < 2; ++y)
            for (int x = 0; x < 2; ++x) v[std::size_t(16 * z + 2 * y + x)] = float(x + 2 * y + 4 * z);
    t.texels(v);
    Descriptor d = tex1d(Format::F32, 2);
    d.dims = 3;
    d.height = 2;
    d.depth = 2;
    d.slice_pitch = 64;
    t.bind(3, d);
    t.coord(1.2f, 0.1f, 1.9f);
    ASSERT_TRUE(t.fetch(3, 3, 0x1)) << t.run.error.describe();
    EXPECT_EQ(t.fout(0), 5.0f);  // texel (1, 0, 1)
    d.linear = true;
    TexRun u;
    u.texels(v);
    u.bind(3, d);
    u.coord(1.0f, 1.0f, 1.0f);     // the mean of 0..7
    u.coord(1.5f, 1.0f, 0.75f);    // x: 1, y: 1.5 (mean of 0/2), z: a = 64 -> 0.25 * 4
    ASSERT_TRUE(u.fetch(3, 3, 0x1)) << u.run.error.describe();
    EXPECT_EQ(u.fout(0), 3.5f);
    EXPECT_EQ(u.fout(1), 1.0f + 1.0f + 1.0f);  // x 1 (texel 1 only), y 1 (mean of 0 and 2), z 1
}

TEST(Texture, IntegerFormatsElementType) {
    TexRun t;
    t.texels(std::vector<std::uint8_t>{0, 200, 255, 0x80});
    t.bind(0, tex1d(Format::U8, 4));
    Descriptor s8 = tex1d(Format::S8, 4);
    t.bind(1, s8);
    for (float x : {0.f, 1.f, 2.f, 3.f}) t.coord(x);
    ASSERT_TRUE(t.fetch(1, 0, 0x1));
    EXPECT_EQ(t.out(0), 0u);
    EXPECT_EQ(t.out(1), 200u);
    EXPECT_EQ(t.out(3), 0x80u);
    TexRun u;
    u.texels(std::vector<std::uint8_t>{0, 200, 255, 0x80});
    u.bind(1, s8);
    for (float x : {0.f, 1.f, 2.f, 3.f}) u.coord(x);
    ASSERT_TRUE(u.fetch(1, 1, 0x1));
    EXPECT_EQ(u.out(1), std::uint32_t(-56));
    EXPECT_EQ(u.out(2), 0xffffffffu);
    EXPECT_EQ(u.out(3), 0xffffff80u);
}

TEST(Texture, FourChannelMaskPacksComponents) {
    TexRun t;
    // u16 x4: texel 0 = (1, 2, 3, 4), texel 1 = (0xfffe, 6, 7, 8)
    t.texels(std::vector<std::uint16_t>{1, 2, 3, 4, 0xfffe, 6, 7, 8});
    t.bind(0, tex1d(Format::U16, 2, 4));
    t.coord(1.0f);
    ASSERT_TRUE(t.fetch(1, 0, 0xd));  // x, z, w -> R4, R5, R6
    EXPECT_EQ(t.out(0, 0), 0xfffeu);
    EXPECT_EQ(t.out(0, 1), 7u);
    EXPECT_EQ(t.out(0, 2), 8u);
    TexRun u;  // s16 x2 with mask y, z, w: y, then the missing channels read 0
    u.texels(std::vector<std::int16_t>{-5, -32768});
    u.bind(0, tex1d(Format::S16, 1, 2));
    u.run.set_u32(kOut + 12, 0x12345678);
    u.coord(0.0f);
    ASSERT_TRUE(u.fetch(1, 0, 0xe));
    EXPECT_EQ(u.out(0, 0), 0xffff8000u);
    EXPECT_EQ(u.out(0, 1), 0u);
    EXPECT_EQ(u.out(0, 2), 0u);
}

TEST(Texture, ThreeChannelTexelsArePacked) {
    TexRun t;
    // u8 x3, texels of 3 bytes: (1, 2, 3), (4, 5, 6), (7, 8, 9)
    t.texels(std::vector<std::uint8_t>{1, 2, 3, 4, 5, 6, 7, 8, 9});
    t.bind(0, tex1d(Format::U8, 3, 3));
    t.coord(2.0f);
    ASSERT_TRUE(t.fetch(1, 0, 0xf));
    EXPECT_EQ(t.out(0, 0), 7u);
    EXPECT_EQ(t.out(0, 1), 8u);
    EXPECT_EQ(t.out(0, 2), 9u);
    EXPECT_EQ(t.out(0, 3), 0u);  // no w channel
}

// Each axis has its own address mode: 4x4 texels v = x + 10 y, normalised coordinates.
TEST(Texture, AddressModePerAxis) {
    TexRun t;
    std::vector<float> v(16);
    for (int i = 0; i < 16; ++i) v[std::size_t(i)] = float(i % 4 + 10 * (i / 4));
    t.texels(v);
    Descriptor d = tex1d(Format::F32, 4);
    d.dims = 2;
    d.height = 4;
    d.normalized = true;
    d.address = {AddressMode::Clamp, AddressMode::Mirror, AddressMode::Clamp};
    t.bind(0, d);
    t.coord(1.5f, 1.25f);    // x clamp -> 3; y: u 5 mirrors to 2
    t.coord(-0.5f, -0.25f);  // x clamp -> 0; y: -1 mirrors to 0
    t.coord(0.3f, 1.9f);     // x: u 1.2 -> 1; y: u 7.6 -> 7 mirrors to 0
    ASSERT_TRUE(t.fetch(2, 0, 0x1)) << t.run.error.describe();
    EXPECT_EQ(t.fout(0), 23.0f);
    EXPECT_EQ(t.fout(1), 0.0f);
    EXPECT_EQ(t.fout(2), 1.0f);
    TexRun u;  // 3D: z border, x/y wrap; 2x2x2 v = x + 2y + 4z + 1
    std::vector<float> w(8);
    for (int i = 0; i < 8; ++i) w[std::size_t(i)] = float(i + 1);
    u.texels(w);
    Descriptor e = tex1d(Format::F32, 2);
    e.dims = 3;
    e.height = 2;
    e.depth = 2;
    e.normalized = true;
    e.address = {AddressMode::Wrap, AddressMode::Wrap, AddressMode::Border};
    u.bind(1, e);
    u.coord(1.25f, -0.25f, 0.75f);  // x: u 2.5 -> 2 wraps to 0; y: u -0.5 -> -1 wraps to 1; z 1 -> 7
    u.coord(0.0f, 0.0f, 1.0f);      // z: u 2 -> outside: border 0
    ASSERT_TRUE(u.fetch(3, 1, 0x1)) << u.run.error.describe();
    EXPECT_EQ(u.fout(0), 7.0f);
    EXPECT_EQ(u.fout(1), 0.0f);
}

TEST(Texture, ThirtyTwoBitIntegers) {
    TexRun t;
    t.texels(std::vector<std::int32_t>{-7, 0x7fffffff, 3, 4});
    t.bind(0, tex1d(Format::S32, 2, 2));
    t.coord(1.0f);
    ASSERT_TRUE(t.fetch(1, 0, 0x3));
    EXPECT_EQ(t.out(0, 0), 3u);
    EXPECT_EQ(t.out(0, 1), 4u);
    TexRun u;
    u.texels(std::vector<std::uint32_t>{0xdeadbeef});
    u.bind(0, tex1d(Format::U32, 1));
    u.coord(0.0f);
    ASSERT_TRUE(u.fetch(1, 0, 0x1));
    EXPECT_EQ(u.out(0), 0xdeadbeefu);
}

TEST(Texture, ReadModeNormalisedFloat) {
    struct Case {
        Format f;
        std::vector<std::uint8_t> bytes;
        std::vector<float> want;
    };
    const Case cases[] = {
        {Format::U8, {0, 255, 51}, {0.0f, 1.0f, 0.2f}},
        {Format::S8, {0x80, 0x7f, 0xc0}, {-1.0f, 1.0f, float(-64.0 / 127.0)}},
        {Format::U16, {0, 0, 0xff, 0xff, 0x01, 0x00}, {0.0f, 1.0f, float(1.0 / 65535.0)}},
        {Format::S16, {0x00, 0x80, 0xff, 0x7f, 0x00, 0xc0}, {-1.0f, 1.0f, float(-16384.0 / 32767.0)}},
    };
    for (const Case& c : cases) {
        TexRun t;
        t.texels(c.bytes);
        Descriptor d = tex1d(c.f, 3);
        d.read_normalized = true;
        t.bind(0, d);
        for (float x : {0.f, 1.f, 2.f}) t.coord(x);
        ASSERT_TRUE(t.fetch(1, 0, 0x1)) << t.run.error.describe();
        for (std::uint32_t i = 0; i < 3; ++i) EXPECT_EQ(t.fout(i), c.want[i]) << int(c.f) << " texel " << i;
    }
    TexRun t;  // linear filtering of normalised u8: 0 and 255 halfway
    t.texels(std::vector<std::uint8_t>{0, 255});
    Descriptor d = tex1d(Format::U8, 2);
    d.read_normalized = true;
    d.linear = true;
    t.bind(0, d);
    t.coord(1.0f);
    ASSERT_TRUE(t.fetch(1, 0, 0x1));
    EXPECT_EQ(t.fout(0), 0.5f);
}

TEST(Texture, IntegerCoordinatesFetch) {
    for (AddressMode m : {AddressMode::Clamp, AddressMode::Border}) {
        TexRun t;
        t.texels(std::vector<std::uint32_t>{100, 101, 102, 103, 104});
        Descriptor d = tex1d(Format::U32, 5);
        d.linear = false;
        d.address[0] = m;
        t.bind(0, d);
        for (int i : {2, -1, 10, 4}) t.icoord(i);
        ASSERT_TRUE(t.fetch(1, 0, 0x1, true)) << t.run.error.describe();
        EXPECT_EQ(t.out(0), 102u);
        EXPECT_EQ(t.out(1), m == AddressMode::Clamp ? 100u : 0u);
        EXPECT_EQ(t.out(2), m == AddressMode::Clamp ? 104u : 0u);
        EXPECT_EQ(t.out(3), 104u);
    }
}

// A bad descriptor stops the kernel with a named error, the TEX's PC and the slot.
struct BadCase {
    const char* what;
    std::uint32_t slot;
    core::KernelErrorKind kind;
};

void expect_error(TexRun& t, std::uint32_t dim, const BadCase& c) {
    t.coord(0.5f);
    ASSERT_FALSE(t.fetch(dim, c.slot, 0x1)) << c.what;
    EXPECT_EQ(t.run.error.kind, c.kind) << t.run.error.describe();
    EXPECT_EQ(t.run.error.pc, t.tex_pc()) << t.run.error.describe();
    EXPECT_NE(t.run.error.message.find("slot " + std::to_string(c.slot)), std::string::npos) << t.run.error.message;
    EXPECT_NE(t.run.error.message.find(c.what), std::string::npos) << t.run.error.message;
}

TEST(TextureErrors, SlotOutsideTheTable) {
    TexRun t;
    expect_error(t, 1, {"outside the descriptor table (4 slots", 5, core::KernelErrorKind::InvalidLaunch});
}

TEST(TextureErrors, NoTableBound) {
    TexRun t;
    t.l.texture_slots = 0;
    expect_error(t, 1, {"outside the descriptor table (0 slots", 0, core::KernelErrorKind::InvalidLaunch});
}

TEST(TextureErrors, UnboundSlot) {
    TexRun t;
    expect_error(t, 1, {"not bound", 3, core::KernelErrorKind::InvalidLaunch});
}

TEST(TextureErrors, BadFormat) {
    TexRun t;
    Descriptor d = tex1d(Format::F32, 4);
    d.format = Format(9);
    t.bind(1, d);
    expect_error(t, 1, {"format 9 is not a texel format", 1, core::KernelErrorKind::InvalidLaunch});
}

TEST(TextureErrors, InconsistentDescriptors) {
    struct Mod {
        const char* what;
        void (*apply)(Descriptor&);
    };
    const Mod mods[] = {
        {"wrap/mirror needs normalised", [](Descriptor& d) { d.address[0] = AddressMode::Wrap; }},
        {"linear filtering needs float", [](Descriptor& d) { d.format = Format::U8; d.linear = true; }},
        {"normalised float needs an 8- or 16-bit", [](Descriptor& d) { d.read_normalized = true; }},
        {"5 channels", [](Descriptor& d) { d.channels = 5; }},
        {"size of axis x is 0", [](Descriptor& d) { d.width = 0; }},
        {"reserved descriptor bits", [](Descriptor& d) { d.reserved_bits = 1; }},
    };
    for (const Mod& m : mods) {
        TexRun t;
        Descriptor d = tex1d(Format::F32, 4);
        m.apply(d);
        auto b = core::tex::encode(d);
        if (d.reserved_bits) b[31] = 1;
        std::memcpy(&t.run.global[kTexTable + 32 * 2], b.data(), b.size());
        expect_error(t, 1, {m.what, 2, core::KernelErrorKind::InvalidLaunch});
    }
}

TEST(TextureErrors, DimensionMismatch) {
    TexRun t;
    t.bind(0, tex1d(Format::F32, 4));
    expect_error(t, 2, {"a 1D texture fetched by TEX.2D", 0, core::KernelErrorKind::InvalidLaunch});
}

TEST(TextureErrors, TexelsOutsideGlobalMemory) {
    TexRun t;
    Descriptor d = tex1d(Format::F32, 4);
    d.base = 0xfff8;  // the harness has 64 KiB: texel 0 fits, texel 2 does not
    t.bind(0, d);
    t.coord(2.5f);
    ASSERT_FALSE(t.fetch(1, 0, 0x1));
    EXPECT_EQ(t.run.error.kind, core::KernelErrorKind::OutOfRangeAccess);
    EXPECT_EQ(t.run.error.address, 0x10000u);
    EXPECT_NE(t.run.error.message.find("slot 0: texel outside global memory"), std::string::npos)
        << t.run.error.message;
}

TEST(TextureErrors, TableOutsideGlobalMemory) {
    TexRun t;
    t.l.texture_table = 0xfff0;
    expect_error(t, 1, {"descriptor outside global memory", 1, core::KernelErrorKind::OutOfRangeAccess});
}

}  // namespace
}  // namespace fgtlm::test
