// The RTL side of co-simulation, step 1: an elaborated FlexGripPlus testbench per RTL folder
// and core count, built once with GHDL and cached by a hash of every source it compiles.
//
// The build folder holds copies of the few files fgtlm changes (the user's RTL folder is
// never written): pick_bench / TP_instructions / TP_configuration replaced by versions that
// read the launch from text files at run time, a probe package, dp_ram with a fast
// global-memory dump, streaming_multiprocessor with commit probes, and the testbench with the
// fgtlm monitor. Everything else is analysed from the user's folder in gpgpu_compile.tcl order.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

namespace fgtlm::cosim {

class CosimError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct RtlBuildOptions {
    std::filesystem::path rtl_dir;     // FlexGripPlus folder holding RTL/ and lib_m/
    unsigned cores = 8;                // SP lanes (8, 16, 32): BENCH_CORES of the build
    std::filesystem::path cache_dir;   // builds go to cache_dir/c<cores>-<hash>/
    std::string ghdl = "ghdl-llvm";    // GHDL with the LLVM back end (Debian: ghdl-llvm)
    std::ostream* log = nullptr;       // progress messages (may be null)
    bool fault_injection = false;      // add the register-file fault injector (fgtlm_fault.txt; models/faults)
};

struct RtlBuild {
    std::filesystem::path dir;         // build folder
    std::filesystem::path executable;  // elaborated tb_top_level
    std::filesystem::path rtl_dir;
    unsigned cores = 8;
    std::string key;                   // hash of the sources, core count and fgtlm's VHDL
    bool reused = false;               // found in the cache
    double build_seconds = 0.0;
};

// Default cache folder: $FGTLM_RTL_CACHE, else $XDG_CACHE_HOME/fgtlm/rtl, else ~/.cache/fgtlm/rtl.
std::filesystem::path default_cache_dir();

// The files of lib_m/gpgpu_compile.tcl, in order (absolute paths). Throws CosimError when the
// folder is not a FlexGripPlus checkout or a listed file is missing.
std::vector<std::filesystem::path> compile_order(const std::filesystem::path& rtl_dir);

// Returns the cached build or builds it (analysis + elaboration, tens of seconds). Safe
// against concurrent callers (a lock file per key). Throws CosimError with GHDL's messages.
RtlBuild ensure_rtl_build(const RtlBuildOptions& opt);

}  // namespace fgtlm::cosim
