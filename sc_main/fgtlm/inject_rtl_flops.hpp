// fgtlm inject --rtl-flops: flop-level fault injection on the Verilated FlexGripPlus
// (models/rtl flop_campaign.hpp), locally or as a Slurm job array of shards.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <fgtlm/faults/backends.hpp>
#include <fgtlm/faults/campaign.hpp>
#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::cli {

struct RtlFlopsOptions {
    std::vector<std::string> units;  // --unit (empty: every register of the SM)
    bool memories = false;           // --memories
    bool list_units = false;         // --list-units: print the fault space and stop
    std::uint64_t count = 1000, seed = 1, shard = 0, shards = 1;
    double hang_factor = 4, confidence = 0.99;
    std::uint32_t checkpoints = 64;
    std::string out, summary_json, plot;
    bool progress = false;
};

// Exit codes as fgtlm inject: 0 done, 1 campaign failure, 2 bad input (thrown as
// std::invalid_argument). Builds without the RTL model refuse with a message saying so.
int inject_rtl_flops(const loaders::KernelImage* image, const RtlFlopsOptions& o);  // image: none for --list-units

// Submits this process's own command line as a Slurm job array of shards (each with its shard
// options; fgtlm inject merges them as for a model campaign). Returns the job id.
std::string submit_rtl_flops_slurm(const faults::SlurmOptions& so);

// fgtlm inject --rtl-verilated: the campaign's register-file, shared-memory, pc and mask faults
// on the model and on the Verilated RTL (rtl/verilated_validation.hpp), classes compared; exit 0 only
// when all agree. Records to `out`, the summary JSON to `summary_json` (empty: none).
int validate_on_verilated_rtl(faults::Campaign& c, const std::string& out, const std::string& summary_json);

}  // namespace fgtlm::cli
