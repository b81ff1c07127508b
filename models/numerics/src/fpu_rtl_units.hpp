// Register state of the FlexGripPlus FPU's clocked blocks (internal to fpu_rtl*.cpp). One struct
// per VHDL entity, one field per signal assigned in its clocked process; a default-constructed
// struct is the entity's reset state. clock() is one rising edge with enable = '1': every
// right-hand side reads the values before the edge, as VHDL signal assignment does.
#pragma once

#include <cstdint>

namespace fgtlm::numerics::detail::rtl {

using u128 = unsigned __int128;

struct Add {  // fpu_add_32.vhd
    std::uint32_t sign = 0, ea = 0, eb = 0, ma = 0, mb = 0, es = 0, el = 0, ms = 0, ml = 0;
    std::uint32_t small_is_denorm = 0, large_is_denorm = 0, lnsd = 0, ediff = 0;
    std::uint32_t large_add = 0, small_add = 0, small_shift = 0, small_shift_3 = 0;
    std::uint32_t sum = 0, sum_2 = 0, sum_3 = 0, exponent = 0, denorm_to_norm = 0, exponent_2 = 0;
    void clock(std::uint32_t opa, std::uint32_t opb);
};

struct Sub {  // fpu_sub_32.vhd
    std::uint32_t ea = 0, eb = 0, ma = 0, mb = 0, expa_gt_expb = 0, expa_et_expb = 0, mana_gtet_manb = 0;
    std::uint32_t a_gtet_b = 0, es = 0, el = 0, ms = 0, ml = 0, sign = 0, sid = 0, lid = 0, lnsd = 0;
    std::uint32_t small_is_nonzero = 0, ediff = 0, minuend = 0, subtrahend = 0, subtra_shift = 0;
    std::uint32_t subtra_shift_3 = 0, diff_shift = 0, diff_shift_2 = 0, diff = 0, gt_exponent = 0;
    std::uint32_t et_26 = 0, diff_1 = 0, exponent = 0, exponent_2 = 0, diff_2 = 0;
    void clock(std::uint32_t opa, std::uint32_t opb);
};

struct Mul {  // fpu_mul_32.vhd
    std::uint32_t sign = 0, ma = 0, mb = 0, ea = 0, eb = 0, a_is_norm = 0, b_is_norm = 0, a_is_zero = 0;
    std::uint32_t b_is_zero = 0, in_zero = 0, exponent_terms = 0, gt_expoffset = 0, exponent_under = 0;
    std::uint32_t exponent_1 = 0, exponent_2 = 0, gt_prodshift = 0, exponent_3 = 0, exponent_4 = 0;
    std::uint32_t et_zero = 0, mul_a = 0, mul_b = 0, product_lsb = 0, exponent_5 = 0;
    std::uint32_t product_shift = 0, product_shift_2 = 0, product_7 = 0;
    std::uint64_t product = 0, product_1 = 0, product_2 = 0, product_3 = 0, product_4 = 0;
    std::uint64_t product_5 = 0, product_6 = 0;
    void clock(std::uint32_t opa, std::uint32_t opb);
};

struct Fma {  // fpu_fma_32.vhd
    std::uint32_t ma = 0, mb = 0, mc = 0, lma = 0, lmb = 0, lmc = 0, ea = 0, eb = 0, ec = 0, eab = 0;
    std::uint32_t sign_a = 0, sign_b = 0, sign_c = 0, sign_i = 0, a_isnorm = 0, b_isnorm = 0, c_isnorm = 0;
    std::uint32_t exp_diff = 0, shift_1 = 0, shift_2 = 0, expo = 0, leadzeros = 0, test_denorm = 0;
    std::uint32_t sticky_c = 0, sticky_f = 0, sign = 0, mantissa = 0, exponent = 0;
    std::uint64_t product_ab = 0;  // not reset in the VHDL; every operation starts it at 0 here
    u128 ab_shifted = 0, c_shifted_temp = 0, c_shifted_temp_2 = 0, c_compressed = 0, c_compressed_2 = 0;
    u128 sum = 0, diff = 0, sum_2 = 0, diff_comp = 0, sum_shifted = 0;
    void clock(std::uint32_t opa, std::uint32_t opb, std::uint32_t opc);
    // The registers' settled values for constant inputs (fpu_rtl.cpp's fmad_settled), computed
    // directly instead of clocking until nothing changes. False when the settled state is not a
    // function of the inputs: sum_2 (and so the result) then keeps a value from the edges before.
    bool settle(std::uint32_t opa, std::uint32_t opb, std::uint32_t opc);
    bool operator==(const Fma&) const = default;

private:
    // The sections of p_FusedMultiplyAdd, in the order the VHDL assigns them (a later one may
    // overwrite expo or sign_i). Each reads the state before the edge and writes `n`.
    void unpack(Fma& n, std::uint32_t opa, std::uint32_t opb, std::uint32_t opc) const;
    void exponent_difference(Fma& n) const;
    void choose_addend_shift(Fma& n, int sd) const;
    void position_addend(Fma& n) const;
    void possible_outputs(Fma& n) const;
    void choose_output(Fma& n, int sd) const;
    void normalise_product_anchored(Fma& n, int sd) const;
    void normalise_addend_anchored(Fma& n, int sd) const;
    void pack(Fma& n) const;
    bool effective_add() const { return ((sign_a ^ sign_b ^ sign_c) & 1u) == 0; }
};

struct Round {  // fpu_round_32.vhd
    std::uint32_t round_nearest = 0, round_to_zero = 0, trig_up = 0, trig_up_2 = 0, trig_tie = 0, trig_down = 0;
    std::uint32_t sum_round = 0, sum_round_overflow = 0, sum_round_2 = 0, exponent_round = 0;
    std::uint32_t exponent_final = 0, round_out = 0;
    void clock(unsigned rmode, std::uint32_t sign, std::uint32_t mantissa, std::uint32_t exponent);
};

struct Except {  // fpu_exceptions_32.vhd
    std::uint32_t a_zero = 0, b_zero = 0, c_zero = 0, add = 0, sub = 0, multiply = 0, fusedmadd = 0;
    std::uint32_t a_qnan = 0, b_qnan = 0, c_qnan = 0, a_snan = 0, b_snan = 0, c_snan = 0;
    std::uint32_t a_pinf = 0, b_pinf = 0, c_pinf = 0, a_ninf = 0, b_ninf = 0, c_ninf = 0;
    std::uint32_t underflow_trigger = 0, invalid_trigger = 0, overflow_trigger = 0, inexact_trigger = 0;
    std::uint32_t out_overflow = 0, out_invalid = 0;
    std::uint32_t ex_enable = 0, underflow = 0, overflow = 0, inexact = 0, exception = 0, invalid = 0, out_fp = 0;
    void clock(unsigned rmode, std::uint32_t opa, std::uint32_t opb, std::uint32_t opc, bool fadd, bool fmul, bool fmad,
               std::uint32_t in_except, std::uint32_t exponent_in, std::uint32_t mantissa_in);

private:
    // One function per clocked process of fpu_exceptions_32.vhd; each reads the state before
    // the edge and writes `n`.
    void input_handler(Except& n, std::uint32_t opa, std::uint32_t opb, std::uint32_t opc, bool fadd, bool fmul,
                       bool fmad) const;
    void invalid_finder(Except& n, std::uint32_t opa, std::uint32_t opb, std::uint32_t opc) const;
    void overflow_finder(Except& n, unsigned rmode, std::uint32_t opa, std::uint32_t opb, std::uint32_t in_except,
                         std::uint32_t exponent_in) const;
    void underflow_inexact_finders(Except& n, std::uint32_t exponent_in, std::uint32_t mantissa_in) const;
    void exception_outputs(Except& n) const;
};

}  // namespace fgtlm::numerics::detail::rtl
