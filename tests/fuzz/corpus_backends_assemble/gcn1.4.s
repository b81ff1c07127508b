s_mul_hi_u32 s0, s1, s2
s_mul_hi_i32 s0, src_shared_base, src_pops_exiting_wave_id
s_lshl4_add_u32 s0, ttmp15, 64
s_pack_hh_b32_b16 s0, 0xffff0000, s1
s_and_b64 ttmp[14:15], ttmp[0:1], execz
