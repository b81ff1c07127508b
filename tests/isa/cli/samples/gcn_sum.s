// 64-bit sum s[0:1] = s[2:3] + s[4:5], then scale: s6 = (s0 << 2) + 3 (GCN 1.4)
s_add_u32 s0, s2, s4
s_addc_u32 s1, s3, s5
s_lshl2_add_u32 s6, s0, 3
