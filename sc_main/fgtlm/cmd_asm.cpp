// fgtlm asm FILE [-o OUT] [--raw]: assemble SM_1.0 SASS text into program.hex.
#include "subcommand.hpp"
#include "diagnostics.hpp"

#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/isa/program_io.hpp>

#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>

namespace {

struct AsmOptions {
    std::string file;
    std::string out;
    bool raw = false;
};

int run_asm(const AsmOptions& o) {
    if (const std::string why = fgtlm::cli::not_a_readable_file(o.file); !why.empty()) {
        std::cerr << o.file << ": error: " << why << '\n';
        return 1;
    }
    std::ifstream in(o.file, std::ios::binary);
    if (!in) {
        std::cerr << o.file << ": error: cannot open file\n";
        return 1;
    }
    const std::string source((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const fgtlm::isa::AssembleResult r = fgtlm::isa::assemble(source, o.file);
    if (!r.ok()) {
        std::cerr << fgtlm::cli::format_asm_errors(r.errors);
        return 1;
    }
    if (o.out.empty() || o.out == "-") {
        if (o.raw) {
            std::cerr << "fgtlm asm: --raw needs -o FILE\n";
            return 1;
        }
        std::cout << fgtlm::isa::format_program_hex(r.words);
    } else if (o.raw) {
        fgtlm::isa::write_program_binary(o.out, r.words);
    } else {
        fgtlm::isa::write_program_hex(o.out, r.words);
    }
    return 0;
}

const fgtlm::cli::SubcommandRegistration kAsm{"asm", [](CLI::App& app) {
    auto opts = std::make_shared<AsmOptions>();
    CLI::App* sub = app.add_subcommand("asm", "Assemble SM_1.0 SASS text (cuobjdump style, labels allowed) into program.hex");
    sub->add_option("file", opts->file, "SASS source")->required();
    sub->add_option("-o,--output", opts->out, "output program.hex (default: stdout)");
    sub->add_flag("--raw", opts->raw, "write raw little-endian 32-bit words instead of program.hex");
    return std::function<int()>([opts] { return run_asm(*opts); });
}};

}  // namespace
