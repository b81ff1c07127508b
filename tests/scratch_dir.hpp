// Scratch folders for tests that write files: one folder per test program and process under the
// system's temporary folder, removed when the program ends. Used as
// `using namespace fgtlm::test::scratch;` inside a test file's anonymous namespace.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

namespace fgtlm::test::scratch {

inline std::filesystem::path temp_root() {
    return std::filesystem::temp_directory_path() / ("fgtlm_test_" + std::to_string(::getpid()));
}

// Removes the scratch folders when the test program ends.
struct TempCleanup : ::testing::Environment {
    void TearDown() override { std::filesystem::remove_all(temp_root()); }
};
inline const auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new TempCleanup);

// An empty folder NAME under the scratch root (emptied if it exists).
inline std::filesystem::path temp_dir(const std::string& name) {
    const std::filesystem::path d = temp_root() / name;
    std::filesystem::remove_all(d);
    std::filesystem::create_directories(d);
    return d;
}

// Writes TEXT to P byte for byte.
inline void write(const std::filesystem::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
}

}  // namespace fgtlm::test::scratch
