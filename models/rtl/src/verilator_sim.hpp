// The Verilated FlexGripPlus (models/rtl/verilator) as an RtlSim.
#pragma once

#include <memory>

#include "rtl_sim.hpp"

namespace fgtlm::rtl::detail {

std::unique_ptr<RtlSim> make_verilator_sim();

}  // namespace fgtlm::rtl::detail
