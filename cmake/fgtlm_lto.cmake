# FGTLM_LTO: link-time optimisation of the per-instruction path in the `fgtlm` executable only.
#
# The model libraries on that path (FGTLM_LTO_PARTS) get a second compilation as GCC IR
# (`fgtlm_<part>_lto`, an OBJECT library with the same sources, include directories, options and
# definitions, -flto -fno-fat-lto-objects); `fgtlm` links those objects with -flto, so the issue
# loop, the stages, the units, the timing model and the statistics inline across files
# (docs/speed.md: about +10 % thread-instructions/s on the loop kernels). Everything else (the
# static libraries, the tests, the VP) is built and linked as before: the LTO objects never meet
# a non-LTO link, and the libraries stay plain objects (fat LTO objects made Debian's ld, which
# loads GCC's plugin by itself, see duplicate definitions in non-LTO test links).
include(CheckIPOSupported)
check_ipo_supported(RESULT _fgtlm_ipo_ok OUTPUT _fgtlm_ipo_why LANGUAGES CXX)
if(_fgtlm_ipo_ok AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND NOT FGTLM_SANITIZE
   AND NOT CMAKE_BUILD_TYPE STREQUAL "Debug")
  set(_fgtlm_lto_default ON)
else()
  set(_fgtlm_lto_default OFF)
endif()
option(FGTLM_LTO "link fgtlm with link-time optimisation of the per-instruction path (GCC)" ${_fgtlm_lto_default})
set(FGTLM_LTO_PARTS numerics core memory sm timing stats gpu)

# Called by fgtlm_add_model_library in the library's own directory (source-file properties such
# as the FPU files' -ffp-contract=off are per directory). Generator expressions read the
# library's properties at generation time, so options added after the call are included.
function(fgtlm_add_lto_objects part)
  if(NOT FGTLM_LTO OR FGTLM_SANITIZE OR NOT part IN_LIST FGTLM_LTO_PARTS)  # a cached ON stays off there
    return()
  endif()
  set(lib fgtlm_${part})
  set(obj fgtlm_${part}_lto)
  # No unity batches (the LTO link sees the whole program anyway), and not the library's own:
  # under FGTLM_UNITY_BUILD its SOURCES hold the generated unity_N sources beside the originals.
  set(CMAKE_UNITY_BUILD OFF)
  add_library(${obj} OBJECT EXCLUDE_FROM_ALL "$<FILTER:$<TARGET_PROPERTY:${lib},SOURCES>,EXCLUDE,/Unity/unity_[0-9]+_cxx\\.cxx$>")
  target_include_directories(${obj} PRIVATE "$<TARGET_PROPERTY:${lib},INCLUDE_DIRECTORIES>")
  target_compile_definitions(${obj} PRIVATE "$<TARGET_PROPERTY:${lib},COMPILE_DEFINITIONS>")
  target_compile_options(${obj} PRIVATE "$<TARGET_PROPERTY:${lib},COMPILE_OPTIONS>" -flto=auto -fno-fat-lto-objects)
  target_link_libraries(${obj} PRIVATE "$<TARGET_PROPERTY:${lib},LINK_LIBRARIES>")
  target_compile_features(${obj} PRIVATE cxx_std_20)
endfunction()

# Links the LTO objects of FGTLM_LTO_PARTS into `target` (the fgtlm executable) with -flto.
# The objects come before the static libraries on the link line, so no archive member of those
# parts is pulled in.
function(fgtlm_link_lto_objects target)
  if(NOT FGTLM_LTO OR FGTLM_SANITIZE)
    return()
  endif()
  foreach(part IN LISTS FGTLM_LTO_PARTS)
    if(TARGET fgtlm_${part}_lto)
      target_sources(${target} PRIVATE $<TARGET_OBJECTS:fgtlm_${part}_lto>)
    endif()
  endforeach()
  target_link_options(${target} PRIVATE -flto=auto)
endfunction()
