// fgtlm isa list: the instruction sets of the registry (name, seed, what each covers).
// fgtlm isa exec --isa gcn1.x FILE [--set s1=5 ...]: runs a GCN SOP2 program on the scalar ALU.
#include "cli_numbers.hpp"
#include "subcommand.hpp"
#include "diagnostics.hpp"

#include <fgtlm/io/text.hpp>
#include <fgtlm/isa/gcn_scalar.hpp>
#include <fgtlm/isa/registry.hpp>

#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>

namespace {

int run_list() {
    fmt::print("{:<9}{:<28}{}\n", "name", "seed", "instruction set");
    for (const fgtlm::isa::IsaBackend* b : fgtlm::isa::isa_backends()) {
        fmt::print("{:<9}{:<28}{}\n{:<37}covers: {}\n", b->name(), b->seed(), b->title(), "", b->coverage());
    }
    return 0;
}

struct ExecOptions {
    std::string file;
    std::string isa = "gcn1.2";
    std::vector<std::string> sets;
    std::uint64_t max_instructions = 1'000'000;
};

// "s5=0x10", "scc=1", "exec=0xff" (64-bit pair) -> state. Every value is range checked by the
// one number parser (s1=0x1ffffffff or scc=2 are errors, not 0xffffffff or 1); throws
// std::invalid_argument naming the item.
void apply_set(fgtlm::isa::gcn::ScalarState& s, const std::string& item) {
    const std::size_t eq = item.find('=');
    const std::string name = item.substr(0, eq);
    const std::string text = eq == std::string::npos ? std::string() : item.substr(eq + 1);
    const std::string what = "--set " + name;
    if (eq == std::string::npos) throw std::invalid_argument("--set: expected NAME=VALUE");
    if (name == "scc") {
        s.scc = fgtlm::io::parse_unsigned(text, what, 0, 1) != 0;
    } else if (name == "exec" || name == "vcc") {
        s.set_sgpr64(name == "exec" ? 126 : 106, fgtlm::io::parse_unsigned(text, what));
    } else if (name == "m0") {
        s.regs[124] = std::uint32_t(fgtlm::io::parse_unsigned(text, what, 0, 0xffffffffu));
    } else if (name.size() > 1 && name[0] == 's') {
        const auto n = fgtlm::io::parse_unsigned(name.substr(1), "--set register number", 0, 103);
        s.regs[n] = std::uint32_t(fgtlm::io::parse_unsigned(text, what, 0, 0xffffffffu));
    } else {
        throw std::invalid_argument("--set: unknown name (use sN=V with N 0..103, m0=V, vcc=V, exec=V, scc=0|1)");
    }
}

int run_exec(const ExecOptions& o) {
    const fgtlm::isa::IsaBackend* isa = fgtlm::isa::find_isa(o.isa);
    if (isa == nullptr || o.isa.rfind("gcn", 0) != 0) {
        std::cerr << "fgtlm isa exec: only the GCN back ends execute (gcn1.0, gcn1.2, gcn1.4), not '"
                  << fgtlm::io::escape_and_cut(o.isa) << "'\n";
        return 1;
    }
    std::string why;
    const std::optional<std::string> source = fgtlm::cli::read_whole_file(o.file, why);
    if (!source) {
        std::cerr << o.file << ": error: " << why << '\n';
        return 1;
    }
    const fgtlm::isa::IsaProgram p = isa->assemble_program(*source, o.file);
    if (!p.ok()) {
        std::cerr << fgtlm::cli::format_errors(p.errors);  // escaped and capped: the source may be any file
        return 1;
    }
    fgtlm::isa::gcn::ScalarState s;
    for (const std::string& item : o.sets) {
        try {
            apply_set(s, item);
        } catch (const std::invalid_argument& e) {
            std::cerr << "fgtlm isa exec: " << e.what() << " (in --set " << fgtlm::io::shown_text(item) << ")\n";
            return 2;
        }
    }
    const auto v = o.isa == "gcn1.0" ? fgtlm::isa::gcn::Version::Gcn10
                   : o.isa == "gcn1.2" ? fgtlm::isa::gcn::Version::Gcn12 : fgtlm::isa::gcn::Version::Gcn14;
    const fgtlm::isa::gcn::RunResult r = fgtlm::isa::gcn::run(v, p.words, s, o.max_instructions);
    fmt::print("instructions {}\npc 0x{:x}\nscc {}\nvcc 0x{:016x}\nexec 0x{:016x}\nm0 0x{:08x}\n", r.instructions, s.pc,
               s.scc ? 1 : 0, s.vcc(), s.exec(), s.regs[124]);
    for (unsigned n = 0; n < 104; ++n) {
        if (s.regs[n] != 0) fmt::print("s{} 0x{:08x}\n", n, s.regs[n]);
    }
    if (!r.ok()) {
        std::cerr << o.file << ": " << r.error << '\n';
        return 1;
    }
    return 0;
}

const fgtlm::cli::SubcommandRegistration kIsa{"isa", [](CLI::App& app) {
    CLI::App* sub = app.add_subcommand("isa", "Instruction sets: list them, execute GCN scalar programs");
    sub->require_subcommand(1);
    auto which = std::make_shared<std::string>();
    CLI::App* list = sub->add_subcommand("list", "List every ISA back end, its seed document and coverage");
    list->callback([which] { *which = "list"; });
    auto eo = std::make_shared<ExecOptions>();
    CLI::App* exec =
        sub->add_subcommand("exec", "Assemble and run a GCN SOP2 program on the scalar ALU, print the state");
    exec->add_option("file", eo->file, "GCN SOP2 assembly (s_add_u32 s0, s1, s2 ...)")->required();
    exec->add_option("--isa", eo->isa, "gcn1.0, gcn1.2 (default) or gcn1.4");
    exec->add_option("--set", eo->sets, "initial value: sN=V, m0=V, vcc=V, exec=V, scc=0|1 (repeatable)");
    fgtlm::cli::add_unsigned(exec, "--max-instructions", eo->max_instructions, "watchdog", 1, std::uint64_t{1} << 40);
    exec->callback([which] { *which = "exec"; });
    return std::function<int()>([which, eo] { return *which == "list" ? run_list() : run_exec(*eo); });
}};

}  // namespace
