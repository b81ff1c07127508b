// Every kernel of the 44 nvcc cubins (tests/data/isa/cubins) runs in the execution core with a
// generic launch (2 blocks of 64 threads, parameters pointing into a 64 KiB global memory,
// 256 bytes of local memory per thread) and ends without an error, except where noted: the
// texture kernel gets its three textures bound (and its output checked by hand), and three
// kernels run as G80 code with the cubin's constant banks loaded (loaders::load_cubin_json):
// test40 (P2R, below), test36 and motion_div2 (cubin_kernel_inputs.cpp: their own launch,
// inputs and hand-computed results).
#include "core_harness.hpp"
#include "cubin_kernel_inputs.hpp"

#include <bit>

#include <fgtlm/core/texture.hpp>

#include <algorithm>
#include <filesystem>

namespace fgtlm::test {
namespace {

using loaders::CubinKernel;
using loaders::CubinModule;

struct CubinFile {
    std::string stem;
    CubinModule module;
};

const std::vector<CubinFile>& cubins() {
    static const std::vector<CubinFile> all = [] {
        std::vector<std::filesystem::path> files;
        for (const auto& e : std::filesystem::directory_iterator(std::string(FGTLM_DATA_DIR) + "/isa/cubins"))
            if (e.path().extension() == ".json") files.push_back(e.path());
        std::sort(files.begin(), files.end());
        std::vector<CubinFile> out;
        for (const auto& f : files) out.push_back({f.stem().string(), loaders::load_cubin_json(f)});
        return out;
    }();
    return all;
}

core::LaunchConfig generic_launch(const std::string& name) {
    core::LaunchConfig l = launch(64, 2, 32);
    l.blocks_per_sm = 2;
    l.params = {0x1000, 0x2000, 0x3000, 0x4000, 0x10, 0x10, 1, 1};
    if (name == "tests_test21local2:my_kernel") l.params = {0x0, 0x1000};  // param 0 = local offset
    if (name == "tests_test40:my_kernel") l.params = {0x1000, 0x0};       // param 1 = loop bound
    l.local_base = 0x8000;
    l.local_bytes_per_thread = 256;
    return l;
}

// tests_test28:my_kernel reads a float4 from param 0 (0x1000: zeros), fetches the 3D texture
// of slot 2 there (mask x, z, w -> R4, R5, R6) and the 1D texture of slot 0 (mask y -> R1) and
// stores (t3.x, t1.y, t3.z, ex2(t3.w) - t3.z). The textures: slot 2 = 2x2x2 f32x4 with texel
// (0,0,0) = (1.5, 2.5, 3.5, 0), slot 0 = 4 texels f32x2 with texel 0 = (7, 9), slot 1 = 2D.
void bind_test28_textures(CoreRun& r, core::LaunchConfig& l) {
    using core::tex::Descriptor;
    l.texture_table = 0xc000;
    l.texture_slots = 3;
    auto put = [&](std::uint32_t slot, std::uint32_t dims, std::uint32_t channels, std::uint32_t base) {
        Descriptor d;
        d.dims = dims;
        d.format = core::tex::Format::F32;
        d.channels = channels;
        d.base = base;
        d.width = dims == 1 ? 4 : 2;
        d.height = dims >= 2 ? 2 : 1;
        d.depth = dims == 3 ? 2 : 1;
        const auto b = core::tex::encode(d);
        std::copy(b.begin(), b.end(), r.global.begin() + l.texture_table + 32 * slot);
    };
    put(0, 1, 2, 0xd000);
    put(1, 2, 1, 0xd100);
    put(2, 3, 4, 0xd200);
    const float t3[4] = {1.5f, 2.5f, 3.5f, 0.0f}, t1[2] = {7.0f, 9.0f};
    for (std::uint32_t i = 0; i < 4; ++i) r.set_u32(0xd200 + 4 * i, std::bit_cast<std::uint32_t>(t3[i]));
    for (std::uint32_t i = 0; i < 2; ++i) r.set_u32(0xd000 + 4 * i, std::bit_cast<std::uint32_t>(t1[i]));
}

// One kernel with the generic launch.
void run_generic(const std::string& name, const CubinKernel& k) {
    // test40 saves C0 across its barrier with P2R/R2P; the RTL's P2R writes R0 (its decode
    // has no destination for it: test_rtl_semantics.cpp), the kernel's loop bound, so under
    // core.semantics=rtl its loop never ends, as on the RTL: run it as G80 code (c1 loaded).
    // test28 samples textures (not in the RTL) and loads and stores with .128, which FlexGripPlus
    // narrows to one byte (core.rtl.global_access_types): G80 code too.
    const bool g80 = name == "tests_test40:my_kernel" || name == "tests_test28:my_kernel";
    CoreRun r(g80 ? g80_config() : core::SmCoreConfig{});
    r.words = k.words;
    if (g80) load_constant_banks(r, k);
    core::LaunchConfig l = generic_launch(name);
    const bool tex = name == "tests_test28:my_kernel";
    if (tex) bind_test28_textures(r, l);
    const bool ok = r.run_words(l, 5'000'000);
    EXPECT_TRUE(ok) << name << ": " << r.error.message << " at pc 0x" << std::hex << r.error.pc;
    if (tex) {
        EXPECT_EQ(r.u32(0x1000), std::bit_cast<std::uint32_t>(1.5f));
        EXPECT_EQ(r.u32(0x1004), std::bit_cast<std::uint32_t>(9.0f));
        EXPECT_EQ(r.u32(0x1008), std::bit_cast<std::uint32_t>(3.5f));
        EXPECT_EQ(r.u32(0x100c), std::bit_cast<std::uint32_t>(-2.5f));  // ex2(0) - 3.5
    }
}

TEST(CubinKernels, RunInTheModel) {
    std::size_t ran = 0;
    for (const CubinFile& f : cubins()) {
        for (const CubinKernel& k : f.module.kernels) {
            const std::string name = f.stem + ":" + k.name;
            SCOPED_TRACE(name);
            // Loop bounds in constant bank 1, addresses from c14 and data: their own launch,
            // as G80 code (the RTL has no constant banks).
            if (name == "tests_test36:f_test")
                run_test36(f.module, k);
            else if (name == "tests_motion_div2:motion_copy_2ref")
                run_motion_copy_2ref(k);
            else
                run_generic(name, k);
            ++ran;
        }
    }
    EXPECT_EQ(ran, 44u);
}

}  // namespace
}  // namespace fgtlm::test
