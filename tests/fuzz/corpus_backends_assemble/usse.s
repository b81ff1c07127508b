// Seed-003 shader ISA: predicate, mnemonic, bits the seed does not decode.
!p0 cmov.ltzero.f16 unknown(0x0000001200345678)
mad{0xa0}
p1 tex2DBias.f16
Pn rcp.fx10
p3 lda32
max.fx8
mul.f32
