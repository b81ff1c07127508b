// libFuzzer target: the VHDL constant evaluator (pick_bench.vhd, TP_configuration.vhd) on
// arbitrary text. Checks: no crash, no stack overflow, no allocation beyond libFuzzer's limit;
// every failure is a LoadError naming the file and a line within it.
#include <fgtlm/loaders/kernel_image.hpp>

#include <algorithm>
#include <string>

#include "fuzz_files.hpp"
#include "vhdl_constants.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    fgtlm::loaders::vhdl::ConstantTable table;
    try {
        table.parse_text(text, "fuzz.vhd");
    } catch (const fgtlm::loaders::LoadError& e) {
        const std::string what = e.what();
        if (what.rfind("fuzz.vhd:", 0) != 0) fgtlm::fuzz::finding("error does not start with fuzz.vhd:LINE: " + what);
        const std::size_t line = std::stoul(what.substr(9));
        const auto lines = std::size_t(std::count(text.begin(), text.end(), '\n')) + 1;
        if (line == 0 || line > lines)
            fgtlm::fuzz::finding("error names line " + std::to_string(line) + " of " + std::to_string(lines) + ": " +
                                 what);
    }
    return 0;
}
