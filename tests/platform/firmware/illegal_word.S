# Firmware whose first instruction is the illegal word 0xffffffff (no trap vector): the VP
# must stop and name the word.
.section .text.init
.globl _start
_start:
  .word 0xffffffff
