# Install rules and the CMake package config so other projects can find_package(fgtlm).
# Each library target that should be exported appends itself to the global property
# FGTLM_EXPORTED_TARGETS (see models/*/CMakeLists.txt).
include(CMakePackageConfigHelpers)
get_property(_fgtlm_targets GLOBAL PROPERTY FGTLM_EXPORTED_TARGETS)
if(_fgtlm_targets)
  install(TARGETS ${_fgtlm_targets} EXPORT fgtlmTargets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
          RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
          FILE_SET HEADERS DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(EXPORT fgtlmTargets NAMESPACE fgtlm:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/fgtlm)
endif()
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/fgtlmConfig.cmake.in
  ${CMAKE_BINARY_DIR}/fgtlmConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/fgtlm)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/fgtlmConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/fgtlmConfig.cmake ${CMAKE_BINARY_DIR}/fgtlmConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/fgtlm)
install(TARGETS fgtlm RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# fgtlm_add_cuda_kernel for consumers: the function, and the CUDA headers `fgtlm cc` puts on
# clang's include path (<fgtlm/cuda.h> and the shims), found from the package's prefix.
install(FILES ${CMAKE_CURRENT_LIST_DIR}/fgtlm_cuda.cmake DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/fgtlm)
install(DIRECTORY ${FGTLM_CUDA_INCLUDE_DIR}/ DESTINATION ${CMAKE_INSTALL_DATADIR}/fgtlm/cuda_include)
