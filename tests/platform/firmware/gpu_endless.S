# Firmware that launches an endless GPU kernel (one warp, `loop: BRA loop`), sleeps in WFI until
# the GPU's interrupt (interrupts masked in mstatus: WFI just returns), then exits with
# STATUS's error kind (7 = WATCHDOG, see models/host/README.md). The GPU watchdog must fire
# within fgtlm-vp's default --max-time.
.section .text.init
.globl _start
_start:
  li t0, 0x20000000        # GPU register map
  la t1, kernel
  sw t1, 0x40(t0)          # CODE_BASE
  li t2, 8
  sw t2, 0x44(t0)          # CODE_SIZE: two words
  li t2, 32
  sw t2, 0x114(t0)         # BLOCK_X: one warp
  li t2, 3
  sw t2, 0x30(t0)          # IRQ_ENABLE: DONE | ERROR
  li t2, 0x800
  csrs mie, t2             # machine external interrupt wakes WFI (mstatus.MIE stays 0)
  li t2, 1
  sw t2, 0x10(t0)          # CTRL.START
wait:
  wfi
  lw t2, 0x14(t0)          # STATUS: [1:0] state (1 = BUSY), [15:8] error kind
  andi t3, t2, 3
  li t4, 1
  beq t3, t4, wait
  srli t2, t2, 8
  andi t2, t2, 0xff
  li t0, 0x10001000        # simulation control: EXIT
  sw t2, 0(t0)
hang:
  j hang
.balign 4
kernel:
  .word 0x10000003, 0x00000781   # loop: BRA loop (end-of-program word)
