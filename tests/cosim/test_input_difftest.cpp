// fgtlm difftest TARGET's inputs (no GHDL): ranges parsed and checked by name, filled the same
// way for a seed on every machine and differently for another seed, the filled bytes no longer
// undefined, and no stale expected memory left in the image.
#include <gtest/gtest.h>

#include <stdexcept>

#include <fgtlm/cosim/input_difftest.hpp>

namespace {

using namespace fgtlm;

loaders::KernelImage image() {
    loaders::KernelImage img;
    img.name = "k";
    img.global_mem_bytes = 4096;
    img.global_init.assign(64, 0xab);
    img.global_init_undefined = {{16, 32}};
    img.expected = {{0, {1u, 2u}}};
    img.rtl_kernel_cycles = 99;
    img.dump = {0, 256};
    return img;
}

std::uint32_t word(const loaders::KernelImage& img, std::uint32_t a) {
    return std::uint32_t(img.global_init[a]) | std::uint32_t(img.global_init[a + 1]) << 8 |
           std::uint32_t(img.global_init[a + 2]) << 16 | std::uint32_t(img.global_init[a + 3]) << 24;
}

TEST(InputDifftest, RangesAreParsedAndCheckedByName) {
    const cosim::RandomRange r = cosim::parse_random_range("0x40:128", true);
    EXPECT_EQ(r.address, 0x40u);
    EXPECT_EQ(r.bytes, 128u);
    EXPECT_TRUE(r.floats);
    EXPECT_THROW(cosim::parse_random_range("64", false), std::invalid_argument);
    EXPECT_THROW(cosim::parse_random_range("64:-4", false), std::invalid_argument);
    EXPECT_THROW(cosim::parse_random_range("64:0", false), std::invalid_argument);
    const loaders::KernelImage img = image();
    EXPECT_NO_THROW(cosim::check_random_ranges(img, {{0, 4096, false}}));
    EXPECT_THROW(cosim::check_random_ranges(img, {}), std::invalid_argument);
    EXPECT_THROW(cosim::check_random_ranges(img, {{2, 8, false}}), std::invalid_argument);
    try {
        cosim::check_random_ranges(img, {{4092, 8, true}});
        FAIL() << "a range past the memory passed";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("--random-float 0xffc:8"), std::string::npos) << e.what();
    }
    loaders::KernelImage no_dump = img;
    no_dump.dump = {0, 0};
    EXPECT_THROW(cosim::check_random_ranges(no_dump, {{0, 8, false}}), std::invalid_argument);
}

TEST(InputDifftest, FillIsPerSeedAndLeavesTheRestAlone) {
    const loaders::KernelImage img = image();
    const std::vector<cosim::RandomRange> ranges{{8, 24, false}, {128, 64, true}};
    const loaders::KernelImage a = cosim::with_random_inputs(img, ranges, 1);
    const loaders::KernelImage again = cosim::with_random_inputs(img, ranges, 1);
    const loaders::KernelImage b = cosim::with_random_inputs(img, ranges, 2);
    EXPECT_EQ(a.global_init, again.global_init);
    EXPECT_NE(a.global_init, b.global_init);
    ASSERT_EQ(a.global_init.size(), 192u);  // grown to hold the second range
    EXPECT_EQ(word(a, 0), 0xababababu);     // outside the ranges: the image's bytes
    EXPECT_EQ(word(a, 32), 0xababababu);
    EXPECT_EQ(word(a, 64), 0u);  // grown, not random
    for (std::uint32_t addr = 128; addr < 192; addr += 4) {
        const std::uint32_t e = (word(a, addr) >> 23) & 0xffu;  // finite floats of magnitude 2^-20..2^21
        EXPECT_GE(e, 107u);
        EXPECT_LE(e, 147u);
    }
    // [16, 48) was undefined; [8, 32) is now defined: [32, 48) stays undefined.
    ASSERT_EQ(a.global_init_undefined.size(), 1u);
    EXPECT_EQ(a.global_init_undefined[0].addr, 32u);
    EXPECT_EQ(a.global_init_undefined[0].len, 16u);
    EXPECT_TRUE(a.expected.empty());
    EXPECT_EQ(a.rtl_kernel_cycles, 0u);
    EXPECT_EQ(a.name, "k-input1");
}

}  // namespace
