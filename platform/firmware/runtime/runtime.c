/* Firmware runtime: console on the UART (picolibc stdio), exit through sim control, the
 * C trap handler, a bump allocator for GPU buffers. */
#include "vp.h"

#include <stdio.h>
#include <stdlib.h>

#define UART_TXDATA (VP_UART_BASE + 0x0u)

static int uart_putc(char c, FILE* file) {
    (void)file;
    mmio_write32(UART_TXDATA, (uint8_t)c);
    return (uint8_t)c;
}

static FILE uart_stream = FDEV_SETUP_STREAM(uart_putc, NULL, NULL, _FDEV_SETUP_WRITE);
FILE* const stdout = &uart_stream;
FILE* const stderr = &uart_stream;
FILE* const stdin = NULL;

void _exit(int code) {
    mmio_write32(VP_SIMCTL_BASE + VP_SIMCTL_EXIT, (uint32_t)code);
    for (;;) {}  /* the platform stops the CPU on the write */
}

void vp_exit(int code) {
    fflush(stdout);
    _exit(code);
}

uint64_t vp_time_ns(void) {
    uint32_t lo = mmio_read32(VP_SIMCTL_BASE + VP_SIMCTL_TIME_LO);  /* latches HI */
    uint32_t hi = mmio_read32(VP_SIMCTL_BASE + VP_SIMCTL_TIME_HI);
    return ((uint64_t)hi << 32) | lo;
}

static vp_irq_handler external_handler;
static volatile uint32_t ecalls;

void vp_set_external_irq_handler(vp_irq_handler handler) { external_handler = handler; }

/* The compiler driver passes -march=rv32imac to the assembler (the multilib name), which
 * lacks Zicsr in binutils >= 2.38: enable it locally around CSR instructions. */
#define CSR_ASM(text) ".option push\n.option arch, +zicsr\n" text "\n.option pop"

void vp_enable_external_irq(void) {
    __asm__ volatile(CSR_ASM("csrs mie, %0") ::"r"(1u << 11));
    __asm__ volatile(CSR_ASM("csrsi mstatus, 8"));
}

void vp_disable_interrupts(void) { __asm__ volatile(CSR_ASM("csrci mstatus, 8")); }

uint32_t vp_ecall_count(void) { return ecalls; }

/* Called by fw_trap_entry; returns the PC to resume at. */
uint32_t fw_trap(uint32_t mcause, uint32_t mepc, uint32_t mtval) {
    if (mcause == 0x8000000Bu) {  /* machine external interrupt */
        if (external_handler) external_handler();
        return mepc;
    }
    if (mcause == 11u) {  /* ecall from M-mode: count it, resume after it */
        ++ecalls;
        return mepc + 4;
    }
    printf("FATAL: trap mcause=%lu mepc=0x%08lx mtval=0x%08lx\n", (unsigned long)mcause,
           (unsigned long)mepc, (unsigned long)mtval);
    vp_exit(100 + (int)(mcause & 0xFF));
}

extern char __heap_start[], __heap_end[];
static uintptr_t heap_next;

void* vp_dram_alloc(uint32_t bytes, uint32_t align) {
    if (heap_next == 0) heap_next = (uintptr_t)__heap_start;
    uintptr_t p = (heap_next + (align - 1)) & ~(uintptr_t)(align - 1);
    if (p + bytes > (uintptr_t)__heap_end) {
        printf("FATAL: vp_dram_alloc(%lu) out of DRAM\n", (unsigned long)bytes);
        vp_exit(99);
    }
    heap_next = p + bytes;
    return (void*)p;
}

void fw_runtime_init(void) {}
