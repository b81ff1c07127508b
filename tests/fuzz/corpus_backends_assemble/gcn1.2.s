s_add_u32 s0, s1, s2
s_and_b32 s0, flat_scratch_lo, xnack_mask_hi
s_or_b64 s[2:3], flat_scratch, 0.15915494
s_rfe_restore_b64 s[0:1], s2
s_cbranch_g_fork s[0:1], s[2:3]
s_absdiff_i32 s1, scc, vccz
