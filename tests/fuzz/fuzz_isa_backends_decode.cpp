// libFuzzer target over every registry back end: byte 0 picks the ISA, the rest is
// instruction memory (little-endian 32-bit words). Checks: no crash; every word sequence that
// decodes assembles back from its text to exactly the same words (strict decoding); a
// listing names every bad word; GCN programs run on the scalar ALU without crashing.
#include <fgtlm/isa/gcn_scalar.hpp>
#include <fgtlm/isa/registry.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

// SSY, CAL or PBK (flow-control sub-ops 0xa, 0x2, 0x4 in bits 28-31) with guard field C0.TR.
static bool is_explicit_tr_flow(const std::vector<std::uint32_t>& w) {
    const std::uint32_t sub = w[0] >> 28;
    return (w[0] & 3u) == 3u && (sub == 0xa || sub == 0x2 || sub == 0x4) && ((w[1] >> 7) & 0x7fu) == 0xfu;
}

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
            // SM_1.0 text does not show the end-of-program marker (bits 32-33), nor the C0.TR
            // guard field (bits 39-45 = 0xf) nvcc writes on SSY/CAL/PBK (cuobjdump's `SSY 0x148`).
            if (b.name() == "sm10" && want.size() == 2) {
                if ((want[1] & 3u) == 1u) want[1] &= ~3u;
                if (is_explicit_tr_flow(want)) want[1] &= ~(0x7fu << 7);
            }
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
