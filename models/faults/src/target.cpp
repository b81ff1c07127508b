// Loads a campaign's target with the launch loader every command uses (bundle folder,
// FlexGripPlus folder, .sass with its launch): the same checks as `fgtlm run`.
#include <fgtlm/loaders/launch_target.hpp>

#include <fgtlm/faults/campaign.hpp>

namespace fgtlm::faults {

loaders::KernelImage load_target(const TargetSpec& t) {
    loaders::LaunchTarget l;
    l.target = t.path;
    l.flexgrip = t.flexgrip;
    l.grid = t.grid;
    l.block = t.block;
    l.params = t.params;
    l.global_init = t.global_init;
    l.regs = t.regs;
    l.shared = t.shared;
    l.blocks_per_sm = t.blocks_per_sm;
    return loaders::load_launch_target(l);
}

}  // namespace fgtlm::faults
