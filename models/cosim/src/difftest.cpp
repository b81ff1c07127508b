// One difftest kernel: generate, co-simulate, shrink on failure, save the regression.
#include <fgtlm/cosim/difftest.hpp>

#include <fstream>

#include <fmt/format.h>

#include <fgtlm/loaders/bundle_writer.hpp>

namespace fgtlm::cosim {

namespace fs = std::filesystem;

std::string failure_summary(const CosimResult& r) {
    if (!r.failure.empty()) return "failure: " + r.failure.substr(0, r.failure.find('\n'));
    if (!r.model.error.empty()) return "model error: " + r.model.error;
    if (r.commits && r.commits->first) {
        const Divergence& d = *r.commits->first;
        return fmt::format("commit: {} at PC 0x{:04x} `{}` (RTL {} model {})", d.what, d.pc, d.instruction, d.rtl_value,
                           d.model_value);
    }
    if (!r.memory_match) return fmt::format("memory: {} words differ", r.mismatched_words);
    return "pass";
}

std::string failure_signature(const CosimResult& r) {
    if (r.commits && r.commits->first && r.failure.empty() && r.model.error.empty()) {
        const Divergence& d = *r.commits->first;
        std::string what = d.what.substr(0, d.what.find(" lane"));
        if (!what.empty() && (what[0] == 'R' || what[0] == 'A' || what[0] == 'C')) what = "value";
        return "commit " + what + " " + d.instruction.substr(0, d.instruction.find(' '));
    }
    const std::string s = failure_summary(r);
    return s.substr(0, s.find(':'));
}

namespace {

CosimResult run(const RandomKernel& k, const DifftestOptions& opt, const fs::path& dir) {
    CosimOptions co = opt.cosim;
    co.work_dir = dir;
    return cosimulate(k.image(), co);
}

// The kind of failure, for keeping shrink steps that fail the same way.
std::string failure_class(const CosimResult& r) {
    const std::string s = failure_summary(r);
    return s.substr(0, s.find(':'));
}

// Removes items one at a time (last first, so labels of earlier items stay valid) while the
// kernel still fails the same way; `budget` limits the co-simulations.
RandomKernel shrink(RandomKernel k, const std::string& cls, const DifftestOptions& opt, const fs::path& dir,
                    unsigned budget) {
    bool progress = true;
    while (progress && budget > 0) {
        progress = false;
        for (std::size_t i = k.items.size(); i-- > 0 && budget > 0;) {
            RandomKernel c = k;
            c.items.erase(c.items.begin() + std::ptrdiff_t(i));
            --budget;
            try {
                const CosimResult r = run(c, opt, dir);
                if (!r.pass() && failure_class(r) == cls) {
                    k = std::move(c);
                    progress = true;
                }
            } catch (const std::exception&) {
                // a candidate the testbench cannot take: keep the item
            }
        }
    }
    return k;
}

}  // namespace

KernelOutcome difftest_kernel(std::uint64_t seed, const DifftestOptions& opt) {
    const RandomKernel k = generate_kernel(seed, opt.gen);
    KernelOutcome o;
    o.seed = seed;
    o.name = k.name;
    o.instructions = k.instruction_count();
    const fs::path dir = opt.work_root / k.name;
    const CosimResult r = run(k, opt, dir);
    o.pass = r.pass();
    o.commits_compared = r.commits ? r.commits->compared : 0;
    o.words_compared = r.words_compared;
    o.rtl_wall_seconds = r.rtl.wall_seconds;
    o.summary = failure_summary(r);
    o.rtl_from_cache = r.rtl.from_cache;
    o.rtl_cycles = r.rtl.kernel_cycles;
    o.model_cycles = r.model.kernel_cycles;
    if (r.commits && r.commits->first) o.divergence = r.commits->first;
    std::error_code ec;
    if (o.pass) {
        if (!opt.keep_passing) fs::remove_all(dir, ec);
        return o;
    }
    o.signature = failure_signature(r);
    const bool seen = opt.shrunk_signatures != nullptr && opt.shrunk_signatures->count(o.signature) != 0;
    RandomKernel small = k;
    if (!seen) {
        small = shrink(k, failure_class(r), opt, opt.work_root / (k.name + "-shrink"), opt.shrink_budget);
        fs::remove_all(opt.work_root / (k.name + "-shrink"), ec);
        o.shrunk = opt.shrink_budget > 0;
        if (opt.shrunk_signatures != nullptr) opt.shrunk_signatures->insert(o.signature);
    }
    o.shrunk_instructions = small.instruction_count();
    // Save the minimal kernel with the RTL's memory as the expected result (no second run
    // when nothing was removed).
    const CosimResult rs =
        small.items.size() == k.items.size() ? r : run(small, opt, opt.work_root / (k.name + "-min"));
    o.saved = opt.save_dir / k.name;
    const loaders::KernelImage img = small.image();
    loaders::write_bundle(img, o.saved, {rs.rtl.memory}, rs.rtl.kernel_cycles,
                          "FlexGripPlus RTL under GHDL via fgtlm cosim (difftest seed " + std::to_string(seed) + ")");
    std::ofstream(o.saved / "kernel.sass") << small.sass();
    std::ofstream(o.saved / "cosim_report.txt") << format_report(rs) << "\nfirst run: " << o.summary << '\n';
    return o;
}

}  // namespace fgtlm::cosim
