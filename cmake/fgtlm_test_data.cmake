# Where the tests find their inputs.
# * FGTLM_DATA_DIR: the project's own test data (tests/data; its README says where each file
#   comes from). Always present: a clone of the repository is enough for the suite.
# * FGTLM_FLEXGRIP_DIR: the user's FlexGripPlus checkout (the VHDL RTL), for the tests labelled
#   `rtl` (GHDL co-simulation). Cache variable, else the environment variable of the same name,
#   else ../shared/rtl/FlexGripPlus_4.4 beside the source tree when present. Without one the
#   `rtl` tests skip with one line saying how to get it (scripts/get-flexgrip).
set(FGTLM_DATA_DIR ${PROJECT_SOURCE_DIR}/tests/data)
if(DEFINED ENV{FGTLM_FLEXGRIP_DIR})
  set(_fgtlm_flexgrip_default $ENV{FGTLM_FLEXGRIP_DIR})
elseif(EXISTS ${PROJECT_SOURCE_DIR}/../shared/rtl/FlexGripPlus_4.4/RTL)
  get_filename_component(_fgtlm_flexgrip_default ${PROJECT_SOURCE_DIR}/../shared/rtl/FlexGripPlus_4.4 ABSOLUTE)
else()
  set(_fgtlm_flexgrip_default "")
endif()
set(FGTLM_FLEXGRIP_DIR "${_fgtlm_flexgrip_default}" CACHE PATH
    "FlexGripPlus checkout (RTL/, lib_m/) for the rtl-labelled tests; scripts/get-flexgrip clones one")
if(FGTLM_FLEXGRIP_DIR AND NOT EXISTS ${FGTLM_FLEXGRIP_DIR}/RTL)
  message(WARNING "FGTLM_FLEXGRIP_DIR=${FGTLM_FLEXGRIP_DIR} has no RTL/ folder: the rtl tests will skip")
endif()

# The one line an `rtl` test prints when it skips (exit code 77).
set(FGTLM_RTL_SKIP_LINE
    "SKIP: no FlexGripPlus checkout (FGTLM_FLEXGRIP_DIR='${FGTLM_FLEXGRIP_DIR}'); run scripts/get-flexgrip and reconfigure with -DFGTLM_FLEXGRIP_DIR=<its folder>")

# fgtlm_rtl_test(NAME name [BUILDS] COMMAND cmd...): a test that needs the RTL, labelled `rtl` (a
# caller that sets LABELS again keeps `rtl` in them). It runs through tests/need_rtl.sh, which
# skips it with FGTLM_RTL_SKIP_LINE (exit 77) when there is no checkout or no ghdl-llvm. Its COST
# makes ctest -j start it before the short tests even in a fresh build tree (no cost data yet), so
# a minutes-long GHDL run does not end the suite alone on one core.
# The GHDL builds of the RTL (one per core count, and the fault-injection build) are made once,
# under a lock, by whichever test needs one first. A test marked BUILDS makes one of them (fixture
# fgtlm_rtl_builds); every other RTL test waits until those are done, so on a fresh tree two tests
# never start together only for one to sit on the other's build lock with a core idle: the short
# tests use that core meanwhile. `ctest -R NAME` runs the rtl.build.* tests with NAME (instant
# once the builds are in the cache; `-FS fgtlm_rtl_builds` leaves them out).
function(fgtlm_rtl_test)
  cmake_parse_arguments(A "BUILDS" "NAME" "COMMAND" ${ARGN})
  add_test(NAME ${A_NAME} COMMAND ${PROJECT_SOURCE_DIR}/tests/need_rtl.sh "${FGTLM_FLEXGRIP_DIR}"
           "${FGTLM_RTL_SKIP_LINE}" ${A_COMMAND})
  set_tests_properties(${A_NAME} PROPERTIES LABELS rtl SKIP_RETURN_CODE 77 SKIP_REGULAR_EXPRESSION "^SKIP: " COST 100)
  if(A_BUILDS)
    set_tests_properties(${A_NAME} PROPERTIES FIXTURES_SETUP fgtlm_rtl_builds COST 1000)
  else()
    set_tests_properties(${A_NAME} PROPERTIES FIXTURES_REQUIRED fgtlm_rtl_builds)
  endif()
endfunction()
