// Every PTX opcode the compiler lowers checks its operands before a pass reads them (issue 27):
// one operand too few or too many, a constant where a register is written, a data register
// where a predicate is read (and the other way round) are "FILE:LINE: INSTRUCTION: ..." errors,
// never a read past the operand list or a register made up for a constant.
#include <fgtlm/compiler/module.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace fgtlm::compiler {
namespace {

// Line 9 of this kernel is the instruction under test.
std::string kernel(const std::string& inst) {
    return ".version 7.0\n.target sm_30\n.address_size 32\n.visible .entry k()\n{\n.reg .pred %p<8>;\n"
           ".reg .b32 %r<40>;\n.reg .f32 %f<8>;\n" +
           inst + "\nL1:\nret;\n}\n";
}

std::string operand_form_error(const std::string& inst) {
    CompileOptions o;
    o.file = "k.ptx";
    try {
        compile_ptx(kernel(inst), o);
    } catch (const CompileError& e) {
        return e.what();
    }
    return "";
}

// One supported form of every opcode that has a lowering (operand_forms.cpp lists them).
const std::vector<std::string> kValid = {"mov.u32 %r1, %r2;",
                                         "ld.global.u32 %r1, [%r2];",
                                         "st.global.u32 [%r1], %r2;",
                                         "cvta.to.global.u32 %r1, %r2;",
                                         "not.b32 %r1, %r2;",
                                         "neg.s32 %r1, %r2;",
                                         "abs.s32 %r1, %r2;",
                                         "rcp.approx.f32 %f1, %f2;",
                                         "sqrt.approx.f32 %f1, %f2;",
                                         "rsqrt.approx.f32 %f1, %f2;",
                                         "lg2.approx.f32 %f1, %f2;",
                                         "ex2.approx.f32 %f1, %f2;",
                                         "sin.approx.f32 %f1, %f2;",
                                         "cos.approx.f32 %f1, %f2;",
                                         "popc.b32 %r1, %r2;",
                                         "clz.b32 %r1, %r2;",
                                         "brev.b32 %r1, %r2;",
                                         "cvt.rn.f32.u32 %f1, %r2;",
                                         "add.u32 %r1, %r2, %r3;",
                                         "sub.s32 %r1, %r2, %r3;",
                                         "mul.lo.u32 %r1, %r2, %r3;",
                                         "mul24.lo.u32 %r1, %r2, %r3;",
                                         "div.u32 %r1, %r2, %r3;",
                                         "rem.u32 %r1, %r2, %r3;",
                                         "and.b32 %r1, %r2, %r3;",
                                         "or.b32 %r1, %r2, %r3;",
                                         "xor.b32 %r1, %r2, %r3;",
                                         "shl.b32 %r1, %r2, %r3;",
                                         "shr.u32 %r1, %r2, %r3;",
                                         "min.u32 %r1, %r2, %r3;",
                                         "max.s32 %r1, %r2, %r3;",
                                         "mad.lo.u32 %r1, %r2, %r3, %r4;",
                                         "mad24.lo.u32 %r1, %r2, %r3, %r4;",
                                         "fma.rn.f32 %f1, %f2, %f3, %f4;",
                                         "bfe.u32 %r1, %r2, %r3, %r4;",
                                         "prmt.b32 %r1, %r2, %r3, %r4;",
                                         "bfi.b32 %r1, %r2, %r3, %r4, %r5;",
                                         "selp.u32 %r1, %r2, %r3, %p1;",
                                         "setp.eq.u32 %p1, %r2, %r3;",
                                         "set.eq.u32.u32 %r1, %r2, %r3;",
                                         "testp.finite.f32 %p1, %f1;",
                                         "and.pred %p1, %p2, %p3;",
                                         "add.f32 %f1, %f2, %f3;",
                                         "mul.rn.f32 %f1, %f2, %f3;"};

std::vector<std::string> operands_of(const std::string& inst, std::string& head) {
    const auto space = inst.find(' ');
    head = inst.substr(0, space);
    std::vector<std::string> ops;
    std::string rest = inst.substr(space + 1, inst.size() - space - 2);  // without the ';'
    for (std::size_t at = 0; at <= rest.size();) {
        const auto comma = rest.find(", ", at);
        ops.push_back(rest.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
        if (comma == std::string::npos) break;
        at = comma + 2;
    }
    return ops;
}

std::string with_operands(const std::string& head, const std::vector<std::string>& ops) {
    std::string s = head;
    for (std::size_t i = 0; i < ops.size(); ++i) s += (i == 0 ? " " : ", ") + ops[i];
    return s + ";";
}

TEST(OperandForms, EverySupportedFormStillCompiles) {
    for (const std::string& inst : kValid) EXPECT_EQ(operand_form_error(inst), "") << inst;
}

TEST(OperandForms, OneOperandTooFewOrTooManyIsNamed) {
    for (const std::string& inst : kValid) {
        std::string head;
        std::vector<std::string> ops = operands_of(inst, head);
        std::vector<std::string> fewer(ops.begin(), ops.end() - 1), more = ops;
        more.push_back(head.rfind("setp", 0) == 0 || head.rfind("selp", 0) == 0 ? "%p7" : "%r9");
        if (head.rfind("setp", 0) == 0 || head.rfind("set.", 0) == 0) more.push_back("%p6");  // 3 or 4 operands
        for (const std::string& bad : {with_operands(head, fewer), with_operands(head, more)}) {
            const std::string e = operand_form_error(bad);
            EXPECT_NE(e.find("k.ptx:9: "), std::string::npos) << bad << " -> " << e;
            EXPECT_NE(e.find(" operand"), std::string::npos) << bad << " -> " << e;
        }
    }
}

TEST(OperandForms, AConstantWhereARegisterIsWrittenIsNamed) {
    for (const std::string& inst : kValid) {
        std::string head;
        std::vector<std::string> ops = operands_of(inst, head);
        if (head.rfind("st.", 0) == 0) continue;  // a store writes memory: its first operand is the address
        ops[0] = "7";
        const std::string e = operand_form_error(with_operands(head, ops));
        EXPECT_NE(e.find("k.ptx:9: "), std::string::npos) << inst << " -> " << e;
        EXPECT_NE(e.find("operand 1 of "), std::string::npos) << inst << " -> " << e;
    }
}

// The cases that compiled to something before the check: a constant as setp's combining
// predicate (read as a register named ""), predicates and data registers swapped.
TEST(OperandForms, OperandKindsAndRegisterClassesAreChecked) {
    const std::pair<const char*, const char*> cases[] = {
        {"setp.eq.and.u32 %p1, %r2, %r3, 5;", "operand 4 of setp must be a predicate register, got the integer"},
        {"setp.eq.and.u32 %p1, %r2, %r3, %r4;", "operand 4 of setp must be a predicate register, got %r4 (.b32)"},
        {"selp.u32 %r1, %r2, %r3, %r4;", "operand 4 of selp must be a predicate register, got %r4"},
        {"add.u32 %r1, %p1, %r3;", "operand 2 of add must be a .u32 value, got the predicate register %p1"},
        {"setp.eq.u32 %r1, %r2, %r3;", "operand 1 of setp must be a predicate register, got %r1"},
        {"setp.eq.u32 !%p1, %r2, %r3;", "operand 1 of setp: a negated predicate (!%p1) only as a source"},
        {"ld.global.u32 %r1, %r2;", "operand 2 of ld must be a [memory] operand, got register %r2"},
        {"st.global.u32 %r1, %r2;", "operand 1 of st must be a [memory] operand, got register %r1"},
        {"add.u32 %r1, [%r2], %r3;", "operand 2 of add must be a register, a constant or a variable's name"},
        {"testp.finite.f32 5, %f1;", "operand 1 of testp must be a predicate register, got the integer constant 5"},
        {"testp.finite.f32 %p1;", "testp takes 2 operands, got 1"},
        {"bar.sync %r1;", "operand 1 of bar must be an integer constant, got register %r1"},
        {"membar.gl %r1;", "membar takes 0 operands, got 1"},
        {"cvt.u32 %r1, %r2;", "cvt needs a destination and a source type"},
        {"set.eq.u32 %r1, %r2, %r3;", "set needs a destination and a source type"},
    };
    for (const auto& [inst, message] : cases) {
        const std::string e = operand_form_error(inst);
        EXPECT_NE(e.find("k.ptx:9: "), std::string::npos) << inst << " -> " << e;
        EXPECT_NE(e.find(message), std::string::npos) << inst << " -> " << e;
    }
}

}  // namespace
}  // namespace fgtlm::compiler
