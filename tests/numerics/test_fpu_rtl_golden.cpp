// The FPU against the RTL's own outputs: tests/numerics/golden/fpu_rtl.txt holds one line per
// operation run through fpu_single under GHDL (scripts/gen-golden-fpu): the inputs as
// pipeline_execute presents them, the latched result and the five flag outputs.
// No GHDL is needed here: the vectors are checked in.
#include "fpu_rtl.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace fgtlm::numerics::detail {
namespace {

struct Vector {
    FpuRtlIn in;
    std::uint32_t result = 0;
    std::string flags;
};

bool parse(const std::string& line, Vector& v) {
    std::istringstream ss(line);
    unsigned op = 0, subop = 0, rmode = 0, s32 = 0, abs = 0, cond = 0;
    std::string neg, a, b, c, r;
    if (!(ss >> op >> subop >> rmode >> s32 >> abs >> cond >> neg >> a >> b >> c >> r >> v.flags)) return false;
    if (neg.size() != 3 || v.flags.size() != 5) return false;
    v.in.op = static_cast<FpuRtlOp>(op);
    v.in.subop = std::uint8_t(subop);
    v.in.rmode = std::uint8_t(rmode);
    v.in.s32 = s32 != 0;
    v.in.abs = abs != 0;
    v.in.cond = std::uint8_t(cond);
    v.in.neg1 = neg[0] == '1';
    v.in.neg2 = neg[1] == '1';
    v.in.neg3 = neg[2] == '1';
    v.in.a = std::uint32_t(std::stoul(a, nullptr, 16));
    v.in.b = std::uint32_t(std::stoul(b, nullptr, 16));
    v.in.c = std::uint32_t(std::stoul(c, nullptr, 16));
    v.result = std::uint32_t(std::stoul(r, nullptr, 16));
    return true;
}

std::string flag_string(const FpuRtlOut& o) {
    std::string s;
    for (bool f : {o.underflow, o.overflow, o.inexact, o.exception, o.invalid}) s += f ? '1' : '0';
    return s;
}

TEST(FpuRtlGolden, EveryVectorMatchesTheRtl) {
    std::ifstream in(std::string(FGTLM_GOLDEN_DIR) + "/fpu_rtl.txt");
    ASSERT_TRUE(in) << "missing golden file fpu_rtl.txt";
    std::array<std::size_t, 5> total{}, bad{}, bad_flags{};
    std::string first, line;
    std::size_t lineno = 0;
    while (std::getline(in, line)) {
        ++lineno;
        if (line.empty() || line[0] == '#') continue;
        Vector v;
        ASSERT_TRUE(parse(line, v)) << "fpu_rtl.txt:" << lineno << ": malformed line";
        const auto op = static_cast<std::size_t>(v.in.op);
        ASSERT_LT(op, total.size()) << "fpu_rtl.txt:" << lineno << ": unknown op";
        const FpuRtlOut got = fpu_rtl(v.in);
        ++total[op];
        const bool flags_ok = flag_string(got) == v.flags;
        if (got.result != v.result) ++bad[op];
        if (!flags_ok) ++bad_flags[op];
        if ((got.result != v.result || !flags_ok) && first.size() < 3000) {
            char buf[160];
            std::snprintf(buf, sizeof buf, "line %zu: %s -> model %08x %s\n", lineno, line.c_str(), got.result,
                          flag_string(got).c_str());
            first += buf;
        }
    }
    const char* names[] = {"FADD", "FMUL", "FMAD", "CONV", "FSET"};
    for (std::size_t i = 0; i < total.size(); ++i) {
        EXPECT_GT(total[i], 0u) << names[i];
        EXPECT_EQ(bad[i], 0u) << bad[i] << " of " << total[i] << " " << names[i] << " results differ";
        EXPECT_EQ(bad_flags[i], 0u) << bad_flags[i] << " of " << total[i] << " " << names[i] << " flag sets differ";
    }
    if (!first.empty()) ADD_FAILURE() << "first differences:\n" << first;
}

}  // namespace
}  // namespace fgtlm::numerics::detail
