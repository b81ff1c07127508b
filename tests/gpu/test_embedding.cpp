// Embedding behaviour inside the project (the installed-package checks are tests/install/
// embedding): the global-memory controller's DMI -- asked where accessed, a grant's latency
// charged like a b_transport's delay, invalidation and denial honoured -- and a replacement
// unit's annotated delay counted in the calibrated timing mode.
#include <gtest/gtest.h>

#include <systemc>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/passthrough_target_socket.h>

#include <fgtlm/gpu/standalone_system.hpp>
#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/memory/gpu_memory.hpp>
#include <fgtlm/sm/memory/memory_initiator.hpp>
#include <fgtlm/stats/instrumentation.hpp>

namespace {

using namespace fgtlm;
using sc_core::SC_NS;
using sc_core::sc_time;

// A replacement in front of the SP unit that takes 100 ns longer per warp instruction.
struct SlowSp : sc_core::sc_module {
    tlm_utils::passthrough_target_socket<SlowSp, 32, sm::UnitProtocol> in;  // the unit protocol
    tlm_utils::simple_initiator_socket<SlowSp, 32, sm::UnitProtocol> out;
    std::uint64_t calls = 0;
    explicit SlowSp(sc_core::sc_module_name n) : sc_module(n), in("in"), out("out") {
        in.register_b_transport(this, &SlowSp::b_transport);
    }
    void b_transport(sm::UnitPayload& t, sc_time& d) {
        ++calls;
        out->b_transport(t, d);
        d += sc_time(100, SC_NS);
    }
};

gpu::SystemConfig own_units() {
    gpu::SystemConfig c;
    c.gpu.sm.auto_bind_units = false;
    return c;
}

struct Systems {
    memory::GpuMemory granting{"granting", 4096, sc_time(25, SC_NS), sc_time(15, SC_NS)};
    memory::GpuMemory denying{"denying", 4096, sc_time(25, SC_NS), sc_time(15, SC_NS)};
    sm::MemoryInitiator via_dmi{"via_dmi"}, via_transport{"via_transport"};
    gpu::StandaloneSystem plain{"plain", gpu::SystemConfig{}};
    gpu::StandaloneSystem replaced{"replaced", own_units()};
    SlowSp slow_sp{"slow_sp"};
    stats::Instrumentation plain_at{timing::TimingParams{}, stats::InstrumentationOptions{}};
    stats::Instrumentation replaced_at{timing::TimingParams{}, stats::InstrumentationOptions{}};
    Systems() {
        via_dmi.socket.bind(granting.socket);
        via_transport.socket.bind(denying.socket);
        denying.set_dmi_enabled(false);
        sm::Sm& s = replaced.gpu.sm(0);
        s.bind_default_units(1u << unsigned(core::UnitId::SP));
        s.execute.socket_of(core::UnitId::SP).bind(slow_sp.in);
        slow_sp.out.bind(s.sp.socket);
        for (auto [sys, inst] : {std::pair{&plain, &plain_at}, std::pair{&replaced, &replaced_at}}) {
            sys->gpu.add_observer(inst);
            sys->gpu.set_issue_cost(&inst->sm_clock());
        }
    }
};
Systems* g = nullptr;

TEST(Embedding, DmiGrantLatencyCostsWhatBTransportCosts) {
    std::uint8_t buf[4] = {1, 2, 3, 4};
    for (sm::MemoryInitiator* p : {&g->via_dmi, &g->via_transport}) {
        p->drop_dmi();
        p->pending_cycles = 0;
        ASSERT_EQ(p->write(0x100, buf, 4), core::MemStatus::Ok);
        ASSERT_EQ(p->read(0x104, buf, 4), core::MemStatus::Ok);
    }
    EXPECT_EQ(g->via_dmi.pending_cycles, 2u + 3u);  // 15 ns write, 25 ns read at 10 ns a cycle
    EXPECT_EQ(g->via_transport.pending_cycles, g->via_dmi.pending_cycles);
    EXPECT_EQ(g->via_dmi.slow_accesses, 0u);
    EXPECT_EQ(g->via_dmi.dmi_accesses, 2u);
    EXPECT_EQ(g->via_transport.slow_accesses, 2u);
    EXPECT_EQ(g->via_transport.dmi_requests, 1u);  // the denial is remembered
}

TEST(Embedding, InvalidationDropsTheGrant) {
    std::uint8_t buf[4] = {};
    g->via_dmi.drop_dmi();
    const std::uint64_t asked = g->via_dmi.dmi_requests;
    ASSERT_EQ(g->via_dmi.read(0x10, buf, 4), core::MemStatus::Ok);
    ASSERT_EQ(g->via_dmi.read(0x20, buf, 4), core::MemStatus::Ok);
    EXPECT_EQ(g->via_dmi.dmi_requests, asked + 1);
    g->granting.invalidate_dmi();
    ASSERT_EQ(g->via_dmi.read(0x10, buf, 4), core::MemStatus::Ok);
    EXPECT_EQ(g->via_dmi.dmi_requests, asked + 2);
    EXPECT_EQ(g->via_dmi.read(0x2000, buf, 4), core::MemStatus::AddressError);  // beyond the memory
}

TEST(Embedding, ReplacementUnitDelayCountsInTheCalibratedMode) {
    const isa::AssembleResult a = isa::assemble(
        "I2I.U32.U16 R1, R0L;\nSHL R2, R1, 0x2;\nIADD R2, g [0x4], R2;\nGST.U32 global14[R2], R1;\nRET;\n", "t.sass");
    ASSERT_TRUE(a.ok());
    core::LaunchConfig launch;
    launch.block[0] = 64;
    launch.params = {0x1000};
    std::uint64_t cycles[2] = {};
    int i = 0;
    for (gpu::StandaloneSystem* s : {&g->plain, &g->replaced}) {
        s->load_global({});
        s->load_program(a.words);
        const core::KernelResult r = s->run(launch);
        ASSERT_TRUE(r.error.ok()) << r.error.describe();
        cycles[i++] = r.cycles;
    }
    ASSERT_GT(g->slow_sp.calls, 0u);
    // 100 ns = 10 cycles more than the default unit, per warp instruction the SP unit ran.
    EXPECT_EQ(cycles[1], cycles[0] + 10 * g->slow_sp.calls);
}

}  // namespace

int sc_main(int argc, char* argv[]) {
    ::testing::InitGoogleTest(&argc, argv);
    Systems systems;
    g = &systems;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    return RUN_ALL_TESTS();
}
