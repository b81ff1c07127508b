// The RTL monitor's raw commit records -> the project's commit-trace format.
//
// The monitor (vhdl/fgtlm_monitor.vhd) knows warp slots, not blocks, and has no
// disassembler, so it writes
//   B <cycle>                                   a batch of blocks starts (SMP configuration)
//   C <cycle> <slot> <pc> <mask> <lo> <hi> <kind> <num> <v0> ... <v31>
// (hex; kind N none, R register, L/H 16-bit half, A address register, P predicate register;
// v = 8 hex digits or '-' for an inactive lane). This turns slots into block/warp with the
// batch order of the block scheduler and adds the disassembly of the fetched words.
#pragma once

#include <filesystem>

#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::cosim {

// Throws CosimError naming the file and line of a malformed record.
void normalize_rtl_commit_trace(const std::filesystem::path& raw, const std::filesystem::path& out,
                                const loaders::KernelImage& img);

}  // namespace fgtlm::cosim
