// CUDA C through the tools end to end (`fgtlm cc`, then `run`, `inject`, `cc --flexgrip-folder`):
// a kernel whose __constant__ tables are filled by --const (as cudaMemcpyToSymbol did), checked
// against a host reference; the same launch as a fault-injection campaign and as a FlexGripPlus
// application folder loaded back by the project's folder loader.
#include "cuda_tools.hpp"

#include <cstring>

#include <nlohmann/json.hpp>

namespace {

using namespace cuda_test;

TEST(ConstSymbols, TablesFilledByConstEqualTheHost) {
    const PolyCase c = make_poly_case("const_host");
    const Result r = fgtlm("run " + q(c.module) + " " + c.launch + " --dump-global " + q(c.dir / "out.bin"));
    ASSERT_EQ(r.rc, 0) << r.out;
    expect_poly_results(c, slurp(c.dir / "out.bin"));
}

// Without --const the tables keep their initial zeros: the results differ, so the check above
// depends on the files reaching the symbols.
TEST(ConstSymbols, WithoutConstTheTablesAreZero) {
    const PolyCase c = make_poly_case("const_zero");
    std::string launch = c.launch;
    launch.erase(launch.find(" --const"));
    const Result r = fgtlm("run " + q(c.module) + " " + launch + " --dump-global " + q(c.dir / "out.bin"));
    ASSERT_EQ(r.rc, 0) << r.out;
    const std::string mem = slurp(c.dir / "out.bin");
    for (std::uint32_t i = 0; i < c.n; ++i) EXPECT_EQ(word(mem, kOut + 4 * i), word(c.input, 4 * i) >> 4);
}

// A __device__ variable is a symbol too (cudaMemcpyToSymbol took both): device_global.cu's
// out[i] = in[63 - i] + bias with bias 5 from --const instead of its initialiser 1000.
TEST(ConstSymbols, DeviceVariableFilledToo) {
    const fs::path dir = temp_dir("const_device");
    const fs::path cu = fs::path(FGTLM_CUDA_KERNEL_DIR) / ".." / ".." / "compiler" / "kernels" / "device_global.cu";
    Result r = fgtlm("cc " + q(cu) + " -o " + q(dir / "m.json"));
    ASSERT_EQ(r.rc, 0) << r.out;
    std::string in(0x100, '\0');
    for (std::uint32_t i = 0; i < 64; ++i) put_word(in, 4 * i, 100 + i);
    write(dir / "in.bin", in);
    write(dir / "bias.bin", std::string("\5\0\0\0", 4));
    r = fgtlm("run " + q(dir / "m.json") + " --block 64 --param 0 --param 0x100 --global-init " + q(dir / "in.bin") +
              " --const bias=" + q(dir / "bias.bin") + " --dump-global " + q(dir / "out.bin"));
    ASSERT_EQ(r.rc, 0) << r.out;
    const std::string mem = slurp(dir / "out.bin");
    for (std::uint32_t i = 0; i < 64; ++i) EXPECT_EQ(word(mem, 0x100 + 4 * i), 100 + (63 - i) + 5) << i;
}

TEST(ConstSymbols, BadSymbolsAndSizesAreNamed) {
    const PolyCase c = make_poly_case("const_bad");
    write(c.dir / "big.bin", std::string(20, '\1'));
    write(c.dir / "empty.bin", "");
    const std::string base = "run " + q(c.module) + " --block 64 --param 0 --param 0 --param 0 --param 0 --param 0";
    Result r = fgtlm(base + " --const coefs=" + q(c.dir / "coeffs.bin"));
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "--const coefs: no such symbol in the module (symbols: lut coeffs)");
    r = fgtlm(base + " --const coeffs=" + q(c.dir / "big.bin"));
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "big.bin: 20 bytes for symbol coeffs of 16 bytes");
    r = fgtlm(base + " --const coeffs=" + q(c.dir / "empty.bin"));
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "0 bytes for symbol coeffs of 16 bytes");
    r = fgtlm(base + " --const coeffs=" + q(c.dir / "missing.bin"));
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "missing.bin: no such file (the bytes of symbol coeffs)");
    r = fgtlm(base + " --const coeffs");
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "--const coeffs: expected SYMBOL=FILE");
    r = fgtlm(base + " --const lut=" + q(c.dir / "coeffs.bin") + " --dump-global " + q(c.dir / "o.bin"));
    EXPECT_EQ(r.rc, 0) << r.out;
    EXPECT_HAS(r.out, "--const lut: " + (c.dir / "coeffs.bin").string() + " holds 16 bytes, the symbol 64 bytes");
}

TEST(ConstSymbols, OtherTargetsRefuseModuleOptions) {
    const fs::path dir = temp_dir("const_sass");
    write(dir / "k.sass", "RET\n");
    const Result r = fgtlm("run " + q(dir / "k.sass") + " --const a=" + q(dir / "k.sass"));
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "--kernel, --dynamic-shared and --const apply to a MODULE");
}

// `fgtlm inject MODULE` with the launch of `fgtlm run`: the golden run is the kernel above, and a
// campaign file holding the same target (MODULE keys included) is the same campaign.
TEST(ModuleInject, CampaignOnACompiledKernel) {
    const PolyCase c = make_poly_case("inject");
    const std::string opts = " --structure gpr,pred --count 60 --seed 5 --no-progress";
    Result r = fgtlm("inject " + q(c.module) + " " + c.launch + opts + " --out " + q(c.dir / "a.jsonl") +
                     " --summary-json " + q(c.dir / "a.json"));
    ASSERT_EQ(r.rc, 0) << r.out;
    EXPECT_HAS(r.out, "_Z4polyPKjPKfPjPfi: golden run");
    const auto header = nlohmann::json::parse(slurp(c.dir / "a.jsonl").substr(0, slurp(c.dir / "a.jsonl").find('\n')));
    const auto& target = header.at("campaign").at("target");
    EXPECT_EQ(target.at("const").size(), 2u);
    EXPECT_EQ(target.at("params").at(1), "0x1000");
    const auto sum = nlohmann::json::parse(slurp(c.dir / "a.json"));
    EXPECT_EQ(sum.at("injected"), 120);
    nlohmann::json spec = header.at("campaign");
    write(c.dir / "campaign.json", spec.dump());
    r = fgtlm("inject --campaign " + q(c.dir / "campaign.json") + " --no-progress --summary-json " +
              q(c.dir / "b.json"));
    ASSERT_EQ(r.rc, 0) << r.out;
    auto a = sum, b = nlohmann::json::parse(slurp(c.dir / "b.json"));
    for (const char* timing : {"wall_seconds", "injections_per_second"}) {
        a.erase(timing);
        b.erase(timing);
    }
    EXPECT_EQ(a, b);
}

TEST(ModuleInject, BadParameterIsNamed) {
    const PolyCase c = make_poly_case("inject_bad");
    const Result r = fgtlm("inject " + q(c.module) + " --block 64 --param 0 --param x --param 0 --param 0 --param 0");
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "--param 2 (_Z4polyPKjPKfPjPfi_param_1)");
}

TEST(ModuleInject, CampaignFileModuleKeysAreChecked) {
    const PolyCase c = make_poly_case("inject_keys");
    const std::string target = "{\"target\": {\"path\": \"" + c.module.string() + "\", ";
    write(c.dir / "a.json", target + "\"const\": 5}}");
    Result r = fgtlm("inject --campaign " + q(c.dir / "a.json"));
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "target.const: must be an array of at most 64 strings");
    write(c.dir / "b.json", target + "\"params\": [\"0\", 1]}}");
    r = fgtlm("inject --campaign " + q(c.dir / "b.json"));
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "target.params[0]");
    write(c.dir / "c.json", target + "\"kernel\": \"nope\", \"params\": [\"0\"]}}");
    r = fgtlm("inject --campaign " + q(c.dir / "c.json"));
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "--kernel nope: no such kernel in the module");
}

// `fgtlm cc --flexgrip-folder`: the folder loads back through `fgtlm run --flexgrip` (the
// project's FlexGripPlus folder loader) and ends with the same global memory as the MODULE run.
TEST(FlexgripFolder, LoadsBackAndRunsToTheSameMemory) {
    const PolyCase c = make_poly_case("folder");
    const fs::path folder = c.dir / "app";
    Result r = fgtlm("cc " + q(kernel_path("const_poly.cu")) + " -o " + q(c.dir / "m2.json") + " --flexgrip-folder " +
                     q(folder) + " " + c.launch + " --dump-words 4096");
    ASSERT_EQ(r.rc, 0) << r.out;
    for (const char* f : {"TP_instructions.vhd", "pick_bench.vhd", "TP_configuration.vhd", "global_mem.mif"})
        EXPECT_TRUE(fs::is_regular_file(folder / f)) << f;
    r = fgtlm("run --flexgrip " + q(folder) + " --dump-global " + q(c.dir / "folder.bin"));
    ASSERT_EQ(r.rc, 0) << r.out;
    r = fgtlm("run " + q(c.module) + " " + c.launch + " --dump-global " + q(c.dir / "module.bin"));
    ASSERT_EQ(r.rc, 0) << r.out;
    const std::string folder_mem = slurp(c.dir / "folder.bin");
    EXPECT_TRUE(folder_mem == slurp(c.dir / "module.bin"));
    expect_poly_results(c, folder_mem);
}

TEST(FlexgripFolder, LaunchOptionsNeedTheFolder) {
    const fs::path dir = temp_dir("folder_opts");
    const Result r = fgtlm("cc " + q(kernel_path("const_poly.cu")) + " -o " + q(dir / "m.json") + " --block 64");
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "describe the launch of --flexgrip-folder DIR, which is not given");
}

// `fgtlm header`: the MODULE's code words, registers and parameter offsets as C macros and arrays.
TEST(FirmwareHeader, CarriesTheModulesCodeAndLayout) {
    const PolyCase c = make_poly_case("header");
    Result r = fgtlm("header " + q(c.module) + " -o " + q(c.dir / "p.h") + " --prefix fw_");
    ASSERT_EQ(r.rc, 0) << r.out;
    const std::string h = slurp(c.dir / "p.h");
    const auto m = nlohmann::json::parse(slurp(c.module));
    const auto& k = m.at("kernels").at(0);
    EXPECT_HAS(h, "#define FW_POLY_REGS " + std::to_string(k.at("regs").get<int>()) + "u\n");
    EXPECT_HAS(h, "#define FW_POLY_CODE_WORDS " + std::to_string(k.at("code").size()) + "u\n");
    EXPECT_HAS(h, "#define FW_POLY_PARAM4_OFFSET 16u");
    EXPECT_HAS(h, "#define FW_MODULE_SYM_coeffs_ADDR 0x3c040u");
    EXPECT_HAS(h, "static const uint32_t fw_poly_code[");
    r = fgtlm("header " + q(c.module) + " -o " + q(c.dir / "q.h") + " --prefix 1x");
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "--prefix 1x: not the start of a C identifier");
    r = fgtlm("header " + q(c.dir / "in.bin") + " -o " + q(c.dir / "q.h"));
    EXPECT_EQ(r.rc, 2);
    EXPECT_HAS(r.out, "in.bin");
    EXPECT_FALSE(fs::exists(c.dir / "q.h"));
}

}  // namespace
