// The RTL monitor's pipeline events (fgtlm_commit.raw, see vhdl/fgtlm_monitor.vhd) -> the
// project's commit-trace format (traces/commit-trace.md).
//
// FlexGripPlus sends each warp instruction through the pipeline once per pass of `cores`
// threads (32/cores passes; the pass number travels with the warp id). The write stage
// handles one pass at a time, so register-file writes belong to the pass that last left the
// execute stage, and thread = pass * cores + core. A warp instruction commits when its last
// pass leaves the write stage. Warp slots become block/warp by the block scheduler's batch
// order (a `B` event starts a batch); the disassembly comes from the fetched words.
#pragma once

#include <filesystem>

#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::cosim {

// Throws CosimError naming the file and line of a malformed record.
void normalize_rtl_commit_trace(const std::filesystem::path& raw, const std::filesystem::path& out,
                                const loaders::KernelImage& img);

}  // namespace fgtlm::cosim
