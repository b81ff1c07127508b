// libFuzzer target: the virtual platform's firmware ELF loader (libelf). Checks: no crash, no
// allocation before the size check (a p_memsz of 4 GB); every failure names the file; every
// segment that loads fits the DRAM it was checked against.
#include "vp/elf_image.hpp"

#include "fuzz_files.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    constexpr std::uint64_t kDram = 16u << 20;  // the VP's default vp.dram_bytes
    const std::filesystem::path file = fgtlm::fuzz::scratch_dir() / "firmware.elf";
    fgtlm::fuzz::put(file, std::string_view(reinterpret_cast<const char*>(data), size));
    try {
        const fgtlm::platform::ElfImage image = fgtlm::platform::ElfImage::load(file.string(), kDram);
        if (image.segments.empty()) fgtlm::fuzz::finding("an image without segments");
        for (const auto& s : image.segments)
            if (s.bytes.size() > kDram) fgtlm::fuzz::finding("a segment larger than the DRAM");
    } catch (const std::runtime_error& e) {
        fgtlm::fuzz::check_names_file(e.what(), file);
    }
    return 0;
}
