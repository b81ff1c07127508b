// libFuzzer target: arbitrary text -> assemble. Checks: no crash; a successful assembly
// decodes back without illegal instructions, instruction for instruction.
#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/isa/decoder.hpp>
#include <fgtlm/isa/disassembler.hpp>

#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const fgtlm::isa::AssembleResult r = fgtlm::isa::assemble(text, "fuzz.s");
    if (!r.ok()) {
        for (const auto& e : r.errors) {
            if (e.line == 0 || e.column == 0 || e.message.empty()) std::abort();
        }
        return 0;
    }
    const auto prog = fgtlm::isa::decode_program(r.words);
    if (prog.size() != r.instructions.size()) std::abort();
    for (std::size_t i = 0; i < prog.size(); ++i) {
        if (prog[i].is_illegal() ||
            fgtlm::isa::disassemble(prog[i]) != fgtlm::isa::disassemble(r.instructions[i])) {
            std::fprintf(stderr, "assembled %s decodes as %s\n", fgtlm::isa::disassemble(r.instructions[i]).c_str(),
                         fgtlm::isa::disassemble(prog[i]).c_str());
            std::abort();
        }
    }
    if (!prog.back().is_end()) std::abort();
    return 0;
}
