// The module graph of an elaborated SystemC design: every module (name and kind) indented
// under its parent, and under each module its TLM initiator sockets with the target socket
// each one is bound to (`fgtlm run --print-hierarchy`).
#pragma once

#include <ostream>

#include <systemc>

namespace fgtlm::gpu {

// Call after elaboration (bindings are resolved then), e.g. after sc_start(SC_ZERO_TIME).
void print_hierarchy(std::ostream& os, const sc_core::sc_object& root);

}  // namespace fgtlm::gpu
