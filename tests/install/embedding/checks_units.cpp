// Point 8, a replacement execution unit in the calibrated mode: a wrapper in front of SM 0's
// SP unit that annotates 100 ns (10 cycles) more per warp instruction must add its excess to
// the kernel's cycles, as the unit-replacement recipe (models/sm/README.md) promises.
#include <memory>
#include <string>

#include "harness.hpp"

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/passthrough_target_socket.h>

namespace checks {

namespace {

struct SlowSp : sc_core::sc_module {
    // The units' own protocol (fgtlm/sm/units/unit_protocol.hpp), not the base protocol.
    tlm_utils::passthrough_target_socket<SlowSp, 32, fgtlm::sm::UnitProtocol> in{"in"};
    tlm_utils::simple_initiator_socket<SlowSp, 32, fgtlm::sm::UnitProtocol> out{"out"};
    std::uint64_t calls = 0;
    explicit SlowSp(sc_core::sc_module_name n) : sc_module(n) { in.register_b_transport(this, &SlowSp::b_transport); }
    void b_transport(fgtlm::sm::UnitPayload& t, sc_core::sc_time& d) {
        ++calls;
        out->b_transport(t, d);
        d += sc_core::sc_time(100, sc_core::SC_NS);
    }
};

Values run_units(bool replaced) {
    example::PlatformOptions o;
    o.gpu.base.sm.auto_bind_units = !replaced;
    Values v;
    example::Platform p("platform", o);
    std::unique_ptr<SlowSp> slow;
    if (replaced) {
        slow = std::make_unique<SlowSp>("slow_sp");
        fgtlm::sm::Sm& sm = p.gpu.gpu.sm(0);
        sm.bind_default_units(1u << unsigned(fgtlm::core::UnitId::SP));
        sm.execute.socket_of(fgtlm::core::UnitId::SP).bind(slow->in);
        slow->out.bind(sm.sp.socket);
    }
    p.cpu.program = [&](example::Driver&) { v = vector_add_values(p, 1024); };
    sc_core::sc_start();
    v["sp_calls"] = slow ? double(slow->calls) : 0;
    return v;
}

}  // namespace

void check_units(Tally& t) {
    const Values plain = in_child([] { return run_units(false); });
    const Values slow = in_child([] { return run_units(true); });
    const bool ran = plain.count("wrong") && slow.count("wrong") && plain.at("wrong") == 0 && slow.at("wrong") == 0;
    const double excess = ran ? slow.at("cycles") - plain.at("cycles") : 0;
    t.expect(ran && slow.at("sp_calls") > 0 && excess == 10 * slow.at("sp_calls"),
             "calibrated mode, SP unit replaced by one 100 ns slower: +" + std::to_string(std::uint64_t(excess)) +
                 " cycles = 10 x " + std::to_string(std::uint64_t(ran ? slow.at("sp_calls") : 0)) +
                 " SP warp instructions");
}

}  // namespace checks
