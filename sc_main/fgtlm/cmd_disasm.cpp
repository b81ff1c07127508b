// fgtlm disasm FILE [--raw]: cuobjdump-style listing of an SM_1.0 program.
#include "subcommand.hpp"
#include "diagnostics.hpp"

#include <fgtlm/isa/decoder.hpp>
#include <fgtlm/isa/disassembler.hpp>
#include <fgtlm/isa/program_io.hpp>

#include <iostream>
#include <memory>

namespace {

struct DisasmOptions {
    std::string file;
    bool raw = false;
    bool text_only = false;
};

int run_disasm(const DisasmOptions& o) {
    if (const std::string why = fgtlm::cli::not_a_readable_file(o.file); !why.empty()) {
        std::cerr << o.file << ": error: " << why << '\n';
        return 1;
    }
    const std::vector<std::uint32_t> words =
        o.raw ? fgtlm::isa::read_program_binary(o.file) : fgtlm::isa::read_program_hex(o.file);
    const std::vector<fgtlm::isa::Instruction> program = fgtlm::isa::decode_program(words);
    std::size_t illegal = 0;
    for (const auto& in : program) {
        std::cout << (o.text_only ? fgtlm::isa::disassemble(in) + ";" : fgtlm::isa::listing_line(in)) << '\n';
        if (in.is_illegal()) {
            ++illegal;
            std::cerr << o.file << ": " << fgtlm::isa::describe_illegal(in) << '\n';
        }
    }
    return 0;
}

const fgtlm::cli::SubcommandRegistration kDisasm{"disasm", [](CLI::App& app) {
    auto opts = std::make_shared<DisasmOptions>();
    CLI::App* sub = app.add_subcommand("disasm", "Disassemble program.hex (or a raw little-endian binary) to cuobjdump-style SASS");
    sub->add_option("file", opts->file, "program.hex, or a raw binary with --raw")->required();
    sub->add_flag("--raw", opts->raw, "FILE is raw little-endian 32-bit words");
    sub->add_flag("--text", opts->text_only, "print only the instruction text (no address/encoding columns)");
    return std::function<int()>([opts] { return run_disasm(*opts); });
}};

}  // namespace
