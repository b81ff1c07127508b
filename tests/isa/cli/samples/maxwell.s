// Opcode forms only: the seed documents no operand fields.
FADD_reg unknown(0x0000001234567890) ;
FFMA32I ;
EXIT ;
LD unknown(0x1000000000000000) ;
IMAD32I ;
TEXS unknown(0x0800000000000000) ;
