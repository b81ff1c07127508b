// Peephole rewrites of the lowered machine IR (peephole.cpp), between lowering and structurisation.
#pragma once

#include "mir.hpp"

namespace fgtlm::compiler {

void peephole(MFunction& f);

}  // namespace fgtlm::compiler
