// libFuzzer target: cubin JSON files (tests/data/isa/cubins format). Checks: no crash; every
// failure is a LoadError naming the file; every constant segment that loads fits its bank.
#include <fgtlm/loaders/cubin_loader.hpp>
#include <fgtlm/loaders/kernel_image.hpp>

#include "fuzz_files.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::filesystem::path file = fgtlm::fuzz::scratch_dir() / "kernel.cubin.json";
    fgtlm::fuzz::put(file, std::string_view(reinterpret_cast<const char*>(data), size));
    try {
        const fgtlm::loaders::CubinModule m = fgtlm::loaders::load_cubin_json(file);
        for (const fgtlm::loaders::CubinKernel& k : m.kernels) {
            for (const auto& s : k.constants) {
                if (std::uint64_t(s.offset) + s.bytes.size() > 65536) fgtlm::fuzz::finding("segment beyond its bank");
                if (fgtlm::loaders::constant_bank_image(k, s.bank).size() > 65536)
                    fgtlm::fuzz::finding("bank image beyond 64 KiB");
            }
        }
    } catch (const fgtlm::loaders::LoadError& e) {
        fgtlm::fuzz::check_names_file(e.what(), file);
    }
    return 0;
}
