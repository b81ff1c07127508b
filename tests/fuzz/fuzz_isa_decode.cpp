// libFuzzer target: arbitrary instruction memory -> decode_program -> disassemble.
// Checks: no crash; every legal instruction re-encodes to its own words; its text parses
// back to the same words (ignoring what the text does not show: the end marker, and the C0.TR
// guard field nvcc writes on SSY/CAL/PBK, printed as cuobjdump prints it: `SSY 0x148`, and the
// bank field 54-57 of an FMAD without a constant operand, which cuobjdump does not print either:
// the assembler takes both from a listing line's encoding comment, checked here too).
#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/isa/decoder.hpp>
#include <fgtlm/isa/disassembler.hpp>
#include <fgtlm/isa/encoder.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

// FMAD with no constant operand keeps bits 54-57 as the second source's bank (codec.cpp spare_bank).
static bool has_spare_bank(const fgtlm::isa::Instruction& in) {
    if (in.op != fgtlm::isa::Opcode::FMAD || in.form != fgtlm::isa::Form::Long) return false;
    for (std::size_t i = 0; i < in.num_src; ++i)
        if (in.src[i].kind == fgtlm::isa::OperandKind::Const) return false;
    return true;
}

static bool has_branch_target(fgtlm::isa::Opcode op) {
    using fgtlm::isa::Opcode;
    return op == Opcode::BRA || op == Opcode::CAL || op == Opcode::SSY || op == Opcode::PBK;
}

// The listing line gives the assembler the hidden bank back (a NOP after it takes the end marker
// the assembler puts on the last instruction, which a .S instruction cannot carry).
static void check_listing_round_trip(const fgtlm::isa::Instruction& in) {
    const std::string line = fgtlm::isa::listing_line(in);
    const fgtlm::isa::AssembleResult r = fgtlm::isa::assemble(line + "\nNOP\n");
    if (!r.ok() || r.words.size() < 2 || r.words[0] != in.lo || (r.words[1] & ~3u) != (in.hi & ~3u)) {
        std::fprintf(stderr, "listing round trip failed for %s\n", line.c_str());
        std::abort();
    }
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::uint32_t> words(size / 4);
    if (!words.empty()) std::memcpy(words.data(), data, words.size() * 4);
    for (const fgtlm::isa::Instruction& in : fgtlm::isa::decode_program(words)) {
        const std::string text = fgtlm::isa::disassemble(in);
        (void)fgtlm::isa::listing_line(in);
        if (in.is_illegal()) {
            if (fgtlm::isa::describe_illegal(in).empty()) std::abort();
            continue;
        }
        const fgtlm::isa::Encoding e = fgtlm::isa::encode(in);
        if (!e.ok() || e.lo != in.lo || (in.is_long() && e.hi != in.hi)) {
            std::fprintf(stderr, "re-encode mismatch for %s\n", text.c_str());
            std::abort();
        }
        // A branch target off a multiple of 4 decodes (the RTL and the model fetch word pc / 4 and
        // carry the low bits), but the assembler refuses to write one (issue 27: `BRA 0x3`).
        if (in.target % 4 != 0 && has_branch_target(in.op)) continue;
        const fgtlm::isa::ParsedInstruction p = fgtlm::isa::parse_instruction(text);
        const fgtlm::isa::Encoding a = p.ok() ? fgtlm::isa::encode(p.inst) : fgtlm::isa::Encoding{};
        std::uint32_t want_hi = in.is_end() ? in.hi & ~3u : in.hi;
        if (in.explicit_tr) want_hi &= ~(0x7fu << 7);
        if (has_spare_bank(in)) want_hi &= ~(0xfu << 22);
        if (!p.ok() || !a.ok() || a.lo != in.lo || (in.is_long() && a.hi != want_hi)) {
            std::fprintf(stderr, "text round trip failed for %s (%08x %08x): %s%s\n", text.c_str(), in.hi, in.lo,
                         p.error.c_str(), a.error.c_str());
            std::abort();
        }
        if (has_spare_bank(in)) check_listing_round_trip(in);
    }
    return 0;
}
