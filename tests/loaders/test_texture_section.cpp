// launch.json "textures": descriptors encoded into the global image at the table address, the
// launch's table fields set, and every bad entry refused with a message naming the field.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include <fgtlm/core/texture.hpp>
#include <fgtlm/loaders/bundle_loader.hpp>

namespace {

namespace fs = std::filesystem;
using namespace fgtlm;

const fs::path kBundle = fs::path(FGTLM_SOURCE_DIR) / "tests/core/texture/bilinear_2d";

TEST(TextureSection, EncodesTheTable) {
    const loaders::KernelImage img = loaders::load_bundle(kBundle);
    EXPECT_EQ(img.launch.texture_table, 1024u);
    EXPECT_EQ(img.launch.texture_slots, 2u);
    ASSERT_GE(img.global_init.size(), 1024u + 64u);
    const core::tex::Descriptor d = core::tex::decode(img.global_init.data() + 1024);
    EXPECT_EQ(core::tex::validate(d), "");
    EXPECT_EQ(d.dims, 2u);
    EXPECT_EQ(d.format, core::tex::Format::F32);
    EXPECT_TRUE(d.linear);
    EXPECT_EQ(d.base, 256u);
    EXPECT_EQ(d.width, 2u);
    EXPECT_EQ(core::tex::validate(core::tex::decode(img.global_init.data() + 1024 + 32)), "not bound");
}

// The bundle with launch.json's "textures" replaced by `textures`; returns the load error.
std::string error_with(const std::string& textures) {
    const fs::path dir = fs::temp_directory_path() / ("fgtlm_tex_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::copy(kBundle, dir);
    std::ifstream in(dir / "launch.json");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    in.close();
    const std::size_t at = text.find("\"textures\"");
    text = text.substr(0, at) + "\"textures\": " + textures + "\n}\n";
    std::ofstream(dir / "launch.json") << text;
    std::string what = "no error";
    try {
        loaders::load_bundle(dir);
    } catch (const loaders::LoadError& e) {
        what = e.what();
    }
    fs::remove_all(dir);
    return what;
}

TEST(TextureSection, BadEntriesNameTheField) {
    const std::string ok = R"("slot": 0, "dims": 1, "format": "f32", "base": 256, "width": 4)";
    const std::pair<std::string, std::string> cases[] = {
        {R"({"bind": []})", "missing field \"table\""},
        {R"({"table": 1024, "bind": [{)" + ok + R"(, "format": "f16"}]})", "textures.bind[0].format: 'f16' is not"},
        {R"({"table": 1024, "bind": [{)" + ok + R"(, "slot": 128}]})", "textures.bind[0].slot: 128 is above the maximum 127"},
        {R"({"table": 1024, "bind": [{)" + ok + R"(}, {)" + ok + R"(}]})", "textures.bind[1].slot: 0 is bound twice"},
        {R"({"table": 1024, "bind": [{)" + ok + R"(, "address": ["wrap"]}]})", "textures.bind[0]: address mode wrap/mirror needs normalised"},
        {R"({"table": 1024, "bind": [{)" + ok + R"(, "address": ["repeat"]}]})", "textures.bind[0].address[0]: \"repeat\" (string) is not clamp"},
        {R"({"table": 1024, "bind": [{)" + ok + R"(, "width": 2000}]})", "textures.bind[0]: texels end at 8256, beyond global_mem_bytes 4096"},
        {R"({"table": 4090, "bind": [{)" + ok + R"(}]})", "textures.table: must be 4-byte aligned"},
        {R"({"table": 4064, "bind": [{)" + ok + R"(}], "slots": 2})", "textures.table: the table ends beyond global_mem_bytes"},
        {R"({"table": 1024, "slots": 1, "bind": [{)" + ok + R"(, "slot": 3}]})", "textures.slots: 1 leaves bound slot 3 outside"},
        {R"({"table": 1024, "bind": [{)" + ok + R"(, "filter": "cubic"}]})", "textures.bind[0].filter: 'cubic' is not point or linear"},
    };
    // Unused axes may be given as 0 (the texels of a 1D texture then end after its row).
    EXPECT_EQ(error_with(R"({"table": 1024, "bind": [{)" + ok + R"(, "height": 0, "depth": 0}]})"), "no error");
    for (const auto& [textures, want] : cases) {
        const std::string what = error_with(textures);
        EXPECT_NE(what.find("launch.json"), std::string::npos) << what;
        EXPECT_NE(what.find(want), std::string::npos) << "got: " << what << "\nwant: " << want;
    }
}

}  // namespace
