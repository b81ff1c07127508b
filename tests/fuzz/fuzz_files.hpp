// Shared by the file-loader fuzz targets: the loaders read files, so each input is written to
// a scratch folder (in /dev/shm when there is one) that is removed when the process ends.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace fgtlm::fuzz {

inline const std::filesystem::path& scratch_dir() {
    static const std::filesystem::path dir = [] {
        const std::filesystem::path base = std::filesystem::is_directory("/dev/shm")
                                               ? std::filesystem::path("/dev/shm")
                                               : std::filesystem::temp_directory_path();
        const std::filesystem::path d = base / ("fgtlm_fuzz_" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        std::atexit([] { std::filesystem::remove_all(scratch_dir()); });
        return d;
    }();
    return dir;
}

inline void put(const std::filesystem::path& p, std::string_view bytes) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// A finding: the message and the input's file are printed, then libFuzzer saves the input.
[[noreturn]] inline void finding(const std::string& what) {
    std::fprintf(stderr, "fuzz finding: %s\n", what.c_str());
    std::abort();
}

// A load error must name `file` (its path) and say something after it.
inline void check_names_file(const std::string& what, const std::filesystem::path& file) {
    if (what.find(file.filename().string()) == std::string::npos || what.size() <= file.string().size() + 2)
        finding("error does not name " + file.string() + ": " + what);
}

}  // namespace fgtlm::fuzz
