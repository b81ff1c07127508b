// fgtlm regmap: prints the documents generated from the host register map
// (models/host/include/fgtlm/host/register_map.hpp): the C header drivers include, or the
// README's register table; --update rewrites the generated part of a file in place.
#include "subcommand.hpp"

#include <fgtlm/io/output_file.hpp>
#include "diagnostics.hpp"

#include <fgtlm/host/register_docs.hpp>

#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>

namespace {

struct RegmapOptions {
    bool c_header = false;
    bool markdown = false;
    std::string output;  // file to write (the whole header, or a Markdown file to update)
};

std::string read_file(const std::string& path) {
    std::string why;
    std::optional<std::string> text = fgtlm::cli::read_whole_file(path, why);
    if (!text) throw std::runtime_error(path + ": " + why);
    return std::move(*text);
}

void write_file(const std::string& path, const std::string& text) { fgtlm::io::write_file(path, text); }

int run_regmap(const RegmapOptions& opt) {
    namespace regmap = fgtlm::host::regmap;
    try {
        if (opt.c_header) {
            const std::string header = regmap::c_header();
            if (opt.output.empty())
                std::cout << header;
            else
                write_file(opt.output, header);
            return 0;
        }
        const std::string table = regmap::markdown_table();
        if (opt.output.empty()) {
            std::cout << table;
            return 0;
        }
        // A Markdown file keeps its prose: only the text between the marker lines is replaced.
        write_file(opt.output, regmap::replace_markdown_table(read_file(opt.output), table));
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "fgtlm regmap: " << e.what() << '\n';
        return 1;
    }
}

const fgtlm::cli::SubcommandRegistration kRegmap{
    "regmap", [](CLI::App& app) -> std::function<int()> {
        auto opt = std::make_shared<RegmapOptions>();
        auto* sub = app.add_subcommand("regmap", "Generate the host register map's C header or README table");
        auto* header = sub->add_flag("--c-header", opt->c_header, "Print fgtlm/host/registers.h");
        auto* markdown = sub->add_flag("--markdown", opt->markdown, "Print the README register table (Markdown)");
        header->excludes(markdown);
        sub->add_option(
            "-o,--output", opt->output,
            "Write the header to FILE; with --markdown, replace the table between the marker lines of FILE");
        sub->callback([sub, header, markdown] {
            if (header->count() == 0 && markdown->count() == 0)
                throw CLI::RequiredError(sub->get_name() + ": one of --c-header, --markdown");
        });
        return [opt] { return run_regmap(*opt); };
    }};

}  // namespace
