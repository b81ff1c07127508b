// loaders::load_cubin_json: the constant segments (c1), __constant__ symbols (c0) and
// relocations (c14) of the nvcc cubins in tests/data/isa/cubins, and clear errors for bad files.
#include <gtest/gtest.h>

#include <fstream>

#include <fgtlm/loaders/cubin_loader.hpp>
#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::loaders {
namespace {

const std::string kCubins = std::string(FGTLM_DATA_DIR) + "/isa/cubins/";

TEST(CubinLoader, Test36ConstantsAndRelocations) {
    const CubinModule m = load_cubin_json(kCubins + "tests_test36.json");
    EXPECT_EQ(m.architecture, "sm_10");
    ASSERT_EQ(m.kernels.size(), 1u);
    const CubinKernel* k = m.find("f_test");
    ASSERT_NE(k, nullptr);
    EXPECT_EQ(k->words.size(), 74u);
    EXPECT_EQ(k->words[0], 0x1100e804u);
    EXPECT_EQ(k->smem, 32u);
    EXPECT_EQ(k->regs, 6u);
    ASSERT_EQ(k->constants.size(), 1u);  // c1[0] = 10: the loop bound
    EXPECT_EQ(k->constants[0].bank, 1u);
    EXPECT_EQ(k->constants[0].bytes, (std::vector<std::uint8_t>{0x0a, 0, 0, 0}));
    EXPECT_EQ(constant_bank_image(*k, 1, 8), (std::vector<std::uint8_t>{0x0a, 0, 0, 0, 0, 0, 0, 0}));
    EXPECT_TRUE(constant_bank_image(*k, 0).empty());
    ASSERT_EQ(m.constants.size(), 3u);  // ww, vv, uu in c0
    EXPECT_EQ(m.constants[0].name, "ww");
    EXPECT_EQ(m.constants[0].offset, 8u);
    EXPECT_EQ(m.constants[0].bytes, 40u);
    ASSERT_EQ(m.relocations.size(), 2u);  // xx2 at c14[4], xx at c14[0]
    EXPECT_EQ(m.relocations[0].name, "xx2");
    EXPECT_EQ(m.relocations[0].bank, 14u);
    EXPECT_EQ(m.relocations[0].offset, 4u);
    EXPECT_EQ(m.find("nope"), nullptr);
}

TEST(CubinLoader, MotionBank1LittleEndianWords) {
    const CubinModule m = load_cubin_json(kCubins + "tests_motion_div2.json");
    const CubinKernel& k = m.kernels.at(0);
    const std::vector<std::uint8_t> c1 = constant_bank_image(k, 1);
    ASSERT_EQ(c1.size(), 36u);  // 9 words: 3, 0x3ff, 0x7ffe, 1, 0xff, 2, 4, 5, -1
    EXPECT_EQ(c1[4], 0xff);
    EXPECT_EQ(c1[5], 0x03);
    EXPECT_EQ(c1[8], 0xfe);
    EXPECT_EQ(c1[9], 0x7f);
    EXPECT_EQ(c1[35], 0xff);
}

// Every cubin of the corpus loads; 17 kernels carry a c1 segment.
TEST(CubinLoader, WholeCorpus) {
    std::size_t files = 0, kernels = 0, with_c1 = 0;
    for (const auto& e : std::filesystem::directory_iterator(kCubins)) {
        if (e.path().extension() != ".json") continue;
        const CubinModule m = load_cubin_json(e.path());
        ++files;
        for (const auto& k : m.kernels) {
            ++kernels;
            with_c1 += k.constants.empty() ? 0 : 1;
        }
    }
    EXPECT_EQ(files, 44u);
    EXPECT_EQ(kernels, 44u);
    EXPECT_EQ(with_c1, 17u);
}

std::string load_error(const std::string& text) {
    const auto path = std::filesystem::temp_directory_path() / "fgtlm_bad_cubin.json";
    std::ofstream(path) << text;
    try {
        load_cubin_json(path);
    } catch (const LoadError& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(CubinLoader, BadInputsNameTheField) {
    EXPECT_NE(load_error("{").find("not JSON"), std::string::npos);
    EXPECT_NE(load_error("{}").find("missing field \"kernels\""), std::string::npos);
    EXPECT_NE(load_error(R"({"kernels": [{"name": "k", "bincode": ["zz"]}]})").find("kernels[0] (k).bincode[0]"),
              std::string::npos);
    const std::string seg = R"({"kernels": [{"name": "k", "bincode": [], "const": [)";
    EXPECT_NE(load_error(seg + R"({"segnum": 16, "offset": 0, "bytes": 4, "mem": ["0x1"]}]}]})").find("segnum"),
              std::string::npos);
    EXPECT_NE(load_error(seg + R"({"segnum": 1, "offset": 0, "bytes": 8, "mem": ["0x1"]}]}]})")
                  .find("bytes is 8 but mem holds 4"),
              std::string::npos);
    EXPECT_NE(load_error(seg + R"({"segnum": 1, "offset": 65535, "bytes": 4, "mem": ["0x1"]}]}]})")
                  .find("beyond the 64 KiB"),
              std::string::npos);
}

}  // namespace
}  // namespace fgtlm::loaders
