// Points 1 (DMI where the RAM is, same timing either path), 3 and 4 (quantum), 9 (AT).
#include <cmath>
#include <string>

#include "harness.hpp"

#include <tlm_utils/tlm_quantumkeeper.h>

namespace checks {

namespace {

using fgtlm::gpu::TimingMode;

Values run_vector_add(example::PlatformOptions o, std::uint32_t n) {
    Values v;
    simulate(o, [&](example::Platform& p) {
        v = vector_add_values(p, n);
        const auto& g = p.gpu.gpu.sm(0).global;
        v["slow"] = double(g.slow_accesses);
        v["dmi_latency_accesses"] = double(g.dmi_accesses);
        v["dmi_requests"] = double(g.dmi_requests);
    });
    return v;
}

bool ran_ok(const Values& v) {
    return v.count("failed") == 0 && v.at("state") == FGTLM_STATE_DONE && v.at("wrong") == 0;
}

std::string cycles(const Values& v) { return v.count("cycles") ? std::to_string(std::uint64_t(v.at("cycles"))) : "?"; }

void check_dmi(Tally& t, TimingMode mode, const char* name) {
    example::PlatformOptions o;
    o.gpu.timing = mode;
    const Values granted = in_child([&] { return run_vector_add(o, 4096); });
    o.ram_dmi = false;
    const Values denied = in_child([&] { return run_vector_add(o, 4096); });
    t.expect(ran_ok(granted) && ran_ok(denied), std::string(name) + ": vector add correct with DMI granted and denied");
    t.expect(granted.at("cycles") == denied.at("cycles") && granted.at("cycles") > 0,
             std::string(name) + ": RAM at 0x80000000, 20 ns: same cycles with DMI granted (" + cycles(granted) +
                 ") and denied (" + cycles(denied) + ")");
    t.expect(granted.at("slow") == 0 && granted.at("dmi_requests") <= 2 && granted.at("dmi_latency_accesses") > 0,
             std::string(name) + ": DMI asked where the RAM is (" + std::to_string(int(granted.at("dmi_requests"))) +
                 " request(s)), no b_transport, latency charged per access");
    t.expect(denied.at("slow") > 0 && denied.at("dmi_requests") <= 2,
             std::string(name) + ": denied DMI is asked for once, then b_transport");
}

void check_latency(Tally& t) {
    example::PlatformOptions o;
    o.ram_latency = sc_core::SC_ZERO_TIME;
    const Values zero = in_child([&] { return run_vector_add(o, 4096); });
    o.ram_latency = sc_core::sc_time(200, sc_core::SC_NS);
    const Values slow = in_child([&] { return run_vector_add(o, 4096); });
    // The first access asks for the grant (and is served by the port), the others are copies.
    t.expect(ran_ok(zero) && zero.at("dmi_latency_accesses") <= 1 && zero.at("slow") == 0,
             "zero-latency DMI grant: the core copies directly (" +
                 std::to_string(int(zero.at("dmi_latency_accesses"))) + " access through the port)");
    t.expect(
        ran_ok(slow) && slow.at("cycles") > zero.at("cycles"),
        "the DMI grant's latency is honoured: 200 ns RAM " + cycles(slow) + " > 0 ns RAM " + cycles(zero) + " cycles");
}

Values run_with_global_quantum(sc_core::sc_time q, sc_core::sc_time gpu_q) {
    tlm_utils::tlm_quantumkeeper::set_global_quantum(q);
    example::PlatformOptions o;
    o.gpu.num_sms = 2;
    o.gpu.quantum = gpu_q;
    Values v;
    simulate(o, [&](example::Platform& p) {
        v = vector_add_values(p, 8192);
        v["global_quantum_ns"] = tlm_utils::tlm_quantumkeeper::get_global_quantum().to_seconds() * 1e9;
    });
    return v;
}

void check_quantum(Tally& t) {
    const sc_core::sc_time us(1, sc_core::SC_US), gpu_q(100, sc_core::SC_US);
    const Values q0 = in_child([&] { return run_with_global_quantum(sc_core::SC_ZERO_TIME, gpu_q); });
    const Values q1 = in_child([&] { return run_with_global_quantum(us, gpu_q); });
    const Values q100 = in_child([&] { return run_with_global_quantum(100 * us, gpu_q); });
    t.expect(ran_ok(q0) && ran_ok(q1) && ran_ok(q100), "2 SMs: vector add correct under global quanta 0, 1 us, 100 us");
    t.expect(q0.at("cycles") == q1.at("cycles") && q1.at("cycles") == q100.at("cycles"),
             "2 SMs: cycles do not depend on the platform's quantum (" + cycles(q0) + ", " + cycles(q1) + ", " +
                 cycles(q100) + ")");
    t.expect(q0.at("global_quantum_ns") == 0 && q1.at("global_quantum_ns") == 1000,
             "the GPU leaves the platform's global quantum as it was (0 stays 0, 1 us stays 1 us)");
    // The GPU's own quantum bounds how far one SM runs ahead of the other: documented bound
    // (docs/embedding.md) 10 % between one clock (time-ordered) and the 100 us default.
    const Values g1 = in_child([&] { return run_with_global_quantum(us, sc_core::sc_time(10, sc_core::SC_NS)); });
    const double rel = std::abs(g1.at("cycles") - q1.at("cycles")) / q1.at("cycles");
    t.expect(ran_ok(g1) && rel <= 0.10, "2 SMs: the GPU's own quantum one clock vs 100 us changes cycles by " +
                                            std::to_string(100 * rel) + " % (bound 10 %: " + cycles(g1) + " vs " +
                                            cycles(q1) + ")");
}

}  // namespace

void check_memory(Tally& t) {
    check_dmi(t, TimingMode::Calibrated, "calibrated");
    check_dmi(t, TimingMode::Fixed, "fixed");
    check_latency(t);
    check_quantum(t);
    check_at(t);
}

}  // namespace checks
