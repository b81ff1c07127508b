// fgtlm disasm FILE [--raw] [--isa NAME]: listing of a program; SM_1.0 (cuobjdump style) by
// default, any registered ISA with --isa (see `fgtlm isa list`). FILE may be a MODULE
// (`fgtlm ptxas`/`fgtlm cc`): its kernels (or --kernel's), each line with its PTX line.
#include "subcommand.hpp"
#include "diagnostics.hpp"
#include "launch_target.hpp"

#include <fgtlm/compiler/module.hpp>

#include <fgtlm/isa/decoder.hpp>
#include <fgtlm/isa/disassembler.hpp>
#include <fgtlm/isa/program_io.hpp>
#include <fgtlm/isa/registry.hpp>

#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>

namespace {

struct DisasmOptions {
    std::string file;
    bool raw = false;
    bool text_only = false;
    std::string isa;
    std::string kernel;
};

// A MODULE's kernel: a header line, then the SM_1.0 listing with each instruction's PTX line.
void print_module_kernel(const DisasmOptions& o, const fgtlm::compiler::KernelCode& k) {
    const std::vector<fgtlm::isa::Instruction> program = fgtlm::isa::decode_program(k.code);
    std::cout << "// kernel " << k.name << ": " << program.size() << " instructions, " << k.regs
              << " registers, shared " << k.shared_bytes << " bytes, local " << k.local_bytes << " bytes/thread\n";
    std::map<std::uint32_t, std::uint32_t> lines;
    for (const auto& e : k.line_map) lines[e.pc] = e.line;
    for (std::size_t i = 0; i < program.size(); ++i) {
        const bool end = fgtlm::isa::needs_end_mark(program, i);
        const std::string text =
            o.text_only ? fgtlm::isa::disassemble(program[i], end) + ";" : fgtlm::isa::listing_line(program[i], end);
        const auto l = lines.find(program[i].address);
        std::cout << text << (l != lines.end() ? "  // ptx line " + std::to_string(l->second) : "") << '\n';
    }
}

int run_module_disasm(const DisasmOptions& o) {
    std::ifstream in(o.file, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    try {
        const fgtlm::compiler::Module m = fgtlm::compiler::module_from_json(text, o.file);
        if (!o.kernel.empty()) {
            print_module_kernel(o, fgtlm::compiler::find_kernel(m, o.kernel));
            return 0;
        }
        for (const auto& k : m.kernels) print_module_kernel(o, k);
    } catch (const std::exception& e) {
        std::cerr << o.file << ": error: " << e.what() << '\n';
        return 1;
    }
    return 0;
}

// Another ISA through the registry: same input formats, the back end's own syntax.
int run_registry_disasm(const DisasmOptions& o, const std::vector<std::uint32_t>& words) {
    const fgtlm::isa::IsaBackend* isa = fgtlm::isa::find_isa(o.isa);
    if (isa == nullptr) {
        std::cerr << "fgtlm disasm: unknown ISA '" << o.isa << "' (known: " << fgtlm::isa::isa_names() << ")\n";
        return 1;
    }
    const fgtlm::isa::IsaListing l = isa->disassemble_program(words, o.text_only);
    std::cout << l.text;
    for (const std::string& e : l.errors) std::cerr << o.file << ": " << e << '\n';
    return 0;
}

int run_disasm(const DisasmOptions& o) {
    if (const std::string why = fgtlm::cli::not_a_readable_file(o.file); !why.empty()) {
        std::cerr << o.file << ": error: " << why << '\n';
        return 1;
    }
    if (!o.raw && fgtlm::loaders::is_module_file(o.file)) return run_module_disasm(o);
    if (!o.kernel.empty()) {
        std::cerr << o.file << ": error: --kernel needs a MODULE (fgtlm ptxas / fgtlm cc output)\n";
        return 1;
    }
    const std::vector<std::uint32_t> words =
        o.raw ? fgtlm::isa::read_program_binary(o.file) : fgtlm::isa::read_program_hex(o.file);
    if (!o.isa.empty() && o.isa != "sm10") return run_registry_disasm(o, words);
    const std::vector<fgtlm::isa::Instruction> program = fgtlm::isa::decode_program(words);
    std::size_t illegal = 0;
    for (std::size_t i = 0; i < program.size(); ++i) {
        const auto& in = program[i];
        const bool end = fgtlm::isa::needs_end_mark(program, i);
        std::cout << (o.text_only ? fgtlm::isa::disassemble(in, end) + ";" : fgtlm::isa::listing_line(in, end)) << '\n';
        if (in.is_illegal()) {
            ++illegal;
            std::cerr << o.file << ": " << fgtlm::isa::describe_illegal(in) << '\n';
        }
    }
    return 0;
}

const fgtlm::cli::SubcommandRegistration kDisasm{
    "disasm", [](CLI::App& app) {
        auto opts = std::make_shared<DisasmOptions>();
        CLI::App* sub = app.add_subcommand(
            "disasm", "Disassemble program.hex (or a raw little-endian binary) to cuobjdump-style SASS");
        sub->add_option("file", opts->file, "program.hex, a raw binary with --raw, or a MODULE")->required();
        sub->add_option("--kernel", opts->kernel, "(MODULE) the kernel to list: mangled or plain name (default: all)");
        sub->add_flag("--raw", opts->raw, "FILE is raw little-endian 32-bit words");
        sub->add_flag("--text", opts->text_only, "print only the instruction text (no address/encoding columns)");
        sub->add_option("--isa", opts->isa, "instruction set (default sm10; `fgtlm isa list` names them)");
        return std::function<int()>([opts] { return run_disasm(*opts); });
    }};

}  // namespace
