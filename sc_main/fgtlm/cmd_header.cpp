// fgtlm header MODULE -o FILE.h [--prefix P]: the firmware C header of a MODULE (module_header.hpp),
// what platform firmware includes to launch a kernel compiled by `fgtlm cc` / `fgtlm ptxas`.
#include "subcommand.hpp"
#include "diagnostics.hpp"
#include "module_header.hpp"

#include <cctype>
#include <iostream>
#include <memory>

#include <fgtlm/io/output_file.hpp>

namespace fgtlm::cli {

namespace {

struct HeaderOptions {
    std::string module;
    std::string out;
    std::string prefix;
};

bool valid_prefix(const std::string& p) {
    for (const char c : p)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
    return p.empty() || !std::isdigit(static_cast<unsigned char>(p[0]));
}

int run_header(const HeaderOptions& o) {
    if (!valid_prefix(o.prefix)) {
        std::cerr << "fgtlm header: --prefix " << o.prefix << ": not the start of a C identifier\n";
        return 2;
    }
    std::string why;
    const std::optional<std::string> text = read_whole_file(o.module, why);
    if (!text) {
        std::cerr << o.module << ": error: " << why << '\n';
        return 2;
    }
    try {
        const compiler::Module m = compiler::module_from_json(*text, o.module);
        io::write_file(o.out, module_header(m, o.module, o.prefix));
    } catch (const std::runtime_error& e) {
        std::cerr << "fgtlm header: " << e.what() << '\n';
        return 2;
    }
    return 0;
}

const SubcommandRegistration kHeader{
    "header", [](CLI::App& app) {
        auto o = std::make_shared<HeaderOptions>();
        CLI::App* sub =
            app.add_subcommand("header", "Write the firmware C header of a MODULE (code, sizes, parameters)");
        sub->add_option("module", o->module, "MODULE file (fgtlm cc / fgtlm ptxas output)")->required();
        sub->add_option("-o,--output", o->out, "C header to write")->required();
        sub->add_option("--prefix", o->prefix, "prefix of every identifier (e.g. app_)");
        return std::function<int()>([o] { return run_header(*o); });
    }};

}  // namespace

}  // namespace fgtlm::cli
