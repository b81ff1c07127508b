// fgtlm asm FILE [-o OUT] [--raw] [--isa NAME]: assemble SM_1.0 SASS text (default) or the text
// of any registered ISA into program.hex.
#include "subcommand.hpp"
#include "diagnostics.hpp"

#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/isa/program_io.hpp>
#include <fgtlm/isa/registry.hpp>

#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>

namespace {

struct AsmOptions {
    std::string file;
    std::string out;
    bool raw = false;
    std::string isa;
};

// Assembles through the registry (any ISA other than the default SM_1.0 path).
bool assemble_with_registry(const AsmOptions& o, const std::string& source, std::vector<std::uint32_t>& words) {
    const fgtlm::isa::IsaBackend* isa = fgtlm::isa::find_isa(o.isa);
    if (isa == nullptr) {
        std::cerr << "fgtlm asm: unknown ISA '" << o.isa << "' (known: " << fgtlm::isa::isa_names() << ")\n";
        return false;
    }
    const fgtlm::isa::IsaProgram p = isa->assemble_program(source, o.file);
    std::cerr << fgtlm::cli::format_errors(p.errors);
    words = p.words;
    return p.ok();
}

// program.hex comments are SM_1.0 disassembly: only for SM_1.0 words.
bool with_sm10_comments(const AsmOptions& o) { return o.isa.empty() || o.isa == "sm10"; }

int run_asm(const AsmOptions& o) {
    std::string why;
    const std::optional<std::string> text = fgtlm::cli::read_whole_file(o.file, why);
    if (!text) {
        std::cerr << o.file << ": error: " << why << '\n';
        return 1;
    }
    const std::string& source = *text;
    std::vector<std::uint32_t> words;
    if (!o.isa.empty() && o.isa != "sm10") {
        if (!assemble_with_registry(o, source, words)) return 1;
    } else {
        fgtlm::isa::AssembleResult r = fgtlm::isa::assemble(source, o.file);
        if (!r.ok()) {
            std::cerr << fgtlm::cli::format_asm_errors(r.errors);
            return 1;
        }
        words = std::move(r.words);
    }
    if (o.out.empty() || o.out == "-") {
        if (o.raw) {
            std::cerr << "fgtlm asm: --raw needs -o FILE\n";
            return 1;
        }
        std::cout << fgtlm::isa::format_program_hex(words, with_sm10_comments(o));
    } else if (o.raw) {
        fgtlm::isa::write_program_binary(o.out, words);
    } else {
        fgtlm::isa::write_program_hex(o.out, words, with_sm10_comments(o));
    }
    return 0;
}

const fgtlm::cli::SubcommandRegistration kAsm{"asm", [](CLI::App& app) {
    auto opts = std::make_shared<AsmOptions>();
    CLI::App* sub =
        app.add_subcommand("asm", "Assemble SM_1.0 SASS text (cuobjdump style, labels allowed) into program.hex");
    sub->add_option("file", opts->file, "SASS source")->required();
    sub->add_option("-o,--output", opts->out, "output program.hex (default: stdout)");
    sub->add_flag("--raw", opts->raw, "write raw little-endian 32-bit words instead of program.hex");
    sub->add_option("--isa", opts->isa, "instruction set (default sm10; `fgtlm isa list` names them)");
    return std::function<int()>([opts] { return run_asm(*opts); });
}};

}  // namespace
