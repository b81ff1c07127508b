# One precompiled header for every GoogleTest executable (FGTLM_TEST_PCH, on by default).
# Why: GoogleTest and nlohmann/json take 2-3 s of parsing in each of ~130 test sources, a
# quarter of a test source's compile with clang -O0 (the sanitizer build) and about a sixth
# with GCC -O2, and CI builds the tree twice on two cores (docs/status.md, "CI time").
# The host target defines no macro of the project, so a test's own definitions
# (FGTLM_DATA_DIR, FGTLM_EXE, ...) never differ from the header's, which clang would refuse.
option(FGTLM_TEST_PCH "Precompile the headers shared by the GoogleTest executables" ON)

set(FGTLM_TEST_PCH_HEADERS <gtest/gtest.h> <nlohmann/json.hpp> <algorithm> <cstdint> <filesystem>
    <fstream> <functional> <map> <memory> <sstream> <string> <vector>)

# fgtlm_test_pch_reuse(DIR): every executable under DIR (recursively) that links GoogleTest
# reuses the host target's precompiled header.
function(fgtlm_test_pch_reuse dir)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target IN LISTS targets)
    get_target_property(type ${target} TYPE)
    get_target_property(libs ${target} LINK_LIBRARIES)
    if(type STREQUAL "EXECUTABLE" AND NOT target STREQUAL "fgtlm_test_pch_host"
       AND libs MATCHES "GTest::")
      target_precompile_headers(${target} REUSE_FROM fgtlm_test_pch_host)
    endif()
  endforeach()
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    fgtlm_test_pch_reuse(${sub})
  endforeach()
endfunction()

function(fgtlm_add_test_pch dir)
  if(NOT FGTLM_TEST_PCH OR NOT TARGET GTest::gtest_main)
    return()
  endif()
  add_executable(fgtlm_test_pch_host ${PROJECT_SOURCE_DIR}/tests/pch/anchor.cpp)
  target_link_libraries(fgtlm_test_pch_host PRIVATE nlohmann_json::nlohmann_json GTest::gtest_main)
  target_precompile_headers(fgtlm_test_pch_host PRIVATE ${FGTLM_TEST_PCH_HEADERS})
  fgtlm_test_pch_reuse(${dir})
endfunction()
