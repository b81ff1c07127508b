/* Faulting kernels: the firmware must see each error in STATUS (and get the error
 * interrupt), and the platform must keep running kernels afterwards. */
#include "common.h"

#include <string.h>

extern const uint32_t kernel_vector_add[];
extern const uint32_t kernel_vector_add_words;

#define N 256u
#define UNMAPPED 0x40000000u

static fgtlm_launch_t vector_add(uint32_t* params, int32_t* a, int32_t* b, uint32_t c_addr) {
    params[0] = FW_PTR(a);
    params[1] = FW_PTR(b);
    params[2] = c_addr;
    params[3] = N;
    fgtlm_launch_t l = {kernel_vector_add, kernel_vector_add_words, {N / 64, 1}, {64, 1, 1}, 5, 44, 4, params, 4, 0, 0};
    return l;
}

static int expect(const char* what, const fgtlm_result_t* r, uint32_t kind) {
    int ok = r->state == FGTLM_STATE_ERROR && r->error_kind == kind;
    printf("fault: %-28s -> %s (%s), error address 0x%08lx: %s\n", what, fgtlm_error_name(r->error_kind),
           r->state == FGTLM_STATE_ERROR ? "ERROR" : "not an error", (unsigned long)r->error_addr, ok ? "ok" : "WRONG");
    return ok;
}

/* The misaligned launch finished and wrote a[i] + b[i] at byte offset 4i of `out`. */
static int expect_misaligned_bytes(const fgtlm_result_t* r, const uint8_t* out, const int32_t* a, const int32_t* b) {
    int ok = r->state != FGTLM_STATE_ERROR;
    for (uint32_t i = 0; i < N && ok; ++i) {
        int32_t v;
        memcpy(&v, out + 4 * i, 4);
        ok = v == a[i] + b[i];
    }
    printf("fault: %-28s -> %s (%s), stored byte by byte: %s\n", "misaligned store", fgtlm_error_name(r->error_kind),
           r->state == FGTLM_STATE_ERROR ? "ERROR" : "not an error", ok ? "ok" : "WRONG");
    return ok;
}

int main(void) {
    if (!fw_init_or_fail("fault")) return 1;
    int32_t* a = vp_dram_alloc(N * 4, 64);
    int32_t* b = vp_dram_alloc(N * 4, 64);
    int32_t* c = vp_dram_alloc(N * 4, 64);
    for (uint32_t i = 0; i < N; ++i) { a[i] = (int32_t)i; b[i] = 1000; c[i] = 0; }
    uint32_t params[4];
    fgtlm_result_t r;
    int ok = 1;

    /* 1. Stores to an address no device answers: out-of-range access. */
    fgtlm_launch_t l = vector_add(params, a, b, UNMAPPED);
    fgtlm_launch(&l, &r);
    ok &= expect("store to unmapped memory", &r, FGTLM_ERR_OUT_OF_RANGE);
    ok &= r.error_addr >= UNMAPPED && r.error_addr < UNMAPPED + N * 4;

    /* 2. Misaligned pointer. FlexGripPlus's memory controller stores the word byte by byte at
     * its own address (core.rtl.misaligned=bytes, the rtl preset), so this is no error: every
     * word lands 2 bytes into its slot. (The g80 preset reports FGTLM_ERR_MISALIGNED.) */
    l = vector_add(params, a, b, FW_PTR(c) + 2);
    fgtlm_launch(&l, &r);
    ok &= expect_misaligned_bytes(&r, (const uint8_t*)c + 2, a, b);

    /* 3. Code that is not in memory: the launch is rejected. */
    l = vector_add(params, a, b, FW_PTR(c));
    l.code = (const uint32_t*)UNMAPPED;
    fgtlm_launch(&l, &r);
    ok &= expect("code at an unmapped address", &r, FGTLM_ERR_INVALID_LAUNCH);

    /* 4. A configuration the hardware cannot run (gridDim.x = 0). */
    l = vector_add(params, a, b, FW_PTR(c));
    l.grid[0] = 0;
    fgtlm_launch(&l, &r);
    ok &= expect("gridDim.x = 0", &r, FGTLM_ERR_INVALID_LAUNCH);

    /* 5. Undecodable instruction words: an IMAD with sub-op 5, which selects operands no reading
     * of SM_1.0 or of the RTL describes. (All-ones words would run: opcode 0xf is a NOP on
     * FlexGripPlus, and so would a MOV with odd bits 46-52: core.rtl.unknown_words.) */
    static const uint32_t garbage[4]
        __attribute__((aligned(16))) = {0x60014C01u, 0xA0204780u, 0x60014C01u, 0xA0204780u};
    l = vector_add(params, a, b, FW_PTR(c));
    l.code = garbage;
    l.code_words = 4;
    fgtlm_launch(&l, &r);
    ok &= expect("illegal instruction", &r, FGTLM_ERR_ILLEGAL_INSTR);

    /* 6. The GPU still works: a good launch after all the faults. */
    l = vector_add(params, a, b, FW_PTR(c));
    fgtlm_launch(&l, &r);
    uint32_t bad = 0;
    for (uint32_t i = 0; i < N; ++i) bad += c[i] != (int32_t)i + 1000;
    printf("fault: good launch afterwards: %s, %lu mismatches\n", r.state == FGTLM_STATE_DONE ? "done" : "ERROR",
           (unsigned long)bad);
    ok &= r.state == FGTLM_STATE_DONE && bad == 0;
    printf("fault: %lu interrupts for 6 launches\n", (unsigned long)fgtlm_irq_count());
    ok &= fgtlm_irq_count() == 6;
    return fw_verdict("fault", ok);
}
