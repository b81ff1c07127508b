// Testbench writer (models/loaders/src/testbench_writer.cpp): every conformance bundle makes
// the round trip bundle -> TP_instructions.vhd / pick_bench.vhd / TP_configuration.vhd /
// global_mem.mif -> the --flexgrip loader unchanged, and launches the testbench cannot hold
// are refused with a message naming the field.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <unistd.h>

#include <fgtlm/loaders/bundle_loader.hpp>
#include <fgtlm/loaders/testbench_loader.hpp>
#include <fgtlm/loaders/testbench_writer.hpp>

namespace {

namespace fs = std::filesystem;
using namespace fgtlm::loaders;

const fs::path kCorpus = fs::path(FGTLM_DATA_DIR) / "conformance";

// Loads what the writer wrote. pick_bench.vhd must declare `BENCH_APP : string := "TP"` (the
// testbench needs it); a loader without character-string constants (before issue 16's
// loader work) cannot read that, which skips the round trip instead of hiding the line.
KernelImage load_written(const fs::path& dir) {
    TestbenchOptions opt;
    opt.search_root = dir;
    try {
        return load_testbench(dir, opt);
    } catch (const LoadError& e) {
        if (std::string(e.what()).find("in bit-string literal") != std::string::npos) {
            throw std::runtime_error(std::string("SKIP: this loader cannot read string constants: ") + e.what());
        }
        throw;
    }
}

#define LOAD_OR_SKIP(var, dir)                                                      \
    KernelImage var;                                                                \
    try {                                                                           \
        var = load_written(dir);                                                    \
    } catch (const std::runtime_error& e) {                                         \
        if (std::string(e.what()).rfind("SKIP: ", 0) == 0) GTEST_SKIP() << e.what(); \
        throw;                                                                      \
    }

fs::path scratch(const std::string& name) {
    const fs::path d = fs::temp_directory_path() / ("fgtlm_tbwriter_" + std::to_string(::getpid())) / name;
    fs::remove_all(d);
    return d;
}

void expect_same_launch(const KernelImage& a, const KernelImage& b) {
    EXPECT_EQ(a.program, b.program);
    EXPECT_EQ(a.launch.grid[0], b.launch.grid[0]);
    EXPECT_EQ(a.launch.grid[1], b.launch.grid[1]);
    for (int i = 0; i < 3; ++i) EXPECT_EQ(a.launch.block[i], b.launch.block[i]);
    EXPECT_EQ(a.launch.regs_per_thread, b.launch.regs_per_thread);
    EXPECT_EQ(a.launch.shared_bytes, b.launch.shared_bytes);
    EXPECT_EQ(a.launch.blocks_per_sm, b.launch.blocks_per_sm);
    EXPECT_EQ(a.launch.params, b.launch.params);
    EXPECT_EQ(a.launch.const_mem, b.launch.const_mem);
    EXPECT_EQ(a.cores, b.cores);
    EXPECT_EQ(a.global_init, b.global_init);
    ASSERT_EQ(a.global_init_undefined.size(), b.global_init_undefined.size());
    for (std::size_t i = 0; i < a.global_init_undefined.size(); ++i) {
        EXPECT_EQ(a.global_init_undefined[i].addr, b.global_init_undefined[i].addr);
        EXPECT_EQ(a.global_init_undefined[i].len, b.global_init_undefined[i].len);
    }
    EXPECT_EQ(a.dump.addr, b.dump.addr);
    EXPECT_EQ(a.dump.len, b.dump.len);
}

class WriterRoundTrip : public ::testing::TestWithParam<std::string> {};

TEST_P(WriterRoundTrip, BundleThroughTestbenchFilesAndBack) {
    const KernelImage bundle = load_bundle(kCorpus / GetParam());
    const fs::path dir = scratch(GetParam());
    write_testbench(bundle, dir);
    LOAD_OR_SKIP(back, dir);
    expect_same_launch(bundle, back);
    EXPECT_TRUE(back.warnings.empty()) << back.warnings.front();
    fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Conformance, WriterRoundTrip,
                         ::testing::Values("VectorAdd_integer", "VectorAdd_float", "VectorAdd_float-multiblock",
                                           "Reduction", "Log2-hard", "nn", "exp", "MxM_naive_float"));

KernelImage small_image() {
    KernelImage img;
    img.name = "small";
    img.program = {0x30000003, 0x00000781};
    img.launch.block[0] = 32;
    img.launch.blocks_per_sm = 1;
    img.launch.params = {1, 2, 3};
    img.launch.const_mem = {0xaa, 0xbb};
    img.global_init = {1, 2, 3, 4, 5, 6, 7, 8};
    img.global_init_undefined = {{2, 3}};
    img.dump = {0, 64};
    img.cores = 16;
    return img;
}

TEST(TestbenchWriter, UndefinedBytesAndCoresSurviveTheRoundTrip) {
    KernelImage img = small_image();
    img.global_init[2] = img.global_init[3] = img.global_init[4] = 0;  // undefined bytes read back as 0
    const fs::path dir = scratch("small");
    write_testbench(img, dir);
    LOAD_OR_SKIP(back, dir);
    expect_same_launch(img, back);
    fs::remove_all(dir);
}

TEST(TestbenchWriter, TP_instructionsListsEveryWord) {
    const std::string vhd = tp_instructions_vhd(small_image());
    EXPECT_NE(vhd.find("TP_INSTRUCTIONS : integer := 2;"), std::string::npos);
    EXPECT_NE(vhd.find("when 1 => instruction_out <= x\"00000781\";"), std::string::npos);
}

void expect_refused(KernelImage img, const std::string& words) {
    try {
        validate_for_testbench(img);
        ADD_FAILURE() << "accepted a launch that should be refused (" << words << ")";
    } catch (const LoadError& e) {
        EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
}

TEST(TestbenchWriter, RefusesLaunchesTheTestbenchCannotHold) {
    KernelImage img = small_image();
    img.launch.params.assign(16, 0);
    expect_refused(img, "BENCH_KERNEL_PARAM_SIZE");
    img = small_image();
    img.launch.const_mem.assign(64, 0);
    expect_refused(img, "BENCH_CMEM_PARAM_SIZE");
    img = small_image();
    img.dump = {4, 64};
    expect_refused(img, "dump range starts");
    img = small_image();
    img.cores = 12;
    expect_refused(img, "SP cores");
    img = small_image();
    img.launch.blocks_per_sm = 16;
    expect_refused(img, "blocks per core");
}

}  // namespace
