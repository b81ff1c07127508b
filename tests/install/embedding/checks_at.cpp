// Point 9: the GPU's global memory over the base protocol's four phases, against an AT memory
// (tlm_utils peq) that applies back-pressure.
#include <string>

#include "at_memory.hpp"
#include "harness.hpp"

namespace checks {

namespace {

struct AtPlatform : sc_core::sc_module {
    example::Router bus;
    AtMemory mem;
    fgtlm::gpu::GpuDevice gpu;
    example::Driver cpu;
    sc_core::sc_signal<bool> irq;

    AtPlatform(sc_core::sc_module_name name, const fgtlm::gpu::GpuDeviceConfig& g, sc_core::sc_time latency)
        : sc_module(name),
          bus("bus"),
          mem("mem", example::kRamBase, example::kRamBytes, latency),
          gpu("gpu", g),
          cpu("cpu", example::kGpuRegs),
          irq("irq") {
        bus.map(example::kGpuRegs, FGTLM_REGS_SIZE);
        bus.out.bind(gpu.regs.socket);
        bus.map(example::kRamBase, example::kRamBytes);
        bus.out.bind(mem.lt);
        cpu.socket.bind(bus.in);
        gpu.gpu.global_socket.bind(mem.at);
        gpu.regs.irq(irq);
        cpu.irq(irq);
    }
};

Values run_at(std::uint32_t sms, sc_core::sc_time latency, fgtlm::sm::MemoryProtocol protocol) {
    fgtlm::gpu::GpuDeviceConfig g;
    g.num_sms = sms;
    g.memory_protocol = protocol;
    AtPlatform p("at_platform", g, latency);
    Values v;
    p.cpu.program = [&](example::Driver& cpu) {
        v = vector_add_values(cpu, p.mem.data(), 2048);
        v["requests"] = double(p.mem.requests);
        v["backpressured"] = double(p.mem.backpressured);
    };
    sc_core::sc_start();
    return v;
}

bool ok(const Values& v) { return v.count("failed") == 0 && v.at("state") == FGTLM_STATE_DONE && v.at("wrong") == 0; }
std::string n(const Values& v, const char* k) { return v.count(k) ? std::to_string(std::uint64_t(v.at(k))) : "?"; }

}  // namespace

void check_at(Tally& t) {
    using P = fgtlm::sm::MemoryProtocol;
    const sc_core::sc_time ns40(40, sc_core::SC_NS), ns80(80, sc_core::SC_NS);
    const Values at1 = in_child([&] { return run_at(1, ns40, P::ApproximatelyTimed); });
    t.expect(ok(at1) && at1.at("requests") > 0,
             "AT: vector add correct over nb_transport (" + n(at1, "requests") + " four-phase transactions)");
    // The same memory over b_transport (its lt socket through the router): same timing.
    example::PlatformOptions o;
    o.ram_latency = ns40;
    o.ram_dmi = false;
    const Values lt1 = in_child([&] {
        Values v;
        simulate(o, [&](example::Platform& p) { v = vector_add_values(p, 2048); });
        return v;
    });
    t.expect(ok(lt1) && lt1.at("cycles") == at1.at("cycles"), "AT takes the memory's timing: 1 SM, 40 ns, four-phase " +
                                                                  n(at1, "cycles") + " = b_transport " +
                                                                  n(lt1, "cycles") + " cycles");
    const Values at80 = in_child([&] { return run_at(1, ns80, P::ApproximatelyTimed); });
    t.expect(ok(at80) && at80.at("cycles") > at1.at("cycles"),
             "AT: a slower memory gives more cycles (" + n(at80, "cycles") + " > " + n(at1, "cycles") + ")");
    const Values at2 = in_child([&] { return run_at(2, ns40, P::ApproximatelyTimed); });
    t.expect(ok(at2) && at2.at("backpressured") > 0,
             "AT, 2 SMs: correct under back-pressure (" + n(at2, "backpressured") + " requests held before END_REQ)");
}

}  // namespace checks
