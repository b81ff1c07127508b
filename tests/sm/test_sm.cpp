// The SM's TLM stage chain: a probe inserted between decode and read sees every warp
// instruction with its decoded form and masks; a kernel exercising divergence, loops, calls,
// barriers and every memory space runs through the probed pipeline and gives the right result.
#include <gtest/gtest.h>

#include <map>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/passthrough_target_socket.h>

#include <fgtlm/gpu/standalone_system.hpp>
#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/sm/pipeline_protocol.hpp>

namespace {

using namespace fgtlm;

// Counts instructions per opcode and the threads that pass the guard, then forwards.
struct Probe : sc_core::sc_module {
    tlm_utils::passthrough_target_socket<Probe, 32, sm::PipelineProtocol> in;  // the pipeline protocol
    tlm_utils::simple_initiator_socket<Probe, 32, sm::PipelineProtocol> out;
    std::map<isa::Opcode, std::uint64_t> per_opcode;
    std::uint64_t guarded_off_threads = 0;
    explicit Probe(sc_core::sc_module_name n) : sc_module(n), in("in"), out("out") {
        in.register_b_transport(this, &Probe::b_transport);
    }
    void b_transport(sm::PipelinePayload& p, sc_core::sc_time& d) {
        ++per_opcode[p.ctx->fetch.inst->op];
        guarded_off_threads += std::uint32_t(__builtin_popcount(p.ctx->decode.issue_mask & ~p.ctx->decode.exec_mask));
        out->b_transport(p, d);
    }
};

struct Fixture {
    gpu::StandaloneSystem sys{"sys", [] {
                                  gpu::SystemConfig c;
                                  c.gpu.sm.auto_bind_pipeline = false;
                                  return c;
                              }()};
    Probe probe{"probe"};
    Fixture() {
        sm::Sm& s = sys.gpu.sm(0);
        s.issue.bind(s.fetch.in);
        s.fetch.out.bind(s.decode.in);
        s.decode.out.bind(probe.in);
        probe.out.bind(s.read.in);
        s.read.out.bind(s.execute.in);
        s.execute.out.bind(s.writeback.in);
    }
};
Fixture* g = nullptr;

TEST(SmPipeline, ProbeSeesEveryInstruction) {
    // Per thread: sum over a tid-dependent loop in a subroutine, shared-memory exchange across
    // two warps behind a barrier, a constant added, result stored to global memory.
    const char* sass = R"(
        I2I.U32.U16 R1, R0L;
        SHL R10, R1, 0x2;
        R2A A1, R10, 0x0;
        MVI R5, 0x7;
        LOP.AND R6, R1, R5;
        CAL.NOINC sum;
        R2G.U32.U32 g[A1+0x10], R2;
        BAR.ARV.WAIT b0, 0xfff;
        MVI R9, 0xfc;
        IADD R11, R9, -R10;
        R2A A2, R11, 0x0;
        MOV R12, g [A2+0x10];
        IADD R12, R12, c[0x1][0x0];
        IADD R13, g [0x4], R10;
        GST.U32 global14[R13], R12;
        RET;
    sum:
        MVI R2, 0x0;
        MVI R3, 0x0;
        SSY done;
    loop:
        IADD R2, R2, R3;
        IADD32I R3, R3, 0x1;
        ISET.C0 o[0x7f], R3, R6, LE;
        BRA C0.NE, loop;
    done:
        NOP.S;
        RET;
    )";
    const isa::AssembleResult a = isa::assemble(sass, "probe.sass");
    ASSERT_TRUE(a.ok()) << (a.errors.empty() ? "" : a.errors[0].str());
    core::LaunchConfig l;
    l.block[0] = 64;
    l.regs_per_thread = 16;
    l.blocks_per_sm = 1;
    l.params = {0x800};
    l.const_mem = {0x00, 0x10, 0x00, 0x00};
    std::vector<std::uint8_t> zeros(8192, 0);
    g->sys.load_global(zeros);
    g->sys.load_program(a.words);
    const core::KernelResult r = g->sys.run(l);
    ASSERT_TRUE(r.error.ok()) << r.error.describe();
    for (std::uint32_t t = 0; t < 64; ++t) {
        const std::uint32_t partner = 63 - t, k = partner & 7;
        EXPECT_EQ(g->sys.read_u32(0x800 + 4 * t), k * (k + 1) / 2 + 0x1000) << "thread " << t;
    }
    std::uint64_t total = 0;
    for (const auto& [op, n] : g->probe.per_opcode) total += n;
    EXPECT_EQ(total, r.warp_instructions);
    EXPECT_EQ(g->probe.per_opcode[isa::Opcode::BAR], 2u);
    EXPECT_EQ(g->probe.per_opcode[isa::Opcode::CAL], 2u);
    EXPECT_EQ(g->probe.per_opcode[isa::Opcode::GST], 2u);
    EXPECT_GT(g->probe.per_opcode[isa::Opcode::BRA], 2u);
    EXPECT_EQ(g->sys.gpu.sm(0).read.transactions, r.warp_instructions);
    EXPECT_FALSE(g->sys.gpu.sm(0).fused_pipeline());  // the probe is in the chain: real hops
}

}  // namespace

int sc_main(int argc, char* argv[]) {
    ::testing::InitGoogleTest(&argc, argv);
    Fixture f;
    g = &f;
    return RUN_ALL_TESTS();
}
