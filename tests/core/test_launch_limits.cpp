// check_launch refuses, with a reason, every launch whose sizes would wrap or exhaust memory
// downstream (issue 16): the timing model and statistics size their tables from the launch.
#include <gtest/gtest.h>

#include <fgtlm/core/sm_core.hpp>

namespace {

using namespace fgtlm::core;

LaunchConfig ok_launch() {
    LaunchConfig c;
    c.block[0] = 32;
    c.regs_per_thread = 4;
    c.blocks_per_sm = 8;
    return c;
}

std::string why(const LaunchConfig& c) { return check_launch(c, SmCoreConfig{}); }

TEST(LaunchLimits, AValidLaunchPasses) { EXPECT_EQ(why(ok_launch()), ""); }

TEST(LaunchLimits, ThreadCountIsComputedWithoutWrapping) {
    LaunchConfig c = ok_launch();
    c.block[0] = 65026, c.block[1] = 33025, c.block[2] = 2;  // 4294967300 threads = 4 mod 2^32
    EXPECT_NE(why(c).find("block of 4294967300 threads"), std::string::npos) << why(c);
    c.block[0] = 1025, c.block[1] = 1, c.block[2] = 1;
    EXPECT_NE(why(c).find("at most 1024"), std::string::npos) << why(c);
    c.block[0] = 1, c.block[2] = 65;
    EXPECT_NE(why(c).find("blockDim.z"), std::string::npos) << why(c);
}

TEST(LaunchLimits, SharedBlocksPerSmAndCodeBase) {
    LaunchConfig c = ok_launch();
    c.shared_bytes = 4294967295u;  // wrapped the window stride to 256 bytes
    EXPECT_NE(why(c).find("shared_bytes 4294967295 exceeds"), std::string::npos) << why(c);
    c = ok_launch();
    c.blocks_per_sm = 4294967295u;  // the timing model sized 103 GB of warp state from it
    EXPECT_NE(why(c).find("blocks_per_sm 4294967295 exceeds"), std::string::npos) << why(c);
    c.blocks_per_sm = 32;
    EXPECT_EQ(why(c), "");
    c.code_base = 3;  // instruction fetch would read misaligned words
    EXPECT_NE(why(c).find("code_base must be a multiple of 4"), std::string::npos) << why(c);
    c.code_base = 4;
    EXPECT_EQ(why(c), "");
}

}  // namespace
