// FNV-1a, 64 bit, over length-separated strings: cache keys that are stable across runs and
// machines (std::hash is not). Two instances with different offsets give a 128-bit key.
#pragma once

#include <cstdint>
#include <string_view>

namespace fgtlm::cosim {

struct Fnv64 {
    std::uint64_t h = 1469598103934665603ull;
    void add(std::string_view s) {
        for (unsigned char c : s) { h ^= c; h *= 1099511628211ull; }
        h ^= 0xff; h *= 1099511628211ull;  // separator
    }
};

}  // namespace fgtlm::cosim
