// Point 1, DMI invalidation: the RAM moves its bytes to another buffer and withdraws every
// DMI pointer (example::Ram::move_storage) between two kernels and every 20 us during them.
// The GPU must ask for DMI again, never touch the old buffer (it is filled with 0xAA), compute
// the right sums and take the same cycles as without invalidation, with a RAM latency (DMI
// accesses through the port) and without (the core copies through the granted window).
#define SC_INCLUDE_DYNAMIC_PROCESSES  // sc_spawn
#include <string>

#include "harness.hpp"

namespace checks {

namespace {

// Two vector adds (n, then 2n elements); with `every` > 0 the RAM moves before the second and
// every `every` while the GPU is busy. Values: c0, c1 (cycles), wrong, moves, dmi_requests.
Values run_moving(example::PlatformOptions o, std::uint32_t n, sc_core::sc_time every) {
    using example::kRamBase;
    Values v;
    simulate(o, [&](example::Platform& p) {
        bool done = false;
        int moves = 0;
        if (every != sc_core::SC_ZERO_TIME)
            sc_core::sc_spawn([&] {
                while (!done) {
                    sc_core::wait(every);
                    if (!done && p.gpu.busy()) p.ram.move_storage(), ++moves;
                }
            });
        double wrong = 0, state = 0;
        for (std::uint32_t k = 0; k < 2; ++k) {
            if (k == 1 && every != sc_core::SC_ZERO_TIME) p.ram.move_storage(), ++moves;  // between kernels
            const std::uint64_t a = kRamBase + 0x10000, b = a + 0x40000, c = b + 0x40000;
            const std::uint32_t len = n << k;
            const auto want = example::vector_add_data(p.ram.data(), a, b, c, len, 3 + k);
            const example::Outcome out = p.cpu.run(example::vector_add(a, b, c, len));
            for (std::uint32_t i = 0; i < len; ++i) wrong += example::ram_words(p.ram.data(), c)[i] != want[i];
            state += out.state() != FGTLM_STATE_DONE;
            v["c" + std::to_string(k)] = double(out.cycles);
        }
        done = true;
        v["wrong"] = wrong + state;
        v["moves"] = moves;
        double requests = 0;
        for (std::uint32_t s = 0; s < p.gpu.config().num_sms; ++s)
            requests += double(p.gpu.gpu.sm(s).global.dmi_requests);
        v["dmi_requests"] = requests;
    });
    return v;
}

std::string num(const Values& v, const char* k) { return v.count(k) ? std::to_string(std::uint64_t(v.at(k))) : "?"; }

void check_moving(Tally& t, sc_core::sc_time latency, std::uint32_t sms, const std::string& what) {
    example::PlatformOptions o;
    o.ram_latency = latency;
    o.gpu.num_sms = sms;
    const sc_core::sc_time every(20, sc_core::SC_US);
    const Values still = in_child([&] { return run_moving(o, 2048, sc_core::SC_ZERO_TIME); });
    const Values moving = in_child([&] { return run_moving(o, 2048, every); });
    const bool ran = still.count("wrong") && moving.count("wrong");
    t.expect(ran && still.at("wrong") == 0 && moving.at("wrong") == 0 && moving.at("moves") > 2 &&
                 moving.at("dmi_requests") > still.at("dmi_requests"),
             what + ": RAM moved and DMI invalidated " + num(moving, "moves") + " times: " + num(moving, "wrong") +
                 " wrong words, DMI asked " + num(moving, "dmi_requests") + " times (" + num(still, "dmi_requests") +
                 " without)");
    t.expect(ran && moving.at("c0") == still.at("c0") && moving.at("c1") == still.at("c1"),
             what + ": same cycles with and without invalidation (" + num(moving, "c0") + ", " + num(moving, "c1") +
                 " vs " + num(still, "c0") + ", " + num(still, "c1") + ")");
}

}  // namespace

void check_invalidate(Tally& t) {
    check_moving(t, sc_core::sc_time(20, sc_core::SC_NS), 1, "1 SM, 20 ns RAM");
    check_moving(t, sc_core::SC_ZERO_TIME, 1, "1 SM, 0 ns RAM (direct window)");
    check_moving(t, sc_core::sc_time(20, sc_core::SC_NS), 2, "2 SMs, 20 ns RAM");
}

}  // namespace checks
