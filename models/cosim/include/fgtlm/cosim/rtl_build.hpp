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
#include <functional>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace fgtlm::cosim {

class CosimError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Another elaboration of the same design for another user of the RTL (models/rtl's GHDL back
// end): extra VHDL units, further patches of the copied files, another top unit and C sources
// linked into the simulation (VHPIDIRECT). Its name and every text go into the cache key, and
// its builds get their own folders (c<cores>-<name>-<hash>).
struct RtlBuildVariant {
    std::string name;                                              // folder tag, e.g. "ghdl-host"
    std::vector<std::pair<std::string, std::string>> packages;     // (file, VHDL) analysed after fgtlm_probe
    std::vector<std::pair<std::string, std::string>> units;        // (file, VHDL) analysed after the compile order
    // Further patch of a copied source: (file name, text after fgtlm's own patches) -> new
    // text, or nullopt to leave it as it is. Must be deterministic (the key hashes its name only).
    std::function<std::optional<std::string>(const std::string&, const std::string&)> patch;
    std::string patch_key;                                         // changes when `patch` changes
    std::vector<std::pair<std::string, std::string>> c_sources;    // (file, C text) compiled with cc and linked
    std::string top = "tb_top_level";
};

struct RtlBuildOptions {
    std::filesystem::path rtl_dir;     // FlexGripPlus folder holding RTL/ and lib_m/
    unsigned cores = 8;                // SP lanes (8, 16, 32): BENCH_CORES of the build
    std::filesystem::path cache_dir;   // builds go to cache_dir/c<cores>-<hash>/
    std::string ghdl = "ghdl-llvm";    // GHDL with the LLVM back end (Debian: ghdl-llvm)
    std::ostream* log = nullptr;       // progress messages (may be null)
    bool fault_injection = false;      // add the register-file fault injector (fgtlm_fault.txt; models/faults)
    const RtlBuildVariant* variant = nullptr;  // another elaboration (see RtlBuildVariant)
};

struct RtlBuild {
    std::filesystem::path dir;         // build folder
    std::filesystem::path executable;  // elaborated tb_top_level (or the variant's top)
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
