// Where a campaign's injections run.
//
// Local (the default): worker processes forked after the golden run, each injecting its share
// of the pending faults (sorted by time, dealt round robin) and streaming records back through
// a pipe; the parent appends them to the JSON Lines file as they arrive, so an interrupted
// campaign resumes from that file (its complete lines) with the same results.
//
// Slurm: the campaign description goes to a work folder and `sbatch` runs a job array of
// shards, each `fgtlm inject --campaign ... --shard K --shards N --out shard-K.jsonl` (shard K
// owns the injections id % N == K); `merge_records` gathers the shard files.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <fgtlm/faults/campaign.hpp>
#include <fgtlm/faults/summary.hpp>

namespace fgtlm::faults {

struct LocalOptions {
    std::string out;        // JSON Lines file (empty = keep the records in memory only)
    unsigned jobs = 1;      // worker processes (1 = in this process)
    bool progress = false;  // progress bar on stderr
    std::uint64_t shard = 0, shards = 1;
    bool keep_records = true;  // false: only the summary (a campaign of any size in bounded memory)
    // Runs injections (default: Campaign::run, the functional core); e.g. run_on_systemc.
    std::function<void(Campaign&, std::vector<std::uint64_t>, const std::function<void(const std::string&)>&)> runner;
};

struct LocalResult {
    std::vector<nlohmann::json> records;  // every record of the campaign (or shard), by id (keep_records)
    Summary summary;                      // of every record, resumed ones included
    std::uint64_t resumed = 0;            // records found in `out` before this run
    std::uint64_t injected = 0;           // records produced by this run
    double wall_seconds = 0.0;            // of this run's injections
};

LocalResult run_local(Campaign& campaign, const LocalOptions& opt);

// A JSON Lines file of a campaign: its header (first line) and records. A torn last line (an
// interrupted write) is dropped, and cut off the file when `repair`. Throws on any other
// malformed line, naming file and line.
struct RecordsFile {
    nlohmann::json header;
    std::vector<nlohmann::json> records;
};
// Every record is checked (record_problem against the header's injection count).
RecordsFile read_records(const std::filesystem::path& file, bool repair = false);
// The same, one line at a time (nothing kept): the header, then each record with its line.
void scan_records(const std::filesystem::path& file, bool repair, const std::function<void(nlohmann::json&)>& on_header,
                  const std::function<void(nlohmann::json&, std::size_t)>& on_record);

// Records of several files of one campaign (equal headers), sorted by id, duplicates removed.
// Throws when headers differ or an id has two different records.
RecordsFile merge_records(const std::vector<std::filesystem::path>& files);
void write_records(const std::filesystem::path& file, const RecordsFile& rf);

struct SlurmOptions {
    std::filesystem::path workdir;  // campaign.json, shards.sbatch, shard-K.jsonl, slurm-*.out
    unsigned shards = 4;
    bool wait = true;       // sbatch --wait
    std::string fgtlm;      // path of the fgtlm executable the shards run
    std::string partition;  // empty = the cluster's default
    std::vector<std::string> sbatch_args;
};
// Writes the work folder and submits the array; returns the job id. Throws when sbatch fails.
std::string submit_slurm(const Campaign& campaign, const SlurmOptions& opt);
// The same for any command line (already quoted for the shell) that runs one shard when given
// --shards N --shard K --out FILE --no-progress --summary-json FILE (fgtlm inject --rtl-flops).
std::string submit_slurm_command(const std::string& command, const SlurmOptions& opt);
// `s` single-quoted for a POSIX shell.
std::string shell_quoted(const std::string& s);
// The shard files of a Slurm work folder, in shard order.
std::vector<std::filesystem::path> shard_files(const std::filesystem::path& workdir, unsigned shards);

}  // namespace fgtlm::faults
