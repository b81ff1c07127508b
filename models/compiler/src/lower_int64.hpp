// 64-bit integer lowering (lower_int64.cpp, lower_int64_ops.cpp): a 64-bit PTX value is a
// pair of 32-bit virtual registers. The helpers return fresh temporaries.
#pragma once

#include "lowering.hpp"

namespace fgtlm::compiler {

struct Pair {
    int lo = -1, hi = -1;
};

bool is_int64_type(const std::string& t);
// The two words of a 64-bit operand (register, immediate or symbol address).
Pair operand_pair(Lowerer& l, const PtxOperand& o);
Pair temp_pair(Lowerer& l);
// d = a MN b ("IADD", "LOP.AND", "SHL", ...) and d = a MN k.
int op3(Lowerer& l, const std::string& mn, int a, int b);
int op_imm(Lowerer& l, const std::string& mn, int a, std::uint32_t k);
int sub32(Lowerer& l, int a, int b);
// m ? a : b for a mask m of 0 or 0xffffffff.
int select_mask(Lowerer& l, int m, int a, int b);
Pair select_pair(Lowerer& l, int m, Pair a, Pair b);
Pair add64(Lowerer& l, Pair a, Pair b);
Pair sub64(Lowerer& l, Pair a, Pair b);
void move_pair(Lowerer& l, Pair dst, Pair src);
// Mask (0 / 0xffffffff) of a cmp b for 64-bit values (cmp: PTX eq ne lt le gt ge lo ls hi hs).
int compare64(Lowerer& l, Pair a, Pair b, const std::string& cmp, bool sgn);
// n / den or n % den of 64-bit values (lower_intdiv64.cpp).
Pair divrem64(Lowerer& l, Pair n, Pair den, bool sgn, bool rem);
// The PTX instructions of 64-bit integer type; false if the instruction is not one.
bool lower_int64(Lowerer& l);
// popc, clz, brev, bfe, bfi, prmt (lower_bits.cpp); false if the instruction is not one.
bool lower_bits(Lowerer& l);
// Low 32 bits of a * b (lower_int.cpp) and the high 32 bits (lower_intdiv.cpp).
void emit_mul_lo(Lowerer& l, int d, int a, int b);
void emit_mul_hi(Lowerer& l, int d, int a, int b, bool sgn);

}  // namespace fgtlm::compiler
