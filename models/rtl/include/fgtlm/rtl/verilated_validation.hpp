// Validation of the model's fault classes against the Verilated FlexGripPlus, injection by
// injection (much faster than the GHDL injector, faults/rtl_validation.hpp, and reaching state
// it cannot):
// - gpr, areg, pred, shared (flip, stuck-at-0/1): the cell faults::rtl_site names, acted on at
//   the GHDL injector's time (the second edge after warp w's k-th fetch handshake); a stuck bit
//   is forced again after every clock.
// - pc, mask (flip): a flip of warp w's PC or active mask before the model's dynamic instruction
//   t is a flip of the same bit of warp w's warp-pool word (uwarppoolmemory: current mask bits
//   31:0, PC 95:64) as it is written after warp w's k-th instruction, k being warp w's
//   instructions among the model's first t (the warp generator's first word when k = 0). The
//   flip goes into the write request's data register one clock before the write, so the stored
//   word and a read of it in the same clock carry it; the warp fetches its next instruction only
//   after that write, so the flip lands before the same instruction of the same warp whatever
//   the interleaving.
// - stack, inst, sp/fpu/sfu (flip): a divergence-stack entry (stack_mem), the fetched word
//   (the fetch stage's instruction_out and instruction_i) and a lane's result as the execute
//   stage hands its pass to the write stage (temp_vector_register_out).
// Classes: Masked/SDC by the whole global memory, Hang past hang_factor times the golden cycles
// (the RTL has no DUE).
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <vector>

#include <nlohmann/json.hpp>

#include <fgtlm/faults/campaign.hpp>
#include <fgtlm/faults/rtl_validation.hpp>

namespace fgtlm::rtl {

// gpr, areg, pred and shared (flips and stuck-ats, at the GHDL injector's site and time:
// faults::rtl_site), and pc and mask flips.
bool verilated_injectable(faults::Structure s, faults::FaultModel m);

// Runs the injections `ids` on the model and on the Verilated RTL (8 SP cores); each record is
// the model's plus "rtl": {class, site, cycle, kernel_cycles} and "agree". Throws
// std::invalid_argument for another structure, fault model or core count, before anything runs.
faults::RtlValidationSummary validate_on_verilated(faults::Campaign& c, const std::vector<std::uint64_t>& ids,
                                                   const std::function<void(const nlohmann::json&)>& sink,
                                                   std::ostream* log);

}  // namespace fgtlm::rtl
