# cmake -DDIR=<models/rtl/ghdl> -DOUT=<file.cpp> -P embed.cmake
# Writes the GHDL back end's VHDL and C files into a C++ source as raw string literals.
set(pairs
  kHostPackage fgtlm_host.vhd
  kHostTop fgtlm_host_top.vhd
  kSmHostProbes sm_host_probes.vhd
  kDpRamHost dp_ram_host.vhd
  kShared fgtlm_host_shared.h
  kShim fgtlm_host_shim.c)
include(${CMAKE_CURRENT_LIST_DIR}/../../../cmake/embed_texts.cmake)
fgtlm_embed_texts(${DIR} ${OUT} "models/rtl/ghdl by embed.cmake" ghdl_texts.hpp fgtlm::rtl::ghdl_text FGTLM ${pairs})
