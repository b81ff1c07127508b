# Firmware that exits with code 256 (SIMCTL EXIT at 0x10001000): a process returns 8 bits, so
# the VP must not turn it into exit status 0 (a pass).
.section .text.init
.globl _start
_start:
  li t0, 0x10001000
  li t1, 256
  sw t1, 0(t0)
1:
  j 1b
