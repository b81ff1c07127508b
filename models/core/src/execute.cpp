// Execute phase: hand the warp operation to the unit the unit table chose at decode. The
// units are pluggable (SmCore::set_unit): the SystemC SM installs its unit modules here,
// either directly or through their TLM sockets.
#include <fgtlm/core/sm_core.hpp>

namespace fgtlm::core {

bool SmCore::execute(ExecContext& ctx) {
    ctx.rec.unit = ctx.form.timing;
    return units_[std::size_t(ctx.form.exec)]->execute(ctx);
}

void SmCore::set_unit(ExecUnit unit, ExecUnitIf* impl) {
    units_[std::size_t(unit)] = impl != nullptr ? impl : builtin_unit(unit);
}

ExecUnitIf* SmCore::builtin_unit(ExecUnit unit) {
    switch (unit) {
        case ExecUnit::SP: return &sp_;
        case ExecUnit::FPU: return &fpu_;
        case ExecUnit::SFU: return &sfu_;
        case ExecUnit::Branch: return &branch_;
        case ExecUnit::Memory: return &memory_;
        case ExecUnit::Texture: return &texture_;
        case ExecUnit::None: break;
    }
    return &sp_;
}

}  // namespace fgtlm::core
