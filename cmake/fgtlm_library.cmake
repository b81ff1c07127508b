# fgtlm_add_model_library(<part> SOURCES src... HEADERS include/fgtlm/<part>/... 
#                         [PUBLIC_LINK libs...] [PRIVATE_LINK libs...])
#
# Defines the static library fgtlm_<part> of models/<part>/: its sources, its public headers
# (a HEADERS file set rooted at include/, installed as <prefix>/include/fgtlm/<part>/), the
# project's warnings, the alias fgtlm::<part>, and the same name fgtlm::<part> in the installed
# CMake package (find_package(fgtlm)).
# x86-64 hosts: use the POPCNT instruction (every x86-64 CPU since 2008-2011 has it).
include(CheckCXXCompilerFlag)
check_cxx_compiler_flag(-mpopcnt FGTLM_COMPILER_HAS_MPOPCNT)
if(FGTLM_COMPILER_HAS_MPOPCNT AND CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
  set(_fgtlm_popcnt_default ON)
else()
  set(_fgtlm_popcnt_default OFF)
endif()
option(FGTLM_HOST_POPCNT "compile the model libraries with -mpopcnt (x86-64)" ${_fgtlm_popcnt_default})

function(fgtlm_add_model_library part)
  cmake_parse_arguments(arg "" "" "SOURCES;HEADERS;PUBLIC_LINK;PRIVATE_LINK" ${ARGN})
  set(target fgtlm_${part})
  add_library(${target} STATIC ${arg_SOURCES})
  target_sources(${target} PUBLIC FILE_SET HEADERS BASE_DIRS include FILES ${arg_HEADERS})
  target_link_libraries(${target} PUBLIC ${arg_PUBLIC_LINK} PRIVATE ${arg_PRIVATE_LINK})
  target_compile_features(${target} PUBLIC cxx_std_20)
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${part})
  add_library(fgtlm::${part} ALIAS ${target})
  set_property(GLOBAL APPEND PROPERTY FGTLM_EXPORTED_TARGETS ${target})
  fgtlm_set_warnings(${target})
  # The hot path counts active lanes with std::popcount per instruction (core, timing,
  # statistics); without the POPCNT instruction GCC calls libgcc's table routine instead.
  if(FGTLM_HOST_POPCNT)
    target_compile_options(${target} PRIVATE -mpopcnt)
  endif()
  fgtlm_add_lto_objects(${part})  # fgtlm_lto.cmake
endfunction()
