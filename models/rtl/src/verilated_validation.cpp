#include <fgtlm/rtl/verilated_validation.hpp>

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include <fgtlm/rtl/flop_campaign.hpp>

namespace fgtlm::rtl {

namespace {

// The warp pool is written from registered requests: the warp generator's (a warp's first
// word) and the warp checker's (the write-back of each instruction). The scheduler may read a
// word in the very clock it is written (dp_regfile passes the written data through), so the
// flip goes into the request's data register, one clock before the write: the stored word and
// any read of it carry the flipped bit, as a flip of the stored word just written would.
constexpr std::string_view kGenerator = "ustreamingmultiprocessor.uwarpunit.uwarpgenerator.";
constexpr std::string_view kChecker = "ustreamingmultiprocessor.uwarpunit.uwarpchecker.";
constexpr std::uint32_t kPcLsb = 64, kMaskLsb = 0;  // warp_checker.vhd's warp_pool_wr_data_out
constexpr std::uint64_t kWriteBackCycles = 64;      // commit -> warp-pool write: a few cycles

// The Verilated GPU with one kernel: its golden run, then one injection per call.
class PoolInjector {
public:
    PoolInjector(const loaders::KernelImage& img, double hang_factor)
        : kernel_{img.name, img.program, img.global_init, img.launch},
          generator_(writer(kGenerator)),
          checker_(writer(kChecker)),
          campaign_(kernel_, spec(hang_factor)) {
        if (img.cores != RtlBackend::verilated_cores())
            throw std::invalid_argument(fmt::format("{} needs {} cores; the Verilated RTL has {}", img.name, img.cores,
                                                    RtlBackend::verilated_cores()));
        record_requests();
    }

    // Flips bit `lsb + bit` of the request that writes warp `warp`'s pool word after its
    // k-th write-back (k = 0: the generator's), from the golden snapshot before it; the class.
    std::string run(std::uint32_t warp, std::uint32_t k, std::uint32_t lsb, std::uint32_t bit, nlohmann::json& out) {
        const std::vector<std::uint64_t>& at = k == 0 ? first_[warp] : write_backs_[warp];
        const std::size_t n = k == 0 ? 0 : k - 1;
        if (n >= at.size()) {
            out["unreached"] = true;  // the RTL warp ended first: no fault, the golden run
            return "Masked";
        }
        FlopInjection inj;
        inj.storage = k == 0 ? generator_.data : checker_.data;
        inj.bit = lsb + bit;
        inj.cycle = at[n];
        inj = campaign_.run_at(inj);
        out["cycle"] = inj.cycle;
        out["kernel_cycles"] = inj.kernel_cycles;
        out["converged"] = inj.converged;
        return inj.cls;
    }

private:
    // The registers of a warp-pool write request.
    struct Writer {
        std::size_t enable, address, data;
    };
    static Writer writer(std::string_view unit) {
        const std::string u(unit);
        return {storage_index(u + "warp_pool_wr_en_out"), storage_index(u + "warp_pool_addr_out"),
                storage_index(u + "warp_pool_wr_data_out")};
    }
    static FlopCampaignSpec spec(double hang_factor) {
        FlopCampaignSpec s;
        s.units = {"warp_checker"};  // any; the campaign only serves run_at
        s.count = 1;
        s.hang_factor = hang_factor;
        s.checkpoints = 256;
        return s;
    }

    // A golden run noting, per warp, the cycles at which a pool write request for it is in the
    // generator's registers (its first word) and in the checker's (one per write-back, in order).
    void record_requests() {
        RtlBackend gpu;
        load_kernel(gpu, kernel_);
        gpu.start();
        first_.assign(32, {});
        write_backs_.assign(32, {});
        while (!gpu.step()) {
            if (gpu.peek(generator_.enable, 0, 0, 1) != 0) {
                auto& f = first_[gpu.peek(generator_.address, 0, 0, 5)];
                if (f.empty()) f.push_back(gpu.kernel_cycles());
            }
            if (gpu.peek(checker_.enable, 0, 0, 1) != 0)
                write_backs_[gpu.peek(checker_.address, 0, 0, 5)].push_back(gpu.kernel_cycles());
        }
        if (gpu.kernel_cycles() != campaign_.golden_cycles())
            throw std::logic_error("RTL: the golden runs differ in length");
    }

    FlopCampaignKernel kernel_;
    Writer generator_, checker_;
    FlopCampaign campaign_;
    std::vector<std::vector<std::uint64_t>> first_, write_backs_;  // per warp slot
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
