/* The interrupt path end to end: every launch completed by WFI + machine external interrupt
 * is counted by the ISR; a polled launch (IRQ_ENABLE = 0) raises none; ABORT of a running
 * kernel ends it with the error interrupt. */
#include "common.h"

extern const uint32_t kernel_vector_add[];
extern const uint32_t kernel_vector_add_words;
extern const uint32_t kernel_sort[];
extern const uint32_t kernel_sort_words;

#define N 512u
#define LAUNCHES 5u

int main(void) {
    if (!fw_init_or_fail("irq")) return 1;
    int32_t* a = vp_dram_alloc(N * 4, 64);
    int32_t* b = vp_dram_alloc(N * 4, 64);
    int32_t* c = vp_dram_alloc(N * 4, 64);
    for (uint32_t i = 0; i < N; ++i) { a[i] = (int32_t)(3 * i); b[i] = -(int32_t)i; }
    uint32_t params[4] = {FW_PTR(a), FW_PTR(b), FW_PTR(c), N};
    fgtlm_launch_t l = {
        kernel_vector_add, kernel_vector_add_words, {N / 128, 1}, {128, 1, 1}, 5, 44, 4, params, 4, 0, 0};
    fgtlm_configure(&l);
    int ok = 1;
    uint64_t total_ns = 0;
    fgtlm_result_t r;
    for (uint32_t k = 0; k < LAUNCHES; ++k) {
        for (uint32_t i = 0; i < N; ++i) c[i] = -1;
        fgtlm_run_irq(&r);
        uint32_t bad = 0;
        for (uint32_t i = 0; i < N; ++i) bad += c[i] != (int32_t)(2 * i);
        ok &= r.state == FGTLM_STATE_DONE && bad == 0 && r.irq_ns > r.start_ns;
        total_ns += r.irq_ns - r.start_ns;
    }
    printf("irq: %lu interrupt-driven launches, ISR ran %lu times, mean launch->ISR %lu ns\n",
           (unsigned long)LAUNCHES, (unsigned long)fgtlm_irq_count(), (unsigned long)(total_ns / LAUNCHES));
    ok &= fgtlm_irq_count() == LAUNCHES;

    fgtlm_run_polled(&r);
    printf("irq: polled launch %s, launch->done seen %lu ns, ISR count still %lu\n",
           r.state == FGTLM_STATE_DONE ? "done" : "ERROR", (unsigned long)(r.end_ns - r.start_ns),
           (unsigned long)fgtlm_irq_count());
    ok &= r.state == FGTLM_STATE_DONE && fgtlm_irq_count() == LAUNCHES;
    ok &= (fgtlm_read(FGTLM_REG_IRQ_STATUS) & FGTLM_IRQ_ALL) == 0;

    /* Abort: a long sort, aborted right after the start. */
    int32_t* keys = vp_dram_alloc(512 * 4, 64);
    int32_t* sorted = vp_dram_alloc(512 * 4, 64);
    for (uint32_t i = 0; i < 512; ++i) keys[i] = (int32_t)(512 - i);
    uint32_t sparams[3] = {FW_PTR(keys), FW_PTR(sorted), 512};
    fgtlm_launch_t s = {kernel_sort, kernel_sort_words, {1, 1}, {512, 1, 1}, 16, 0, 1, sparams, 3, 0, 0};
    fgtlm_configure(&s);
    vp_disable_interrupts();
    fgtlm_write(FGTLM_REG_CTRL, FGTLM_CTRL_START);
    uint32_t busy = fgtlm_read(FGTLM_REG_STATUS) & FGTLM_STATUS_STATE_MASK;
    fgtlm_write(FGTLM_REG_CTRL, FGTLM_CTRL_ABORT);
    while ((fgtlm_read(FGTLM_REG_STATUS) & FGTLM_STATUS_STATE_MASK) == FGTLM_STATE_BUSY) __asm__ volatile("wfi");
    vp_enable_external_irq();
    uint32_t status = fgtlm_read(FGTLM_REG_STATUS);
    uint32_t kind = (status >> FGTLM_STATUS_ERROR_SHIFT) & FGTLM_STATUS_ERROR_MASK;
    printf("irq: abort of a running kernel (was %s) -> %s, ISR count %lu\n",
           busy == FGTLM_STATE_BUSY ? "busy" : "not busy", fgtlm_error_name(kind), (unsigned long)fgtlm_irq_count());
    ok &= busy == FGTLM_STATE_BUSY && (status & FGTLM_STATUS_STATE_MASK) == FGTLM_STATE_ERROR &&
          kind == FGTLM_ERR_ABORTED;
    ok &= fgtlm_irq_count() == LAUNCHES + 1;
    fgtlm_report("irq_vector_add", &r, N);
    return fw_verdict("irq", ok);
}
