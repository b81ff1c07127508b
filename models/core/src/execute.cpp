// Execute phase: hand the warp operation to the unit the unit table chose at decode. The
// units are pluggable (SmCore::set_unit): the SystemC SM installs its unit modules here,
// either directly or through their TLM sockets.
#include <fgtlm/core/sm_core.hpp>

namespace fgtlm::core {

[[gnu::hot]] bool SmCore::execute(ExecContext& ctx) {
    ctx.writeback.rec.unit = ctx.fetch.form.timing;
    ctx.execute.error.kind = KernelErrorKind::None;
    if (ctx.fetch.form.exec == UnitId::Memory) gather_memory_operands(ctx);
    return units_[std::size_t(ctx.fetch.form.exec)]->execute(ctx) || record_unit_error(ctx);
}

// A unit does not own the core: it describes its kernel error in ctx.execute.error (kind None: the
// SM recorded one already, or the caller names the unit).
bool SmCore::record_unit_error(ExecContext& ctx) {
    if (ctx.execute.error.kind != KernelErrorKind::None)
        fail(ctx.execute.error.kind, ctx.fetch.warp_slot, ctx.execute.error.address,
             std::move(ctx.execute.error.message));
    return false;
}

bool unit_fail(ExecContext& op, KernelErrorKind kind, std::uint64_t address, std::string message) {
    op.execute.error.kind = kind;
    op.execute.error.address = address;
    op.execute.error.message = std::move(message);
    return false;
}

void SmCore::set_unit(UnitId unit, UnitFunction* impl) {
    units_[std::size_t(unit)] = impl != nullptr ? impl : builtin_unit(unit);
}

UnitFunction* SmCore::builtin_unit(UnitId unit) {
    switch (unit) {
        case UnitId::SP: return &sp_;
        case UnitId::FPU: return &fpu_;
        case UnitId::SFU: return &sfu_;
        case UnitId::Branch: return &branch_;
        case UnitId::Memory: return &memory_;
        case UnitId::Texture: return &texture_;
        case UnitId::None: break;
    }
    return &sp_;
}

}  // namespace fgtlm::core
