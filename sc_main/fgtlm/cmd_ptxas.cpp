// fgtlm ptxas IN.ptx -o MODULE [--target flexgrip|g80] [--data-base ADDR] [--max-regs N] [--sass]:
// compile PTX (clang 14's, or hand-written of the same subset) to an SM_1.0 MODULE file.
#include "subcommand.hpp"
#include "diagnostics.hpp"
#include "launch_target.hpp"
#include "compile_cli.hpp"
#include "cli_numbers.hpp"

#include <fgtlm/compiler/module.hpp>
#include <fgtlm/io/output_file.hpp>

#include <iostream>
#include <memory>

namespace fgtlm::cli {

void add_compile_options(CLI::App* sub, CompileCliOptions& o) {
    sub->add_option("--target", o.target, "flexgrip (default: only RTL-implemented forms) or g80")
        ->check(CLI::IsMember({"flexgrip", "g80"}));
    add_unsigned(sub, "--data-base", o.data_base, "global address of .global/.const variables (default 0x3c000)", 0,
                 0xfffffffcu);
    // Destination register fields have 6 bits (R0..R63), and a half register is field 2n+h of 7 bits.
    add_unsigned(sub, "--max-regs", o.max_regs, "registers per thread the allocator may use (2..64, default 64)", 2,
                 64);
    sub->add_flag("--sass", o.sass, "print the generated SASS of every kernel");
    sub->add_flag("--demote-f64", o.demote_f64,
                  "compute doubles in f32 (nvcc's demotion for sm_1x; one warning), else .f64 is refused");
    sub->add_option("--f32", o.f32,
                    "f32 add/sub/mul/fma: ieee (default: round to nearest for every operand, software where the "
                    "FPU is not IEEE) or fpu (FADD/FMUL/FMAD as nvcc for sm_1x: the FlexGripPlus FPU's results, "
                    "not IEEE; cc also contracts a*b+c)")
        ->check(CLI::IsMember({"ieee", "fpu"}));
    sub->add_flag("--float-subroutines", o.float_subroutines,
                  "with --target g80: software float functions (div.rn, fma.rn, add/sub/mul fallbacks, ...) as "
                  "CAL/RET subroutines shared by the kernel, not inlined at every use (g80: always for a kernel that "
                  "outgrows the instruction memory inlined)");
}

// Compiles and writes the module; prints errors and returns the exit status.
int compile_to_module(const std::string& ptx, const std::string& file, const CompileCliOptions& o,
                      const std::string& out) {
    compiler::CompileOptions opts;
    opts.target = o.target == "g80" ? compiler::Target::G80 : compiler::Target::FlexGrip;
    opts.data_base = o.data_base;
    opts.max_regs = o.max_regs;
    opts.file = file;
    opts.demote_f64 = o.demote_f64;
    opts.fpu_f32 = o.f32 == "fpu";
    opts.float_subroutines = o.float_subroutines;
    compiler::Module m;
    try {
        m = compiler::compile_ptx(ptx, opts);
    } catch (const compiler::CompileError& e) {
        std::cerr << "error: " << e.what() << '\n';
        return 2;
    }
    for (const std::string& w : m.warnings) std::cerr << w << '\n';
    if (o.sass)
        for (const auto& k : m.kernels) {
            std::cout << "// " << k.name << ": " << k.regs << " registers, " << k.shared_bytes << " shared bytes\n";
            for (const auto& s : k.sass) std::cout << "        " << s << '\n';
        }
    try {  // complete or not at all: a full disk fails the run naming the file
        io::write_file(out, compiler::module_to_json(m));
    } catch (const std::runtime_error& e) {
        std::cerr << "error: " << e.what() << '\n';
        return 1;
    }
    return 0;
}

namespace {

struct PtxasOptions {
    std::string input;
    std::string out;
    CompileCliOptions c;
};

int run_ptxas(const PtxasOptions& o) {
    std::string why;
    const std::optional<std::string> text = read_whole_file(o.input, why);
    if (!text) {
        std::cerr << o.input << ": error: " << why << '\n';
        return 1;
    }
    return compile_to_module(*text, o.input, o.c, o.out);
}

const SubcommandRegistration kPtxas{"ptxas", [](CLI::App& app) {
                                        auto opts = std::make_shared<PtxasOptions>();
                                        CLI::App* sub = app.add_subcommand(
                                            "ptxas", "Compile PTX to an SM_1.0 MODULE (fgtlm run MODULE ...)");
                                        sub->add_option("input", opts->input, "PTX file")->required();
                                        sub->add_option("-o,--output", opts->out, "MODULE file to write")->required();
                                        add_compile_options(sub, opts->c);
                                        return std::function<int()>([opts] { return run_ptxas(*opts); });
                                    }};

}  // namespace

}  // namespace fgtlm::cli
