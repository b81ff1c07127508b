// One kernel, random inputs: one seed's input co-simulated, a failing input saved as a bundle
// (the ranges: input_ranges.cpp).
#include <fgtlm/cosim/input_difftest.hpp>

#include <fstream>

#include <fmt/format.h>

#include <fgtlm/cosim/difftest.hpp>
#include <fgtlm/loaders/bundle_writer.hpp>

namespace fgtlm::cosim {

namespace fs = std::filesystem;

InputOutcome difftest_input(const loaders::KernelImage& img, std::uint64_t seed, const InputDifftestOptions& opt) {
    const loaders::KernelImage input = with_random_inputs(img, opt.ranges, seed);
    CosimOptions co = opt.cosim;
    co.work_dir = opt.work_root / input.name;
    const CosimResult r = cosimulate(input, co);
    InputOutcome o;
    o.seed = seed;
    o.pass = r.pass();
    o.summary = o.pass ? "match" : failure_summary(r);
    o.words_compared = r.words_compared;
    o.commits_compared = r.commits ? r.commits->compared : 0;
    o.rtl_cycles = r.rtl.kernel_cycles;
    o.model_cycles = r.model.kernel_cycles;
    o.rtl_wall_seconds = r.rtl.wall_seconds;
    std::error_code ec;
    if (o.pass) {
        if (!opt.keep_passing) fs::remove_all(co.work_dir, ec);
        return o;
    }
    if (r.rtl.kernel_done) {  // the RTL's memory is the reference: keep the input as a bundle
        o.saved = opt.save_dir / input.name;
        loaders::write_bundle(input, o.saved, {r.rtl.memory}, r.rtl.kernel_cycles,
                              fmt::format("FlexGripPlus RTL under GHDL via fgtlm difftest (input seed {})", seed));
        std::ofstream(o.saved / "cosim_report.txt") << format_report(r);
    }
    return o;
}

}  // namespace fgtlm::cosim
