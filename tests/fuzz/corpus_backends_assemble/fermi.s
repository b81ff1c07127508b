// Every Fermi instruction of seed 001 (asfermi syntax).
S2R R0, SR_Tid_X;
S2R R1, SR_CTAid_X;
S2R RZ, SR200;
LEPC R5;
CCTL.E.U.WB R1, [R2+0x10];
CCTL.IVALL R3, [RZ];
CCTLL.PF1_5 R3, [R4+0x3];
PSETP.OR.XOR P0, P1, !P2, P3, !P4;
PSETP P0, P1, P2, P3;
