// The registry: the ISAs it lists, and the SM_1.0 adapter giving what the SM_1.0 library gives.
#include "../seed_support.hpp"

#include <fgtlm/isa/assembler.hpp>
#include <fgtlm/isa/decoder.hpp>
#include <fgtlm/isa/disassembler.hpp>

namespace fgtlm::isa::test {
namespace {

TEST(IsaRegistry, ListsEveryBackEndOnce) {
    std::vector<std::string> names;
    for (const IsaBackend* b : isa_backends()) names.emplace_back(b->name());
    EXPECT_EQ(names, (std::vector<std::string>{"sm10", "fermi", "gcn1.0", "gcn1.2", "gcn1.4", "maxwell", "usse"}));
    for (const IsaBackend* b : isa_backends()) {
        EXPECT_EQ(find_isa(b->name()), b);
        EXPECT_FALSE(b->title().empty());
        EXPECT_FALSE(b->coverage().empty());
        // The facts of each back end's seed document are in tests/data/isa (sm10's, from the
        // FlexGripPlus manual: the encoding vectors, vectors.tsv).
        if (b->name() == "sm10") continue;
        EXPECT_FALSE(read_seed_facts(std::string(b->seed())).empty()) << b->name();
    }
    EXPECT_EQ(find_isa("GCN1.2"), find_isa("gcn1.2"));
    EXPECT_EQ(find_isa("sm20"), nullptr);
}

TEST(IsaRegistry, Sm10AdapterMatchesTheSm10Library) {
    const std::string src = "MOV R0, R1;\nIADD R2, R0, R1;\nRET;\n";
    const AssembleResult direct = fgtlm::isa::assemble(src, "a.s");
    ASSERT_TRUE(direct.ok());
    const IsaBackend& b = backend("sm10");
    const IsaProgram via = b.assemble_program(src, "a.s");
    ASSERT_TRUE(via.ok());
    EXPECT_EQ(via.words, direct.words);
    EXPECT_EQ(b.disassemble_program(direct.words, false).text, listing(decode_program(direct.words)));
    // One instruction at a time.
    const IsaDecoded d = b.disassemble_one(direct.words, 0);
    ASSERT_TRUE(d.ok());
    EXPECT_EQ(b.assemble_one(d.text).words,
              std::vector<std::uint32_t>(direct.words.begin(), direct.words.begin() + d.words));
    EXPECT_FALSE(b.disassemble_one({{0x00000001u}}, 0).ok());   // 64-bit without its second word
}

TEST(IsaRegistry, GenericProgramRoutines) {
    const IsaBackend& b = backend("gcn1.2");
    const IsaProgram p = b.assemble_program("// comment\n  s_add_u32 s0, s1, s2  # trailing\n\n"
                                            "/*0004*/ s_mul_i32 s3, s4, 0x1234 /* 0x... */\nbogus s0\n",
                                            "p.s");
    ASSERT_EQ(p.errors.size(), 1u);
    EXPECT_EQ(p.errors[0].rfind("p.s:5:1: error:", 0), 0u) << p.errors[0];
    EXPECT_EQ(p.words.size(), 3u);
    const IsaListing l = b.disassemble_program(p.words, true);
    EXPECT_EQ(l.text, "s_add_u32 s0, s1, s2\ns_mul_i32 s3, s4, 0x1234\n");
    // A listing re-assembles (addresses and encodings are comments).
    const IsaListing full = b.disassemble_program(p.words, false);
    EXPECT_EQ(b.assemble_program(full.text, "l.s").words, p.words);
    // Bad words are listed as .illegal with an error naming the address.
    const IsaListing bad = b.disassemble_program(std::vector<std::uint32_t>{0x80000201u, 0xffffffffu}, false);
    ASSERT_EQ(bad.errors.size(), 1u);
    EXPECT_EQ(bad.errors[0].rfind("illegal instruction at 0x0004: 0xffffffff", 0), 0u) << bad.errors[0];
}

}  // namespace
}  // namespace fgtlm::isa::test
