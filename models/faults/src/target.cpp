// Loads a campaign's target with the launch loader every command uses (bundle folder,
// FlexGripPlus folder, .sass with its launch): the same checks as `fgtlm run`.
#include <fgtlm/loaders/launch_target.hpp>

#include <fgtlm/faults/campaign.hpp>

namespace fgtlm::faults {

loaders::KernelImage load_target(const TargetSpec& t) { return loaders::load_launch_target(t); }

}  // namespace fgtlm::faults
