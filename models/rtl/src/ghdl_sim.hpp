// FlexGripPlus simulated by GHDL itself (the VHDL, not a synthesised netlist) as an RtlSim:
// exact by construction. fgtlm builds (once per RTL folder and core count, in models/cosim's
// GHDL build cache, variant "host") an elaboration whose top unit, fgtlm_host_top, calls
// VHPIDIRECT functions every clock cycle; the simulation runs as a child process and the two
// hand control back and forth through a shared-memory block (models/rtl/ghdl/).
#pragma once

#include <filesystem>
#include <iosfwd>
#include <memory>

#include "rtl_sim.hpp"

namespace fgtlm::rtl::detail {

struct GhdlSimOptions {
    std::filesystem::path rtl_dir;    // FlexGripPlus folder
    std::filesystem::path cache_dir;  // models/cosim's GHDL build cache
    unsigned cores = 8;
    std::ostream* log = nullptr;      // build progress (first use builds for minutes)
};

// Builds (or reuses) the simulation and starts it. Throws std::runtime_error naming the
// problem (build log, simulation output) when it cannot.
std::unique_ptr<RtlSim> make_ghdl_sim(const GhdlSimOptions& options);

}  // namespace fgtlm::rtl::detail
