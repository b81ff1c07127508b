# Every dependency is a Debian package (scripts/deps installs them).
find_package(PkgConfig REQUIRED)
# Debian's SystemC 2.3.4 (libsystemc-dev) ships pkg-config files, not a CMake package.
pkg_check_modules(SYSTEMC REQUIRED IMPORTED_TARGET GLOBAL systemc>=2.3.3)
add_library(fgtlm::systemc ALIAS PkgConfig::SYSTEMC)
# Debian's libsystemc 2.3.4 is built as C++17 and exports sc_api_version_2_3_4_cxx201703L;
# compiling our C++20 code against it must announce the same API level or linking fails.
set_property(TARGET PkgConfig::SYSTEMC APPEND PROPERTY INTERFACE_COMPILE_DEFINITIONS SC_CPLUSPLUS=201703L)
find_package(Threads REQUIRED)
find_package(nlohmann_json 3.10 REQUIRED)   # JSON: launch.json, stats, configs
find_package(CLI11 REQUIRED)                # command-line parsing for fgtlm / fgtlm-vp
find_package(fmt REQUIRED)                  # formatting (std::format is not in g++ 12)
find_package(Boost 1.74 REQUIRED)           # header-only parts (container, circular_buffer)
if(FGTLM_BUILD_TESTS)
  find_package(GTest REQUIRED)
  include(GoogleTest)
endif()
if(FGTLM_BUILD_BENCH)
  find_package(benchmark REQUIRED)
endif()
