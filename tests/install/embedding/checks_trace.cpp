// Point 7, the waveform from inside a platform: the platform opens its own VCD trace file,
// hands it to the GPU (GpuDeviceConfig::outputs.trace_file) and traces a signal of its own;
// another initiator reads the RAM every 7 ns, off the GPU's 10 ns grid. The file must hold
// the GPU's signals with their changes, the run must print no W713 ("current kernel time is
// not representable in VCD time units"), and tracing must change no cycle count (the GPU keeps
// its own quantum; with two SMs a one-clock quantum would change them by 8 %).
#include <fcntl.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>

#include "harness.hpp"
#include "../../vcd_reader.hpp"

#include <tlm_utils/tlm_quantumkeeper.h>

namespace checks {

namespace {

// Reads the RAM every 7 ns until told to stop (bus activity off the GPU's clock grid); counts
// its reads in a signal the platform traces.
struct OffGridReader : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<OffGridReader> socket{"socket"};
    sc_core::sc_signal<std::uint32_t> reads{"reads"};
    bool stop = false;
    SC_HAS_PROCESS(OffGridReader);
    explicit OffGridReader(sc_core::sc_module_name n) : sc_module(n) { SC_THREAD(run); }
    void run() {
        std::uint32_t word = 0;
        for (std::uint32_t i = 1; !stop && i < 2'000'000; ++i) {
            tlm::tlm_generic_payload t;
            t.set_command(tlm::TLM_READ_COMMAND);
            t.set_address(example::kRamBase + 4 * (i % 1024));
            t.set_data_ptr(reinterpret_cast<unsigned char*>(&word));
            t.set_data_length(4);
            sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
            socket->b_transport(t, delay);
            wait(sc_core::sc_time(7, sc_core::SC_NS));
            reads.write(i);
        }
    }
};

// VCD changes per signal (tests/vcd_reader.hpp), every declared signal listed.
std::map<std::string, int> vcd_changes(const std::string& path, std::string& timescale) {
    const fgtlm::test::VcdFile f = fgtlm::test::read_vcd(path);
    timescale = f.timescale;
    std::map<std::string, int> changes;
    for (const auto& [name, width] : f.widths) {
        const auto it = f.changes.find(name);
        changes[name] = it == f.changes.end() ? 0 : int(it->second.size());
    }
    return changes;
}

enum class Trace { None, PlatformFile, OwnFile };

// One vector add on two SMs with the off-grid reader running, the GPU traced as `how` says.
// The child's stdout and stderr go to `log` (SystemC prints its warnings there).
Values run_traced(Trace how, const std::string& log) {
    const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 1);
    dup2(fd, 2);
    tlm_utils::tlm_quantumkeeper::set_global_quantum(sc_core::sc_time(1, sc_core::SC_US));
    example::PlatformOptions o;
    o.gpu.num_sms = 2;
    sc_core::sc_trace_file* tf = nullptr;
    if (how == Trace::PlatformFile) {
        tf = sc_core::sc_create_vcd_trace_file("checks_platform");  // the platform's file, its time unit
        o.gpu.outputs.trace_file = tf;
    }
    if (how == Trace::OwnFile) o.gpu.outputs.vcd_path = "checks_gpu.vcd";
    Values v;
    {
        example::Platform p("platform", o);
        OffGridReader other("other");
        other.socket.bind(p.bus.in);
        if (tf != nullptr) sc_core::sc_trace(tf, other.reads, "other.reads");
        p.cpu.program = [&](example::Driver&) {
            v = vector_add_values(p, 2048);
            other.stop = true;
        };
        sc_core::sc_start();
        if (tf != nullptr) sc_core::sc_close_vcd_trace_file(tf);  // before the GPU's signals go away
        v["reads"] = other.reads.read();
        v["global_quantum_ns"] = tlm_utils::tlm_quantumkeeper::get_global_quantum().to_seconds() * 1e9;
    }
    v["w713"] = sc_core::sc_report_handler::get_count("current kernel time is not representable in VCD time units");
    return v;
}

bool ran_ok(const Values& v) {
    return v.count("failed") == 0 && v.at("state") == FGTLM_STATE_DONE && v.at("wrong") == 0;
}

bool quiet(const Values& v, const std::string& log) {
    std::ifstream in(log);
    std::stringstream text;
    text << in.rdbuf();
    return v.count("w713") && v.at("w713") == 0 && text.str().find("W713") == std::string::npos;
}

// Changes of the GPU's signals named `suffix` (e.g. "sp_busy") under `scope` in a VCD.
int gpu_changes(const std::map<std::string, int>& changes, const std::string& scope, const std::string& suffix) {
    int n = 0;
    for (const auto& [name, count] : changes)
        if (name.rfind(scope, 0) == 0 && name.size() >= suffix.size() &&
            name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
            n += count;
    return n;
}

// Both a VCD of the device's own and the platform's file: the device refuses to build.
Values both_files() {
    example::PlatformOptions o;
    o.gpu.outputs.trace_file = sc_core::sc_create_vcd_trace_file("checks_both");
    o.gpu.outputs.vcd_path = "checks_both_gpu.vcd";
    try {
        example::Platform p("platform", o);
    } catch (const sc_core::sc_report& r) {
        const std::string what = r.what();
        return {
            {"refused", what.find("vcd_path") != std::string::npos && what.find("trace_file") != std::string::npos}};
    }
    return {{"refused", 0}};
}

}  // namespace

void check_trace(Tally& t) {
    const Values plain = in_child([] { return run_traced(Trace::None, "checks_plain.log"); });
    const Values shared = in_child([] { return run_traced(Trace::PlatformFile, "checks_platform.log"); });
    const Values own = in_child([] { return run_traced(Trace::OwnFile, "checks_gpu.log"); });
    t.expect(ran_ok(plain) && ran_ok(shared) && ran_ok(own) && shared.at("reads") > 1000,
             "2 SMs, another initiator reading every 7 ns: vector add correct untraced and traced (" +
                 std::to_string(int(shared.count("reads") ? shared.at("reads") : 0)) + " off-grid reads)");
    std::string unit;
    const auto changes = vcd_changes("checks_platform.vcd", unit);
    const int busy = gpu_changes(changes, "platform.gpu.vcd.sm", "sp_busy");
    const int pcs = gpu_changes(changes, "platform.gpu.vcd.sm1.warp", ".pc");
    t.expect(busy > 0 && pcs > 0 && changes.count("other.reads") && changes.at("other.reads") > 1000,
             "the platform's own VCD (" + unit + ") holds the GPU's signals (" + std::to_string(busy) +
                 " sp_busy changes, " + std::to_string(pcs) + " SM1 pc changes) beside its own");
    t.expect(quiet(shared, "checks_platform.log") && quiet(own, "checks_gpu.log"),
             "no W713 with activity off the GPU's clock, in the platform's file or the GPU's own");
    std::string own_unit;
    const auto own_changes = vcd_changes("checks_gpu.vcd", own_unit);
    t.expect(gpu_changes(own_changes, "platform.gpu.vcd.sm", "sp_busy") == 0 &&
                 gpu_changes(own_changes, "sm", "sp_busy") == busy,
             "outputs.vcd_path: the GPU's own VCD (" + own_unit + ") holds the same " + std::to_string(busy) +
                 " sp_busy changes");
    t.expect(plain.count("cycles") && shared.count("cycles") && own.count("cycles") &&
                 plain.at("cycles") == shared.at("cycles") && plain.at("cycles") == own.at("cycles") &&
                 shared.at("global_quantum_ns") == 1000 && own.at("global_quantum_ns") == 1000,
             "tracing changes no cycle count (" +
                 std::to_string(std::uint64_t(plain.count("cycles") ? plain.at("cycles") : 0)) +
                 " cycles untraced and traced) and leaves the platform's 1 us quantum");
    const Values both = in_child(both_files);
    t.expect(both.count("refused") && both.at("refused") == 1,
             "outputs.vcd_path and outputs.trace_file both set: an error naming both");
}

}  // namespace checks
