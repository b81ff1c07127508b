// Minimal access to a conformance bundle for the numerics golden tests: the initial global
// memory and the RTL's expected words (null words are absent).
#pragma once

#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace fgtlm::numerics::test {

struct Bundle {
    std::vector<std::uint8_t> init;                 // global memory image (262144 bytes)
    std::map<std::uint32_t, std::uint32_t> expect;  // byte address -> expected word

    [[nodiscard]] std::uint32_t init_word(std::uint32_t addr) const {
        std::uint32_t w;
        std::memcpy(&w, init.data() + addr, 4);
        return w;
    }
    [[nodiscard]] std::optional<std::uint32_t> expected(std::uint32_t addr) const {
        const auto it = expect.find(addr);
        if (it == expect.end()) return std::nullopt;
        return it->second;
    }
};

// Loads <FGTLM_DATA_DIR>/conformance/<name>; throws std::runtime_error naming the file.
Bundle load_bundle(const std::string& name);

}  // namespace fgtlm::numerics::test
