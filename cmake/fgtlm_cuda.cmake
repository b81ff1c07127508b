# CUDA C kernels for firmware and host programs: a .cu file compiled at build time by
# `fgtlm cc` (clang, no CUDA toolkit) into a MODULE, and `fgtlm header` writes its C header
# (code words, registers, shared sizes, parameter offsets; sc_main/fgtlm/module_header.hpp).
# Used by the project's own firmware (platform/firmware/apps/apps.cmake) and exported by
# find_package(fgtlm), which sets FGTLM_EXECUTABLE and FGTLM_CUDA_INCLUDE_DIR to the installed ones.
#
#   fgtlm_cuda_kernel_header(<out-var> <file.cu> [PREFIX p] [OUTPUT_DIR dir]
#                            [CC_OPTIONS --target g80 --max-regs 32 ...] [CLANG_ARGS -DN=4 ...])
#     sets <out-var> to the generated header (OUTPUT_DIR, default ${CMAKE_CURRENT_BINARY_DIR}/fgtlm_kernels,
#     holds <stem>.h and the MODULE <stem>.json).
#   fgtlm_add_cuda_kernel(<target> <file.cu> [same options])
#     the same, with the header added to <target>'s sources and its folder to its include path.
function(fgtlm_cuda_kernel_header out cu)
  cmake_parse_arguments(A "" "PREFIX;OUTPUT_DIR" "CC_OPTIONS;CLANG_ARGS" ${ARGN})
  if(NOT FGTLM_EXECUTABLE)
    message(FATAL_ERROR "fgtlm_cuda_kernel_header: FGTLM_EXECUTABLE is not set (find_package(fgtlm) sets it)")
  endif()
  get_filename_component(cu ${cu} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
  get_filename_component(stem ${cu} NAME_WE)
  set(dir ${A_OUTPUT_DIR})
  if(NOT dir)
    set(dir ${CMAKE_CURRENT_BINARY_DIR}/fgtlm_kernels)
  endif()
  set(module ${dir}/${stem}.json)
  set(header ${dir}/${stem}.h)
  set(prefix_option "")
  if(A_PREFIX)
    set(prefix_option --prefix ${A_PREFIX})
  endif()
  # clang writes the headers the .cu includes into a depfile, so editing one recompiles the kernel.
  set(depfile ${dir}/${stem}.d)
  add_custom_command(OUTPUT ${header} ${module}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
    COMMAND ${FGTLM_EXECUTABLE} cc ${cu} -o ${module} --include-dir ${FGTLM_CUDA_INCLUDE_DIR} ${A_CC_OPTIONS}
            -- -MD -MF ${depfile} -MT ${header} ${A_CLANG_ARGS}
    COMMAND ${FGTLM_EXECUTABLE} header ${module} -o ${header} ${prefix_option}
    DEPENDS ${cu} ${FGTLM_EXECUTABLE_DEPENDS}
    DEPFILE ${depfile}
    COMMENT "CUDA C kernel ${cu} -> ${header} (fgtlm cc, fgtlm header)" VERBATIM)
  set(${out} ${header} PARENT_SCOPE)
endfunction()

function(fgtlm_add_cuda_kernel target cu)
  fgtlm_cuda_kernel_header(header ${cu} ${ARGN})
  get_filename_component(dir ${header} DIRECTORY)
  target_sources(${target} PRIVATE ${header})
  target_include_directories(${target} PRIVATE ${dir})
endfunction()
