# cmake -DLOG=rdata.log -P check_rdata.cmake: the four result words of bilinear_2d (README.md),
# computed by hand, in the FlexGripPlus rdata log `fgtlm run --rdata-log` wrote.
file(READ ${LOG} log)
foreach(line "00300 40200000" "00304 40100000" "00308 3F800000" "0030C 40000000")
  string(FIND "${log}" "${line}\n" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${LOG}: no line '${line}'")
  endif()
endforeach()
message(STATUS "texture results as computed by hand")
