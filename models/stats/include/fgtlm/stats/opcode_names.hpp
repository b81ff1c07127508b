// Short opcode names for statistics and traces (the semantic opcode, not the printed
// mnemonic form: IADD covers IADD/IADD32/IADD32I).
#pragma once

#include <fgtlm/isa/instruction.hpp>

namespace fgtlm::stats {

const char* opcode_name(isa::Opcode op);

}  // namespace fgtlm::stats
