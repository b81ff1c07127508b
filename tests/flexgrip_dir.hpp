// The FlexGripPlus checkout for GoogleTest cases that read the RTL's own files (label `rtl`):
// FGTLM_FLEXGRIP_DIR (cmake/fgtlm_test_data.cmake), empty when the build has none.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>

namespace fgtlm::test {

// The checkout, or an empty path when FGTLM_FLEXGRIP_DIR names no folder with RTL/ in it.
inline std::filesystem::path flexgrip_dir() {
    const std::filesystem::path dir = FGTLM_FLEXGRIP_DIR;
    return !dir.empty() && std::filesystem::is_directory(dir / "RTL") ? dir : std::filesystem::path{};
}

inline constexpr const char* kNoFlexgrip =
    "no FlexGripPlus checkout (FGTLM_FLEXGRIP_DIR); run scripts/get-flexgrip and reconfigure "
    "with -DFGTLM_FLEXGRIP_DIR=<its folder>";

}  // namespace fgtlm::test

// Skips the current test, in one line, when there is no checkout.
#define FGTLM_SKIP_WITHOUT_FLEXGRIP() \
    if (fgtlm::test::flexgrip_dir().empty()) GTEST_SKIP() << fgtlm::test::kNoFlexgrip
