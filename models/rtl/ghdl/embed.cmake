# cmake -DDIR=<models/rtl/ghdl> -DOUT=<file.cpp> -P embed.cmake
# Writes the GHDL back end's VHDL and C files into a C++ source as raw string literals.
set(pairs
  kHostPackage fgtlm_host.vhd
  kHostTop fgtlm_host_top.vhd
  kSmHostProbes sm_host_probes.vhd
  kDpRamHost dp_ram_host.vhd
  kShared fgtlm_host_shared.h
  kShim fgtlm_host_shim.c)
set(text "// Generated from models/rtl/ghdl by embed.cmake: do not edit.\n#include \"ghdl_texts.hpp\"\n\nnamespace fgtlm::rtl::ghdl_text {\n\n")
list(LENGTH pairs n)
math(EXPR last "${n} - 1")
foreach(i RANGE 0 ${last} 2)
  math(EXPR j "${i} + 1")
  list(GET pairs ${i} name)
  list(GET pairs ${j} file)
  file(READ ${DIR}/${file} body)
  string(APPEND text "const char* const ${name} = R\"FGTLM(${body})FGTLM\";\n\n")
endforeach()
string(APPEND text "}  // namespace fgtlm::rtl::ghdl_text\n")
file(WRITE ${OUT}.tmp "${text}")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
