#include "app_runner.hpp"

#include "vp/elf_image.hpp"
#include "vp/virtual_platform.hpp"

#include <fgtlm/io/number.hpp>
#include <fgtlm/params/registry.hpp>

#include <systemc>

#include <cstdio>
#include <iostream>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <string_view>

namespace fgtlm::vp {

namespace {

void declare_all(params::Registry& registry) { platform::VpConfig::declare(registry); }

constexpr const char* kRemapped = "firmware codes below 0, above 255 or equal to the VP's own 2, 3, 4 become 5";

// A process returns only 8 bits (vp_exit(256) would be 0, a pass) and 2, 3, 4 are the VP's
// own failures: such firmware codes become 5, so neither is mistaken for the other.
int process_exit_code(int firmware_code) {
    if (firmware_code < 0 || firmware_code > 255) return 5;
    if (firmware_code >= 2 && firmware_code <= 4) return 5;
    return firmware_code;
}

// "10ms", "2 s", "500us", "1000ns", "1e6ns" -> sc_time; throws on bad text. Scanned by hand
// (std::regex recursed per character: a long argument overflowed the stack) with io's checked
// parser (std::stod threw a bare "stod" on 1e999).
sc_core::sc_time parse_time(const std::string& text) {
    const std::string shown = io::escape_and_cut(text, 40);
    const auto bad = [&] {
        return std::runtime_error("bad --max-time '" + shown +
                                  "' (a number and a unit s, ms, us, ns or ps, e.g. 50ms, 2s)");
    };
    std::string_view t(text);
    while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.remove_suffix(1);
    std::string u;
    for (const char* unit : {"ms", "us", "ns", "ps", "s"}) {
        if (t.size() > std::strlen(unit) && t.ends_with(unit)) {
            u = unit;
            t.remove_suffix(u.size());
            break;
        }
    }
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.remove_suffix(1);
    // The number through io's checked parser (no NaN, infinity, overflow or junk).
    if (u.empty() || t.empty() || !std::isdigit(static_cast<unsigned char>(t.back())) ||
        t.find_first_not_of("0123456789.eE+-") != std::string_view::npos)
        throw bad();
    double v = 0;
    try {
        v = io::parse_real(t, "--max-time", -DBL_MAX, DBL_MAX);
    } catch (const std::invalid_argument&) {
        throw bad();
    }
    const sc_core::sc_time_unit unit = u == "s" ? sc_core::SC_SEC : u == "ms" ? sc_core::SC_MS
                                     : u == "us" ? sc_core::SC_US : u == "ns" ? sc_core::SC_NS : sc_core::SC_PS;
    // sc_time holds 2^64 time-resolution steps (about 213 days at 1 ps): beyond that it wraps.
    const double seconds = v * (unit == sc_core::SC_SEC ? 1.0 : unit == sc_core::SC_MS ? 1e-3
                                : unit == sc_core::SC_US ? 1e-6 : unit == sc_core::SC_NS ? 1e-9 : 1e-12);
    if (!(seconds > 0.0) || seconds >= sc_core::sc_max_time().to_seconds())
        throw std::runtime_error("--max-time '" + shown + "' must be above 0 and below " +
                                 std::to_string(sc_core::sc_max_time().to_seconds()) +
                                 " s (the range of SystemC time)");
    return sc_core::sc_time(v, unit);
}

// The platform's last line: outcome, simulated time, and the host speed of each side (the RISC-V
// CPU's MIPS, the GPU's thread-instructions per second of host time spent in its kernels).
std::string summary_line(const std::string& elf_path, const std::string& outcome, platform::VirtualPlatform& vp) {
    const core::KernelResult& gpu = vp.gpu.totals();
    const double gpu_rate = gpu.sim_wall_seconds > 0 ? double(gpu.thread_instructions) / gpu.sim_wall_seconds : 0.0;
    // The exit's own time (the CPU's local time at its store), not the last quantum sync before it.
    const sc_core::sc_time end_time = vp.simctl.exit_code() ? vp.simctl.exit_time() : sc_core::sc_time_stamp();
    char line[640];
    std::snprintf(line, sizeof line,
                  "fgtlm-vp: %s: %s at %.3f us simulated; CPU %llu instructions (%.1f MIPS host), "
                  "%llu interrupts, %.3f us in WFI; GPU %llu thread-instructions (%.1f M/s host)",
                  elf_path.c_str(), outcome.c_str(), end_time.to_seconds() * 1e6,
                  static_cast<unsigned long long>(vp.cpu.instructions()), vp.cpu.host_mips(),
                  static_cast<unsigned long long>(vp.cpu.interrupts_taken()), vp.cpu.wfi_time().to_seconds() * 1e6,
                  static_cast<unsigned long long>(gpu.thread_instructions), gpu_rate / 1e6);
    return line;
}

}  // namespace

int list_params() {
    params::Registry registry;
    declare_all(registry);
    std::cout << registry.to_text(false);
    return 0;
}

int run_app(const std::string& elf_path, const RunOptions& options) {
    params::Registry registry;
    declare_all(registry);
    sc_core::sc_time max_time;
    platform::ElfImage image;
    platform::VpConfig vp_config;
    try {
        if (!options.config_file.empty()) registry.load_json_file(options.config_file);
        for (const auto& o : options.overrides) registry.apply_override(o);
        max_time = parse_time(options.max_time);
        vp_config = platform::VpConfig::from(registry);
        image = platform::ElfImage::load(elf_path, vp_config.dram_bytes);
    } catch (const std::exception& e) {
        std::cerr << "fgtlm-vp: error: " << e.what() << '\n';
        return 2;
    }
    // Firmware faults are reported as warnings by the CPU; keep SystemC from aborting on them.
    sc_core::sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", sc_core::SC_DO_NOTHING);
    // "Simulation stopped by user" (sc_stop from the firmware's EXIT write) is the normal end.
    sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
    platform::VirtualPlatform vp("vp", vp_config, std::cout);
    vp.load(image);
    sc_core::sc_start(max_time);
    if (!vp.load_error().empty()) {
        std::cerr << "fgtlm-vp: error: " << vp.load_error() << '\n';
        return 2;
    }
    vp.uart.flush();
    std::cout.flush();

    int code;
    std::string outcome;
    if (vp.cpu.state() == platform::RiscvCpu::State::Fatal) {
        code = 3;
        outcome = "CPU stopped: " + vp.cpu.fatal_message();
    } else if (auto exit_code = vp.simctl.exit_code()) {
        code = process_exit_code(*exit_code);
        outcome = "exit " + std::to_string(*exit_code);
        if (code != *exit_code) outcome += " (process exit status " + std::to_string(code) + ": " + kRemapped + ")";
    } else {
        code = 4;
        outcome =
            sc_core::sc_time_stamp() >= max_time
                ? "no exit within --max-time " + options.max_time
                : "no exit: simulation ran out of events (firmware waiting in WFI for an interrupt that never comes?)";
    }
    if (!options.quiet || code != 0) {
        std::cerr << summary_line(elf_path, outcome, vp) << '\n';
    }
    std::cout.flush();
    std::cerr.flush();
    return code;
}

}  // namespace fgtlm::vp
