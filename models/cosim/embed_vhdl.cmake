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
set(text "// Generated from models/cosim/vhdl by embed_vhdl.cmake: do not edit.\n#include \"rtl_vhdl.hpp\"\n\nnamespace fgtlm::cosim::vhdl {\n\n")
list(LENGTH pairs n)
math(EXPR last "${n} - 1")
foreach(i RANGE 0 ${last} 2)
  math(EXPR j "${i} + 1")
  list(GET pairs ${i} name)
  list(GET pairs ${j} file)
  file(READ ${DIR}/${file} body)
  string(APPEND text "const char* const ${name} = R\"VHDL(${body})VHDL\";\n\n")
endforeach()
string(APPEND text "}  // namespace fgtlm::cosim::vhdl\n")
file(WRITE ${OUT}.tmp "${text}")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
