// SmCore: state, launch/batch setup, warp selection, fetch and write-back.
#include <fgtlm/core/sm_core.hpp>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include <fgtlm/isa/decoder.hpp>

namespace fgtlm::core {

namespace {

// Condition formulas of the FlexGripPlus manual (BRA/RET/SSY tables), over Z, S, C, O.
bool eval_condition(std::uint8_t cond, bool z, bool s, bool c, bool o) {
    switch (cond) {
        case 0x00: return false;             // FL
        case 0x01: return (s && !z) != o;    // LT
        case 0x02: return z && !s;           // EQ
        case 0x03: return s != (z || o);     // LE
        case 0x04: return !z && (s == o);    // GT
        case 0x05: return !z;                // NE
        case 0x06: return s == o;            // GE
        case 0x07: return !z || !s;          // NUM (ordered)
        case 0x08: return z && s;            // NAN (unordered)
        case 0x09: return s != o;            // LTU
        case 0x0a: return z;                 // EQU
        case 0x0b: return z || (s != o);     // LEU
        case 0x0c: return (!s) != (z || o);  // GTU
        case 0x0d: return !z || s;           // NEU
        case 0x0e: return (!s || z) != o;    // GEU
        case 0x0f: return true;              // TR
        case 0x10: return o;                 // OFL
        case 0x11: return c;                 // CARRY
        case 0x12: return !z && c;           // ABOVE
        case 0x13: return s;                 // SIGN
        case 0x1c: return !s;                // NSF
        case 0x1d: return z || !c;           // BLE (not above)
        case 0x1e: return !c;                // NCF
        case 0x1f: return !o;                // NOF
        default: return false;               // 0x14-0x1b: undefined, never true
    }
}

// truth[cond] bit n = condition holds for flag nibble n; bytes[cond][n] the same as 0xff / 0
// (a byte table for the 16-lane shuffle in guard_bits).
struct ConditionTable {
    std::uint16_t truth[32];
    alignas(16) std::uint8_t bytes[32][16];
    ConditionTable() {
        for (unsigned c = 0; c < 32; ++c) {
            std::uint16_t t = 0;
            for (unsigned f = 0; f < 16; ++f) {
                const bool holds =
                    eval_condition(std::uint8_t(c), f & kFlagZero, f & kFlagSign, f & kFlagCarry, f & kFlagOverflow);
                if (holds) t = std::uint16_t(t | (1u << f));
                bytes[c][f] = holds ? 0xff : 0;
            }
            truth[c] = t;
        }
    }
};
const ConditionTable kConditions;

// Bit l = the condition holds for lane l's flag byte f[l] (a byte above 15 holds nothing, as
// `truth >> f` gives). With SSSE3 (every x86-64 host of the last 15 years, checked at load
// time) a shuffle looks 16 lanes up at once; else one lane at a time.
std::uint32_t guard_bits_scalar(unsigned cond, const std::uint8_t* f) {
    const std::uint16_t truth = kConditions.truth[cond];
    std::uint32_t m = 0;
    for (std::uint32_t l = 0; l < kWarpSize; ++l) m |= std::uint32_t((truth >> f[l]) & 1u) << l;
    return m;
}
#if defined(__x86_64__)
__attribute__((target("ssse3"))) std::uint32_t guard_bits_ssse3(unsigned cond, const std::uint8_t* f) {
    const __m128i table = _mm_load_si128(reinterpret_cast<const __m128i*>(kConditions.bytes[cond]));
    const __m128i high = _mm_set1_epi8(char(0xf0));
    std::uint32_t m = 0;
    for (unsigned half = 0; half < 2; ++half) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(f + 16 * half));
        const __m128i nibble = _mm_cmpeq_epi8(_mm_and_si128(x, high), _mm_setzero_si128());
        const __m128i holds = _mm_and_si128(_mm_shuffle_epi8(table, x), nibble);
        m |= std::uint32_t(_mm_movemask_epi8(holds)) << (16 * half);
    }
    return m;
}
const bool kHasSsse3 = __builtin_cpu_supports("ssse3");
#endif

std::uint32_t guard_bits(unsigned cond, const std::uint8_t* f) {
#if defined(__x86_64__)
    if (kHasSsse3) return guard_bits_ssse3(cond, f);
#endif
    return guard_bits_scalar(cond, f);
}

const char* illegal_text(isa::IllegalReason r) {
    switch (r) {
        case isa::IllegalReason::UnknownOpcode: return "unknown opcode";
        case isa::IllegalReason::UnsupportedForm: return "opcode not available in this form";
        case isa::IllegalReason::ReservedField: return "reserved field value";
        case isa::IllegalReason::Truncated: return "64-bit instruction truncated by the end of the program";
        case isa::IllegalReason::Misaligned: return "64-bit instruction not 8-byte aligned";
        case isa::IllegalReason::UnitStalls: return "a word a FlexGripPlus unit never finishes";
        case isa::IllegalReason::None: break;
    }
    return "undecodable instruction";
}

}  // namespace

bool condition_holds(std::uint8_t cond, std::uint8_t flags) {
    return (kConditions.truth[cond & 31u] >> (flags & 15u)) & 1u;
}

std::string check_launch(const LaunchConfig& cfg, const SmCoreConfig& sm) {
    // Sizes first, in 64 bits: a block of 65026 x 33025 x 2 threads must not wrap to 4.
    const std::uint64_t threads = std::uint64_t(cfg.block[0]) * cfg.block[1] * cfg.block[2];
    if (threads == 0) return "block has no threads";
    if (cfg.num_blocks() == 0) return "grid has no blocks";
    if (threads > std::uint64_t(sm.max_warps) * kWarpSize)
        return "block of " + std::to_string(threads) + " threads: the SM holds at most " +
               std::to_string(sm.max_warps * kWarpSize) + " (" + std::to_string(sm.max_warps) + " warps)";
    if (cfg.block[2] > 64) return "blockDim.z must be 1..64 (R0 holds tid.z in 6 bits)";
    if (cfg.shared_bytes > sm.shared_bytes)
        return "shared_bytes " + std::to_string(cfg.shared_bytes) + " exceeds the SM's " +
               std::to_string(sm.shared_bytes) + " bytes of shared memory";
    if (cfg.blocks_per_sm > sm.max_warps)
        return "blocks_per_sm " + std::to_string(cfg.blocks_per_sm) + " exceeds the SM's " +
               std::to_string(sm.max_warps) + " warp slots (each block needs one)";
    if (cfg.code_base % 4 != 0) return "code_base must be a multiple of 4 (instructions are 32-bit words)";
    if (cfg.regs_per_thread == 0 || cfg.regs_per_thread > 128) return "regs_per_thread must be 1..128";
    if (cfg.blocks_per_sm == 0) return "blocks_per_sm must be at least 1";
    if (cfg.const_mem.size() > 8192) return "constant image larger than 8 KiB";
    if (16u + 4u * cfg.params.size() > sm.shared_bytes) return "parameters do not fit in shared memory";
    if (blocks_per_batch(cfg, sm) == 0)
        return "one block needs more warps, register slots or shared memory than the SM has";
    return {};
}

std::uint32_t blocks_per_batch(const LaunchConfig& cfg, const SmCoreConfig& sm) {
    const std::uint32_t threads = cfg.threads_per_block();
    if (threads == 0 || cfg.regs_per_thread == 0) return 0;
    const std::uint32_t wpb = (threads + kWarpSize - 1) / kWarpSize;
    std::uint32_t n = cfg.blocks_per_sm;
    n = std::min(n, sm.max_warps / wpb);
    // block_scheduler.vhd schedules min(blocks per core, blocks left) whatever the registers:
    // warp_id_calc.vhd bases warp q's registers at q * regs mod 512, so they alias.
    if (!sm.rtl.register_alias) n = std::min(n, sm.reg_slots / (wpb * cfg.regs_per_thread));
    const std::uint32_t stride = cfg.shared_block_stride();
    if (stride > 0) n = std::min(n, sm.shared_bytes / stride);
    // The header + parameters of the last window must fit too (the stride counts parameter
    // words, not bytes, so many parameters overlap the next window as in the RTL).
    const std::uint64_t header = 16u + 4ull * cfg.params.size();
    while (n > 0 && std::uint64_t(n - 1) * stride + header > sm.shared_bytes) --n;
    return n;
}

SmCore::SmCore(const SmCoreConfig& cfg) : cfg_(cfg) {
    if (cfg_.reg_slots == 0) cfg_.reg_slots = 1;
    if (cfg_.max_warps == 0) cfg_.max_warps = 1;
    if (cfg_.stack_depth == 0) cfg_.stack_depth = 1;
    if (cfg_.sp_lanes == 0 || cfg_.sp_lanes > kWarpSize) cfg_.sp_lanes = 8;
    ctx_.fetch.pass_lanes = cfg_.sp_lanes;
    latch_lanes_ = cfg_.sp_lanes;
    regs_.configure(cfg_.reg_slots, cfg_.max_warps);
    shared_.assign(cfg_.shared_bytes, 0);
    own_shared_.attach(shared_.data(), shared_.size());
    branch_cfg_ = {cfg_.stack_depth, cfg_.rtl.guarded_return, cfg_.rtl.join_empty_stack};
    sync_memory_ports();
    stack_mem_.assign(std::size_t(cfg_.max_warps) * cfg_.stack_depth, StackEntry{});
    warps_.resize(cfg_.max_warps);
    blocks_.resize(cfg_.max_warps);
    for (std::uint32_t w = 0; w < cfg_.max_warps; ++w) warps_[w].stack = &stack_mem_[std::size_t(w) * cfg_.stack_depth];
}

void SmCore::set_shared_ports(MemoryPort* reads, MemoryPort* writes) {
    shared_reads_ = reads != nullptr ? reads : &own_shared_;
    shared_writes_ = writes != nullptr ? writes : &own_shared_;
    sync_memory_ports();
}

void SmCore::set_constant(const std::uint8_t* data, std::uint32_t size, MemoryPort* port) {
    own_const_.attach(const_cast<std::uint8_t*>(data), data != nullptr ? size : 0, false);  // read-only
    const_port_ = port != nullptr ? port : &own_const_;
    const_size_ = data != nullptr || port != nullptr ? size : 0;
}

// Shared header of a block (u16 0, blockDim.xyz, gridDim.xy, blockIdx.xy) and the kernel's
// parameters after it, written through the shared-memory port as the block starts.
bool SmCore::write_block_header(const BlockState& b) {
    const std::uint16_t header[8] = {0,
                                     launch_.block[0],
                                     launch_.block[1],
                                     launch_.block[2],
                                     launch_.grid[0],
                                     launch_.grid[1],
                                     std::uint16_t(b.block % launch_.grid[0]),
                                     std::uint16_t(b.block / launch_.grid[0])};
    std::uint8_t bytes[16];
    for (int i = 0; i < 8; ++i) {
        bytes[2 * i] = std::uint8_t(header[i]);
        bytes[2 * i + 1] = std::uint8_t(header[i] >> 8);
    }
    MemStatus st = shared_writes_->store(b.shared_base, bytes, 16);
    for (std::size_t i = 0; i < launch_.params.size() && st == MemStatus::Ok; ++i) {
        const std::uint32_t v = launch_.params[i];
        for (int j = 0; j < 4; ++j) bytes[j] = std::uint8_t(v >> (8 * j));
        st = shared_writes_->store(b.shared_base + 16 + 4 * std::uint32_t(i), bytes, 4);
    }
    shared_writes_->pending_cycles = 0;  // block set-up is the block scheduler's, not an instruction's
    if (st == MemStatus::Ok) return true;
    fail(KernelErrorKind::OutOfRangeAccess, 0, b.shared_base,
         "block " + std::to_string(b.block) + ": the shared-memory controller refused the block's header/parameters");
    return false;
}

void SmCore::begin_kernel(const LaunchConfig& launch) {
    launch_ = launch;
    tex_table_ = {launch.texture_table, launch.texture_slots};
    warps_per_block_ = (launch.threads_per_block() + kWarpSize - 1) / kWarpSize;
    stride_ = launch.shared_block_stride();
    num_warps_ = num_blocks_ = warps_live_ = 0;
    rtl_events = {};
    error_ = {};
    error_.sm = cfg_.sm_id;
}

void SmCore::start_batch(std::uint32_t first_block, std::uint32_t count) {
    const std::uint32_t threads = launch_.threads_per_block();
    const std::uint32_t bx = launch_.block[0], by = launch_.block[1];
    num_blocks_ = count;
    num_warps_ = count * warps_per_block_;
    if (num_warps_ * launch_.regs_per_thread > cfg_.reg_slots && rtl_events.register_alias == 0) {
        rtl_events.register_alias = 1;  // the kernel's first aliasing batch
        if (rtl_events.first.empty())
            rtl_events.first = std::to_string(num_warps_) + " warps x " + std::to_string(launch_.regs_per_thread) +
                               " registers share the SM's " + std::to_string(cfg_.reg_slots) + " register slots";
    }
    warps_live_ = num_warps_;
    rr_next_ = 0;
    for (std::uint32_t k = 0; k < count; ++k) {
        BlockState& b = blocks_[k];
        b.block = first_block + k;
        b.shared_base = k * stride_;
        b.first_warp = k * warps_per_block_;
        b.num_warps = warps_per_block_;
        b.warps_done = b.warps_at_barrier = 0;
        b.active = true;
        if (cost_ != nullptr) cost_->on_block_start(cfg_.sm_id, b.block);
        for (ExecutionObserver* o : observers_) o->on_block_start(cfg_.sm_id, b.block);
        if (!write_block_header(b)) return;
        for (std::uint32_t wi = 0; wi < warps_per_block_; ++wi) {
            const std::uint32_t slot = b.first_warp + wi;
            WarpState& w = warps_[slot];
            const std::uint32_t t0 = wi * kWarpSize;
            const std::uint32_t n = std::min(kWarpSize, threads - t0);
            w.pc = 0;
            // warp_generator.vhd gives every warp the full mask: in a partial warp the RTL runs
            // (and stores from) all 32 lanes; the lanes past the block keep whatever R0 their
            // register rows hold (thread_id_calc writes R0 of the block's threads only).
            w.valid = (n == 32 || cfg_.rtl.full_partial_warps) ? 0xffffffffu : ((1u << n) - 1u);
            w.active = w.valid;
            w.exited = 0;
            w.block = b.block;
            w.block_slot = k;
            w.warp_in_block = wi;
            w.reg_base = slot * launch_.regs_per_thread;
            w.depth = 0;
            w.join_seen = false;
            w.status = WarpStatus::Ready;
            write_thread_ids(reg_row(slot, 0), t0, n, bx, by);
        }
    }
}

// R0 of threads t0 .. t0+n-1 of a block of bx x by x .. threads (tid.x | tid.y << 16 | tid.z << 26):
// the index divided once, then counted up (a block start wrote 3 divisions per thread).
void SmCore::write_thread_ids(std::uint32_t* r0, std::uint32_t t0, std::uint32_t n, std::uint32_t bx,
                              std::uint32_t by) {
    std::uint32_t tx = t0 % bx, ty = (t0 / bx) % by, tz = t0 / (bx * by);
    for (std::uint32_t l = 0; l < n; ++l) {
        r0[l] = tx | (ty << 16) | ((tz & 0x3fu) << 26);
        if (++tx == bx) {
            tx = 0;
            if (++ty == by) {
                ty = 0;
                ++tz;
            }
        }
    }
}

void SmCore::fail(KernelErrorKind kind, std::uint32_t warp_slot, std::uint64_t address, std::string message) {
    if (failed()) return;  // keep the first error
    error_.kind = kind;
    error_.sm = cfg_.sm_id;
    error_.address = address;
    error_.message = std::move(message);
    if (warp_slot < num_warps_) {
        error_.pc = warps_[warp_slot].pc;
        error_.block = warps_[warp_slot].block;
        error_.warp = warps_[warp_slot].warp_in_block;
    }
}

std::uint32_t SmCore::guard_mask(std::uint32_t warp_slot, std::uint8_t reg, std::uint8_t cond) const {
    return guard_bits(cond & 31u, regs_.pred_row(warp_slot, reg));
}

[[gnu::hot]] bool SmCore::select(ExecContext& ctx) {
    if (failed()) return false;
    if (warps_live_ == 0) return false;
    for (std::uint32_t i = 0; i < num_warps_; ++i) {
        std::uint32_t slot = rr_next_ + i;
        if (slot >= num_warps_) slot -= num_warps_;
        if (warps_[slot].status == WarpStatus::Ready) {
            if (cost_ != nullptr && cost_->picks_warps()) slot = picked_warp(slot);
            rr_next_ = slot + 1 == num_warps_ ? 0 : slot + 1;
            ctx.fetch.warp_slot = slot;
            return true;
        }
    }
    // Live warps but none ready: every one waits at a barrier that cannot complete.
    for (std::uint32_t slot = 0; slot < num_warps_; ++slot)
        if (warps_[slot].status == WarpStatus::AtBarrier) {
            fail(KernelErrorKind::BarrierDeadlock, slot, 0, "every live warp waits at a barrier");
            return false;
        }
    fail(KernelErrorKind::BarrierDeadlock, 0, 0, "no warp can run");
    return false;
}

// The timing model's choice among the ready warps (slots beyond 32 cannot be named: they
// keep the round-robin order); a choice that is not ready is ignored.
std::uint32_t SmCore::picked_warp(std::uint32_t rr) {
    if (num_warps_ > 32) return rr;
    std::uint32_t ready = 0;
    for (std::uint32_t s = 0; s < num_warps_; ++s)
        if (warps_[s].status == WarpStatus::Ready) ready |= 1u << s;
    const std::uint32_t pick = cost_->pick_warp(cfg_.sm_id, ready, rr);
    return pick < 32 && ((ready >> pick) & 1u) ? pick : rr;
}

[[gnu::hot]] bool SmCore::fetch(ExecContext& ctx) {
    WarpState& w = warps_[ctx.fetch.warp_slot];
    const isa::Instruction* inst = program_->fetch(w.pc);
    const FormInfo* form = inst != nullptr ? &program_->form(w.pc) : fetch_rtl_address(w.pc, inst);
    if (form == nullptr) return fail_fetch(ctx.fetch.warp_slot, w.pc);
    ctx.fetch.inst = inst;
    ctx.fetch.form = *form;
    ctx.fetch.pc = w.pc;
    ctx.fetch.next_pc = w.pc + inst->size_bytes();
    ctx.fetch.rtl = cfg_.rtl.unit_flags;
    return true;
}

// The error paths of fetch and decode, out of line: the per-instruction functions keep small
// frames (no string building inlined into them).
bool SmCore::fail_fetch(std::uint32_t warp_slot, std::uint32_t pc) {
    fail(KernelErrorKind::IllegalInstruction, warp_slot, pc,
         (pc & 3u) ? std::string("PC not 4-byte aligned")
                   : "PC outside instruction memory (" + std::to_string(program_->size_bytes()) + " bytes)");
    return false;
}

bool SmCore::fail_illegal(std::uint32_t warp_slot, std::uint32_t pc, const isa::Instruction& inst) {
    std::string why = isa::describe_illegal(inst);  // words, reason, opcode fields
    const std::size_t colon = why.find(": ");       // drop its "illegal instruction at 0x..: "
    if (colon != std::string::npos) why = why.substr(colon + 2);
    if (why.empty()) why = illegal_text(inst.illegal_reason);
    // FlexGripPlus's execute stage waits for the branch unit's done, or its read stage for a
    // constant, which such a word never gets: the SM stops issuing and the kernel never ends.
    const bool stalls = inst.illegal_reason == isa::IllegalReason::UnitStalls;
    if (stalls) why += " (FlexGripPlus waits for it forever: the kernel would never end)";
    fail(stalls ? KernelErrorKind::Stalled : KernelErrorKind::IllegalInstruction, warp_slot, pc, std::move(why));
    return false;
}

// A PC the program does not hold: FlexGripPlus's fetch reads the system memory at PC bits
// 17..2 (SYSMEM_ADDR_SIZE), so upper and lower bits are dropped, and past the program that
// memory holds zero words (core.rtl.instruction_address_bits, zero_word_nop); the PC itself
// keeps its bits, as the warp pool does. Null (a DUE) when the policy is off.
const FormInfo* SmCore::fetch_rtl_address(std::uint32_t pc, const isa::Instruction*& inst) {
    const std::uint32_t bits = cfg_.rtl.instruction_address_bits;
    if (bits == 0 || bits > 31) return nullptr;
    const std::uint32_t at = pc & ((1u << bits) - 1u) & ~3u;
    inst = program_->fetch(at);
    const FormInfo* form = inst != nullptr ? &program_->form(at) : &program_->zero_word_form();
    if (inst == nullptr) inst = &program_->zero_word();
    ++rtl_events.pc_wraps;
    if (rtl_events.first.empty()) {
        char buf[120];
        std::snprintf(buf, sizeof buf, "PC 0x%08x fetched at 0x%05x (instruction address bits %u)", pc, at, bits);
        rtl_events.first = buf;
    }
    return form;
}

// pipeline_read.vhd (CHECK_JOIN): a join (.S) whose warp stack is empty pops nothing; the
// read stage sets both the warp's current mask and the instruction's mask to the warp's
// initial mask, so the instruction runs for every thread of the warp whatever its guard, and
// threads that had left the path (or returned) run on with it.
void SmCore::join_on_empty_stack(ExecContext& ctx) {
    WarpState& w = warps_[ctx.fetch.warp_slot];
    w.active = w.valid;
    ctx.decode.issue_mask = w.valid;
    ctx.decode.exec_mask = w.valid;
}

[[gnu::hot]] bool SmCore::decode(ExecContext& ctx) {
    const isa::Instruction* inst = ctx.fetch.inst;
    const WarpState& w = warps_[ctx.fetch.warp_slot];
    if (inst->is_illegal()) return fail_illegal(ctx.fetch.warp_slot, w.pc, *inst);
    ctx.decode.issue_mask = w.active;
    ctx.decode.exec_mask =
        inst->is_guarded()
            ? (w.active & guard_mask(ctx.fetch.warp_slot, inst->guard_reg, std::uint8_t(inst->guard_cond)))
            : w.active;
    if (inst->is_join() && w.depth == 0 && cfg_.rtl.join_empty_stack) [[unlikely]]
        join_on_empty_stack(ctx);
    ctx.execute.res_regs = 0;
    ctx.execute.has_flags = false;
    ctx.read.taint = 0;
    IssueRecord& rec = ctx.writeback.rec;
    rec.branch_taken = rec.diverged = rec.reconverged = rec.barrier = rec.warp_done = false;
    rec.mem = MemAccessSummary{};
    rec.shared_read_conflict_degree = 1;
    rec.operand_latency_cycles = 0;
    ctx.fetch.warp = &warps_[ctx.fetch.warp_slot];
    ctx.execute.next_pc_set = false;
    return true;
}

[[gnu::hot]] bool SmCore::writeback(ExecContext& ctx) {
    if (track_undefined_) write_taint(ctx);
    if (ctx.execute.res_regs != 0 && ctx.decode.exec_mask != 0) write_results(ctx);
    if (ctx.fetch.inst->src[0].post_inc || ctx.fetch.inst->dst.post_inc) post_increment(ctx);
    const isa::Instruction& in = *ctx.fetch.inst;
    const std::uint32_t m = ctx.decode.exec_mask;
    const std::uint32_t slot = ctx.fetch.warp_slot;
    if (in.set_pred && ctx.execute.has_flags && m != 0) {
        std::uint8_t* row = regs_.pred_row(slot, in.set_pred_reg);
        if (m == 0xffffffffu)
            std::memcpy(row, ctx.execute.flags, kWarpSize);
        else
            for (std::uint32_t l = 0; l < kWarpSize; ++l) row[l] = ((m >> l) & 1u) ? ctx.execute.flags[l] : row[l];
    }
    const bool ok = ctx.execute.next_pc_set || advance_pc(ctx);
    ++warp_instructions;
    thread_instructions += std::uint32_t(std::popcount(m));
    if (record_issues || cost_ != nullptr || !observers_.empty()) fill_record(ctx);
    // Timing first (one channel: the cost it returns is the SM's), then the observers.
    if (cost_ != nullptr) ctx.writeback.issue_cycles = cost_->on_issue(ctx.writeback.rec);
    if (!observers_.empty()) {
        for (std::size_t i = 0; i < observers_.size(); ++i) {
            observers_[i]->on_issue(ctx.writeback.rec);
            if (commits_[i]) observers_[i]->on_commit(ctx.writeback.rec, ctx.execute.res[0]);
        }
    }
    return ok && !failed();
}

// The result registers of the instruction (GPRs, halves, address registers, predicates).
[[gnu::hot]] void SmCore::write_results(ExecContext& ctx) {
    const isa::Instruction& in = *ctx.fetch.inst;
    const std::uint32_t slot = ctx.fetch.warp_slot;
    const std::uint32_t m = ctx.decode.exec_mask;
    const isa::Operand& d = in.dst;
    switch (d.kind) {
        case isa::OperandKind::Reg:
            if (write_dropped(d)) break;
            for (std::uint32_t k = 0; k < ctx.execute.res_regs; ++k) {
                const std::uint32_t r = d.reg + k;
                if (r > 127 || (r == 124 && !cfg_.rtl.register_fields)) continue;
                std::uint32_t* row = reg_row(slot, r);
                const std::uint32_t* v = ctx.execute.res[k];
                if (m == 0xffffffffu) {
                    std::memcpy(row, v, sizeof(std::uint32_t) * kWarpSize);
                } else {
                    for (std::uint32_t l = 0; l < kWarpSize; ++l) row[l] = ((m >> l) & 1u) ? v[l] : row[l];
                }
            }
            break;
        case isa::OperandKind::RegLo:
        case isa::OperandKind::RegHi: {
            if (write_dropped(d)) break;
            std::uint32_t* row = reg_row(slot, d.reg);
            const std::uint32_t* v = ctx.execute.res[0];
            const bool hi = d.kind == isa::OperandKind::RegHi;
            for (std::uint32_t l = 0; l < kWarpSize; ++l) {
                const std::uint32_t merged =
                    hi ? ((row[l] & 0x0000ffffu) | (v[l] << 16)) : ((row[l] & 0xffff0000u) | (v[l] & 0xffffu));
                row[l] = ((m >> l) & 1u) ? merged : row[l];
            }
            break;
        }
        case isa::OperandKind::AddrReg:
            if (d.reg != 0) {
                std::uint32_t* row = regs_.areg_row(slot, d.reg);
                for (std::uint32_t l = 0; l < kWarpSize; ++l) row[l] = ((m >> l) & 1u) ? ctx.execute.res[0][l] : row[l];
            }
            break;
        case isa::OperandKind::Predicate: {
            std::uint8_t* row = regs_.pred_row(slot, d.reg);
            for (std::uint32_t l = 0; l < kWarpSize; ++l)
                row[l] = ((m >> l) & 1u) ? std::uint8_t(ctx.execute.res[0][l] & 15u) : row[l];
            break;
        }
        default:  // Output (o[0x7f]) and memory destinations written by execute
            break;
    }
}

// `MVC Rd, c[b][Ak+=off]`, `I2I Rd, g[Ak+=off]`, `R2G g[Ak+=off], Rs` (g80 only: the RTL never
// increments, semantics.cpp constant_move / address_increment): after the access of [Ak],
// Ak += off * size.
void SmCore::post_increment(ExecContext& ctx) {
    const isa::Operand& c = ctx.fetch.inst->dst.post_inc ? ctx.fetch.inst->dst : ctx.fetch.inst->src[0];
    if (c.areg == 0) return;  // A0 is always 0
    std::uint32_t* row = regs_.areg_row(ctx.fetch.warp_slot, c.areg);
    const std::uint32_t m = ctx.decode.exec_mask;
    for (std::uint32_t l = 0; l < kWarpSize; ++l) row[l] += ((m >> l) & 1u) ? c.byte_offset() : 0u;
}

void SmCore::set_constant_bank(std::uint32_t bank, const std::uint8_t* data, std::uint32_t size) {
    if (bank >= kConstantBanks)
        throw std::invalid_argument("constant bank " + std::to_string(bank) + " does not exist (0.." +
                                    std::to_string(kConstantBanks - 1) + ")");
    if (bank == 0) return set_constant(data, size);
    bank_mem_[bank].attach(const_cast<std::uint8_t*>(data), data != nullptr ? size : 0, false);  // read-only
    bank_size_[bank] = data != nullptr ? size : 0;
    bank_loaded_[bank] = data != nullptr;
}

// No unit moved the PC: step past the instruction, pop the stack at a join (.S), end the
// threads at an end marker. false = kernel error.
[[gnu::hot]] bool SmCore::advance_pc(ExecContext& ctx) {
    const isa::Instruction& in = *ctx.fetch.inst;
    WarpState& w = warps_[ctx.fetch.warp_slot];
    bool ok = true;
    const std::uint32_t next = ctx.fetch.next_pc;
    w.pc = next;
    if (in.is_join()) {
        ok = branch_.join(ctx, next) || record_unit_error(ctx);
        ctx.writeback.rec.reconverged = true;
    } else if (in.is_end() && !runs_past_end_marker(ctx.fetch.pc, next)) {
        // The RTL ignores the end marker (decode's FULL_END drives nothing; only a RET on
        // an empty stack finishes a warp, branch_exec_unit.vhd) and runs on: nvcc ends a
        // kernel with an end-marked instruction + RET, and the RTL commits that RET. Other
        // code after a program's marker (a cubin's local-memory tail, empty instruction
        // memory) would run into words the RTL's behaviour is not defined for: the model
        // ends the path at the marker there, as G80 hardware does.
        ok = branch_.exit_threads(ctx, w.active) || record_unit_error(ctx);
    }
    return ok;
}

}  // namespace fgtlm::core
