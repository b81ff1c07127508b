// Every latency, width and throughput of the timing model, as named parameters.
//
// declare_timing_params() registers them (with the FlexGripPlus values as defaults) in a
// params::Registry; TimingParams::from() reads the final values once, so the model's hot
// path only touches this plain struct. The defaults are the calibrated FlexGripPlus 4.4
// values (see models/timing/README.md for what each one stands for in the RTL).
#pragma once

#include <cstdint>

namespace fgtlm::params { class Registry; }

namespace fgtlm::timing {

struct TimingParams {
    // Machine shape.
    std::uint32_t num_sms = 1;           // gpu.num_sms
    std::uint32_t sp_lanes = 8;          // sm.sp_lanes: SP lanes per SM (8, 16, 32)
    std::uint32_t sfu_units = 2;         // sm.sfu_units: special-function units per SM
    std::uint32_t warp_size = 32;        // sm.warp_size

    // Pipeline stages (cycles per warp instruction; "per pass" terms are multiplied by
    // 32 / sp_lanes).
    std::uint32_t fetch_cycles = 7;      // sm.fetch_cycles: instruction memory read
    std::uint32_t decode_cycles = 3;     // sm.decode_cycles
    std::uint32_t read_base_cycles = 5;  // sm.read_base_cycles: read-stage setup
    std::uint32_t read_cycles_per_pass =
        3;  // sm.read_cycles_per_pass: operand collection of one pass (any instruction)
    std::uint32_t read_reg_cycles_per_pass = 6;  // sm.read_reg_cycles_per_pass: one GPR operand, one pass
    std::uint32_t read_shared_cycles_per_pass =
        5;  // sm.read_shared_cycles_per_pass: one g[] operand beyond the pass budget, one pass
    std::uint32_t read_const_cycles = 1; // sm.read_const_cycles: one c[] operand (broadcast)
    std::uint32_t exec_base_cycles = 3;  // sm.exec_base_cycles
    std::uint32_t sp_cycles_per_pass = 3;    // sm.sp_cycles_per_pass: integer/logic ALU
    std::uint32_t fpu_cycles_per_pass = 2;   // sm.fpu_cycles_per_pass: FADD/FMUL/FMAD throughput
    std::uint32_t fpu_latency = 21;           // sm.fpu_latency: pipeline depth of the FPU
    std::uint32_t sfu_cycles_per_thread = 0; // sm.sfu_cycles_per_thread: one SFU op for one thread (per SFU unit)
    std::uint32_t sfu_latency = 52;           // sm.sfu_latency: SFU pipeline depth
    std::uint32_t branch_cycles = 0;         // sm.branch_cycles: BRA/CAL/RET/SSY/NOP resolution
    std::uint32_t diverge_push_cycles = 0;   // sm.diverge_push_cycles: divergence-stack push
    std::uint32_t reconverge_pop_cycles = 15; // sm.reconverge_pop_cycles: divergence-stack pop at a join (.S)
    std::uint32_t return_pop_cycles = 0;     // sm.return_pop_cycles: call-stack pop of a RET from a CAL
    std::uint32_t barrier_cycles = 12;        // sm.barrier_cycles: BAR bookkeeping
    std::uint32_t write_base_cycles = 0;     // sm.write_base_cycles
    std::uint32_t write_cycles_per_pass = 2; // sm.write_cycles_per_pass: write stage, one pass (any instruction)
    std::uint32_t write_reg_cycles_per_pass =
        2;  // sm.write_reg_cycles_per_pass: extra per pass when a GPR/predicate is written
    std::uint32_t shared_conflict_cycles_per_way =
        0;  // sm.shared_conflict_cycles_per_way: each extra bank-conflict way, per pass and shared access
    std::uint32_t shared_write_cycles_per_pass =
        7;  // sm.shared_write_cycles_per_pass: store to g[] beyond the pass budget, one pass
    std::uint32_t read_const_cycles_per_pass = 5;  // sm.read_const_cycles_per_pass: one c[] operand, one pass
    std::uint32_t sfu_pass_overlap_cycles =
        7;                                // sm.sfu_pass_overlap_cycles: per pass of lane work the SFU latency hides
    std::uint32_t read_guard_cycles = 2;  // sm.read_guard_cycles: guard predicate read of a full 64-bit instruction
                                          // (not IMM/short/unconditional flow)
    std::uint32_t read_guard_cycles_per_pass = 0;  // sm.read_guard_cycles_per_pass: the same, per pass of lanes
    std::uint32_t fpu_arith_cycles_per_pass =
        8;  // sm.fpu_arith_cycles_per_pass: FADD/FMUL/FMAD/FMIN/FMAX beyond the FPU pass, one pass
    std::uint32_t load_cycles_per_pass = 7;    // sm.load_cycles_per_pass: MOV Rd, g[...] and MVC (load path), one pass
    std::uint32_t shared_thread_cycles =
        7;  // sm.shared_thread_cycles: per thread of a shared store or an address-register-indexed shared read
    std::uint32_t warp_switch_overlap_cycles =
        17;  // sm.warp_switch_overlap_cycles: an instruction of another warp may enter the pipeline this early
    bool warp_waits_for_writeback = true;    // sm.warp_waits_for_writeback: no two instructions of a warp in flight
    bool pipeline_overlap = false;  // sm.pipeline_overlap: instructions of different warps overlap in the stages

    // Memory system.
    std::uint32_t global_latency_cycles = 13;       // mem.global_latency_cycles: one access, request to data
    std::uint32_t global_cycles_per_access =
        3;  // mem.global_cycles_per_access: controller occupancy per access (bandwidth)
    std::uint32_t global_issue_cycles = 2;          // mem.global_issue_cycles: address generation per warp instruction
    std::uint32_t global_cycles_per_byte =
        1;  // mem.global_cycles_per_byte: controller occupancy per byte of one access
    std::uint32_t global_load_cycles_per_pass =
        5;  // mem.global_load_cycles_per_pass: a global load's data written back, one pass
    std::uint32_t global_inactive_thread_cycles =
        2;  // mem.global_inactive_thread_cycles: per inactive thread of the warp on a global load/store
    bool global_per_thread = true;  // mem.global_per_thread: one access per active thread (no coalescing)
    std::uint32_t constant_latency_cycles = 0;      // mem.constant_latency_cycles: MVC

    // Block scheduling and kernel launch.
    std::uint32_t kernel_launch_cycles = 0;    // gpu.kernel_launch_cycles: start to first block dispatch
    std::uint32_t kernel_done_cycles = 7;       // gpu.kernel_done_cycles: last block done to kernel done
    // The SM controller's launch of a batch of blocks (RTL streaming_multiprocessor_cntlr.vhd and
    // warp_generator.vhd): per block the shared header, per parameter word its copy, per thread
    // its R0 (thread ID) write, per warp its warp-pool entry; every warp starts after the batch.
    std::uint32_t batch_launch_cycles =
        28;  // sm.batch_launch_cycles: block scheduler + SM controller handshakes per batch
    std::uint32_t block_launch_cycles = 16;    // sm.block_launch_cycles: block ID + shared header per block
    std::uint32_t launch_param_cycles = 6;  // sm.launch_param_cycles: one parameter word into shared memory, per block
    std::uint32_t launch_thread_cycles = 3;    // sm.launch_thread_cycles: thread ID into R0, per thread
    std::uint32_t launch_warp_cycles = 3;      // sm.launch_warp_cycles: warp generator, per warp

    [[nodiscard]] std::uint32_t passes() const {
        return (warp_size + sp_lanes - 1) / sp_lanes;
    }
    // Reads the values of a registry on which declare_timing_params() was called.
    static TimingParams from(const params::Registry& registry);
};

// Registers all timing parameters with TimingParams{}'s values as defaults.
void declare_timing_params(params::Registry& registry);

}  // namespace fgtlm::timing
