/* Platform bring-up: console, time, ecall trap round trip, bump allocator. */
#include "vp.h"

#include <stdio.h>

int main(void) {
    uint64_t t0 = vp_time_ns();
    printf("hello from the FlexGrip-TLM virtual platform (CPU %lu Hz)\n",
           (unsigned long)mmio_read32(VP_SIMCTL_BASE + VP_SIMCTL_CPU_HZ));
    __asm__ volatile("ecall");
    __asm__ volatile("ecall");
    volatile uint32_t sum = 0;
    for (uint32_t i = 0; i < 50000; ++i) sum += i;
    uint64_t t1 = vp_time_ns();
    int ok = vp_ecall_count() == 2 && sum == 1249975000u && t1 > t0;
    printf("ecalls %lu, sum %lu, %lu ns\n", (unsigned long)vp_ecall_count(), (unsigned long)sum,
           (unsigned long)(t1 - t0));
    printf("hello: %s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
