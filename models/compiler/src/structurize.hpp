// SIMT structurisation: SSY before every divergent region, a join block (NOP.S) at its
// immediate post-dominator. models/compiler/README.md ("Reconvergence") explains the rules.
#pragma once

#include "mir.hpp"

namespace fgtlm::compiler {

// Adds preheaders, join blocks and SSY instructions; returns the block order to emit.
std::vector<int> structurize(MFunction& f);

}  // namespace fgtlm::compiler
