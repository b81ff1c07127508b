// The back ends the registry lists; each is defined in its own folder under src/.
#pragma once

#include <fgtlm/isa/registry.hpp>

#include <cstdint>
#include <span>

namespace fgtlm::isa {

[[nodiscard]] const IsaBackend& sm10_backend();      // src/sm10/
[[nodiscard]] const IsaBackend& fermi_backend();     // src/fermi/
[[nodiscard]] const IsaBackend& gcn10_backend();     // src/gcn/ (GCN 1.0/1.1)
[[nodiscard]] const IsaBackend& gcn12_backend();     // src/gcn/
[[nodiscard]] const IsaBackend& gcn14_backend();     // src/gcn/
[[nodiscard]] const IsaBackend& maxwell_backend();   // src/maxwell/
[[nodiscard]] const IsaBackend& usse_backend();      // src/usse/

// The start of disassemble_one for an ISA whose instructions are two 32-bit words: `d` takes
// two words, or one word and `missing` as its error when the program ends after the first.
[[nodiscard]] inline bool have_two_words(std::span<const std::uint32_t> words, const char* missing, IsaDecoded& d) {
    d.words = 2;
    if (words.size() >= 2) return true;
    d.words = 1;
    d.error = missing;
    return false;
}

}  // namespace fgtlm::isa
