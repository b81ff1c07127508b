// The RTL policies as model parameters: `core.semantics` (the preset) and one `core.rtl.<name>`
// per reading (fgtlm/core/rtl_policy.hpp), listed by `fgtlm params`; shared by `fgtlm run` and
// the co-simulation's model run (`fgtlm cosim -p core.rtl.<name>=...`, difftest bisection).
#pragma once

#include <string>

#include <fgtlm/core/rtl_policy.hpp>
#include <fgtlm/params/registry.hpp>

namespace fgtlm::cosim {

void declare_rtl_policy_params(params::Registry& reg);

// The preset named by core.semantics, with every core.rtl.<name> that was set (a config file
// or -p) applied over it. Returns an empty string, or what is wrong (naming the parameter).
std::string resolve_rtl_policy(const params::Registry& reg, core::RtlPolicy& out);

// For listings (`fgtlm params`): every core.rtl.* that was not set takes the value the preset
// named by core.semantics gives it, with that preset as its source, so the table shows what a
// run would use. Returns resolve_rtl_policy's error, if any.
std::string show_preset_values(params::Registry& reg);

}  // namespace fgtlm::cosim
