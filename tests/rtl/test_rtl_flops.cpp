// Flop-level fault injection on the Verilated FlexGripPlus (models/rtl flop_campaign.hpp):
// the storage table, flips and snapshots, and the campaign's classes and shortcuts.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <systemc>  // declares sc_main, which SystemC's main() calls

#include <fgtlm/loaders/bundle_loader.hpp>
#include <fgtlm/rtl/flop_campaign.hpp>
#include <fgtlm/rtl/rtl_backend.hpp>

namespace {

using namespace fgtlm;

rtl::FlopCampaignKernel bundle_kernel(const std::string& name) {
    const auto img = loaders::load_bundle(std::string(FGTLM_DATA_DIR) + "/conformance/" + name);
    return {img.name, img.program, img.global_init, img.launch};
}

std::size_t storage_named(std::string_view path) {
    const auto all = rtl::RtlBackend::verilated_storage();
    const auto it = std::find_if(all.begin(), all.end(), [&](const auto& s) { return s.path == path; });
    return it == all.end() ? all.size() : std::size_t(it - all.begin());
}

TEST(RtlFlops, TableListsTheSmsRegistersAndMemoriesWithTheirVhdl) {
    const auto all = rtl::RtlBackend::verilated_storage();
    std::size_t regs = 0, stack_bits = 0;
    for (const auto& s : all) {
        regs += s.depth == 0;
        if (rtl::unit_of(s) == "stack") stack_bits += s.width;
        EXPECT_GT(s.width, 0u) << s.path;
    }
    EXPECT_GT(regs, 2000u);          // every register GHDL's netlist has, bar those Verilator removed
    EXPECT_EQ(stack_bits % 32, 0u);  // one divergence stack per warp slot (32)
    EXPECT_GT(stack_bits, 0u);
    const std::size_t pool = storage_named("ustreamingmultiprocessor.uwarpunit.uwarppoolmemory.mem");
    ASSERT_LT(pool, all.size());
    EXPECT_EQ(all[pool].depth, 32u);   // warp slots
    EXPECT_EQ(all[pool].width, 128u);  // PC, mask, ... of a warp
    EXPECT_EQ(rtl::unit_of(all[pool]), "uwarppoolmemory");
    const std::size_t gpr =
        storage_named("ustreamingmultiprocessor.gregisterfile_n3_uregisterfile.dp_regfile_inst.mem");
    ASSERT_LT(gpr, all.size());
    EXPECT_EQ(rtl::unit_of(all[gpr]), "uregisterfile");
}

TEST(RtlFlops, FlipChangesTheStateAndASecondFlipRestoresIt) {
    rtl::RtlBackend gpu;
    gpu.reset();
    rtl::RtlSnapshot before;
    gpu.save(before);
    EXPECT_TRUE(gpu.same_state(before));
    const std::size_t pool = storage_named("ustreamingmultiprocessor.uwarpunit.uwarppoolmemory.mem");
    gpu.flip(pool, 5, 77);
    EXPECT_FALSE(gpu.same_state(before));
    gpu.flip(pool, 5, 77);
    EXPECT_TRUE(gpu.same_state(before));
    EXPECT_THROW(gpu.flip(pool, 32, 0), std::out_of_range);   // word beyond the depth
    EXPECT_THROW(gpu.flip(pool, 0, 128), std::out_of_range);  // bit beyond the width
    EXPECT_THROW(gpu.flip(rtl::RtlBackend::verilated_storage().size(), 0, 0), std::out_of_range);
}

TEST(RtlFlops, AGlobalMemoryFlipOutsideTheKernelsDataIsAnSdcAndOneInsideAFlopVaries) {
    rtl::FlopCampaignSpec spec;
    spec.units = {"uglobalmemory"};
    spec.memories = true;
    spec.count = 8;
    rtl::FlopCampaign c(bundle_kernel("VectorAdd_float"), spec);
    EXPECT_EQ(c.golden_cycles(), 2039u);  // GHDL's count for the bundle
    EXPECT_EQ(c.space_bits(), 8u * 262144u);
    for (std::uint64_t id = 0; id < spec.count; ++id) {
        const rtl::FlopInjection inj = c.run(id);
        // A random byte of 256 KiB: the kernel rewrites almost none, so the flip stays.
        EXPECT_EQ(inj.cls, "SDC") << "id " << id << " word " << inj.word;
        EXPECT_EQ(inj.sdc_words, 1u);
        EXPECT_EQ(inj.kernel_cycles, 2039u);
    }
}

// A stuck-at holds against the kernel's own writes, where a flip of the same bit is overwritten:
// bit 0 of VectorAdd_float's first output byte (c at 16384), from cycle 0.
TEST(RtlFlops, AStuckBitHoldsAgainstTheKernelsWritesWhereAFlipIsOverwritten) {
    rtl::FlopCampaignSpec spec;
    spec.units = {"uglobalmemory"};
    spec.memories = true;
    rtl::FlopCampaign c(bundle_kernel("VectorAdd_float"), spec);
    const int golden = c.golden_memory()[16384] & 1;
    rtl::FlopInjection at;
    at.storage = storage_named("uglobalmemory.ram");
    at.word = 16384;
    at.cycle = 0;
    EXPECT_EQ(c.run_at(at).cls, "Masked");  // the flip: the kernel writes the byte afterwards
    at.stuck = 1 - golden;
    const rtl::FlopInjection stuck = c.run_at(at);
    EXPECT_EQ(stuck.cls, "SDC");
    EXPECT_EQ(stuck.sdc_words, 1u);
    EXPECT_FALSE(stuck.converged);
    EXPECT_EQ(c.record(stuck).at("model"), golden ? "stuck0" : "stuck1");
    at.stuck = golden;  // held at the value the kernel writes
    EXPECT_EQ(c.run_at(at).cls, "Masked");
}

// Register files keep their words through reset: an injected run must start from the power-on
// words, as the RTL running the flipped word from the start does, not from those the golden run
// left. VectorAdd_float's `SHL R2, R0, 0x2` with its destination flipped to R6 (bit 4) leaves R2
// unwritten, so 31 of the 32 sums go to the wrong address (lane 0's R2 is 0 either way).
TEST(RtlFlops, InjectedRunsStartFromThePowerOnRegisterFiles) {
    const auto kernel = bundle_kernel("VectorAdd_float");
    const std::size_t done = storage_named("ustreamingmultiprocessor.upipelinefetch.pipeline_fetch_done");
    const std::size_t lane = storage_named("ustreamingmultiprocessor.upipelinefetch.warp_lane_id_out");
    rtl::RtlBackend gpu;
    rtl::load_kernel(gpu, kernel);
    gpu.start();
    std::vector<std::uint64_t> fetches;  // the fetch -> decode hand-overs of pass 0
    while (!gpu.step())
        if (gpu.peek(done, 0, 0, 1) != 0 && gpu.peek(lane, 0, 0, 2) == 0) fetches.push_back(gpu.kernel_cycles());
    ASSERT_EQ(fetches.size(), 12u);
    rtl::FlopCampaignSpec spec;
    spec.units = {"pipeline_fetch"};
    rtl::FlopCampaign c(kernel, spec);
    rtl::FlopInjection at;
    at.storage = storage_named("ustreamingmultiprocessor.upipelinefetch.instruction_out");
    at.twin = storage_named("ustreamingmultiprocessor.upipelinefetch.instruction_i");
    at.bit = 4;
    at.cycle = fetches[3];  // SHL, the fourth instruction
    const rtl::FlopInjection inj = c.run_at(at);
    EXPECT_EQ(inj.cls, "SDC");
    EXPECT_EQ(inj.sdc_words, 31u);
}

TEST(RtlFlops, CampaignIsDeterministicShardableAndTheShortcutNeverChangesAClass) {
    rtl::FlopCampaignSpec spec;
    spec.count = 60;
    spec.seed = 7;
    const auto kernel = bundle_kernel("VectorAdd_float");
    rtl::FlopCampaign fast(kernel, spec);
    spec.converge_early = false;
    rtl::FlopCampaign slow(kernel, spec);
    spec.converge_early = true;
    spec.shards = 3;
    spec.shard = 1;
    rtl::FlopCampaign shard(kernel, spec);
    EXPECT_EQ(shard.shard_ids(), (std::vector<std::uint64_t>{1,  4,  7,  10, 13, 16, 19, 22, 25, 28,
                                                             31, 34, 37, 40, 43, 46, 49, 52, 55, 58}));
    std::size_t converged = 0, failing = 0;
    for (std::uint64_t id = 0; id < spec.count; ++id) {
        const rtl::FlopInjection a = fast.run(id), b = slow.run(id);
        EXPECT_EQ(fast.record(a).at("flop"), slow.record(b).at("flop"));
        EXPECT_EQ(a.cycle, b.cycle);
        EXPECT_EQ(a.cls, b.cls) << fast.record(a).dump();
        EXPECT_FALSE(b.converged);
        converged += a.converged;
        failing += a.cls != "Masked";
        if (id % 3 == 1) {
            EXPECT_EQ(shard.record(shard.run(id)), fast.record(fast.run(id)));
        }
    }
    EXPECT_GT(converged, 0u);  // most flips die out in a few cycles
    EXPECT_LT(failing, spec.count);
}

TEST(RtlFlops, BadSpecsAreRefusedByName) {
    const auto kernel = bundle_kernel("VectorAdd_float");
    rtl::FlopCampaignSpec spec;
    spec.units = {"no_such_unit"};
    try {
        rtl::FlopCampaign c(kernel, spec);
        FAIL() << "an unknown unit was accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("no_such_unit"), std::string::npos) << e.what();
    }
    spec.units = {"uregisterfile"};  // memories only, without --memories
    EXPECT_THROW(rtl::FlopCampaign(kernel, spec), std::invalid_argument);
    spec.units.clear();
    spec.shards = 2;
    spec.shard = 2;
    EXPECT_THROW(rtl::FlopCampaign(kernel, spec), std::invalid_argument);
}

}  // namespace

// fgtlm_rtl links SystemC, whose main() calls sc_main.
int sc_main(int argc, char* argv[]) {
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
