// Shared-memory bank conflicts of one warp access, for the timing model.
//
// G80 shared memory has 16 banks of 32-bit words and serves a warp one half-warp at a time;
// lanes of a half-warp that hit different words of the same bank are serialised, lanes that
// read the same word share one broadcast. The degree is the worst bank's number of distinct
// words over both half-warps (1 = conflict-free).
#pragma once

#include <cstdint>

namespace fgtlm::core {

inline std::uint8_t shared_bank_conflict_degree(std::uint32_t base, const std::uint32_t* lane_offset,
                                                std::uint32_t mask) {
    constexpr std::uint32_t kBanks = 16;
    std::uint32_t worst = mask ? 1u : 0u;
    for (std::uint32_t half = 0; half < 2; ++half) {
        std::uint32_t words[kBanks][16];  // distinct word addresses seen per bank
        std::uint32_t count[kBanks] = {};
        for (std::uint32_t i = 0; i < 16; ++i) {
            const std::uint32_t l = half * 16 + i;
            if (!((mask >> l) & 1u)) continue;
            const std::uint32_t word = (base + lane_offset[l]) >> 2;
            const std::uint32_t bank = word % kBanks;
            bool seen = false;
            for (std::uint32_t k = 0; k < count[bank] && !seen; ++k) seen = words[bank][k] == word;
            if (!seen) words[bank][count[bank]++] = word;
            if (count[bank] > worst) worst = count[bank];
        }
    }
    return std::uint8_t(worst);
}

}  // namespace fgtlm::core
