# cmake -DDIR=<models/cosim/vhdl> -DOUT=<file.cpp> -P embed_vhdl.cmake
# Writes the project's VHDL files (vhdl/*.vhd) into a C++ source as raw string literals, so
# fgtlm carries them without needing its source tree at run time.
set(pairs
  kPickBench pick_bench.vhd
  kTpInstructions TP_instructions.vhd
  kTpConfiguration TP_configuration.vhd
  kProbePackage fgtlm_probe.vhd
  kMonitor fgtlm_monitor.vhd
  kDpRamDump dp_ram_dump.vhd
  kSmProbes sm_probes.vhd
  kFaultPackage fgtlm_fault.vhd
  kFaultProbes fault_probes.vhd
  kDpRegfileFlip dp_regfile_flip.vhd
  kDpRegfileStuck dp_regfile_stuck.vhd)
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/embed_texts.cmake)
fgtlm_embed_texts(${DIR} ${OUT} "models/cosim/vhdl by embed_vhdl.cmake" rtl_vhdl.hpp fgtlm::cosim::vhdl VHDL ${pairs})
