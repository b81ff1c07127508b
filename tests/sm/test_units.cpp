// The SM's execution units as TLM modules: the same kernels give the same results and cycle
// counts whether the execute stage calls the units through their direct interface or through
// b_transport; a user module in front of the FPU (a wrapper that counts and forwards) sees
// every FP operation and changes nothing; the register file and the shared-memory
// controller answer over their sockets with the core's state; a user's branch and memory
// units built from the payload, their own memory port and the SM's WarpControl run kernels.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <map>

#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/passthrough_target_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <fgtlm/gpu/standalone_system.hpp>
#include <fgtlm/loaders/bundle_loader.hpp>
#include <fgtlm/loaders/checker.hpp>

#include "../conformance_run.hpp"
#include <fgtlm/sm/pipeline_protocol.hpp>
#include <fgtlm/sm/units/unit_protocol.hpp>
#include <fgtlm/timing/timing_model.hpp>

namespace {

using namespace fgtlm;
using test::conformance_bundle;
using test::run_image;
namespace fs = std::filesystem;

// The unit and pipeline sockets have protocols of their own: a base-protocol socket (an
// ordinary TLM probe) does not bind to them, a socket of the right protocol does.
template <class I, class T>
concept Binds = requires(I& i, T& t) {
    i.bind(t);
};
static_assert(Binds<sm::UnitInitiatorSocket, sm::UnitTargetSocket>);
static_assert(!Binds<sm::UnitInitiatorSocket, tlm::tlm_target_socket<>>);
static_assert(!Binds<tlm::tlm_initiator_socket<>, sm::UnitTargetSocket>);
static_assert(Binds<sm::PipelineInitiatorSocket, sm::PipelineTargetSocket>);
static_assert(!Binds<sm::PipelineInitiatorSocket, tlm::tlm_target_socket<>>);
static_assert(!Binds<tlm::tlm_initiator_socket<>, sm::PipelineTargetSocket>);
static_assert(!Binds<sm::UnitInitiatorSocket, sm::PipelineTargetSocket>);

// A user's FPU stand-in: counts operations per opcode and forwards them to the real FPU.
// It implements only b_transport, so the execute stage cannot bypass it.
struct CountingFpu : sc_core::sc_module {
    tlm_utils::passthrough_target_socket<CountingFpu, 32, sm::UnitProtocol> in;
    tlm_utils::simple_initiator_socket<CountingFpu, 32, sm::UnitProtocol> out;
    std::map<isa::Opcode, std::uint64_t> per_opcode;
    std::uint64_t lanes = 0;
    explicit CountingFpu(sc_core::sc_module_name n) : sc_module(n), in("in"), out("out") {
        in.register_b_transport(this, &CountingFpu::b_transport);
    }
    void b_transport(sm::UnitPayload& t, sc_core::sc_time& d) {
        const core::ExecContext* op = t.op;
        ++per_opcode[op->fetch.inst->op];
        lanes += std::uint32_t(__builtin_popcount(op->decode.exec_mask));
        out->b_transport(t, d);
    }
};

// A global-memory port of the user's memory unit: no DMI, so every access is counted and
// forwarded to the SM's global-memory controller (its annotated latency passed on).
struct CountingPort final : core::MemoryPort {
    core::MemoryPort* next = nullptr;
    std::uint64_t accesses = 0;
    core::MemStatus read(std::uint64_t a, std::uint8_t* d, std::uint32_t n) override {
        return pass(next->read(a, d, n));
    }
    core::MemStatus write(std::uint64_t a, const std::uint8_t* d, std::uint32_t n) override {
        return pass(next->write(a, d, n));
    }
    core::MemStatus pass(core::MemStatus st) {
        ++accesses;
        pending_cycles += next->pending_cycles;
        next->pending_cycles = 0;
        return st;
    }
};

// The SM's warp control, counted.
struct CountingControl final : core::WarpControl {
    core::WarpControl* next = nullptr;
    std::uint64_t finished = 0, barriers = 0;
    bool finish_warp(std::uint32_t slot) override { return ++finished, next->finish_warp(slot); }
    bool arrive_barrier(std::uint32_t slot) override { return ++barriers, next->arrive_barrier(slot); }
};

// A user's branch and memory units: plain TLM targets (no direct interface) that run the
// operations with their own core::BranchFunction / core::MemoryFunction instances on the
// payload alone, their own memory port and the SM's WarpControl.
struct OwnUnits : sc_core::sc_module {
    tlm_utils::passthrough_target_socket<OwnUnits, 32, sm::UnitProtocol> branch_in, mem_in;
    tlm_utils::simple_initiator_socket<OwnUnits, 32, sm::UnitProtocol> idle_branch,
        idle_mem;  // the SM's own units, left unused
    CountingPort port;
    CountingControl control;
    core::MemoryPorts ports;
    core::BranchConfig branch_cfg;
    core::MemoryFunction mem{ports};
    core::BranchFunction branch{control, branch_cfg};
    std::uint64_t branch_ops = 0, mem_ops = 0;
    explicit OwnUnits(sc_core::sc_module_name n)
        : sc_module(n), branch_in("branch_in"), mem_in("mem_in"), idle_branch("idle_branch"), idle_mem("idle_mem") {
        branch_in.register_b_transport(this, &OwnUnits::run_branch);
        mem_in.register_b_transport(this, &OwnUnits::run_mem);
    }
    core::SmCore* sm_core = nullptr;
    void attach(core::SmCore& core) {
        sm_core = &core;
        control.next = &core.warp_control();
        branch_cfg = core.branch_config();
    }
    void run_branch(sm::UnitPayload& t, sc_core::sc_time&) { respond(t, branch, branch_ops); }
    void run_mem(sm::UnitPayload& t, sc_core::sc_time&) {
        ports = sm_core->memory_ports();  // the SM's shared memory and undefined-value shadows
        port.next = ports.global;         // global memory through the counting port
        ports.global = &port;
        respond(t, mem, mem_ops);
    }
    static void respond(sm::UnitPayload& t, core::UnitFunction& unit, std::uint64_t& count) {
        ++count;
        const bool ok = unit.execute(*t.op);
        t.set_response_status(ok ? tlm::TLM_OK_RESPONSE : tlm::TLM_GENERIC_ERROR_RESPONSE);
    }
};

// A user's module in front of the shared- and constant-memory controllers (bound with
// Sm::kSkipSharedMemory | kSkipConstantMemory): grants no DMI, so every operand read and
// shared store reaches it through b_transport; it counts, forwards to the SM's controller
// and annotates `per_access` (default one clock period, 10 ns) on each access.
struct MemoryProbe : sc_core::sc_module {
    tlm_utils::multi_passthrough_target_socket<MemoryProbe> shared_in;  // read.shared, mem.shared_store
    tlm_utils::simple_target_socket<MemoryProbe> constant_in;           // read.constant
    tlm_utils::simple_initiator_socket<MemoryProbe> shared_out, constant_out;
    std::uint64_t shared_reads = 0, shared_writes = 0, constant_reads = 0;
    sc_core::sc_time per_access = sc_core::sc_time(10, sc_core::SC_NS);
    explicit MemoryProbe(sc_core::sc_module_name n)
        : sc_module(n),
          shared_in("shared_in"),
          constant_in("constant_in"),
          shared_out("shared_out"),
          constant_out("constant_out") {
        shared_in.register_b_transport(this, &MemoryProbe::shared_access);
        constant_in.register_b_transport(this, &MemoryProbe::constant_access);
    }
    void shared_access(int, tlm::tlm_generic_payload& t, sc_core::sc_time& d) {
        ++(t.is_write() ? shared_writes : shared_reads);
        forward(shared_out, t, d);
    }
    void constant_access(tlm::tlm_generic_payload& t, sc_core::sc_time& d) {
        ++constant_reads;
        forward(constant_out, t, d);
    }
    void forward(tlm_utils::simple_initiator_socket<MemoryProbe>& out, tlm::tlm_generic_payload& t,
                 sc_core::sc_time& d) const {
        out->b_transport(t, d);
        t.set_dmi_allowed(false);  // the probe stays in the path
        d += per_access;
    }
};

// A debugger's view: initiator sockets on the register file and the shared-memory controller.
struct Debugger : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<Debugger> rf, shared;
    explicit Debugger(sc_core::sc_module_name n) : sc_module(n), rf("rf"), shared("shared") {}
};

struct Systems {
    gpu::StandaloneSystem direct{"direct", gpu::SystemConfig{}};
    gpu::StandaloneSystem socket{"socket", gpu::SystemConfig{}};
    gpu::StandaloneSystem wrapped{"wrapped", [] {
                                      gpu::SystemConfig c;
                                      c.gpu.sm.auto_bind_units = false;
                                      return c;
                                  }()};
    gpu::StandaloneSystem own{"own", [] {
                                  gpu::SystemConfig c;
                                  c.gpu.sm.auto_bind_units = false;
                                  return c;
                              }()};
    gpu::StandaloneSystem probed{"probed", [] {
                                     gpu::SystemConfig c;
                                     c.gpu.sm.auto_bind_units = false;
                                     return c;
                                 }()};
    CountingFpu counter{"counter"};
    MemoryProbe probe{"probe"};
    Debugger debugger{"debugger"};
    OwnUnits own_units{"own_units"};
    Systems() {
        sm::Sm& o = own.gpu.sm(0);
        o.bind_default_units((1u << unsigned(core::UnitId::Branch)) | (1u << unsigned(core::UnitId::Memory)));
        o.execute.socket_of(core::UnitId::Branch).bind(own_units.branch_in);
        o.execute.socket_of(core::UnitId::Memory).bind(own_units.mem_in);
        own_units.idle_branch.bind(o.branch.socket);
        own_units.idle_mem.bind(o.mem.socket);
        own_units.attach(o.core());
        debugger.rf.bind(direct.gpu.sm(0).regfile.debug_port);
        debugger.shared.bind(direct.gpu.sm(0).mem.shared.socket);
        sm::Sm& p = probed.gpu.sm(0);
        p.bind_default_units(sm::Sm::kSkipSharedMemory | sm::Sm::kSkipConstantMemory);
        p.read.shared.socket.bind(probe.shared_in);
        p.mem.shared_store.socket.bind(probe.shared_in);
        p.read.constant.socket.bind(probe.constant_in);
        probe.shared_out.bind(p.mem.shared.socket);
        probe.constant_out.bind(p.mem.constant.socket);
        sm::Sm& s = wrapped.gpu.sm(0);
        s.bind_default_units(1u << unsigned(core::UnitId::FPU));
        s.execute.fpu.bind(counter.in);
        counter.out.bind(s.fpu.socket);
        for (auto u : {core::UnitId::SP, core::UnitId::FPU, core::UnitId::SFU, core::UnitId::Branch,
                       core::UnitId::Memory, core::UnitId::Texture})
            socket.gpu.sm(0).unit(u).allow_direct = false;
    }
};
Systems* g = nullptr;

bool passes(gpu::StandaloneSystem& s, const loaders::KernelImage& img) {
    const auto& sh = s.undefined_shadow();
    const loaders::CheckReport r =
        loaders::check_global(img, s.global.data(), s.global.size(), sh.empty() ? nullptr : sh.data());
    if (!r.pass()) ADD_FAILURE() << loaders::format_report(img.name, r, 8);
    return r.pass();
}

class BothPaths : public ::testing::TestWithParam<const char*> {};

TEST_P(BothPaths, SameResultsAndCycles) {
    const loaders::KernelImage img = conformance_bundle(GetParam());
    const core::KernelResult a = run_image(g->direct, img);
    ASSERT_TRUE(a.error.ok()) << a.error.describe();
    EXPECT_TRUE(passes(g->direct, img));
    auto socket_operations = [] {
        std::uint64_t n = 0;
        for (auto u : {core::UnitId::SP, core::UnitId::FPU, core::UnitId::SFU, core::UnitId::Branch,
                       core::UnitId::Memory, core::UnitId::Texture})
            n += g->socket.gpu.sm(0).unit(u).operations;
        return n;
    };
    const std::uint64_t before = socket_operations();
    const core::KernelResult b = run_image(g->socket, img);
    ASSERT_TRUE(b.error.ok()) << b.error.describe();
    EXPECT_TRUE(passes(g->socket, img));
    EXPECT_EQ(a.cycles, b.cycles);
    EXPECT_EQ(a.warp_instructions, b.warp_instructions);
    EXPECT_EQ(a.thread_instructions, b.thread_instructions);
    sm::Sm& d = g->direct.gpu.sm(0);
    sm::Sm& s = g->socket.gpu.sm(0);
    for (auto u : {core::UnitId::SP, core::UnitId::FPU, core::UnitId::SFU, core::UnitId::Branch, core::UnitId::Memory,
                   core::UnitId::Texture}) {
        EXPECT_TRUE(d.execute.direct(u));
        EXPECT_FALSE(s.execute.direct(u));
        EXPECT_EQ(d.unit(u).operations, 0u);  // never through the socket
    }
    EXPECT_EQ(socket_operations() - before, b.warp_instructions);
    EXPECT_TRUE(d.fused_pipeline());                           // default chain: stages run back to back
    EXPECT_EQ(d.read.transactions, d.writeback.transactions);  // every operation through a socket
}

INSTANTIATE_TEST_SUITE_P(Bundles, BothPaths, ::testing::Values("nn", "MxM_naive_float", "Reduction", "Log2-hard"));

// The texture unit through its socket and through its direct interface: the bilinear bundle
// (tests/core/texture/bilinear_2d) widened to 64 threads whose coordinates cover the texture,
// its border and beyond; both paths give the same words and cycles, and the texels are read
// through the SM's global-memory controller in both.
TEST(TextureUnit, SocketAndDirectPathsAgree) {
    loaders::KernelImage img = loaders::load_bundle(fs::path(FGTLM_SOURCE_DIR) / "tests/core/texture/bilinear_2d");
    img.launch.block[0] = 64;
    img.launch.params = {0x800, 0xa00};
    img.global_init.resize(4096, 0);
    for (std::uint32_t t = 0; t < 64; ++t) {
        const float uv[2] = {float(t % 8) * 0.375f - 0.5f, float(t / 8) * 0.3125f - 0.25f};
        std::memcpy(&img.global_init[0x800 + 8 * t], uv, 8);
    }
    const std::uint64_t direct_ops = g->direct.gpu.sm(0).tex.operations;
    const core::KernelResult a = run_image(g->direct, img);
    ASSERT_TRUE(a.error.ok()) << a.error.describe();
    const std::vector<std::uint8_t> out_a(g->direct.global.data() + 0xa00, g->direct.global.data() + 0xb00);
    const std::uint64_t socket_ops = g->socket.gpu.sm(0).tex.operations;
    const core::KernelResult b = run_image(g->socket, img);
    ASSERT_TRUE(b.error.ok()) << b.error.describe();
    const std::vector<std::uint8_t> out_b(g->socket.global.data() + 0xa00, g->socket.global.data() + 0xb00);
    EXPECT_EQ(out_a, out_b);
    EXPECT_EQ(a.cycles, b.cycles);
    EXPECT_TRUE(g->direct.gpu.sm(0).execute.direct(core::UnitId::Texture));
    EXPECT_FALSE(g->socket.gpu.sm(0).execute.direct(core::UnitId::Texture));
    EXPECT_EQ(g->direct.gpu.sm(0).tex.operations, direct_ops);       // never through the socket
    EXPECT_EQ(g->socket.gpu.sm(0).tex.operations, socket_ops + 2u);  // one TEX per warp
    float first;
    std::memcpy(&first, out_a.data(), 4);
    EXPECT_EQ(first, 1.0f);  // (-0.5, -0.25): clamped to texel (0, 0)
    float centre;
    std::memcpy(&centre, out_a.data() + 4 * (3 * 8 + 4), 4);  // t = 28: (1.0, 0.6875)
    EXPECT_EQ(centre, 1.5f + 2.0f * 0.1875f * 1.0f + 0.0f);   // x: 1.5; y: b = 0.1875 -> + 2 * 0.1875
}

TEST(UnitReplacement, WrappedFpuSeesEveryFpOperation) {
    const loaders::KernelImage img = conformance_bundle("nn");
    const core::KernelResult ref = run_image(g->direct, img);
    ASSERT_TRUE(ref.error.ok());
    g->counter.per_opcode.clear();
    const std::uint64_t fpu_before = g->wrapped.gpu.sm(0).fpu.operations;
    const core::KernelResult r = run_image(g->wrapped, img);
    ASSERT_TRUE(r.error.ok()) << r.error.describe();
    EXPECT_TRUE(passes(g->wrapped, img));
    EXPECT_EQ(r.cycles, ref.cycles);
    sm::Sm& s = g->wrapped.gpu.sm(0);
    EXPECT_FALSE(s.execute.direct(core::UnitId::FPU));  // the wrapper grants no direct interface
    EXPECT_TRUE(s.execute.direct(core::UnitId::SFU));
    std::uint64_t counted = 0;
    for (const auto& [op, n] : g->counter.per_opcode) counted += n;
    EXPECT_GT(g->counter.per_opcode[isa::Opcode::FMAD], 0u);
    EXPECT_EQ(g->counter.per_opcode[isa::Opcode::RSQ], 0u);  // SFU operations go elsewhere
    EXPECT_EQ(counted, s.fpu.operations - fpu_before);
    EXPECT_GT(g->counter.lanes, 0u);
}

// Reduction: shared memory and divergence; Log2-hard and nn: global loads and stores.
TEST(UnitReplacement, UserBranchAndMemoryUnitsNeedOnlyPayloadPortsAndWarpControl) {
    for (const char* name : {"Reduction", "Log2-hard", "nn"}) {
        const loaders::KernelImage img = conformance_bundle(name);
        const core::KernelResult ref = run_image(g->direct, img);
        ASSERT_TRUE(ref.error.ok());
        OwnUnits& u = g->own_units;
        u.port.accesses = u.control.finished = u.control.barriers = u.branch_ops = u.mem_ops = 0;
        const core::KernelResult r = run_image(g->own, img);
        ASSERT_TRUE(r.error.ok()) << name << ": " << r.error.describe();
        EXPECT_TRUE(passes(g->own, img)) << name;
        EXPECT_EQ(r.warp_instructions, ref.warp_instructions) << name;
        EXPECT_EQ(r.thread_instructions, ref.thread_instructions) << name;
        sm::Sm& s = g->own.gpu.sm(0);
        EXPECT_FALSE(s.execute.direct(core::UnitId::Memory));
        EXPECT_FALSE(s.execute.direct(core::UnitId::Branch));
        EXPECT_EQ(s.mem.operations + s.branch.operations, 0u) << "the SM's own units were bypassed";
        EXPECT_GT(u.mem_ops, 0u);
        EXPECT_GT(u.branch_ops + u.control.finished, 0u);
        EXPECT_GT(u.port.accesses, 0u) << "global accesses went through the user's port";
        EXPECT_GT(u.control.finished, 0u) << "warps finished through the SM's WarpControl";
    }
}

// Shared and constant memory through the controllers' sockets: the default SM reaches them
// by DMI (no b_transport at all); with the probe in front, every operand read and shared
// store goes through it, results are the RTL's, and each probed access costs exactly the
// one cycle the probe annotates (loosely timed: no other source of latency).
TEST(MemoryControllers, SharedAndConstantAccessesGoThroughTheControllersSockets) {
    for (const char* name : {"Reduction", "MxM_naive_float"}) {
        const loaders::KernelImage img = conformance_bundle(name);
        sm::Sm& d = g->direct.gpu.sm(0);
        const std::uint64_t slow_before =
            d.read.shared.slow_accesses + d.read.constant.slow_accesses + d.mem.shared_store.slow_accesses;
        const core::KernelResult ref = run_image(g->direct, img);
        ASSERT_TRUE(ref.error.ok()) << name << ": " << ref.error.describe();
        EXPECT_EQ(d.read.shared.slow_accesses + d.read.constant.slow_accesses + d.mem.shared_store.slow_accesses,
                  slow_before)
            << name << ": the default controllers grant DMI";
        MemoryProbe& p = g->probe;
        p.shared_reads = p.shared_writes = p.constant_reads = 0;
        const core::KernelResult r = run_image(g->probed, img);
        ASSERT_TRUE(r.error.ok()) << name << ": " << r.error.describe();
        EXPECT_TRUE(passes(g->probed, img)) << name;
        EXPECT_EQ(r.warp_instructions, ref.warp_instructions) << name;
        EXPECT_GT(p.constant_reads, 0u) << name << ": its c[..] operand";
        EXPECT_GT(p.shared_reads, 0u) << name << ": parameters are s[..] operands";
        const std::uint64_t blocks = std::uint64_t(img.launch.grid[0]) * img.launch.grid[1];
        const std::uint64_t setup_writes = blocks * (1 + img.launch.params.size());  // header, parameters
        EXPECT_GE(p.shared_writes, setup_writes) << name;
        const std::uint64_t timed = p.shared_reads + p.constant_reads + (p.shared_writes - setup_writes);
        EXPECT_EQ(r.cycles - ref.cycles, timed) << name;
    }
}

// Approximately timed: the calibrated model already contains FlexGripPlus' shared and
// constant memory, so a probe that annotates nothing changes no cycle count, and one slower
// than the calibrated read time (100 cycles per access) sets the time.
TEST(MemoryControllers, ApproximatelyTimedCountsAnAnnotatedDelayOnce) {
    const loaders::KernelImage img = conformance_bundle("Reduction");
    auto at_cycles = [&](gpu::StandaloneSystem& s) {
        timing::TimingModel model(timing::TimingParams{}, timing::Mode::Calibrated);
        model.begin_kernel(img.launch);
        s.gpu.set_issue_cost(&model);
        const core::KernelResult r = run_image(s, img);
        s.gpu.set_issue_cost(nullptr);
        EXPECT_TRUE(r.error.ok()) << r.error.describe();
        EXPECT_TRUE(passes(s, img));
        return r.cycles;
    };
    const std::uint64_t direct = at_cycles(g->direct);
    g->probe.per_access = sc_core::SC_ZERO_TIME;
    const std::uint64_t probed = at_cycles(g->probed);
    g->probe.per_access = sc_core::sc_time(1, sc_core::SC_US);
    const std::uint64_t slow = at_cycles(g->probed);
    g->probe.per_access = sc_core::sc_time(10, sc_core::SC_NS);
    EXPECT_EQ(probed, direct);
    EXPECT_GT(slow, direct + 100);
}

TEST(StateSockets, RegisterFileAndSharedMemoryAnswerOverTlm) {
    const loaders::KernelImage img = conformance_bundle("Reduction");
    ASSERT_TRUE(run_image(g->direct, img).error.ok());
    sm::Sm& s = g->direct.gpu.sm(0);
    tlm::tlm_generic_payload t;
    std::uint32_t word = 0;
    t.set_command(tlm::TLM_READ_COMMAND);
    t.set_data_ptr(reinterpret_cast<unsigned char*>(&word));
    t.set_data_length(4);
    t.set_address(sm::RegisterFileUnit::kGprBase + (5 * 32 + 3) * 4);  // slot 5, lane 3
    ASSERT_EQ(g->debugger.rf->transport_dbg(t), 4u);
    EXPECT_EQ(word, s.core().registers().gpr_row(5)[3]);
    t.set_address(0x10);  // first parameter word of block window 0
    ASSERT_EQ(g->debugger.shared->transport_dbg(t), 4u);
    EXPECT_EQ(word, *reinterpret_cast<const std::uint32_t*>(s.core().shared() + 0x10));
    t.set_address(sm::RegisterFileUnit::kGprBase + 0x3fff00);  // past the GPRs
    t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time d = sc_core::SC_ZERO_TIME;
    g->debugger.rf->b_transport(t, d);
    EXPECT_EQ(t.get_response_status(), tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

}  // namespace

int sc_main(int argc, char* argv[]) {
    ::testing::InitGoogleTest(&argc, argv);
    Systems s;
    g = &s;
    return RUN_ALL_TESTS();
}
