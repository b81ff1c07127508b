// The SystemC path of a campaign: the full model (StandaloneSystem: GpuTop, its SM's TLM
// pipeline, the TLM global memory) with three fault probes bound into the SM's stage chain:
//   issue -> [before fetch] -> fetch -> [after fetch] -> decode -> read -> execute
//         -> [after execute] -> write-back
// "before fetch" counts warp instructions and changes state before instruction `time` (the
// same point as Machine's step boundary: selection looks at no state a fault can reach);
// the other two carry the in-flight faults (instruction word, unit results). Each injection
// reruns the kernel from the start: no snapshot of a SystemC simulation.
#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/passthrough_target_socket.h>

#include <fgtlm/gpu/standalone_system.hpp>
#include <fgtlm/sm/pipeline_protocol.hpp>

#include <fgtlm/faults/systemc_path.hpp>
#include <fgtlm/faults/core_access.hpp>
#include <fgtlm/faults/injector.hpp>
#include <fgtlm/faults/machine.hpp>

namespace fgtlm::faults {

namespace {

// What the three probes share for the injection in progress.
struct ProbeState {
    std::unique_ptr<Injector> inj;
    Fault fault;
    std::uint64_t index = 0;  // warp instructions that entered the pipeline
    StateView* view = nullptr;
    bool in_flight = false;
};

struct FaultProbe : sc_core::sc_module {
    enum class Role { BeforeFetch, AfterFetch, AfterExecute };
    tlm_utils::passthrough_target_socket<FaultProbe, 32, sm::PipelineProtocol> in;
    tlm_utils::simple_initiator_socket<FaultProbe, 32, sm::PipelineProtocol> out;
    Role role;
    ProbeState& st;

    FaultProbe(sc_core::sc_module_name n, Role r, ProbeState& s) : sc_module(n), in("in"), out("out"), role(r), st(s) {
        in.register_b_transport(this, &FaultProbe::b_transport);
    }
    void b_transport(sm::PipelinePayload& t, sc_core::sc_time& d) {
        if (st.inj) {
            core::ExecContext& ctx = *t.ctx;
            switch (role) {
                case Role::BeforeFetch: {
                    const std::uint64_t i = st.index++;
                    const bool now = st.fault.model == FaultModel::Flip ? i == st.fault.time : i >= st.fault.time;
                    st.inj->armed = now && st.in_flight;
                    if (now && !st.in_flight) st.inj->apply_state(*st.view);
                    break;
                }
                case Role::AfterFetch: st.inj->after_fetch(ctx); break;
                case Role::AfterExecute: st.inj->after_execute(ctx); break;
            }
        }
        out->b_transport(t, d);
    }
};

// One SystemC system per process (modules cannot be created once the simulation ran).
struct ScSystem {
    explicit ScSystem(std::uint64_t global_bytes)
        : sys("fault_sys", [&] {
              gpu::SystemConfig c;
              c.global_bytes = global_bytes;
              c.gpu.sm.auto_bind_pipeline = false;
              return c;
          }()),
          before_fetch("fault_before_fetch", FaultProbe::Role::BeforeFetch, st),
          after_fetch("fault_after_fetch", FaultProbe::Role::AfterFetch, st),
          after_execute("fault_after_execute", FaultProbe::Role::AfterExecute, st) {
        sm::Sm& s = sys.gpu.sm(0);
        s.issue.bind(before_fetch.in);
        before_fetch.out.bind(s.fetch.in);
        s.fetch.out.bind(after_fetch.in);
        after_fetch.out.bind(s.decode.in);
        s.decode.out.bind(s.read.in);
        s.read.out.bind(s.execute.in);
        s.execute.out.bind(after_execute.in);
        after_execute.out.bind(s.writeback.in);
    }
    ProbeState st;
    gpu::StandaloneSystem sys;
    FaultProbe before_fetch, after_fetch, after_execute;
};

ScSystem& sc_system(std::uint64_t global_bytes) {
    static std::unique_ptr<ScSystem> s;
    if (!s) s = std::make_unique<ScSystem>(global_bytes);
    if (s->sys.global.size() != global_bytes)
        throw std::invalid_argument("the SystemC path runs one global memory size per process");
    return *s;
}

}  // namespace

void run_on_systemc(Campaign& c, std::vector<std::uint64_t> ids, const std::function<void(const std::string&)>& sink) {
    const loaders::KernelImage& image_ = c.image();
    ScSystem& sc = sc_system(image_.global_mem_bytes);
    gpu::StandaloneSystem& sys = sc.sys;
    core::SmCore& core = sys.gpu.sm(0).core();
    StateView view{core, sys.global.data(), std::size_t(sys.global.size()), sys.gpu.constant_memory().data(),
                   sys.gpu.constant_memory().size(), image_.launch.regs_per_thread};
    sc.st.view = &view;
    sys.load_program(image_.program);
    // Every run starts from a cleared core and the initial memory image, like Machine::start.
    auto run_once = [&](std::uint64_t limit) {
        CoreAccess::clear_state(core);
        sys.load_global(image_.global_init);
        sc.st.index = 0;
        sys.gpu.set_watchdog(limit, 0);
        return sys.run(image_.launch);
    };
    const core::KernelResult golden = run_once(0);
    if (!golden.error.ok()) throw std::runtime_error("SystemC golden run fails: " + golden.error.describe());
    if (golden.warp_instructions != c.golden_steps() ||
        std::memcmp(sys.global.data(), c.golden_global().data(), c.golden_global().size()) != 0)
        throw std::runtime_error("the SystemC golden run differs from the functional core's");
    std::sort(ids.begin(), ids.end());
    for (const std::uint64_t id : ids) {
        const Fault f = c.fault(id);
        sc.st.fault = f;
        sc.st.in_flight = is_in_flight(f.structure);
        sc.st.inj = std::make_unique<Injector>(f, core.config().rtl);
        const core::KernelResult r = run_once(c.hang_limit());
        RunStatus status = r.error.ok() ? RunStatus::Done : RunStatus::Error;
        // Permanent memory faults hold to the end: the output is read with the bit forced.
        if (status == RunStatus::Done && !sc.st.in_flight && f.model != FaultModel::Flip) sc.st.inj->apply_state(view);
        const std::uint64_t executed = std::min(r.warp_instructions, c.hang_limit());
        sink(c.record(id, f, sc.st.inj->activated, executed, status, r.error, sys.global.data()).dump());
        sc.st.inj.reset();
    }
}

}  // namespace fgtlm::faults
