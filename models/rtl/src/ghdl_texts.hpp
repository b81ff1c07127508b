// models/rtl/ghdl/* embedded into fgtlm (generated ghdl_texts.cpp, ghdl/embed.cmake), so the
// GHDL back end can build its simulation without the source tree.
#pragma once

namespace fgtlm::rtl::ghdl_text {
extern const char* const kHostPackage;   // fgtlm_host.vhd
extern const char* const kHostTop;       // fgtlm_host_top.vhd
extern const char* const kSmHostProbes;  // sm_host_probes.vhd
extern const char* const kDpRamHost;     // dp_ram_host.vhd
extern const char* const kShared;        // fgtlm_host_shared.h
extern const char* const kShim;          // fgtlm_host_shim.c
}  // namespace fgtlm::rtl::ghdl_text
