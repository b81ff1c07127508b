#include <fgtlm/faults/space.hpp>

#include <algorithm>

#include <fgtlm/core/sm_core.hpp>

namespace fgtlm::faults {

namespace {
constexpr std::uint32_t kStackDepth = core::SmCoreConfig{}.stack_depth;
constexpr std::uint32_t kRegSlots = core::SmCoreConfig{}.reg_slots;
constexpr std::uint32_t kBarrierCounterBits = 6;  // counts up to 32 warps
}  // namespace

void StructureSpace::site(std::uint64_t index, Fault& f) const {
    f.structure = structure;
    f.bit = std::uint32_t(index % dims[3]);
    index /= dims[3];
    f.c = std::uint32_t(index % dims[2]);
    index /= dims[2];
    f.b = std::uint32_t(index % dims[1]) + b_offset;
    index /= dims[1];
    f.a = std::uint32_t(index % dims[0]) + a_offset;
}

LaunchShape launch_shape(const loaders::KernelImage& image) {
    const core::LaunchConfig& l = image.launch;
    const core::SmCoreConfig cfg;
    LaunchShape s;
    const std::uint32_t wpb = (l.threads_per_block() + core::kWarpSize - 1) / core::kWarpSize;
    s.blocks = std::max(1u, std::min({core::blocks_per_batch(l, cfg), std::max(1u, l.blocks_per_sm), l.num_blocks()}));
    s.warps = std::max(1u, s.blocks * wpb);
    s.regs = std::max(1u, l.regs_per_thread);
    s.shared_bytes = std::min(cfg.shared_bytes, s.blocks * l.shared_block_stride());
    // Global memory: from the lowest to the highest byte the kernel is given or expected to write.
    std::uint64_t lo = ~0ull, hi = 0;
    auto cover = [&](std::uint64_t a, std::uint64_t n) {
        if (n == 0) return;
        lo = std::min(lo, a);
        hi = std::max(hi, a + n);
    };
    cover(0, image.global_init.size());
    for (const auto& e : image.expected) cover(e.addr, 4ull * e.words.size());
    cover(image.dump.addr, image.dump.len);
    if (hi == 0) lo = 0, hi = 4;
    hi = std::min<std::uint64_t>(hi, image.global_mem_bytes);
    s.global_lo = std::uint32_t(std::min(lo, hi));
    s.global_hi = std::uint32_t(std::max<std::uint64_t>(hi, s.global_lo + 1));
    return s;
}

StructureSpace space_of(Structure s, const loaders::KernelImage& image) {
    const LaunchShape sh = launch_shape(image);
    StructureSpace sp;
    sp.structure = s;
    switch (s) {
        case Structure::Gpr: sp.dims = {std::min(kRegSlots, sh.warps * sh.regs), core::kWarpSize, 1, 32}; break;
        case Structure::Pred: sp.dims = {sh.warps, 4, core::kWarpSize, 4}; break;
        case Structure::Areg: sp.dims = {sh.warps, 7, core::kWarpSize, 32}; sp.b_offset = 1; break;
        case Structure::Shared: sp.dims = {std::max(1u, sh.shared_bytes), 1, 1, 8}; break;
        case Structure::Const:
            sp.dims = {std::uint32_t(std::min<std::size_t>(image.launch.const_mem.size(), 8192)), 1, 1, 8};
            break;
        case Structure::Global:
            sp.dims = {sh.global_hi - sh.global_lo, 1, 1, 8};
            sp.a_offset = sh.global_lo;
            break;
        case Structure::Inst: sp.dims = {1, 1, 1, 64}; break;
        case Structure::Pc:
        case Structure::Mask: sp.dims = {sh.warps, 1, 1, 32}; break;
        case Structure::Stack: sp.dims = {sh.warps, kStackDepth, 2, 32}; break;
        case Structure::Barrier: sp.dims = {sh.blocks, 1, 1, kBarrierCounterBits}; break;
        case Structure::SpResult:
        case Structure::FpuResult:
        case Structure::SfuResult: sp.dims = {core::kWarpSize, 1, 1, 32}; break;
        case Structure::Count: break;
    }
    return sp;
}

}  // namespace fgtlm::faults
