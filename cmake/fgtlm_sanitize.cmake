# FGTLM_SANITIZE=ON: every host target built with AddressSanitizer + UndefinedBehaviorSanitizer,
# stopping at the first report (-fno-sanitize-recover), so a test that touches undefined
# behaviour fails instead of printing a line nobody reads. `scripts/test --sanitize` uses it
# (build folder build-sanitize/, Debug). The firmware is cross-compiled by custom commands and
# is not affected; the libFuzzer targets (FGTLM_FUZZ) bring their own flags.
option(FGTLM_SANITIZE "Build with ASan+UBSan (halt on the first error)" OFF)
if(FGTLM_SANITIZE)
  set(_fgtlm_san -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_compile_options(${_fgtlm_san})
  # Debian's gcc links with --as-needed except under -fsanitize (see `gcc -dumpspecs`). Keep it:
  # programs that never start SystemC (test_stats, timing_run) reach libsystemc.so through
  # fgtlm_stats, and that library's main() needs an sc_main they do not define.
  add_link_options(-fsanitize=address,undefined -Wl,--as-needed)
endif()
