// libFuzzer target: the PTX front end and the passes behind it (`fgtlm ptxas IN.ptx`). Checks:
// no crash, hang or exception other than CompileError; every CompileError starts with the
// file name ("kernel.ptx:LINE: ..." or "kernel.ptx: ..."); a module that compiles survives
// the MODULE file round trip unchanged. Byte 0 picks the target (FlexGrip or G80) so both
// lowering tables are fuzzed; the rest is the PTX text.
#include <fgtlm/compiler/module.hpp>

#include <cstdint>
#include <string>

#include "fuzz_files.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    fgtlm::compiler::CompileOptions opts;
    opts.file = "kernel.ptx";
    opts.target = (data[0] & 1) ? fgtlm::compiler::Target::G80 : fgtlm::compiler::Target::FlexGrip;
    const std::string ptx(reinterpret_cast<const char*>(data) + 1, size - 1);
    try {
        const fgtlm::compiler::Module m = fgtlm::compiler::compile_ptx(ptx, opts);
        const std::string text = fgtlm::compiler::module_to_json(m);
        if (fgtlm::compiler::module_to_json(fgtlm::compiler::module_from_json(text, "kernel.module")) != text)
            fgtlm::fuzz::finding("MODULE round trip changed the module");
    } catch (const fgtlm::compiler::CompileError& e) {
        const std::string what = e.what();
        if (what.rfind(opts.file + ":", 0) != 0) fgtlm::fuzz::finding("compile error without the file name: " + what);
        if (what.size() > 4096) fgtlm::fuzz::finding("a message of over 4 KB");
    }
    return 0;
}
