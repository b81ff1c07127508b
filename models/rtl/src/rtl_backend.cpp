// Drives gpgpu_ml605_top_level (Verilated or under GHDL, rtl_sim.hpp) the way
// RTL/TB/tb_top_level.vhd does.
#include <fgtlm/rtl/rtl_backend.hpp>

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include <fgtlm/cosim/rtl_commit_tracer.hpp>

#include "ghdl_sim.hpp"
#include "rtl_flop_table.hpp"
#include "verilator_sim.hpp"

#ifndef FGTLM_RTL_CORES
#error "FGTLM_RTL_CORES (the core count the model was synthesised with) must be defined"
#endif
#ifndef FGTLM_RTL_SOURCE_DIR
#error "FGTLM_RTL_SOURCE_DIR (the FlexGripPlus folder fgtlm was configured with) must be defined"
#endif

namespace fgtlm::rtl {

namespace {
// Configuration register numbers (RTL/gpgpu_configuration.vhd; CONFIG_PARAMS_START = 0x20).
constexpr std::uint32_t kRegBlocksPerCore = 0, kRegGprs = 1, kRegShmemSize = 2, kRegParamSize = 3, kRegBlockX = 5,
                        kRegBlockY = 6, kRegBlockZ = 7, kRegGridX = 8, kRegGridY = 9, kRegParamsStart = 0x20;
constexpr std::uint32_t kMaxParams = 16;  // kernel_param_size is 4 bits wide in the testbench
}  // namespace

struct RtlBackend::State {
    std::unique_ptr<detail::RtlSim> sim;
    detail::RtlPins pins;
    detail::RtlProbes probes;
    // Commit trace: the stream, the launch being configured, the tracer of the running kernel.
    std::ostream* trace_out = nullptr;
    bool trace_header_written = false;
    core::LaunchConfig launch;
    std::unique_ptr<cosim::RtlCommitTracer> tracer;
    detail::RtlTraceProbes trace;
    bool cfg_prev = false;
    void apply() { sim->set_pins(pins); }
};

RtlBackendKind parse_backend_kind(const std::string& name) {
    if (name == "verilator") return RtlBackendKind::Verilator;
    if (name == "ghdl") return RtlBackendKind::Ghdl;
    throw std::invalid_argument("RTL back end '" + name + "': must be verilator or ghdl");
}

const char* backend_name(RtlBackendKind kind) { return kind == RtlBackendKind::Ghdl ? "ghdl" : "verilator"; }

namespace {
std::uint32_t cores_of(const RtlBackendOptions& o) {
    const std::uint32_t cores = o.cores == 0 ? FGTLM_RTL_CORES : o.cores;
    if (cores != 8 && cores != 16 && cores != 32)
        throw std::invalid_argument("RTL: " + std::to_string(cores) + " SP cores: FlexGripPlus has 8, 16 or 32");
    if (o.kind == RtlBackendKind::Verilator && cores != FGTLM_RTL_CORES)
        throw std::invalid_argument(
            "RTL: " + std::to_string(cores) + " cores wanted; this build's Verilated model has " +
            std::to_string(FGTLM_RTL_CORES) + " (configure with -DFGTLM_RTL_CORES=" + std::to_string(cores) +
            ", or use the ghdl back end)");
    return cores;
}

std::unique_ptr<detail::RtlSim> make_sim(const RtlBackendOptions& o, std::uint32_t cores) {
    if (o.kind == RtlBackendKind::Verilator) return detail::make_verilator_sim();
    detail::GhdlSimOptions g;
    g.rtl_dir = o.rtl_dir.empty() ? std::filesystem::path(FGTLM_RTL_SOURCE_DIR) : o.rtl_dir;
    g.cache_dir = o.cache_dir;
    g.cores = cores;
    g.log = o.log;
    return detail::make_ghdl_sim(g);
}
}  // namespace

RtlBackend::RtlBackend(const RtlBackendOptions& options)
    : kind_(options.kind), cores_(cores_of(options)), m_(std::make_unique<State>()) {
    m_->sim = make_sim(options, cores_);
    m_->apply();
    reset();
}

RtlBackend::~RtlBackend() = default;

std::uint32_t RtlBackend::verilated_cores() { return FGTLM_RTL_CORES; }

void RtlBackend::tick() {
    m_->sim->tick();
    ++total_cycles_;
}

void RtlBackend::reset() {
    // tb_top_level: host_reset is high for the first clock edges, then drops.
    m_->pins.host_reset = true;
    m_->apply();
    for (int i = 0; i < 5; ++i) tick();
    m_->pins.host_reset = false;
    m_->apply();
    tick();
    running_ = done_ = false;
}

void RtlBackend::load_program(std::span<const std::uint32_t> words) {
    if (words.size() > kSysmemWords) throw std::length_error("RTL: program larger than system memory");
    m_->sim->load_program(words);
}

void RtlBackend::write_global(std::uint32_t addr, std::span<const std::uint8_t> bytes) {
    if (addr > kGlobalBytes || bytes.size() > kGlobalBytes - addr)
        throw std::out_of_range("RTL: global memory write beyond 256 KiB");
    m_->sim->write_global(addr, bytes);
}

void RtlBackend::read_global(std::uint32_t addr, std::span<std::uint8_t> bytes) {
    if (addr > kGlobalBytes || bytes.size() > kGlobalBytes - addr)
        throw std::out_of_range("RTL: global memory read beyond 256 KiB");
    m_->sim->read_global(addr, bytes);
}

void RtlBackend::write_const(std::uint32_t addr, std::span<const std::uint8_t> bytes) {
    if (addr > kConstBytes || bytes.size() > kConstBytes - addr)
        throw std::out_of_range("RTL: constant memory write beyond 8 KiB");
    m_->sim->write_const(addr, bytes);
}

void RtlBackend::write_config(std::uint32_t reg, std::uint32_t value) {
    auto& p = m_->pins;
    p.cfg_en = p.cfg_cs = true;
    p.cfg_rw = false;
    p.cfg_adr = reg;
    p.cfg_wr_data = value;
    m_->apply();
    tick();
    p.cfg_en = p.cfg_cs = false;
    p.cfg_rw = true;
    p.cfg_adr = p.cfg_wr_data = 0;
    m_->apply();
    tick();
}

bool RtlBackend::can_trace() const { return m_->sim->can_trace(); }

void RtlBackend::trace_commits(std::ostream* out) {
    if (out != nullptr && !m_->sim->can_trace())
        throw std::logic_error(std::string("RTL commit trace: the ") + backend_name(kind_) +
                               " back end does not expose the fetch stage; use the ghdl back end");
    m_->trace_out = out;
    m_->tracer.reset();
}

// The cosim monitor's order per cycle: batch, fetch, execute, register writes, commit. Its
// process samples at the next rising edge what this reads after the edge, hence cycle + 1.
void RtlBackend::trace_cycle() {
    detail::RtlTraceProbes& t = m_->trace;
    m_->sim->sample_trace(t);
    cosim::RtlCommitTracer& tr = *m_->tracer;
    if (t.cfg_en && !m_->cfg_prev) tr.batch();
    m_->cfg_prev = t.cfg_en;
    if (t.fd_done) tr.fetch(t.fd_warp, t.fd_lane, t.fd_pc, t.fd_words, t.fd_mask);
    if (t.ew_done) tr.execute(t.ew_warp, t.ew_mask);
    using Reg = cosim::RtlCommitTracer::Reg;
    for (std::uint32_t c = 0; c < cores_; ++c)
        if ((t.gpr_en >> c) & 1u) tr.write(Reg::Gpr, c, t.gpr_lane[c], fmt::format("{:08X}", t.gpr_data[c]));
    for (std::uint32_t c = 0; c < cores_; ++c)
        if ((t.prd_en >> c) & 1u) tr.write(Reg::Pred, c, t.prd_lane[c], fmt::format("{:X}", t.prd_data[c]));
    for (std::uint32_t c = 0; c < cores_; ++c)
        if ((t.adr_en >> c) & 1u) tr.write(Reg::Addr, c, t.adr_lane[c], fmt::format("{:08X}", t.adr_data[c]));
    if (t.ww_done) tr.commit(kernel_cycles_ + 1, t.ww_warp, t.ww_lane);
}

void RtlBackend::configure(const core::LaunchConfig& launch) {
    m_->launch = launch;
    if (launch.params.size() > kMaxParams) throw std::invalid_argument("RTL: more than 16 kernel parameters");
    write_config(kRegParamSize, std::uint32_t(launch.params.size()));
    for (std::size_t i = 0; i < launch.params.size(); ++i)
        write_config(kRegParamsStart + std::uint32_t(i), launch.params[i]);
    write_config(kRegBlockX, launch.block[0]);
    write_config(kRegBlockY, launch.block[1]);
    write_config(kRegBlockZ, launch.block[2]);
    write_config(kRegGridX, launch.grid[0]);
    write_config(kRegGridY, launch.grid[1]);
    write_config(kRegGprs, launch.regs_per_thread);
    write_config(kRegShmemSize, launch.shared_bytes);
    write_config(kRegBlocksPerCore, launch.blocks_per_sm);
    write_const(0, std::span(launch.const_mem.data(), std::min<std::size_t>(launch.const_mem.size(), kConstBytes)));
}

void RtlBackend::start() {
    m_->pins.block_scheduler_en = true;
    m_->apply();
    kernel_cycles_ = 0;
    commit_count_ = thread_commit_count_ = 0;
    committed_ = has_result_ = false;
    running_ = true;
    done_ = false;
    m_->tracer.reset();
    if (m_->trace_out != nullptr) {
        m_->tracer = std::make_unique<cosim::RtlCommitTracer>(*m_->trace_out, cores_, m_->launch);
        if (!m_->trace_header_written)
            m_->tracer->header(std::string("fgtlm rtl, ") + backend_name(kind_) + " back end");
        m_->trace_header_written = true;
        m_->cfg_prev = false;
    }
}

void RtlBackend::sample_monitors() {
    detail::RtlProbes& p = m_->probes;
    m_->sim->sample(p, capture_results_);
    committed_ = p.ww_done;
    if (committed_) {
        last_commit_ = RtlCommit{kernel_cycles_, p.ww_warp, p.ww_lane, p.ww_next_pc, p.ww_mask, p.ww_state};
        if (last_commit_.lane_pass == 32 / cores_ - 1) {
            ++commit_count_;
            thread_commit_count_ += std::uint32_t(std::popcount(last_commit_.mask));
        }
    }
    has_result_ = capture_results_ && p.ew_done;
    if (has_result_) {
        RtlResult& r = last_result_;
        r.cycle = kernel_cycles_;
        r.warp = p.ew_warp;
        r.lane_pass = p.ew_lane;
        r.instr_mask = p.ew_instr_mask;
        r.dest = p.ew_dest;
        r.dest_mem_type = p.ew_dest_type;
        std::copy_n(p.ew_values, cores_, r.values);
    }
}

bool RtlBackend::step() {
    if (!running_) return done_;
    const bool sampled_done = m_->sim->kernel_done();  // the testbench samples before the edge
    tick();
    ++kernel_cycles_;
    if (kernel_cycles_ == 1) {  // block_scheduler_en is a one-cycle pulse
        m_->pins.block_scheduler_en = false;
        m_->apply();
    }
    sample_monitors();
    if (m_->tracer) trace_cycle();
    if (sampled_done) {
        running_ = false;
        done_ = true;
    }
    return done_;
}

}  // namespace fgtlm::rtl

namespace fgtlm::rtl {

// Bit b of a word is byte b / 8 of Verilator's little-endian storage (VlWide's 32-bit words
// are in ascending order), so one byte address serves every storage type.
static_assert(std::endian::native == std::endian::little, "flip() assumes a little-endian host");

bool RtlBackend::can_snapshot() const { return !m_->sim->raw_state().empty(); }

std::span<const RtlStorageInfo> RtlBackend::verilated_storage() {
    static const std::vector<RtlStorageInfo> table = [] {
        std::vector<RtlStorageInfo> t;
        t.reserve(detail::kRtlStorageCount);
        for (std::size_t i = 0; i < detail::kRtlStorageCount; ++i) {
            const detail::RtlStorage& s = detail::kRtlStorage[i];
            t.push_back({s.path, s.source, s.width, s.depth});
        }
        return t;
    }();
    return table;
}

namespace {
// The byte of the root object that holds bit `bit` of word `word` of `storage`.
std::size_t bit_byte(std::size_t storage, std::uint32_t word, std::uint32_t bit) {
    if (storage >= detail::kRtlStorageCount)
        throw std::out_of_range(fmt::format("RTL: storage {} of {}", storage, detail::kRtlStorageCount));
    const detail::RtlStorage& s = detail::kRtlStorage[storage];
    if (word >= std::max<std::uint32_t>(s.depth, 1) || bit >= s.width)
        throw std::out_of_range(
            fmt::format("RTL: {}: word {} bit {} (width {}, depth {})", s.path, word, bit, s.width, s.depth));
    return s.offset + std::size_t(word) * s.elem_bytes * s.elem_words + bit / 8;
}
}  // namespace

void RtlBackend::flip(std::size_t storage, std::uint32_t word, std::uint32_t bit) {
    const std::span<std::byte> state = m_->sim->raw_state();
    if (state.empty())
        throw std::logic_error(std::string("RTL: the ") + backend_name(kind_) + " back end cannot inject");
    state[bit_byte(storage, word, bit)] ^= std::byte(1u << (bit % 8));
    m_->sim->settle();
}

std::uint64_t RtlBackend::peek(std::size_t storage, std::uint32_t word, std::uint32_t lsb, std::uint32_t width) const {
    const std::span<std::byte> state = m_->sim->raw_state();
    if (state.empty()) throw std::logic_error(std::string("RTL: the ") + backend_name(kind_) + " back end cannot peek");
    std::uint64_t v = 0;
    for (std::uint32_t i = 0; i < width && i < 64; ++i) {
        const std::uint32_t bit = lsb + i;
        v |= std::uint64_t((std::to_integer<unsigned>(state[bit_byte(storage, word, bit)]) >> (bit % 8)) & 1u) << i;
    }
    return v;
}

void RtlBackend::save(RtlSnapshot& out) const {
    const std::span<std::byte> state = m_->sim->raw_state();
    if (state.empty())
        throw std::logic_error(std::string("RTL: the ") + backend_name(kind_) + " back end cannot snapshot");
    out.state.assign(state.begin(), state.end());
    out.kernel_cycles = kernel_cycles_;
    out.total_cycles = total_cycles_;
    out.commits = commit_count_;
    out.thread_commits = thread_commit_count_;
    out.running = running_;
    out.done = done_;
    out.block_scheduler_en = m_->pins.block_scheduler_en;
}

void RtlBackend::restore(const RtlSnapshot& snap) {
    const std::span<std::byte> state = m_->sim->raw_state();
    if (state.empty() || snap.state.size() != state.size())
        throw std::logic_error("RTL: a snapshot is restored into the back end that took it");
    std::memcpy(state.data(), snap.state.data(), state.size());
    kernel_cycles_ = snap.kernel_cycles;
    total_cycles_ = snap.total_cycles;
    commit_count_ = snap.commits;
    thread_commit_count_ = snap.thread_commits;
    running_ = snap.running;
    done_ = snap.done;
    m_->pins.block_scheduler_en = snap.block_scheduler_en;
    committed_ = has_result_ = false;
}

bool RtlBackend::same_state(const RtlSnapshot& snap) const {
    const std::span<std::byte> state = m_->sim->raw_state();
    return state.size() == snap.state.size() && kernel_cycles_ == snap.kernel_cycles && running_ == snap.running &&
           done_ == snap.done && std::memcmp(state.data(), snap.state.data(), state.size()) == 0;
}

}  // namespace fgtlm::rtl
