// Draw counts of the randomised tests, divided by FGTLM_TEST_DRAW_DIVISOR (default 1, i.e. every
// draw). The sanitizer suite (scripts/test --sanitize) sets 4: its instrumentation makes each
// draw 4-10 times dearer, and the release suite, which CI also runs, makes every draw. The
// draws are a prefix of the same sequence, so a smaller count never tries other inputs.
#pragma once

#include <cstdint>
#include <cstdlib>

namespace fgtlm::test {

inline std::uint64_t draw_count(std::uint64_t full) {
    const char* v = std::getenv("FGTLM_TEST_DRAW_DIVISOR");
    const std::uint64_t d = v != nullptr && *v != '\0' ? std::strtoull(v, nullptr, 10) : 1;
    return d <= 1 ? full : (full + d - 1) / d;
}

}  // namespace fgtlm::test
