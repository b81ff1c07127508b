// Where model register-file faults land in the RTL (rtl_site): the dp_regfile address of each
// register file, the SP core, the stuck-at mode and the warp-local instruction count. The RTL
// runs themselves are the ctests labelled rtl (rtl_validation_test.sh).
#include <gtest/gtest.h>

#include <fgtlm/faults/rtl_validation.hpp>

namespace fgtlm::test {
namespace {

faults::CampaignSpec areg_pred_spec() {
    faults::CampaignSpec s;
    s.target.target = std::string(FGTLM_FAULTS_TEST_DIR) + "/areg_pred.sass";
    s.target.block = {32, 1, 1};
    s.target.regs = 14;
    s.target.shared = 512;
    s.target.params = {0x100};
    s.count = 1;
    return s;
}

faults::Fault fault(faults::Structure st, std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t bit,
                    std::uint64_t time, faults::FaultModel m = faults::FaultModel::Flip) {
    faults::Fault f;
    f.structure = st;
    f.model = m;
    f.a = a, f.b = b, f.c = c, f.bit = bit, f.time = time;
    return f;
}

TEST(RtlSite, GprRowLaneToCoreAndAddress) {
    faults::Campaign c(areg_pred_spec());  // 8 cores: lane 13 = pass 1, core 5
    const faults::RtlSite s = rtl_site(c, fault(faults::Structure::Gpr, 7, 13, 0, 30, 5, faults::FaultModel::Stuck1));
    EXPECT_EQ(s.file, 0u);
    EXPECT_EQ(s.warp, 0u);
    EXPECT_EQ(s.core, 5u);
    EXPECT_EQ(s.address, 512u + 7u);
    EXPECT_EQ(s.bit, 30u);
    EXPECT_EQ(s.mode, 2u);
    EXPECT_EQ(s.k, 5u);  // one warp: its k-th instruction is the kernel's
    EXPECT_TRUE(s.reached && s.stored);
}

TEST(RtlSite, AddressRegistersA1ToA3Only) {
    faults::Campaign c(areg_pred_spec());
    const faults::RtlSite a3 = rtl_site(c, fault(faults::Structure::Areg, 0, 3, 31, 4, 10, faults::FaultModel::Stuck0));
    EXPECT_EQ(a3.file, 1u);
    EXPECT_EQ(a3.core, 7u);
    EXPECT_EQ(a3.address, 3u * 128u + 2u);  // pass 3, warp 0, register A3 - 1
    EXPECT_EQ(a3.mode, 1u);
    EXPECT_TRUE(a3.stored);
    EXPECT_FALSE(rtl_site(c, fault(faults::Structure::Areg, 0, 4, 0, 0, 10)).stored);  // 2-bit register field
}

TEST(RtlSite, PredicateFlags) {
    faults::Campaign c(areg_pred_spec());
    const faults::RtlSite p = rtl_site(c, fault(faults::Structure::Pred, 0, 2, 9, 1, 20));
    EXPECT_EQ(p.file, 2u);
    EXPECT_EQ(p.core, 1u);
    EXPECT_EQ(p.address, 128u + 2u);  // pass 1, warp 0, C2
    EXPECT_EQ(p.bit, 1u);             // sign flag: the same bit in the model and the RTL
    EXPECT_EQ(p.mode, 0u);
}

TEST(RtlSite, SharedMemoryByteBeforeTheWarpsInstruction) {
    faults::Campaign c(areg_pred_spec());
    const faults::RtlSite s = rtl_site(c, fault(faults::Structure::Shared, 0x50, 0, 0, 6, 12));
    EXPECT_EQ(s.file, 3u);
    EXPECT_EQ(s.core, 0u);
    EXPECT_EQ(s.address, 0x50u);
    EXPECT_EQ(s.bit, 6u);
    EXPECT_EQ(s.warp, 0u);
    EXPECT_EQ(s.k, 12u);
    EXPECT_TRUE(s.reached);
}

TEST(RtlSite, AfterTheKernelIsUnreachedAndOtherStructuresAreRefused) {
    faults::Campaign c(areg_pred_spec());
    EXPECT_FALSE(rtl_site(c, fault(faults::Structure::Pred, 0, 0, 0, 0, 1000)).reached);
    EXPECT_FALSE(rtl_site(c, fault(faults::Structure::Shared, 0, 0, 0, 0, 1000)).reached);
    EXPECT_THROW(rtl_site(c, fault(faults::Structure::Global, 0, 0, 0, 0, 1)), std::invalid_argument);
    EXPECT_TRUE(faults::rtl_injectable(faults::Structure::Areg));
    EXPECT_FALSE(faults::rtl_injectable(faults::Structure::Pc));
}

}  // namespace
}  // namespace fgtlm::test
