/* The virtual platform as the firmware sees it: address map, console, time, exit, traps.
 * (Same map as platform/vp/address_map.hpp.) */
#ifndef FGTLM_VP_H
#define FGTLM_VP_H

#include <stdint.h>

#define VP_UART_BASE    0x10000000u
#define VP_SIMCTL_BASE  0x10001000u
#define VP_GPU_BASE     0x20000000u
#define VP_DRAM_BASE    0x80000000u

#define VP_SIMCTL_EXIT    0x0u
#define VP_SIMCTL_TIME_LO 0x4u
#define VP_SIMCTL_TIME_HI 0x8u
#define VP_SIMCTL_CPU_HZ  0xCu

static inline uint32_t mmio_read32(uint32_t addr) { return *(volatile uint32_t*)addr; }
static inline void mmio_write32(uint32_t addr, uint32_t v) { *(volatile uint32_t*)addr = v; }

/* Simulated time in nanoseconds (SystemC time as seen by the CPU, incl. its quantum offset). */
uint64_t vp_time_ns(void);
/* Ends the simulation; `code` becomes fgtlm-vp's exit code. */
void vp_exit(int code) __attribute__((noreturn));

/* Machine external interrupt handler (NULL = none); called from the trap handler. */
typedef void (*vp_irq_handler)(void);
void vp_set_external_irq_handler(vp_irq_handler handler);
void vp_enable_external_irq(void);   /* mie.MEIE = 1, mstatus.MIE = 1 */
void vp_disable_interrupts(void);    /* mstatus.MIE = 0 */
/* Handler for ecall (mcause 11): gets a7 as the call number is not available here, so the
 * runtime only counts them; apps read the count. */
uint32_t vp_ecall_count(void);

/* Heap for GPU buffers: bump allocator over DRAM above the firmware (aligned to `align`). */
void* vp_dram_alloc(uint32_t bytes, uint32_t align);

#endif
