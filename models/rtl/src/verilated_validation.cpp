#include <fgtlm/rtl/verilated_validation.hpp>

#include <cmath>
#include <optional>
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
// The GHDL injector (models/cosim/vhdl/fault_probes.vhd) sees the fetch -> decode handshake of
// warp w's k-th instruction (pipeline_fetch_done with warp_id_out = w and warp_lane_id_out = 0)
// in the clock after the fetch stage registered it, and dp_regfile acts on its request in the
// clock after that: the cell changes with the second edge after the handshake's.
constexpr std::string_view kFetch = "ustreamingmultiprocessor.upipelinefetch.";
constexpr std::uint64_t kHandshakeToCell = 2;
// The execute stage hands the write stage one pass (8 lanes) at a time (pipeline_execute_done,
// warp_id_out, warp_lane_id_out = the pass), one per instruction and pass, the results in
// temp_vector_register_out: cores x 6 temporary registers x 4 words of 32 bits, the destination
// being register 0, word 0 (gpgpu_package.vhd's TEMP_REG_DEST).
constexpr std::string_view kExecute = "ustreamingmultiprocessor.upipelineexecute.";
constexpr std::uint32_t kPasses = 4, kCores = 8, kTempRegBits = 6 * 4 * 32;
// stack.vhd as the SM instantiates it: 32 entries of 66 bits, the mask from bit 34.
constexpr std::uint32_t kStackDepth = 32, kStackEntryBits = 66, kStackMaskLsb = 34;

bool is_unit_result(faults::Structure s) {
    return s == faults::Structure::SpResult || s == faults::Structure::FpuResult || s == faults::Structure::SfuResult;
}

// The dp_regfile memory of register file `file` (faults::RtlSite: 0 general, 1 address,
// 2 predicate, 3 shared) of SP core `core`; the netlist numbers generate index i as n(i+1).
std::string regfile_path(std::uint32_t file, std::uint32_t core) {
    static constexpr std::string_view kFiles[] = {"gregisterfile_n{}_uregisterfile",
                                                  "gaddressregisters_n{}_uaddressregisters",
                                                  "gpredicateregisters_n{}_upredicateregisters"};
    if (file == 3) return "ustreamingmultiprocessor.usharedmemory.mem";
    return "ustreamingmultiprocessor." + fmt::format(fmt::runtime(kFiles[file]), core + 1) + ".dp_regfile_inst.mem";
}

// The Verilated GPU with one kernel: its golden run, then one injection per call.
class VerilatedInjector {
public:
    VerilatedInjector(const loaders::KernelImage& img, double hang_factor)
        : kernel_{img.name, img.program, img.global_init, img.launch},
          generator_(writer(kGenerator)),
          checker_(writer(kChecker)),
          fetch_{storage_index(std::string(kFetch) + "pipeline_fetch_done"),
                 storage_index(std::string(kFetch) + "warp_id_out"),
                 storage_index(std::string(kFetch) + "warp_lane_id_out")},
          execute_{storage_index(std::string(kExecute) + "pipeline_execute_done"),
                   storage_index(std::string(kExecute) + "warp_id_out"),
                   storage_index(std::string(kExecute) + "warp_lane_id_out")},
          campaign_(kernel_, spec(hang_factor)) {
        if (img.cores != RtlBackend::verilated_cores())
            throw std::invalid_argument(fmt::format("{} needs {} cores; the Verilated RTL has {}", img.name, img.cores,
                                                    RtlBackend::verilated_cores()));
        record_requests();
    }

    // Flips bit `lsb + bit` of the request that writes warp `warp`'s pool word after its
    // k-th write-back (k = 0: the generator's), from the golden snapshot before it; the class.
    std::string pool(std::uint32_t warp, std::uint32_t k, std::uint32_t lsb, std::uint32_t bit, nlohmann::json& out) {
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
        return run_at(inj, out);
    }

    // A register-file or shared-memory site (faults::rtl_site) acted on as the GHDL injector
    // does: flipped, or held from then on (mode 1/2), with the second edge after the warp's
    // k-th fetch handshake.
    std::string cell(const faults::RtlSite& s, nlohmann::json& out) {
        const std::optional<std::uint64_t> cycle = after_fetch(s, kHandshakeToCell, out);
        if (!cycle) return "Masked";
        FlopInjection inj;
        inj.storage = storage_index(regfile_path(s.file, s.core));
        inj.word = s.address;
        inj.bit = s.bit;
        inj.stuck = s.mode == 0 ? -1 : int(s.mode) - 1;
        inj.cycle = *cycle;
        return run_at(inj, out);
    }

    // Divergence-stack entry `entry` (0 = the first pushed) of warp w, field 0 (PC) or 1 (mask),
    // at the register files' time. The RTL pushes from stack_mem(31) down; an entry is
    // mask(65:34) & token(33:32) & PC(31:0).
    std::string stack(const faults::RtlSite& s, std::uint32_t entry, std::uint32_t field, nlohmann::json& out) {
        const std::optional<std::uint64_t> cycle = after_fetch(s, kHandshakeToCell, out);
        if (!cycle) return "Masked";
        FlopInjection inj;
        inj.storage = storage_index(fmt::format(
            "ustreamingmultiprocessor.gwarpdivergencestack_n{}_uwarpdivergencestack.stack_mem", s.warp + 1));
        inj.bit = (kStackDepth - 1 - entry) * kStackEntryBits + (field == 0 ? 0u : kStackMaskLsb) + s.bit;
        inj.cycle = *cycle;
        out["stack_bit"] = inj.bit;
        return run_at(inj, out);
    }

    // The fetched instruction word of warp w's k-th instruction: flipped in the fetch stage's
    // output register as the decode stage is handed pass 0, and in its instruction_i, from which
    // the stage hands the same word for the other passes.
    std::string instruction(const faults::RtlSite& s, nlohmann::json& out) {
        const std::optional<std::uint64_t> cycle = after_fetch(s, 0, out);
        if (!cycle) return "Masked";
        FlopInjection inj;
        inj.storage = storage_index(std::string(kFetch) + "instruction_out");
        inj.twin = storage_index(std::string(kFetch) + "instruction_i");
        inj.bit = s.bit;
        inj.cycle = *cycle;
        return run_at(inj, out);
    }

    // The result of warp w's k-th instruction for lane `lane`, bit `bit`, as the execute stage
    // hands it to the write stage (its pass's handshake).
    std::string result(const faults::RtlSite& s, std::uint32_t lane, nlohmann::json& out) {
        const std::vector<std::uint64_t>& at = executes_[s.warp * kPasses + lane / kCores];
        if (!s.reached || s.k >= at.size()) {
            out["unreached"] = true;
            return "Masked";
        }
        FlopInjection inj;
        inj.storage = storage_index(std::string(kExecute) + "temp_vector_register_out");
        inj.bit = (lane % kCores) * kTempRegBits + s.bit;
        inj.cycle = at[s.k];
        return run_at(inj, out);
    }

private:
    // The kernel cycle `delay` after warp s.warp's s.k-th fetch handshake in the golden run, or
    // nullopt (and "unreached" in `out`: no fault, the golden run) when the warp ends first.
    std::optional<std::uint64_t> after_fetch(const faults::RtlSite& s, std::uint64_t delay, nlohmann::json& out) const {
        const std::vector<std::uint64_t>& at = fetches_[s.warp];
        if (s.reached && s.k < at.size() && at[s.k] + delay < campaign_.golden_cycles()) return at[s.k] + delay;
        out["unreached"] = true;
        return std::nullopt;
    }

    std::string run_at(FlopInjection inj, nlohmann::json& out) {
        inj = campaign_.run_at(inj);
        out["cycle"] = inj.cycle;
        out["kernel_cycles"] = inj.kernel_cycles;
        out["converged"] = inj.converged;
        return inj.cls;
    }

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
    // generator's registers (its first word) and in the checker's (one per write-back, in order),
    // and those of its fetch handshakes (pass 0).
    void record_requests() {
        RtlBackend gpu;
        load_kernel(gpu, kernel_);
        gpu.start();
        first_.assign(32, {});
        write_backs_.assign(32, {});
        fetches_.assign(32, {});
        executes_.assign(32 * kPasses, {});
        while (!gpu.step()) {
            if (gpu.peek(execute_.done, 0, 0, 1) != 0)
                executes_[gpu.peek(execute_.warp, 0, 0, 5) * kPasses + gpu.peek(execute_.lane, 0, 0, 2)].push_back(
                    gpu.kernel_cycles());
            if (gpu.peek(fetch_.done, 0, 0, 1) != 0 && gpu.peek(fetch_.lane, 0, 0, 2) == 0)
                fetches_[gpu.peek(fetch_.warp, 0, 0, 5)].push_back(gpu.kernel_cycles());
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
    struct Handshake {
        std::size_t done, warp, lane;
    };
    Handshake fetch_;    // the fetch stage's output registers
    Handshake execute_;  // the execute stage's
    FlopCampaign campaign_;
    std::vector<std::vector<std::uint64_t>> first_, write_backs_, fetches_;  // per warp slot
    std::vector<std::vector<std::uint64_t>> executes_;                       // per warp slot and pass
};

}  // namespace

bool verilated_injectable(faults::Structure s, faults::FaultModel m) {
    if (s == faults::Structure::Pc || s == faults::Structure::Mask || s == faults::Structure::Stack ||
        s == faults::Structure::Inst || is_unit_result(s))
        return m == faults::FaultModel::Flip;
    return faults::rtl_injectable(s);
}

namespace {

// One injection on the RTL: its class and site (into `site`), or nullopt when the model's
// site has no RTL storage. `activated`: the model's record says the fault changed something.
std::optional<std::string> rtl_class(VerilatedInjector& rtl, faults::Campaign& c, const faults::Fault& f,
                                     bool activated, nlohmann::json& site) {
    if (f.structure == faults::Structure::Pc || f.structure == faults::Structure::Mask) {
        const faults::RtlSite s = faults::warp_time(c, f.a, f.time);
        site = {{"warp", s.warp}, {"k", s.k}};
        if (!s.reached) return "Masked";
        return rtl.pool(s.warp, s.k, f.structure == faults::Structure::Pc ? kPcLsb : kMaskLsb, f.bit, site);
    }
    if (f.structure == faults::Structure::Stack) {
        faults::RtlSite s = faults::warp_time(c, f.a, f.time);
        s.bit = f.bit;
        site = {{"warp", s.warp}, {"k", s.k}, {"entry", f.b}, {"field", f.c == 0 ? "pc" : "mask"}, {"bit", f.bit}};
        if (f.b >= kStackDepth) return std::nullopt;
        return rtl.stack(s, f.b, f.c, site);
    }
    if (is_unit_result(f.structure)) {
        faults::RtlSite s = faults::issue_time(c, f.time);
        s.bit = f.bit;
        site = {{"warp", s.warp}, {"k", s.k}, {"lane", f.a}, {"bit", f.bit}};
        if (!activated) {  // the model's unit is idle then (or the lane inactive): no fault on either side
            site["idle"] = true;
            return "Masked";
        }
        return rtl.result(s, f.a, site);
    }
    if (f.structure == faults::Structure::Inst) {
        faults::RtlSite s = faults::issue_time(c, f.time);
        s.bit = f.bit;
        site = {{"warp", s.warp}, {"k", s.k}, {"bit", f.bit}};
        return rtl.instruction(s, site);
    }
    const faults::RtlSite s = faults::rtl_site(c, f);
    site = {{"warp", s.warp},       {"k", s.k},     {"file", s.file}, {"core", s.core},
            {"address", s.address}, {"bit", s.bit}, {"mode", s.mode}};
    if (!s.stored) return std::nullopt;
    return rtl.cell(s, site);
}

}  // namespace

faults::RtlValidationSummary validate_on_verilated(faults::Campaign& c, const std::vector<std::uint64_t>& ids,
                                                   const std::function<void(const nlohmann::json&)>& sink,
                                                   std::ostream* log) {
    for (const std::uint64_t id : ids)
        if (const faults::Fault f = c.fault(id); !verilated_injectable(f.structure, f.model))
            throw std::invalid_argument(
                fmt::format("--rtl-verilated validates gpr, areg, pred and shared faults and pc, mask, stack, inst, "
                            "sp, fpu and sfu flips, not {} {}",
                            faults::to_string(f.structure), faults::to_string(f.model)));
    VerilatedInjector rtl(c.image(), c.spec().hang_factor);
    faults::RtlValidationSummary sum;
    std::vector<nlohmann::json> model;
    c.run(ids, [&](const std::string& line) { model.push_back(nlohmann::json::parse(line)); });
    for (nlohmann::json rec : model) {
        const faults::Fault f = c.fault(rec.at("id"));
        const std::string mc = rec.at("class"), key = faults::structure_key(f);
        nlohmann::json site;
        const std::optional<std::string> rc = rtl_class(rtl, c, f, rec.value("activated", true), site);
        site["class"] = rc ? nlohmann::json(*rc) : nlohmann::json(nullptr);
        rec["rtl"] = site;
        if (!rc) {  // no RTL storage (A4-A7): reported, not counted in the agreement
            rec["rtl"]["not_stored"] = true;
            faults::count_not_stored(sum, key);
        } else {
            rec["agree"] = *rc == mc;
            faults::count_agreement(sum, key, mc, *rc);
        }
        if (log != nullptr)
            *log << fmt::format("[{}/{}] id {} {} model {} rtl {}{}\n", sum.injections + sum.not_stored, model.size(),
                                rec.at("id").get<std::uint64_t>(), key, mc, rc.value_or("(no storage)"),
                                !rc || *rc == mc ? "" : "  (DISAGREE)");
        sink(rec);
    }
    return sum;
}

}  // namespace fgtlm::rtl
