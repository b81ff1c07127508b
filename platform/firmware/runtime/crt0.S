/* Reset entry of the VP firmware: stack, global pointer, TLS pointer, zeroed .bss/.tbss,
 * trap vector, then main(); main's return value becomes the simulation's exit code. */
    .section .text.init.enter, "ax"
    .globl _start
_start:
    .option push
    .option norelax
    la gp, __global_pointer$
    .option pop
    la sp, __stack
    la tp, __tls_base
    la t0, __bss_start
    la t1, __bss_end
1:  bgeu t0, t1, 2f
    sw zero, 0(t0)
    addi t0, t0, 4
    j 1b
2:  la t0, fw_trap_entry
    csrw mtvec, t0
    call fw_runtime_init
    call main
    call exit
3:  j 3b
