// libFuzzer target over every registry back end: byte 0 picks the ISA, the rest is
// instruction memory (little-endian 32-bit words). Checks: no crash; every word sequence that
// decodes assembles back from its text to exactly the same words (strict decoding); a
// listing names every bad word; GCN programs run on the scalar ALU without crashing.
#include <fgtlm/isa/gcn_scalar.hpp>
#include <fgtlm/isa/decoder.hpp>
#include <fgtlm/isa/registry.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "sm10_unprinted_bits.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const auto backends = fgtlm::isa::isa_backends();
    const fgtlm::isa::IsaBackend& b = *backends[data[0] % backends.size()];
    std::vector<std::uint32_t> words((size - 1) / 4);
    if (!words.empty()) std::memcpy(words.data(), data + 1, words.size() * 4);
    std::size_t i = 0;
    while (i < words.size()) {
        const fgtlm::isa::IsaDecoded d =
            b.disassemble_one(std::span(words).subspan(i), static_cast<std::uint32_t>(4 * i));
        if (d.words == 0) std::abort();
        if (d.ok()) {
            const fgtlm::isa::IsaEncoded e = b.assemble_one(d.text);
            std::vector<std::uint32_t> want(words.begin() + static_cast<std::ptrdiff_t>(i),
                                            words.begin() + static_cast<std::ptrdiff_t>(i + d.words));
            if (b.name() == "sm10" && want.size() == 2)
                want[1] &= ~fgtlm::fuzz::sm10_unprinted_hi_bits(fgtlm::isa::decode(want[0], want[1], 0));
            // The SM_1.0 assembler refuses a branch target off a multiple of 4, which decodes.
            const bool refused_target = b.name() == "sm10" && e.error.find("not a multiple of 4") != std::string::npos;
            if (!refused_target && (!e.ok() || e.words != want)) {
                std::fprintf(stderr, "%s: '%s' does not assemble back (%s)\n", std::string(b.name()).c_str(),
                             d.text.c_str(), e.error.c_str());
                std::abort();
            }
        } else if (d.error.empty()) {
            std::abort();
        }
        i += std::min<std::size_t>(d.words, words.size() - i);
    }
    const fgtlm::isa::IsaListing l = b.disassemble_program(words, false);
    (void)l;
    if (b.name().starts_with("gcn")) {
        const auto v = b.name() == "gcn1.0" ? fgtlm::isa::gcn::Version::Gcn10
                       : b.name() == "gcn1.2" ? fgtlm::isa::gcn::Version::Gcn12 : fgtlm::isa::gcn::Version::Gcn14;
        fgtlm::isa::gcn::ScalarState s;
        s.set_sgpr64(126, 0xffffffffffffffffull);
        const fgtlm::isa::gcn::RunResult r = fgtlm::isa::gcn::run(v, words, s, 1000);
        (void)r;
    }
    return 0;
}
