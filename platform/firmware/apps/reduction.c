/* Integer sum of M elements by one warp (kernels/reduction.sass), checked against the CPU.
 * (The FlexGripPlus Reduction application is not used here: its compiled modulo goes through
 * the SFU reciprocal, so the RTL's sum differs from the exact one by design.) */
#include "common.h"

extern const uint32_t kernel_reduction[];
extern const uint32_t kernel_reduction_words;

#define M 8192u

int main(void) {
    if (!fw_init_or_fail("reduction")) return 1;
    int32_t* in = vp_dram_alloc(M * 4, 64);
    int32_t* partial = vp_dram_alloc(32 * 4, 64);
    int32_t* out = vp_dram_alloc(4, 4);
    uint32_t seed = 777;
    int32_t want = 0;
    for (uint32_t i = 0; i < M; ++i) {
        in[i] = (int32_t)(fw_rand(&seed) % 2001u) - 1000;
        want += in[i];
    }
    *out = 0x7EADBEEF;
    uint32_t params[4] = {FW_PTR(in), FW_PTR(partial), FW_PTR(out), M};
    fgtlm_launch_t l = {kernel_reduction, kernel_reduction_words, {1, 1}, {32, 1, 1},
                        16, 0, 1, params, 4, 0, 0};
    fgtlm_result_t r;
    fgtlm_launch(&l, &r);
    fgtlm_print_result("reduction", &r);
    printf("reduction: GPU sum %ld, CPU sum %ld\n", (long)*out, (long)want);
    fgtlm_report("reduction", &r, M);
    return fw_verdict("reduction", r.state == FGTLM_STATE_DONE && *out == want);
}
