# cmake -DIN=program.hex -DOUT=kernel.c -DNAME=kernel_vector_add -P hex2c.cmake
# Converts a program.hex (one 32-bit word per line, '#' comments; format in
# tests/data/conformance/README.md section 1.1) into a C array the firmware hands to the GPU.
file(STRINGS "${IN}" lines)
set(words "")
set(count 0)
foreach(line IN LISTS lines)
  string(REGEX REPLACE "#.*" "" line "${line}")
  string(STRIP "${line}" line)
  if(line STREQUAL "")
    continue()
  endif()
  if(NOT line MATCHES "^0[xX][0-9a-fA-F]+$")
    message(FATAL_ERROR "${IN}: not a 32-bit hex word: '${line}'")
  endif()
  string(APPEND words "    ${line}u,\n")
  math(EXPR count "${count} + 1")
endforeach()
if(count EQUAL 0)
  message(FATAL_ERROR "${IN}: no instruction words")
endif()
file(WRITE "${OUT}" "/* Generated from ${IN} by hex2c.cmake: do not edit. */\n#include <stdint.h>\n"
  "/* In DRAM (.rodata): the GPU fetches its code from here (CODE_BASE = address of the array). */\n"
  "const uint32_t ${NAME}[${count}] __attribute__((aligned(16))) = {\n${words}};\n"
  "const uint32_t ${NAME}_words = ${count};\n")
