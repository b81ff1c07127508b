// Points 2 (one configuration, calibrated default, mismatch an error), 5 (one cycle count),
// 6 (reset), 7 (outputs per kernel) and 8 (register window, watchdog, local memory).
#include <fstream>
#include <string>

#include <fgtlm/stats/instrumentation.hpp>

#include "harness.hpp"

namespace checks {

namespace {

bool ok(const Values& v) { return v.count("failed") == 0 && v.at("state") == FGTLM_STATE_DONE && v.at("wrong") == 0; }
std::string n(const Values& v, const char* k) { return v.count(k) ? std::to_string(std::uint64_t(v.at(k))) : "?"; }

// kernel_cycles of a statistics JSON file (-1 when missing).
double kernel_cycles_in(const std::string& path) {
    std::ifstream f(path);
    std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    const auto at = text.find("\"kernel_cycles\":");
    return at == std::string::npos ? -1 : std::stod(text.substr(at + 16));
}

void check_config(Tally& t) {
    t.expect(fgtlm::gpu::GpuDeviceConfig{}.timing == fgtlm::gpu::TimingMode::Calibrated,
             "GpuDeviceConfig: the calibrated timing is the default");
    example::PlatformOptions o;
    const Values cal = in_child([&] {
        Values v;
        simulate(o, [&](example::Platform& p) {
            v = vector_add_values(p, 2048);
            v["at"] = p.gpu.instrumentation().timing().mode() == fgtlm::timing::Mode::Calibrated;
        });
        return v;
    });
    o.gpu.timing = fgtlm::gpu::TimingMode::Fixed;
    const Values fixed = in_child([&] {
        Values v;
        simulate(o, [&](example::Platform& p) { v = vector_add_values(p, 2048); });
        return v;
    });
    t.expect(ok(cal) && cal.at("at") == 1 && ok(fixed) && cal.at("cycles") != fixed.at("cycles"),
             "a default GpuDevice runs the calibrated model (" + n(cal, "cycles") + " cycles; fixed " +
                 n(fixed, "cycles") + ")");
    const Values mismatch = in_child([&] {
        example::PlatformOptions m;
        fgtlm::timing::TimingParams tp;
        tp.sp_lanes = 16;  // as -p sm.sp_lanes=16 would give, on an 8-lane GPU
        m.gpu.timing_params = tp;
        try {
            example::Platform p("platform", m);
        } catch (const sc_core::sc_report& r) {
            return Values{{"error_names_lanes", std::string(r.what()).find("sp_lanes") != std::string::npos}};
        }
        return Values{{"error_names_lanes", 0}};
    });
    t.expect(mismatch.count("error_names_lanes") && mismatch.at("error_names_lanes") == 1,
             "timing parameters for 16 lanes on an 8-lane GPU: an error naming sp_lanes");
}

void check_outputs(Tally& t) {
    example::PlatformOptions o;
    o.gpu.num_sms = 2;
    o.gpu.outputs.stats_path = "checks_stats.%k.json";
    o.gpu.outputs.timeline_path = "checks_timeline.json";
    const Values v = in_child([&] {
        Values r;
        simulate(o, [&](example::Platform& p) {
            const Values a = vector_add_values(p, 2048), b = vector_add_values(p, 4096);
            r = {{"ok", ok(a) && ok(b)}, {"c0", a.at("cycles")}, {"c1", b.at("cycles")}};
        });
        return r;
    });
    const double s0 = kernel_cycles_in("checks_stats.0.json"), s1 = kernel_cycles_in("checks_stats.1.json");
    t.expect(v.count("ok") && v.at("ok") == 1 && v.at("c0") == s0 && v.at("c1") == s1,
             "CYCLES register = the statistics' kernel_cycles, per kernel (" + n(v, "c0") + ", " + n(v, "c1") + ")");
    t.expect(
        std::ifstream("checks_timeline.0.json").peek() == '{' && std::ifstream("checks_timeline.1.json").peek() == '{',
        "statistics and timeline written by the device after each kernel, without help");
}

}  // namespace

void check_registers(Tally& t);  // checks_registers.cpp

void check_device(Tally& t) {
    check_config(t);
    check_outputs(t);
    check_registers(t);
}

}  // namespace checks
