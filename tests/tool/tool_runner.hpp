// Running the `fgtlm` executable from a test as a user would: stdout and stderr together,
// the exit status, and scratch folders removed when the test program ends.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

namespace tool_test {

namespace fs = std::filesystem;

inline fs::path temp_root() { return fs::temp_directory_path() / ("fgtlm_hostile_" + std::to_string(::getpid())); }

// A fresh, empty scratch folder (all of temp_root() goes when the program ends).
inline fs::path temp_dir(const std::string& name) {
    struct Cleanup : ::testing::Environment {
        void TearDown() override { fs::remove_all(temp_root()); }
    };
    static const auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new Cleanup);
    (void)kCleanup;
    const fs::path d = temp_root() / name;
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

inline void write(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

inline std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

struct Result {
    int rc = -1;
    std::string out;  // what `redirect` sends to the pipe (default stdout + stderr)
};

inline Result run_exe(const std::string& exe, const std::string& args, const std::string& redirect = "2>&1") {
    Result r;
    FILE* p = ::popen((exe + " " + args + " " + redirect).c_str(), "r");
    if (p == nullptr) return r;
    std::array<char, 4096> buf{};
    std::size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
    const int st = ::pclose(p);
    r.rc = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    return r;
}

// FGTLM_TEST_EXE runs the tests against another build (e.g. the code before a fix).
inline std::string fgtlm_exe() {
    const char* other = std::getenv("FGTLM_TEST_EXE");
    return other != nullptr && *other != '\0' ? other : FGTLM_EXE;
}

inline Result fgtlm(const std::string& args) { return run_exe(fgtlm_exe(), args); }

inline std::string q(const fs::path& p) { return "'" + p.string() + "'"; }

}  // namespace tool_test

#define EXPECT_HAS(haystack, needle) EXPECT_NE((haystack).find(needle), std::string::npos) << (haystack)
