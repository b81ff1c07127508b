# fgtlm_add_model_library(<part> SOURCES src... HEADERS include/fgtlm/<part>/... 
#                         [PUBLIC_LINK libs...] [PRIVATE_LINK libs...])
#
# Defines the static library fgtlm_<part> of models/<part>/: its sources, its public headers
# (a HEADERS file set rooted at include/, installed as <prefix>/include/fgtlm/<part>/), the
# project's warnings, the alias fgtlm::<part>, and the same name fgtlm::<part> in the installed
# CMake package (find_package(fgtlm)).
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
endfunction()
