// GCN 1.0/1.1 SOP2 (AMD syntax): 32/64-bit, inline constants, literal, specials.
s_add_u32 s0, s1, s2
s_addc_u32 s3, s4, 0x12345678
s_and_b32 s5, vcc_lo, exec_hi
s_and_b64 s[4:5], exec, -1
s_xnor_b64 vcc, s[2:3], 4
s_bfe_i64 s[6:7], tba, 0x100008
s_cbranch_g_fork s[0:1], s[2:3]
s_absdiff_i32 m0, ttmp11, -16
s_mul_i32 s103, 2.0, -0.5
