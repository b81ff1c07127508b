/* 16-bin histogram of 4096 8-bit values on the GPU, kernel written in CUDA C
 * (kernels/histogram.cu, compiled at build time by `fgtlm cc` into histogram.h), checked
 * against the CPU's histogram. No atomics: each block writes a partial histogram, the CPU adds
 * the partials up. */
#include "common.h"
#include "histogram.h"

#define N 4096u
#define BLOCKS 4u
#define THREADS 64u /* the kernel's shared table is laid out for 64 threads */
#define BINS 16u

int main(void) {
    if (!fw_init_or_fail("histogram")) return 1;
    uint8_t* in = vp_dram_alloc(N, 64);
    uint32_t* partial = vp_dram_alloc(BLOCKS * BINS * 4, 64);
    uint32_t want[BINS] = {0};
    uint32_t seed = 2023;
    for (uint32_t i = 0; i < N; ++i) {
        /* skewed towards low values so the bins differ */
        uint32_t r = fw_rand(&seed);
        in[i] = (uint8_t)((r & 0xff) * ((r >> 8) & 0xff) >> 8);
        ++want[in[i] >> 4];
    }
    for (uint32_t i = 0; i < BLOCKS * BINS; ++i) partial[i] = 0xDEADBEEFu;
    uint32_t params[CU_HISTOGRAM_PARAM_WORDS] = {0};
    params[CU_HISTOGRAM_PARAM0_OFFSET / 4] = FW_PTR(in);
    params[CU_HISTOGRAM_PARAM1_OFFSET / 4] = N;
    params[CU_HISTOGRAM_PARAM2_OFFSET / 4] = FW_PTR(partial);
    fgtlm_launch_t l = {cu_histogram_code, CU_HISTOGRAM_CODE_WORDS, {BLOCKS, 1}, {THREADS, 1, 1}, CU_HISTOGRAM_REGS,
                        CU_HISTOGRAM_LAUNCH_SHARED_BYTES(THREADS, 0), 1, params, CU_HISTOGRAM_PARAM_WORDS, 0, 0};
    fgtlm_result_t r;
    fgtlm_launch(&l, &r);
    fgtlm_print_result("histogram", &r);
    uint32_t bad = 0;
    for (uint32_t b = 0; b < BINS; ++b) {
        uint32_t got = 0;
        for (uint32_t k = 0; k < BLOCKS; ++k) got += partial[k * BINS + b];
        if (got != want[b]) {
            printf("  bin %lu: GPU %lu, CPU %lu\n", (unsigned long)b, (unsigned long)got, (unsigned long)want[b]);
            ++bad;
        }
    }
    printf("histogram: %lu values, %lu bins, %lu mismatched (bin 0: %lu, bin 15: %lu)\n", (unsigned long)N,
           (unsigned long)BINS, (unsigned long)bad, (unsigned long)want[0], (unsigned long)want[15]);
    fgtlm_report("histogram", &r, N);
    return fw_verdict("histogram", r.state == FGTLM_STATE_DONE && bad == 0);
}
