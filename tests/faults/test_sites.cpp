// Every fault site and every outcome class, on small kernels whose behaviour is known.
#include <set>

#include <fgtlm/faults/injector.hpp>
#include <fgtlm/faults/machine.hpp>

#include "fault_kernels.hpp"

namespace fgtlm::test {
namespace {

using faults::Fault;
using faults::FaultModel;
using faults::Structure;
using nlohmann::json;

Fault at(Structure s, std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t bit,
         FaultModel m = FaultModel::Flip, std::uint64_t time = 0) {
    Fault f;
    f.structure = s;
    f.model = m;
    f.a = a, f.b = b, f.c = c, f.bit = bit, f.time = time;
    return f;
}

// The classes a fault produces when injected before each instruction of the kernel in turn.
std::set<std::string> classes_over_time(faults::Campaign& c, Fault f, std::vector<json>* out = nullptr) {
    std::set<std::string> classes;
    for (std::uint64_t t = 0; t < c.golden_steps(); ++t) {
        f.time = t;
        const json r = c.inject_fault(f);
        classes.insert(r.at("class").get<std::string>());
        if (out) out->push_back(r);
    }
    return classes;
}

TEST(FaultSites, GoldenProbeKernelComputes4_5) {
    auto c = campaign(probe_image());
    EXPECT_GT(c->golden_steps(), 30u);
    // A fault outside the state the kernel has (register row past the two warps) is masked.
    const json r = c->inject_fault(at(Structure::Gpr, 40, 0, 0, 3));
    EXPECT_EQ(r["class"], "Masked");
    EXPECT_FALSE(r["activated"].get<bool>());
    EXPECT_EQ(r["instructions"], c->golden_steps());
}

TEST(FaultSites, SnapshotRestoreAtEveryInstructionReproducesTheGoldenRun) {
    const loaders::KernelImage img = probe_image();
    core::Program program;
    program.bind(img.program.data(), std::uint32_t(img.program.size()));
    faults::Machine golden(img, program), prefix(img, program), work(img, program);
    golden.start();
    ASSERT_EQ(golden.run_until(1'000'000), faults::RunStatus::Done);
    prefix.start();
    for (std::uint64_t t = 0; t < golden.steps(); ++t) {
        prefix.run_until(t);
        work.restore(prefix);
        ASSERT_EQ(work.run_until(1'000'000), faults::RunStatus::Done) << t;
        EXPECT_EQ(work.steps(), golden.steps()) << t;
        EXPECT_EQ(work.global(), golden.global()) << t;
    }
}

TEST(FaultSites, GprFlipIsSdcBeforeItsLastUseAndMaskedAfter) {
    auto c = campaign(probe_image());
    std::vector<json> recs;
    // R8 of warp 0, lane 0, sign bit: the stored result.
    const auto classes = classes_over_time(*c, at(Structure::Gpr, 8, 0, 0, 31), &recs);
    EXPECT_EQ(classes, (std::set<std::string>{"Masked", "SDC"}));
    for (const json& r : recs) {
        if (r["class"] != "SDC") continue;
        // 1 word when the flip lands after the last FADD; 8 when before it: the negative lane 0
        // then takes fpu_sub while lanes 1-7 of its pass take fpu_add, which the RTL latches as +0
        // (models/core/src/units/fpu_function.cpp, fadd_warp).
        EXPECT_TRUE(r["sdc_words"] == 1u || r["sdc_words"] == 8u) << r["sdc_words"];
        EXPECT_EQ(r["first_diff"]["address"], 0u);
        EXPECT_EQ(r["first_diff"]["expected"], 0x40900000u);  // 4.5f
        // Sign flipped before the last add: -3.5 + 1 = -2.5, or after it: -4.5.
        EXPECT_TRUE(r["first_diff"]["got"] == 0xc0900000u || r["first_diff"]["got"] == 0xc0200000u);
    }
}

TEST(FaultSites, PredicateFlagChangesTheBranch) {
    auto c = campaign(probe_image());
    // C0 of warp 0, lane 0, zero flag: NE becomes true, the FADD32I is skipped (3.5).
    std::vector<json> recs;
    const auto classes = classes_over_time(*c, at(Structure::Pred, 0, 0, 0, 0), &recs);
    EXPECT_TRUE(classes.count("SDC"));
    EXPECT_TRUE(classes.count("Masked"));
    for (const json& r : recs) {
        if (r["class"] == "SDC") {
            EXPECT_EQ(r["first_diff"]["got"], 0x40600000u);  // 3.5f
        }
    }
}

TEST(FaultSites, AddressRegisterMovesTheSharedAccess) {
    auto c = campaign(probe_image());
    const auto classes = classes_over_time(*c, at(Structure::Areg, 0, 1, 0, 4));  // A1 of warp 0, lane 0
    EXPECT_TRUE(classes.count("Masked"));
    EXPECT_TRUE(classes.count("SDC") || classes.count("DUE"));
}

TEST(FaultSites, SharedMemoryWordBetweenStoreAndLoad) {
    auto c = campaign(probe_image());
    std::set<std::string> all;
    for (std::uint32_t byte = 0; byte < 256; byte += 1) {
        const json r = c->inject_fault(at(Structure::Shared, byte, 0, 0, 6, FaultModel::Flip, c->golden_steps() / 2));
        all.insert(r["class"].get<std::string>());
    }
    EXPECT_TRUE(all.count("SDC"));
    EXPECT_TRUE(all.count("Masked"));
}

TEST(FaultSites, ConstantMemoryCorruptsEveryThread) {
    auto c = campaign(probe_image());
    const json r = c->inject_fault(at(Structure::Const, 3, 0, 0, 0));  // 2.0f -> 8.0f... for all threads
    EXPECT_EQ(r["class"], "SDC");
    EXPECT_EQ(r["sdc_words"], 64u);
}

TEST(FaultSites, GlobalMemoryOutputFlipAfterTheStoreIsSdc) {
    auto c = campaign(probe_image());
    const json late = c->inject_fault(at(Structure::Global, 4, 0, 0, 0, FaultModel::Flip, c->golden_steps() - 1));
    EXPECT_EQ(late["class"], "SDC");
    EXPECT_EQ(late["sdc_words"], 1u);
    EXPECT_EQ(late["first_diff"]["address"], 4u);
    const json early = c->inject_fault(at(Structure::Global, 4, 0, 0, 0, FaultModel::Flip, 0));
    EXPECT_EQ(early["class"], "Masked");  // overwritten by the store
    EXPECT_TRUE(early["activated"].get<bool>());
}

TEST(FaultSites, InstructionWordFaultsGiveIllegalInstructionsAndWrongResults) {
    auto c = campaign(probe_image());
    std::set<std::string> all;
    std::set<std::string> kinds;
    for (std::uint32_t bit = 0; bit < 64; ++bit)
        for (std::uint64_t t : {std::uint64_t(4), std::uint64_t(8), std::uint64_t(22)}) {
            const json r = c->inject_fault(at(Structure::Inst, 0, 0, 0, bit, FaultModel::Flip, t));
            all.insert(r["class"].get<std::string>());
            if (r.contains("error")) kinds.insert(r["error"]["kind"].get<std::string>());
        }
    EXPECT_TRUE(all.count("DUE"));
    EXPECT_TRUE(all.count("SDC"));
    EXPECT_TRUE(all.count("Masked"));
    EXPECT_FALSE(kinds.empty());
}

// Instruction-word flips as FlexGripPlus runs them (rtl preset; measured per injection on the
// Verilated RTL, models/faults/README.md), on a one-warp kernel of 64-bit words:
// * bit 32 sets the end marker of I2I, SHL, IADD and GST (RET has one already), which the RTL
//   ignores (FULL_END drives nothing): the model runs on past a marker the program does not
//   hold, so each such flip is Masked (it used to end the threads there: SDC);
// * bit 1 makes GST (opcode 0xd) a flow instruction the RTL's branch unit lacks: it never
//   finishes it, a Hang; the record keeps the error (pipeline stall).
TEST(FaultSites, InstructionFlipsRunAsOnTheRtl) {
    const char* sass = R"(
        I2I.U32.U16 R1, R0L;
        SHL R2, R1, 0x2;
        IADD R3, g [0x4], R2;
        GST.U32 global14[R2], R3;
        RET;
    )";
    auto c = campaign(assemble_image(sass, 32));
    ASSERT_EQ(c->golden_steps(), 5u);
    EXPECT_EQ(classes_over_time(*c, at(Structure::Inst, 0, 0, 0, 32)), std::set<std::string>{"Masked"});
    const json r = c->inject_fault(at(Structure::Inst, 0, 0, 0, 1, FaultModel::Flip, 3));
    EXPECT_EQ(r["class"], "Hang");
    EXPECT_EQ(r["error"]["kind"], core::to_string(core::KernelErrorKind::Stalled));
    EXPECT_EQ(r["error"]["pc"], 0x18u);
}

// FlexGripPlus fetches at PC bits 17..2 (core.rtl.instruction_address_bits; measured on the
// Verilated RTL, models/faults/README.md): a flip of bit 20 changes nothing, one of bit 2 at the
// first instruction lands on the second word of the 64-bit I2I, 0x04000780: opcode 0x0 of the
// MOV class with no operation, which the RTL runs as a 4-byte no-op (core.rtl.unknown_words)
// before it runs on into the program's words: no error, a wrong result.
TEST(FaultSites, PcBitsTheFetchIgnoresAreMaskedAndAWordInsideAnInstructionRunsAsTheRtlReadsIt) {
    auto c = campaign(probe_image());
    EXPECT_EQ(c->inject_fault(at(Structure::Pc, 0, 0, 0, 20))["class"], "Masked");
    const json r = c->inject_fault(at(Structure::Pc, 0, 0, 0, 2));
    EXPECT_FALSE(r.contains("error")) << r.dump();
    EXPECT_NE(r["class"], "Masked");
}

TEST(FaultSites, ActiveMaskBitDropsALane) {
    auto c = campaign(probe_image());
    const json r = c->inject_fault(at(Structure::Mask, 1, 0, 0, 5));  // warp 1, lane 5 = thread 37
    // The lane skips the kernel: its output word stays 0, or the barrier/stack logic reports it.
    EXPECT_NE(r["class"], "Masked");
    if (r["class"] == "SDC") {
        // 1 word when the flip lands after the last FADD; 8 when before it: the negative lane 0
        // then takes fpu_sub while lanes 1-7 of its pass take fpu_add, which the RTL latches as +0
        // (models/core/src/units/fpu_function.cpp, fadd_warp).
        EXPECT_TRUE(r["sdc_words"] == 1u || r["sdc_words"] == 8u) << r["sdc_words"];
        EXPECT_EQ(r["first_diff"]["address"], 4u * 37);
    }
}

TEST(FaultSites, DivergenceStackEntryMattersOnlyWhileInUse) {
    auto c = campaign(probe_image());
    std::vector<json> recs;
    const auto classes = classes_over_time(*c, at(Structure::Stack, 0, 0, 1, 0), &recs);  // warp 0, entry 0, mask bit 0
    EXPECT_TRUE(classes.count("Masked"));
    EXPECT_GT(classes.size(), 1u);
}

TEST(FaultSites, BarrierCounterBreaksTheBarrier) {
    auto c = campaign(probe_image());
    const json r = c->inject_fault(at(Structure::Barrier, 0, 0, 0, 0));
    EXPECT_EQ(r["class"], "Hang");  // no hardware detects the deadlock: the kernel never ends
    EXPECT_EQ(r["error"]["kind"], core::to_string(core::KernelErrorKind::BarrierDeadlock));
    const json none = c->inject_fault(at(Structure::Barrier, 1, 0, 0, 0));  // no block 1
    EXPECT_EQ(none["class"], "Masked");
}

TEST(FaultSites, UnitResultFaultsHitOnlyTheirUnit) {
    auto c = campaign(probe_image());
    for (Structure s : {Structure::SpResult, Structure::FpuResult, Structure::SfuResult}) {
        std::vector<json> recs;
        const auto classes = classes_over_time(*c, at(s, 0, 0, 0, 30), &recs);
        EXPECT_TRUE(classes.count("SDC")) << to_string(s);
        std::size_t activated = 0;
        for (const json& r : recs) activated += r["activated"].get<bool>();
        // Only the instructions of that unit in lane 0 (a few of the ~40) carry the fault.
        EXPECT_GT(activated, 0u) << to_string(s);
        EXPECT_LT(activated, recs.size() / 2) << to_string(s);
    }
}

TEST(FaultClasses, LoopBoundFlipHangsUnderTheWatchdog) {
    faults::CampaignSpec spec;
    spec.hang_factor = 4;
    auto c = campaign(loop_image(), spec);
    const json r = c->inject_fault(at(Structure::Gpr, 2, 0, 0, 30, FaultModel::Flip, 3));  // R2 = 0x40000010
    EXPECT_EQ(r["class"], "Hang");
    EXPECT_EQ(r["instructions"], 4 * c->golden_steps());
}

TEST(FaultClasses, StuckAtBitsActOnlyWhenTheyDiffer) {
    auto c = campaign(probe_image());
    // Output word 0 = 0x40900000: bit 0 is 0, bit 20 is 1.
    const json s0 = c->inject_fault(at(Structure::Global, 0, 0, 0, 0, FaultModel::Stuck0));
    EXPECT_EQ(s0["class"], "Masked");
    EXPECT_FALSE(s0["activated"].get<bool>());
    const json s1 = c->inject_fault(at(Structure::Global, 0, 0, 0, 0, FaultModel::Stuck1));
    EXPECT_EQ(s1["class"], "SDC");
    EXPECT_EQ(s1["first_diff"]["got"], 0x40900001u);
    const json r1 = c->inject_fault(at(Structure::Gpr, 8, 0, 0, 31, FaultModel::Stuck1));
    EXPECT_EQ(r1["class"], "SDC");
    EXPECT_EQ(r1["first_diff"]["got"], 0xc0200000u);  // -3.5 + 1 with the sign stuck
    const json sfu = c->inject_fault(at(Structure::SfuResult, 0, 0, 0, 22, FaultModel::Stuck1));
    EXPECT_EQ(sfu["class"], "SDC");  // RCP(2) = 0.5 = 0x3f000000 -> 0x3f400000 = 0.75
}

// R10 holds an address: a flip of its bit 20 is Masked, as on FlexGripPlus, which keeps 18 bits
// of a global address (core.rtl.global_address_bits; issue 24: a DUE before). A DUE names its
// kernel error kind.
TEST(FaultClasses, DueNamesTheKernelErrorKind) {
    auto c = campaign(probe_image());
    const json r =
        c->inject_fault(at(Structure::Gpr, 10, 0, 0, 20, FaultModel::Flip, c->golden_steps() / 2));  // R10: address
    EXPECT_EQ(r["class"], "Masked");
    // An instruction-word flip the RTL reading still cannot run (the first one found).
    json d;
    for (std::uint32_t bit = 0; bit < 64 && d.is_null(); ++bit)
        for (std::uint64_t t = 0; t < c->golden_steps() && d.is_null(); ++t) {
            const json r = c->inject_fault(at(Structure::Inst, 0, 0, 0, bit, FaultModel::Flip, t));
            if (r["class"] == "DUE") d = r;
        }
    ASSERT_FALSE(d.is_null()) << "no DUE among the instruction-word flips";
    EXPECT_EQ(d["error"]["kind"], core::to_string(core::KernelErrorKind::IllegalInstruction));
}

}  // namespace
}  // namespace fgtlm::test
