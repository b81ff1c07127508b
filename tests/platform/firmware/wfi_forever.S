# Firmware that sleeps in WFI with interrupts off: no exit, and all the simulated time is WFI.
.section .text.init
.globl _start
_start:
  wfi
  j _start
