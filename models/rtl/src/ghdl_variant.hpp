// The GHDL back end's simulation as a variant of fgtlm cosim's GHDL build (cache folder
// c<cores>-host-<key>): the fgtlm_host package and top unit, the SM's extra probes, dp_ram's
// host process, and the VHPIDIRECT shim linked in (models/rtl/ghdl/).
#pragma once

#include <fgtlm/cosim/rtl_build.hpp>

namespace fgtlm::rtl::detail {

const cosim::RtlBuildVariant& ghdl_host_variant();

}  // namespace fgtlm::rtl::detail
