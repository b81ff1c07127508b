#include <fgtlm/rtl/verilated_validation.hpp>

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include <fgtlm/rtl/flop_campaign.hpp>

namespace fgtlm::rtl {

namespace {

constexpr std::string_view kPool = "ustreamingmultiprocessor.uwarpunit.uwarppoolmemory.mem";
constexpr std::uint32_t kPcLsb = 64, kMaskLsb = 0;  // warp_checker.vhd's warp_pool_wr_data_out
constexpr std::uint64_t kWriteBackCycles = 64;      // commit -> warp-pool write: a few cycles

// The Verilated GPU with one kernel: its golden run, then one injection per call.
class PoolInjector {
public:
    PoolInjector(const loaders::KernelImage& img, double hang_factor)
        : kernel_{img.name, img.program, img.global_init, img.launch}, pool_(storage_index(kPool)) {
        if (img.cores != RtlBackend::verilated_cores())
            throw std::invalid_argument(fmt::format("{} needs {} cores; the Verilated RTL has {}", img.name, img.cores,
                                                    RtlBackend::verilated_cores()));
        load_kernel(gpu_, kernel_);
        gpu_.start();
        while (!gpu_.step())
            if (gpu_.kernel_cycles() > 100'000'000) throw std::invalid_argument(img.name + ": RTL golden run endless");
        golden_cycles_ = gpu_.kernel_cycles();
        golden_.resize(kGlobalBytes);
        gpu_.read_global(0, golden_);
        limit_ = std::uint64_t(std::ceil(hang_factor * double(golden_cycles_)));
        memory_.resize(kGlobalBytes);
    }

    // Flips pool bit `lsb + bit` of warp `warp` after its k-th write-back; the RTL class.
    std::string run(std::uint32_t warp, std::uint32_t k, std::uint32_t lsb, std::uint32_t bit, nlohmann::json& out) {
        load_kernel(gpu_, kernel_);
        gpu_.start();
        if (!reach(warp, k)) {
            out["unreached"] = true;  // the RTL warp ended first: no fault, the golden run
            return "Masked";
        }
        out["cycle"] = gpu_.kernel_cycles();
        gpu_.flip(pool_, warp, lsb + bit);
        while (!gpu_.step())
            if (gpu_.kernel_cycles() >= limit_) return "Hang";
        out["kernel_cycles"] = gpu_.kernel_cycles();
        gpu_.read_global(0, memory_);
        return memory_ == golden_ ? "Masked" : "SDC";
    }

private:
    // Runs until warp `warp`'s pool word holds what its k-th write-back wrote (k = 0: the warp
    // generator's first word). False when the kernel or the warp ends first.
    bool reach(std::uint32_t warp, std::uint32_t k) {
        const std::uint32_t last_pass = 32 / RtlBackend::verilated_cores() - 1;
        std::uint32_t seen = 0;
        std::uint64_t next_pc = 0;
        while (seen < k) {
            if (gpu_.step()) return false;
            const RtlCommit& c = gpu_.last_commit();
            if (gpu_.committed() && c.warp == warp && c.lane_pass == last_pass) {
                if (c.warp_state == 3) return false;  // FINISHED: nothing of this warp runs any more
                ++seen;
                next_pc = c.next_pc;
            }
        }
        // k = 0: the warp generator writes the word after the block is scheduled (hundreds of
        // cycles into the launch); the warp is fetched only once it is written.
        const std::uint64_t wait = k == 0 ? golden_cycles_ : kWriteBackCycles;
        for (std::uint64_t n = 0; n < wait; ++n) {
            const bool written =
                k == 0 ? gpu_.peek(pool_, warp, kMaskLsb, 32) != 0 : gpu_.peek(pool_, warp, kPcLsb, 32) == next_pc;
            if (written) return true;
            if (gpu_.step()) return false;
        }
        throw std::logic_error(
            fmt::format("RTL warp {}: its warp-pool word was not written {} cycles after its "
                        "write-back {}",
                        warp, wait, k));
    }

    FlopCampaignKernel kernel_;
    RtlBackend gpu_;
    std::size_t pool_;
    std::uint64_t golden_cycles_ = 0, limit_ = 0;
    std::vector<std::uint8_t> golden_, memory_;
};

}  // namespace

bool verilated_injectable(faults::Structure s) { return s == faults::Structure::Pc || s == faults::Structure::Mask; }

faults::RtlValidationSummary validate_on_verilated(faults::Campaign& c, const std::vector<std::uint64_t>& ids,
                                                   const std::function<void(const nlohmann::json&)>& sink,
                                                   std::ostream* log) {
    for (const std::uint64_t id : ids)
        if (const faults::Fault f = c.fault(id);
            !verilated_injectable(f.structure) || f.model != faults::FaultModel::Flip)
            throw std::invalid_argument(fmt::format("--rtl-verilated validates pc and mask flips, not {} {}",
                                                    faults::to_string(f.structure), faults::to_string(f.model)));
    PoolInjector rtl(c.image(), c.spec().hang_factor);
    faults::RtlValidationSummary sum;
    std::vector<nlohmann::json> model;
    c.run(ids, [&](const std::string& line) { model.push_back(nlohmann::json::parse(line)); });
    for (nlohmann::json rec : model) {
        const faults::Fault f = c.fault(rec.at("id"));
        const faults::RtlSite s = faults::warp_time(c, f.a, f.time);
        const std::string mc = rec.at("class");
        nlohmann::json site = {{"warp", s.warp}, {"k", s.k}};
        std::string rc = "Masked";
        if (s.reached) rc = rtl.run(s.warp, s.k, f.structure == faults::Structure::Pc ? kPcLsb : kMaskLsb, f.bit, site);
        site["class"] = rc;
        rec["rtl"] = site;
        rec["agree"] = rc == mc;
        faults::count_agreement(sum, std::string(faults::to_string(f.structure)), mc, rc);
        if (log != nullptr)
            *log << fmt::format("[{}/{}] id {} {} model {} rtl {}{}\n", sum.injections, model.size(),
                                rec.at("id").get<std::uint64_t>(), faults::to_string(f.structure), mc, rc,
                                rc == mc ? "" : "  (DISAGREE)");
        sink(rec);
    }
    return sum;
}

}  // namespace fgtlm::rtl
