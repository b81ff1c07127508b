# Code written at run time: `patch` runs as two 4-byte addi and a ret (3 instructions), is then
# rewritten as four 2-byte c.addi and the same ret (5 instructions, the same 12 bytes), and runs
# again after FENCE.I. The CPU's count of the block must follow (the VP caches counts by block
# address and size and empties the cache at FENCE.I). Exits with a0 = 2 + 4 = 6.
.section .text.init
.globl _start
_start:
  li a0, 0
  call patch
  la t0, patch
  la t1, compressed
  lw t2, 0(t1)
  sw t2, 0(t0)
  lw t2, 4(t1)
  sw t2, 4(t0)
  .option push
  .option arch, +zifencei
  fence.i
  .option pop
  call patch
  li t0, 0x10001000
  sw a0, 0(t0)
hang:
  j hang

.balign 4
.option push
.option norvc
patch:
  addi a0, a0, 1
  addi a0, a0, 1
  ret
.option pop

.balign 4
compressed:
.option push
.option rvc
  c.addi a0, 1
  c.addi a0, 1
  c.addi a0, 1
  c.addi a0, 1
.option pop
