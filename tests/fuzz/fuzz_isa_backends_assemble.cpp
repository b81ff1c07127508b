// libFuzzer target over every registry back end: byte 0 picks the ISA, the rest is source
// text. Checks: no crash; errors carry file:line:column; a program that assembles lists
// without bad words and its listing assembles back to the same words.
#include <fgtlm/isa/registry.hpp>

#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const auto backends = fgtlm::isa::isa_backends();
    const fgtlm::isa::IsaBackend& b = *backends[data[0] % backends.size()];
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    const fgtlm::isa::IsaProgram p = b.assemble_program(text, "fuzz.s");
    if (!p.ok()) {
        for (const std::string& e : p.errors) {
            if (e.rfind("fuzz.s:", 0) != 0 || e.find(": error: ") == std::string::npos) std::abort();
        }
        return 0;
    }
    const fgtlm::isa::IsaListing l = b.disassemble_program(p.words, true);
    if (!l.errors.empty()) {
        std::fprintf(stderr, "%s: assembled words do not decode: %s\n", std::string(b.name()).c_str(),
                     l.errors[0].c_str());
        std::abort();
    }
    if (b.name() != "sm10") {   // SM_1.0 listings drop the end marker the assembler adds
        const fgtlm::isa::IsaProgram again = b.assemble_program(l.text, "listing.s");
        if (!again.ok() || again.words != p.words) {
            std::fprintf(stderr, "%s: listing does not assemble back:\n%s\n", std::string(b.name()).c_str(),
                         l.text.c_str());
            std::abort();
        }
    }
    return 0;
}
