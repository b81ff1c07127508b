#include <fgtlm/timing/timing_params.hpp>

#include <fgtlm/params/registry.hpp>

#include <variant>

namespace fgtlm::timing {
namespace {

// One table drives both declaration and read-back, so a parameter cannot be declared
// without being used (or the reverse).
struct Entry {
    const char* name;
    std::variant<std::uint32_t TimingParams::*, bool TimingParams::*> member;
    const char* unit;
    std::int64_t min;
    std::int64_t max;
    const char* description;
};

using P = TimingParams;
constexpr std::int64_t kBig = 1'000'000;

const Entry kEntries[] = {
    {"gpu.num_sms", &P::num_sms, "SMs", 1, 64, "streaming multiprocessors sharing the global-memory path"},
    {"sm.sp_lanes", &P::sp_lanes, "lanes", 1, 32,
     "SP lanes per SM (8, 16, 32): a warp instruction takes 32/lanes passes"},
    {"sm.sfu_units", &P::sfu_units, "units", 1, 32, "special-function units per SM"},
    {"sm.warp_size", &P::warp_size, "threads", 32, 32, "threads per warp (fixed by SM_1.0)"},
    {"sm.fetch_cycles", &P::fetch_cycles, "cycles", 0, kBig,
     "fetch stage: instruction memory read per warp instruction"},
    {"sm.decode_cycles", &P::decode_cycles, "cycles", 0, kBig, "decode stage per warp instruction"},
    {"sm.read_base_cycles", &P::read_base_cycles, "cycles", 0, kBig, "read stage setup per warp instruction"},
    {"sm.read_cycles_per_pass", &P::read_cycles_per_pass, "cycles", 0, kBig,
     "read stage: operand collection of one pass of sp_lanes threads, any instruction"},
    {"sm.read_reg_cycles_per_pass", &P::read_reg_cycles_per_pass, "cycles", 0, kBig,
     "read stage: one GPR source operand for one pass of sp_lanes threads"},
    {"sm.read_shared_cycles_per_pass", &P::read_shared_cycles_per_pass, "cycles", 0, kBig,
     "read stage: one shared-memory source operand beyond the pass budget, one pass"},
    {"sm.read_const_cycles", &P::read_const_cycles, "cycles", 0, kBig,
     "read stage: one constant-memory source operand (broadcast to the warp)"},
    {"sm.exec_base_cycles", &P::exec_base_cycles, "cycles", 0, kBig, "execute stage setup per warp instruction"},
    {"sm.sp_cycles_per_pass", &P::sp_cycles_per_pass, "cycles", 0, kBig,
     "SP operation, one pass (also address generation of memory and predicate evaluation of control-flow "
     "instructions)"},
    {"sm.fpu_cycles_per_pass", &P::fpu_cycles_per_pass, "cycles", 0, kBig,
     "floating-point operation issue interval, one pass"},
    {"sm.fpu_latency", &P::fpu_latency, "cycles", 0, kBig,
     "floating-point pipeline depth (paid once per warp instruction)"},
    {"sm.sfu_cycles_per_thread", &P::sfu_cycles_per_thread, "cycles", 0, kBig,
     "one SFU operation (RCP, RSQ, LG2, EX2, SIN, COS) for one thread on one SFU"},
    {"sm.sfu_latency", &P::sfu_latency, "cycles", 0, kBig, "SFU pipeline depth (paid once per warp instruction)"},
    {"sm.branch_cycles", &P::branch_cycles, "cycles", 0, kBig,
     "control-flow instruction resolution in the execute stage"},
    {"sm.diverge_push_cycles", &P::diverge_push_cycles, "cycles", 0, kBig,
     "divergence/call stack push (diverging branch, SSY, CAL)"},
    {"sm.reconverge_pop_cycles", &P::reconverge_pop_cycles, "cycles", 0, kBig,
     "divergence-stack pop at a join (instruction marker .S)"},
    {"sm.return_pop_cycles", &P::return_pop_cycles, "cycles", 0, kBig,
     "call-stack pop of a RET returning from a CAL (not the warp's last RET)"},
    {"sm.barrier_cycles", &P::barrier_cycles, "cycles", 0, kBig,
     "BAR bookkeeping after the last warp of the block arrives"},
    {"sm.write_base_cycles", &P::write_base_cycles, "cycles", 0, kBig, "write stage setup per warp instruction"},
    {"sm.write_cycles_per_pass", &P::write_cycles_per_pass, "cycles", 0, kBig,
     "write stage: one pass of sp_lanes threads, any instruction"},
    {"sm.write_reg_cycles_per_pass", &P::write_reg_cycles_per_pass, "cycles", 0, kBig,
     "write stage: extra per pass when a GPR or predicate is written"},
    {"sm.shared_write_cycles_per_pass", &P::shared_write_cycles_per_pass, "cycles", 0, kBig,
     "store to shared memory beyond the pass budget, one pass"},
    {"sm.shared_conflict_cycles_per_way", &P::shared_conflict_cycles_per_way, "cycles", 0, kBig,
     "shared memory: each extra way of a bank conflict, per pass and shared access (read operand or store)"},
    {"sm.read_const_cycles_per_pass", &P::read_const_cycles_per_pass, "cycles", 0, kBig,
     "read stage: one constant-memory source operand, one pass (added to sm.read_const_cycles)"},
    {"sm.sfu_pass_overlap_cycles", &P::sfu_pass_overlap_cycles, "cycles", 0, kBig,
     "SFU: cycles of sm.sfu_latency hidden per pass of lane work (an SFU instruction gains less from more lanes)"},
    {"sm.read_guard_cycles", &P::read_guard_cycles, "cycles", 0, kBig,
     "read stage: guard predicate read of a full 64-bit instruction (the 32-bit-immediate and short forms and "
     "unconditional control flow take the full mask)"},
    {"sm.read_guard_cycles_per_pass", &P::read_guard_cycles_per_pass, "cycles", 0, kBig,
     "read stage: guard predicate read, one pass of sp_lanes threads (added to sm.read_guard_cycles)"},
    {"sm.fpu_arith_cycles_per_pass", &P::fpu_arith_cycles_per_pass, "cycles", 0, kBig,
     "FADD/FMUL/FMAD/FMIN/FMAX: floating-point arithmetic beyond sm.fpu_cycles_per_pass, one pass"},
    {"sm.load_cycles_per_pass", &P::load_cycles_per_pass, "cycles", 0, kBig,
     "MOV from shared memory and MVC: the load path (not an ALU operand), one pass"},
    {"sm.shared_thread_cycles", &P::shared_thread_cycles, "cycles", 0, kBig,
     "shared memory: per active thread of a store (R2G) or of a read at an address-register offset g[Ak+x] (the RTL "
     "goes thread by thread)"},
    {"sm.warp_switch_overlap_cycles", &P::warp_switch_overlap_cycles, "cycles", 0, kBig,
     "serial pipeline: an instruction of a different warp than the previous one may enter the pipeline this many "
     "cycles before the previous one wrote back"},
    {"sm.warp_waits_for_writeback", &P::warp_waits_for_writeback, "", 0, 1,
     "a warp issues its next instruction only after the previous one wrote back"},
    {"sm.pipeline_overlap", &P::pipeline_overlap, "", 0, 1,
     "let instructions of different warps occupy different stages at once (FlexGripPlus: false, the warp unit issues "
     "when the previous instruction has written back)"},
    {"mem.global_latency_cycles", &P::global_latency_cycles, "cycles", 0, kBig,
     "global memory: after the controller, to the data of a warp instruction's accesses (hidden when consecutive warps "
     "both access global memory)"},
    {"mem.global_cycles_per_access", &P::global_cycles_per_access, "cycles", 0, kBig,
     "global memory controller occupancy per access (shared by all SMs: bandwidth; a TLM target's annotated delay "
     "replaces the occupancy when longer, it does not add)"},
    {"mem.global_issue_cycles", &P::global_issue_cycles, "cycles", 0, kBig,
     "global load/store address generation per warp instruction"},
    {"mem.global_cycles_per_byte", &P::global_cycles_per_byte, "cycles", 0, kBig,
     "global memory controller occupancy per byte of one access (added to mem.global_cycles_per_access)"},
    {"mem.global_load_cycles_per_pass", &P::global_load_cycles_per_pass, "cycles", 0, kBig,
     "global load: its data written back to the register file, one pass of sp_lanes threads"},
    {"mem.global_inactive_thread_cycles", &P::global_inactive_thread_cycles, "cycles", 0, kBig,
     "global load/store: per inactive thread of the warp (the RTL's load/store unit walks all 32)"},
    {"mem.global_per_thread", &P::global_per_thread, "", 0, 1,
     "one global access per active thread (FlexGripPlus: no coalescing); false = one per transaction"},
    {"mem.constant_latency_cycles", &P::constant_latency_cycles, "cycles", 0, kBig,
     "MVC: constant memory read latency"},
    {"gpu.kernel_launch_cycles", &P::kernel_launch_cycles, "cycles", 0, kBig,
     "kernel start to the first block dispatch"},
    {"gpu.kernel_done_cycles", &P::kernel_done_cycles, "cycles", 0, kBig, "last block done to kernel done"},
    {"sm.block_launch_cycles", &P::block_launch_cycles, "cycles", 0, kBig,
     "block launch: block ID and the shared-memory header, per block"},
    {"sm.batch_launch_cycles", &P::batch_launch_cycles, "cycles", 0, kBig,
     "batch of blocks: block scheduler and SM controller handshakes before the per-block work"},
    {"sm.launch_param_cycles", &P::launch_param_cycles, "cycles", 0, kBig,
     "block launch: one parameter word copied to shared memory (RTL: 6 controller states), per block"},
    {"sm.launch_thread_cycles", &P::launch_thread_cycles, "cycles", 0, kBig,
     "block launch: thread ID computed and written to R0 (RTL: 3 controller states), per thread"},
    {"sm.launch_warp_cycles", &P::launch_warp_cycles, "cycles", 0, kBig,
     "block launch: warp-pool entry of the warp generator (RTL: 3 states), per warp"},
};

}  // namespace

void declare_timing_params(params::Registry& registry) {
    const TimingParams defaults;
    for (const Entry& e : kEntries) {
        if (auto* m = std::get_if<std::uint32_t TimingParams::*>(&e.member)) {
            registry.declare_int(e.name, std::int64_t(defaults.*(*m)), e.description, e.unit, e.min, e.max);
        } else {
            registry.declare_bool(e.name, defaults.*std::get<bool TimingParams::*>(e.member), e.description);
        }
    }
}

TimingParams TimingParams::from(const params::Registry& registry) {
    TimingParams p;
    for (const Entry& e : kEntries) {
        if (auto* m = std::get_if<std::uint32_t TimingParams::*>(&e.member)) {
            p.*(*m) = std::uint32_t(registry.get_int(e.name));
        } else {
            p.*std::get<bool TimingParams::*>(e.member) = registry.get_bool(e.name);
        }
    }
    return p;
}

}  // namespace fgtlm::timing
