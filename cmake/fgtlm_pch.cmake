# Precompiled headers (FGTLM_PCH): the third-party headers that dominate compile time, parsed once
# per target instead of once per file. A clean build spends most of its CPU in them: CLI11 and
# nlohmann/json are header-only and each costs seconds per file that includes it. ccache cannot
# cache files compiled against a precompiled header without extra sloppiness settings, so a build
# with a ccache launcher leaves them off (its cache is the faster path there).
if(CMAKE_CXX_COMPILER_LAUNCHER MATCHES "ccache")
  set(_fgtlm_pch_default OFF)
else()
  set(_fgtlm_pch_default ON)
endif()
option(FGTLM_PCH "Precompile the heavy third-party headers of the larger targets" ${_fgtlm_pch_default})

# fgtlm_precompile(<target> <header>...): the headers (e.g. <nlohmann/json.hpp>) precompiled for
# <target>'s own sources. Only for targets with several sources that include them: a target with
# one source gains nothing from parsing them once more into a PCH.
function(fgtlm_precompile target)
  if(FGTLM_PCH)
    target_precompile_headers(${target} PRIVATE ${ARGN})
  endif()
endfunction()
