// platform/examples/embedding: the FlexGrip GPU embedded in a small SystemC platform of its
// own, built against the installed package (find_package(fgtlm)). Two SMs, the calibrated
// timing (the GpuDevice default), RAM at 0x8000_0000, a router, a driver thread that uses only
// the register map and the interrupt, statistics written by the device after each kernel, and
// the GPU's waveforms in the platform's own VCD file beside the platform's interrupt line.
//   embedding [OUT_DIR]   (default: the current folder): embedding_stats.<k>.json, embedding.vcd
#include <cstdio>
#include <fstream>
#include <string>

#include "platform.hpp"

namespace {

bool run_kernels(example::Platform& p, std::uint32_t n0) {
    using example::kRamBase;
    const std::uint64_t a = kRamBase + 0x10000, b = a + 0x40000, c = b + 0x40000;
    bool ok = true;
    for (std::uint32_t k = 0; k < 2; ++k) {
        const std::uint32_t n = n0 << k;
        const auto want = example::vector_add_data(p.ram.data(), a, b, c, n, 17 + k);
        const example::Outcome o = p.cpu.run(example::vector_add(a, b, c, n));
        std::uint32_t bad = 0;
        for (std::uint32_t i = 0; i < n; ++i) bad += example::ram_words(p.ram.data(), c)[i] != want[i];
        std::printf("kernel %u: %u elements, state %u, %llu cycles, %llu warp instructions, START->irq %s, %u wrong\n",
                    k, n, o.state(), static_cast<unsigned long long>(o.cycles),
                    static_cast<unsigned long long>(o.warp_instructions), (o.irq - o.start).to_string().c_str(), bad);
        ok = ok && o.state() == FGTLM_STATE_DONE && bad == 0;
    }
    return ok;
}

// Whether the VCD at `path` declares the GPU's scope (platform.gpu.vcd: sm0, sm1 ...).
bool has_gpu_scope(const std::string& path) {
    std::ifstream in(path);
    for (std::string tok, kind, name; in >> tok && tok != "$enddefinitions";)
        if (tok == "$scope" && in >> kind >> name && name == "vcd") return true;
    return false;
}

}  // namespace

int sc_main(int argc, char* argv[]) {
    const std::string dir = argc > 1 ? argv[1] : ".";
    // The platform's own waveform file (its time unit: SystemC's default, 1 ps).
    sc_core::sc_trace_file* vcd = sc_core::sc_create_vcd_trace_file((dir + "/embedding").c_str());
    example::PlatformOptions o;
    o.gpu.num_sms = 2;
    o.gpu.outputs.stats_path = dir + "/embedding_stats.%k.json";  // one file per kernel
    o.gpu.outputs.trace_file = vcd;                               // the GPU's signals join it
    example::Platform p("platform", o);
    sc_core::sc_trace(vcd, p.irq, "irq");
    bool ok = false;
    p.cpu.program = [&](example::Driver&) { ok = run_kernels(p, 2048); };
    sc_core::sc_start();
    sc_core::sc_close_vcd_trace_file(vcd);  // before the platform (and the GPU's signals) goes
    const bool traced = has_gpu_scope(dir + "/embedding.vcd");
    std::printf("%s/embedding.vcd: the GPU's signals %s\n", dir.c_str(), traced ? "traced" : "MISSING");
    ok = ok && traced;
    for (int k = 0; k < 2; ++k) {
        const std::string f = dir + "/embedding_stats." + std::to_string(k) + ".json";
        const bool there = std::ifstream(f).peek() == '{';
        std::printf("%s %s\n", f.c_str(), there ? "written" : "MISSING");
        ok = ok && there;
    }
    std::printf("embedding example: %s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
