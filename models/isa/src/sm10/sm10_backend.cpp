// SM_1.0 behind the registry interface: a thin adapter over the existing table-driven
// decoder/encoder/assembler (src/format_table.cpp and friends), which it does not change.
#include "../common/backends.hpp"

#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/isa/decoder.hpp>
#include <fgtlm/isa/disassembler.hpp>
#include <fgtlm/isa/encoder.hpp>

namespace fgtlm::isa {
namespace {

class Sm10Backend final : public IsaBackend {
public:
    std::string_view name() const override { return "sm10"; }
    std::string_view title() const override { return "NVIDIA G80 SM_1.0 (FlexGripPlus), cuobjdump syntax"; }
    std::string_view seed() const override { return "000_05449895caa35fd2.txt"; }
    std::string_view coverage() const override {
        return "every instruction FlexGripPlus implements; executed by the model";
    }

    IsaDecoded disassemble_one(std::span<const std::uint32_t> words, std::uint32_t address) const override {
        IsaDecoded d;
        if (words.empty()) {
            d.error = "no instruction word";
            return d;
        }
        if ((words[0] & 1u) != 0 && words.size() < 2) {
            d.error = "64-bit instruction without its second word";
            return d;
        }
        const Instruction in = decode(words[0], words.size() > 1 ? words[1] : 0, address);
        d.words = in.is_long() ? 2 : 1;
        d.text = disassemble(in) + ";";
        if (in.is_illegal()) d.error = describe_illegal(in);
        return d;
    }

    IsaEncoded assemble_one(std::string_view text) const override {
        IsaEncoded e;
        const ParsedInstruction p = parse_instruction(text);
        if (!p.ok()) {
            e.error = p.error;
            e.column = p.column;
            return e;
        }
        if (!p.target_label.empty()) {
            e.error = "label '" + p.target_label + "' needs a whole program (fgtlm asm)";
            return e;
        }
        const Encoding enc = encode(p.inst);
        if (!enc.ok()) {
            e.error = enc.error;
            return e;
        }
        e.words.push_back(enc.lo);
        if (p.inst.is_long()) e.words.push_back(enc.hi);
        return e;
    }

    // The existing SM_1.0 program routines, so `--isa sm10` prints what plain `fgtlm disasm` does.
    IsaListing disassemble_program(std::span<const std::uint32_t> words, bool text_only) const override {
        IsaListing out;
        for (const Instruction& in : decode_program(words)) {
            out.text += (text_only ? disassemble(in) + ";" : listing_line(in)) + '\n';
            if (in.is_illegal()) out.errors.push_back(describe_illegal(in));
        }
        return out;
    }

    IsaProgram assemble_program(std::string_view source, std::string_view filename) const override {
        const AssembleResult r = assemble(source, filename);
        IsaProgram out;
        out.words = r.words;
        for (const AsmDiagnostic& e : r.errors) out.errors.push_back(e.str());
        return out;
    }
};

}  // namespace

const IsaBackend& sm10_backend() {
    static const Sm10Backend backend;
    return backend;
}

}  // namespace fgtlm::isa
