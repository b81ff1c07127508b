# The CPU counts instructions per translation block; what happens inside a block must still be
# exact to the instruction. In straight-line code (one block): an ecall, a store that the device
# refuses (TIME_LO is read-only), a load from unmapped memory; the trap handler checks mepc and
# mtval, and the instructions after a fault must not have run before its trap. Then two TIME_LO
# reads 11 instructions apart (4 of them compressed): the firmware exits with the difference in
# ns (10 ns an instruction at 100 MHz, plus the bus's 5 ns on the first read: 115), or with
# 200+ on a wrong trap. The count, 83 instructions, is that of a hook per instruction.
.option norvc               # 4-byte instructions: the handler resumes at mepc + 4
.section .text.init
.globl _start
_start:
  la t0, trap
  csrw mtvec, t0
  li s0, 0x10001000        # simulation control
  li t1, 0x40000000        # unmapped
  li a0, 1
  addi a0, a0, 1
ecall_at:
  ecall
  addi a0, a0, 1           # a0 = 3
store_at:
  sw a0, 4(s0)             # TIME_LO is read-only: store access fault
  addi a0, a0, 1           # a0 = 4, once: the fault stopped the block before it
load_at:
  lw a1, 0(t1)             # load access fault
  addi a0, a0, 1           # a0 = 5
  li t2, 5
  bne a0, t2, wrong_count
  lw t2, 4(s0)             # TIME_LO
  addi a2, a2, 1
  addi a2, a2, 1
.option push
.option rvc
  c.addi a2, 1
  c.addi a2, 1
  c.addi a2, 1
  c.addi a2, 1
.option pop
  addi a2, a2, 1
  addi a2, a2, 1
  addi a2, a2, 1
  addi a2, a2, 1
  lw t3, 4(s0)             # the 11th instruction after the first read
  sub a0, t3, t2
exit:
  sw a0, 0(s0)
hang:
  j hang
wrong_count:
  li a0, 204
  j exit

.balign 4
trap:                      # a0 is the program's count: only a failure sets it
  csrr t4, mcause
  csrr t5, mepc
  csrr t6, mtval
  li t3, 200
  li t0, 11
  beq t4, t0, on_ecall
  li t0, 7
  beq t4, t0, on_store
  li t0, 5
  beq t4, t0, on_load
  j fail
on_ecall:
  la t0, ecall_at
  li t3, 201
  bne t5, t0, fail
  j resume
on_store:
  la t0, store_at
  li t3, 202
  bne t5, t0, fail
  li t0, 0x10001004
  li t3, 212
  bne t6, t0, fail
  j resume
on_load:
  la t0, load_at
  li t3, 203
  bne t5, t0, fail
  li t0, 0x40000000
  li t3, 213
  bne t6, t0, fail
resume:
  addi t5, t5, 4
  csrw mepc, t5
  mret
fail:
  mv a0, t3
  j exit
