// The sc_trace VCD (stats::SignalTracer) on the real GPU model: one warp runs a tiny
// straight-line kernel in calibrated mode; the file must declare the signals and change them at the
// cycles the timing model documents (models/timing/README.md defaults, 8 lanes: an SP or
// branch instruction takes 103 cycles = fetch 7 + decode 4 + read 32 + execute 22 + write 38;
// the first instruction is fetched at 92 + 240 = 332).
// One SystemC elaboration per process: this executable has exactly one TEST. Built twice:
//   test_signal_tracer         the tracer's own file, 1 unit = 1 cycle, GPU quantum one clock
//                              (as `fgtlm run --vcd`)
//   test_signal_tracer_shared  (FGTLM_SHARED_TRACE_FILE) the signals in a trace file of the
//                              "platform" (1 ps unit) beside a signal of its own that changes
//                              every 7 ns, the GPU at its default 100 us quantum: the same
//                              cycles, and no W713 (time not representable in VCD units)
#include <fgtlm/gpu/standalone_system.hpp>
#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/params/registry.hpp>
#include <fgtlm/stats/instrumentation.hpp>
#include <fgtlm/stats/signal_tracer.hpp>
#include <fgtlm/timing/timing_params.hpp>

#include <gtest/gtest.h>
#include <tlm_utils/tlm_quantumkeeper.h>

#include "../vcd_reader.hpp"

#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace fgtlm;

namespace {

// A VCD (tests/vcd_reader.hpp) with the times of a signal's values in SM cycles.
struct Vcd {
    std::string timescale;
    std::map<std::string, std::vector<test::VcdChange>> signals;
    std::map<std::string, int> widths;
    std::uint64_t per_cycle = 1;

    // Names under `prefix` lose it (others keep theirs); times() are in units of `cycle`.
    Vcd(const std::string& path, const std::string& prefix, std::uint64_t cycle) : per_cycle(cycle) {
        test::VcdFile f = test::read_vcd(path, prefix);
        timescale = f.timescale;
        signals = std::move(f.changes);
        widths = std::move(f.widths);
    }
    // Times at which `name` took `value`.
    std::vector<std::uint64_t> times(const std::string& name, const std::string& value) const {
        std::vector<std::uint64_t> t;
        auto it = signals.find(name);
        if (it == signals.end()) return t;
        for (const auto& c : it->second)
            if (c.value == value)
                t.push_back(c.time % per_cycle == 0 ? c.time / per_cycle : ~0ull);  // ~0: off the clock
        return t;
    }
};

std::string bin(std::uint32_t v) {
    std::string s;
    do {
        s.insert(s.begin(), char('0' + (v & 1u)));
        v >>= 1;
    } while (v != 0);
    return "b" + s;
}

#ifdef FGTLM_SHARED_TRACE_FILE
constexpr bool kShared = true;
#else
constexpr bool kShared = false;
#endif

// Bus activity of another module off the GPU's 10 ns grid, traced by the platform.
struct OffGridActivity : sc_core::sc_module {
    sc_core::sc_signal<bool> toggle{"toggle"};
    SC_HAS_PROCESS(OffGridActivity);
    explicit OffGridActivity(sc_core::sc_module_name n) : sc_module(n) { SC_THREAD(run); }
    void run() {
        for (int i = 0; i < 200; ++i) {
            wait(7, sc_core::SC_NS);
            toggle.write(!toggle.read());
        }
    }
};

}  // namespace

TEST(SignalTracer, VcdOfAStraightLineKernel) {
    const isa::AssembleResult prog = isa::assemble(R"(
        I2I.U32.U16 R1, R0L;
        IADD R2, R1, R1;
        SHL R3, R2, 0x1;
        IADD R4, R3, R1;
        RET;
    )",
                                                   "straight.sass");
    ASSERT_TRUE(prog.ok());
    ASSERT_EQ(prog.instructions.size(), 5u);

    params::Registry reg;
    timing::declare_timing_params(reg);
    // The round parameter values the hand-written cycle times below assume (not the calibrated defaults).
    reg.load_json_file(FGTLM_TIMING_FORMULA_PARAMS);
    reg.set("sm.sp_lanes", std::int64_t(8), "test");
    stats::InstrumentationOptions io;
    io.mode = timing::Mode::Calibrated;
    stats::Instrumentation inst(reg, io);

    gpu::SystemConfig cfg;
    cfg.gpu.sm.sp_lanes = 8;
    gpu::StandaloneSystem sys("system", cfg);
    const std::string base = std::string(FGTLM_TEST_TMP_DIR) + (kShared ? "/shared" : "/straight");
    const std::string path = base + ".vcd";
    stats::SignalTracerConfig tc;
    tc.num_sms = 1;
    tc.warp_slots = 4;
    tc.clock_period = cfg.gpu.sm.clock_period;
    sc_core::sc_trace_file* platform_file = nullptr;
    std::unique_ptr<OffGridActivity> other;  // only with the platform's 1 ps file: 7 ns is not 10 ns units
    if (kShared) {
        other = std::make_unique<OffGridActivity>("other");
        platform_file = sc_core::sc_create_vcd_trace_file(base.c_str());
        platform_file->set_time_unit(1, sc_core::SC_PS);
        sc_core::sc_trace(platform_file, other->toggle, "other.toggle");
        tc.trace_file = platform_file;
    } else {
        tc.vcd_path = path;
        tc.time_unit = stats::clock_time_unit(tc.clock_period);  // as fgtlm run: 1 unit = 1 cycle
        sys.gpu.set_quantum(cfg.gpu.sm.clock_period);            // sync every instruction
    }
    stats::SignalTracer tracer("vcd", tc, inst.timing());
    sys.gpu.add_observer(&inst);
    sys.gpu.add_observer(&tracer);
    sys.gpu.set_issue_cost(&inst.sm_clock());
    sys.load_program(prog.words);
    core::LaunchConfig launch;
    launch.block[0] = 32;
    launch.regs_per_thread = 8;
    const core::KernelResult res = sys.run(launch);
    ASSERT_TRUE(res.error.ok()) << res.error.describe();
    tracer.close();
    if (platform_file != nullptr) sc_core::sc_close_vcd_trace_file(platform_file);  // the platform closes it

    constexpr std::uint64_t kFirst = 332, kInstr = 103;
    EXPECT_EQ(res.cycles, kFirst + 5 * kInstr);
    EXPECT_EQ(tracer.late_changes(), 0u);
    EXPECT_EQ(tracer.dropped_records(), 0u);
    if (!kShared) {
        EXPECT_LE(tracer.max_pending(), 16u);  // per-instruction sync keeps the queue short
    }
    EXPECT_EQ(sc_core::sc_report_handler::get_count("current kernel time is not representable in VCD time units"), 0);

    const Vcd vcd(path, kShared ? "vcd." : "", kShared ? 10'000 : 1);
    EXPECT_EQ(vcd.timescale, kShared ? "1 ps" : "10 ns");           // own file: 1 time unit = 1 SM cycle
    if (kShared) {
        EXPECT_GE(vcd.signals.count("other.toggle"), 1u);  // the platform's own signal, same file
    }
    for (const char* name : {"sm0.warp0.pc", "sm0.warp0.mask", "sm0.warp0.state", "sm0.warp3.pc", "sm0.sp_busy",
                             "sm0.fpu_busy", "sm0.sfu_busy", "sm0.branch_busy", "sm0.mem_busy", "sm0.gmem_busy"})
        EXPECT_TRUE(vcd.widths.count(name)) << name << " not declared";
    EXPECT_EQ(vcd.widths.at("sm0.warp0.pc"), 16);
    EXPECT_EQ(vcd.widths.at("sm0.warp0.mask"), 32);
    EXPECT_EQ(vcd.widths.at("sm0.warp0.state"), 2);

    // The warp becomes active and executes with all 32 threads from the first fetch.
    EXPECT_EQ(vcd.times("sm0.warp0.state", "b1"), std::vector<std::uint64_t>{kFirst});
    EXPECT_EQ(vcd.times("sm0.warp0.mask", bin(0xffffffffu)), std::vector<std::uint64_t>{kFirst});
    // PC of instruction i appears at its fetch, kFirst + i * 103 (instruction 0 is at PC 0,
    // the initial value, so it is no change).
    for (std::size_t i = 1; i < 5; ++i)
        EXPECT_EQ(vcd.times("sm0.warp0.pc", bin(prog.instructions[i].address)),
                  std::vector<std::uint64_t>{kFirst + i * kInstr})
            << "instruction " << i;
    // SP busy during each SP instruction's execute stage: fetch + decode + read = 43 cycles in,
    // 22 cycles long; the RET occupies the branch unit the same way.
    std::vector<std::uint64_t> rise, fall;
    for (std::uint64_t i = 0; i < 4; ++i) {
        rise.push_back(kFirst + i * kInstr + 43);
        fall.push_back(kFirst + i * kInstr + 43 + 22);
    }
    EXPECT_EQ(vcd.times("sm0.sp_busy", "1"), rise);
    EXPECT_EQ(vcd.times("sm0.sp_busy", "0"), fall);
    EXPECT_EQ(vcd.times("sm0.branch_busy", "1"), std::vector<std::uint64_t>{kFirst + 4 * kInstr + 43});
    EXPECT_EQ(vcd.times("sm0.branch_busy", "0"), std::vector<std::uint64_t>{kFirst + 4 * kInstr + 65});
    EXPECT_TRUE(vcd.times("sm0.fpu_busy", "1").empty());
    // Done when the RET wrote back, which is the kernel's last cycle.
    EXPECT_EQ(vcd.times("sm0.warp0.state", "b11"), std::vector<std::uint64_t>{kFirst + 5 * kInstr});
    EXPECT_TRUE(vcd.times("sm0.warp1.state", "b1").empty());  // no second warp
}

// SystemC owns main(): run the tests from sc_main.
int sc_main(int argc, char* argv[]) {
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
