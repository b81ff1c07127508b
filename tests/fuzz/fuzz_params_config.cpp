// libFuzzer target: --config files against the real parameter set (the timing model's, which
// `fgtlm run`, `fgtlm params` and fgtlm-vp declare). Checks: no crash, no stack overflow on
// deep nesting; every failure is a ParamError naming the file; every value that was set lies
// within its declared range.
#include <fgtlm/params/registry.hpp>
#include <fgtlm/timing/timing_params.hpp>

#include "fuzz_files.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::filesystem::path file = fgtlm::fuzz::scratch_dir() / "config.json";
    fgtlm::fuzz::put(file, std::string_view(reinterpret_cast<const char*>(data), size));
    fgtlm::params::Registry registry;
    fgtlm::timing::declare_timing_params(registry);
    try {
        registry.load_json_file(file.string());
    } catch (const fgtlm::params::ParamError& e) {
        fgtlm::fuzz::check_names_file(e.what(), file);
        if (std::string(e.what()).size() > 4096) fgtlm::fuzz::finding("a message of over 4 KB");
    }
    for (const fgtlm::params::Param* p : registry.list()) {
        if (!p->has_range) continue;
        const double v =
            p->type == fgtlm::params::Type::Int ? double(std::get<std::int64_t>(p->value)) : std::get<double>(p->value);
        if (!(v >= p->min && v <= p->max)) fgtlm::fuzz::finding(p->name + " set outside its range");
    }
    return 0;
}
