// fgtlm isa list: the instruction sets of the registry (name, seed, what each covers).
// fgtlm isa exec --isa gcn1.x FILE [--set s1=5 ...]: runs a GCN SOP2 program on the scalar ALU.
#include "subcommand.hpp"
#include "diagnostics.hpp"

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

// "s5=0x10", "vcc_lo=3", "scc=1", "exec=0xff" (64-bit pair) -> state; false on a bad item.
bool apply_set(fgtlm::isa::gcn::ScalarState& s, const std::string& item) {
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos) return false;
    const std::string name = item.substr(0, eq);
    std::uint64_t v = 0;
    try {
        v = std::stoull(item.substr(eq + 1), nullptr, 0);
    } catch (...) {
        return false;
    }
    if (name == "scc") {
        s.scc = v != 0;
    } else if (name == "exec" || name == "vcc") {
        s.set_sgpr64(name == "exec" ? 126 : 106, v);
    } else if (name == "m0") {
        s.regs[124] = static_cast<std::uint32_t>(v);
    } else if (name.size() > 1 && name[0] == 's' && name.find_first_not_of("0123456789", 1) == std::string::npos) {
        const unsigned n = static_cast<unsigned>(std::stoul(name.substr(1)));
        if (n >= 104) return false;
        s.regs[n] = static_cast<std::uint32_t>(v);
    } else {
        return false;
    }
    return true;
}

int run_exec(const ExecOptions& o) {
    const fgtlm::isa::IsaBackend* isa = fgtlm::isa::find_isa(o.isa);
    if (isa == nullptr || o.isa.rfind("gcn", 0) != 0) {
        std::cerr << "fgtlm isa exec: only the GCN back ends execute (gcn1.0, gcn1.2, gcn1.4), not '"
                  << fgtlm::cli::escape_and_cut(o.isa) << "'\n";
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
        if (!apply_set(s, item)) {
            std::cerr << "fgtlm isa exec: bad --set '" << fgtlm::cli::escape_and_cut(item)
                      << "' (use sN=V, m0=V, vcc=V, exec=V, scc=0|1)\n";
            return 1;
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
    exec->add_option("--max-instructions", eo->max_instructions, "watchdog");
    exec->callback([which] { *which = "exec"; });
    return std::function<int()>([which, eo] { return *which == "list" ? run_list() : run_exec(*eo); });
}};

}  // namespace
