#include <fgtlm/params/registry.hpp>
#include <fgtlm/timing/timing_params.hpp>

#include <gtest/gtest.h>

using namespace fgtlm;

TEST(TimingParams, DeclaredWithStructDefaults) {
    params::Registry reg;
    timing::declare_timing_params(reg);
    const timing::TimingParams defaults;
    const timing::TimingParams read = timing::TimingParams::from(reg);
    EXPECT_EQ(read.sp_lanes, defaults.sp_lanes);
    EXPECT_EQ(read.global_latency_cycles, defaults.global_latency_cycles);
    EXPECT_EQ(read.warp_waits_for_writeback, defaults.warp_waits_for_writeback);
    EXPECT_TRUE(reg.contains("sm.sp_lanes"));
    EXPECT_TRUE(reg.contains("gpu.num_sms"));
    EXPECT_TRUE(reg.contains("mem.global_latency_cycles"));
    EXPECT_TRUE(reg.contains("sm.sfu_cycles_per_thread"));
    // Every parameter has a description.
    for (const auto* p : reg.list()) EXPECT_FALSE(p->description.empty()) << p->name;
}

TEST(TimingParams, OverridesReachTheStruct) {
    params::Registry reg;
    timing::declare_timing_params(reg);
    reg.apply_override("sm.sp_lanes=32");
    reg.apply_override("gpu.num_sms=4");
    reg.apply_override("mem.global_per_thread=false");
    const auto p = timing::TimingParams::from(reg);
    EXPECT_EQ(p.sp_lanes, 32u);
    EXPECT_EQ(p.passes(), 1u);
    EXPECT_EQ(p.num_sms, 4u);
    EXPECT_FALSE(p.global_per_thread);
    EXPECT_THROW(reg.apply_override("sm.sp_lanes=0"), params::ParamError);
}
