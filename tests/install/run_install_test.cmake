# Install this build into PREFIX:
#   cmake -DBUILD_DIR=... -DPREFIX=... -DINSTALL_ONLY=1 -P run_install_test.cmake
# Configure, build and run a project against the installed package (in WORK_DIR, where its
# executable, named after the project folder's main target, runs):
#   cmake -DPREFIX=... -DCONSUMER_SRC=... -DWORK_DIR=... -DGENERATOR=... [-DEXAMPLE_DIR=...] -P run_install_test.cmake
function(step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err WORKING_DIRECTORY ${dir})
  message("${out}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "step failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()
if(INSTALL_ONLY)
  set(dir ${BUILD_DIR})
  file(REMOVE_RECURSE ${PREFIX})
  step(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${PREFIX})
  return()
endif()
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(dir ${WORK_DIR})
step(${CMAKE_COMMAND} -S ${CONSUMER_SRC} -B ${WORK_DIR}/build -G ${GENERATOR} -DCMAKE_PREFIX_PATH=${PREFIX}
     -DEXAMPLE_DIR=${EXAMPLE_DIR})
step(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
file(GLOB exe LIST_DIRECTORIES false ${WORK_DIR}/build/consumer ${WORK_DIR}/build/embedding_checks
     ${WORK_DIR}/build/embedding)
step(${exe} ${WORK_DIR})
# An embedded GPU stays quiet: no SystemC W713 (time not representable in VCD units) flood.
if("${out}${err}" MATCHES "W713")
  message(FATAL_ERROR "the run printed SystemC W713 warnings:\n${err}")
endif()
