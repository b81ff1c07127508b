/* Texture unit: the host binds a 4x4 f32 2D texture (linear filtering, normalised
 * coordinates, wrap in x, clamp in y) through the descriptor table, the GPU fetches it at 64
 * points (kernels/texture2d.sass) and the host checks every result against its own
 * computation of CUDA's filtering (texel index i = floor(x - 0.5), weight a = frac rounded to
 * 1/256, address mode per axis), bit for bit. Then it unbinds the slot and launches again:
 * the GPU must report an invalid-launch error at the TEX's PC instead of fetching. */
#include "common.h"

#include <math.h>

extern const uint32_t kernel_texture2d[];
extern const uint32_t kernel_texture2d_words;

#define W 4
#define H 4
#define POINTS 64u

/* Texel index under the address mode of its axis (wrap or clamp). */
static int32_t addr(int32_t i, int32_t n, int wrap) {
    if (wrap) return ((i % n) + n) % n;
    return i < 0 ? 0 : i >= n ? n - 1 : i;
}

/* One axis: the two texels and the 8-bit weight of the second. */
static void taps(float c, int32_t n, int wrap, int32_t* i0, int32_t* i1, uint32_t* a) {
    float x = c * (float)n - 0.5f;
    float f = floorf(x);
    *a = (uint32_t)floor((double)(x - f) * 256.0 + 0.5);
    *i0 = addr((int32_t)f, n, wrap);
    *i1 = addr((int32_t)f + 1, n, wrap);
}

static float expected(const float* tex, float u, float v) {
    int32_t x0, x1, y0, y1;
    uint32_t a, b;
    taps(u, W, 1, &x0, &x1, &a);
    taps(v, H, 0, &y0, &y1, &b);
    double s = (double)((256 - a) * (256 - b)) * tex[y0 * W + x0] + (double)(a * (256 - b)) * tex[y0 * W + x1] +
               (double)((256 - a) * b) * tex[y1 * W + x0] + (double)(a * b) * tex[y1 * W + x1];
    return (float)(s / 65536.0);
}

int main(void) {
    if (!fw_init_or_fail("texture")) return 1;
    float* tex = vp_dram_alloc(W * H * 4, 64);
    float* coords = vp_dram_alloc(POINTS * 8, 64);
    float* out = vp_dram_alloc(POINTS * 4, 64);
    fgtlm_tex_desc_t* table = vp_dram_alloc(2 * sizeof(fgtlm_tex_desc_t), 32);
    for (uint32_t i = 0; i < W * H; ++i) tex[i] = (float)(i * i % 17) - 4.0f;
    uint32_t seed = 777;
    for (uint32_t t = 0; t < POINTS; ++t) {
        /* u in [-1, 2) to exercise wrap, v in [-0.5, 1.5) for clamp; multiples of 1/1024 */
        coords[2 * t] = (float)(fw_rand(&seed) % 3072) / 1024.0f - 1.0f;
        coords[2 * t + 1] = (float)(fw_rand(&seed) % 2048) / 1024.0f - 0.5f;
        out[t] = -12345.0f;
    }
    table[0] = (fgtlm_tex_desc_t){fgtlm_tex_control(2, FGTLM_TEX_F32, 1, FGTLM_TEX_LINEAR | FGTLM_TEX_NORMALIZED,
                                                    FGTLM_TEX_WRAP, FGTLM_TEX_CLAMP, FGTLM_TEX_CLAMP),
                                  FW_PTR(tex), W, H, 1, 0, 0, 0};
    table[1] = (fgtlm_tex_desc_t){0, 0, 0, 0, 0, 0, 0, 0};  /* unbound */
    fgtlm_bind_textures(table, 2);
    uint32_t params[2] = {FW_PTR(coords), FW_PTR(out)};
    fgtlm_launch_t l = {kernel_texture2d, kernel_texture2d_words, {1, 1}, {POINTS, 1, 1}, 8, 0, 1, params, 2, 0, 0};
    fgtlm_result_t r;
    fgtlm_launch(&l, &r);
    fgtlm_print_result("texture", &r);
    uint32_t bad = 0;
    for (uint32_t t = 0; t < POINTS; ++t) {
        float want = expected(tex, coords[2 * t], coords[2 * t + 1]);
        uint32_t got_bits, want_bits;
        __builtin_memcpy(&got_bits, &out[t], 4);
        __builtin_memcpy(&want_bits, &want, 4);
        if (got_bits != want_bits) {
            if (bad < 4) printf("  out[%lu] = 0x%08lx, expected 0x%08lx\n", (unsigned long)t, (unsigned long)got_bits,
                                (unsigned long)want_bits);
            ++bad;
        }
    }
    printf("texture: %lu fetches, %lu mismatches\n", (unsigned long)POINTS, (unsigned long)bad);
    fgtlm_report("texture", &r, POINTS);

    table[0].control = 0; /* slot 0 unbound now */
    fgtlm_result_t e;
    fgtlm_launch(&l, &e);
    const uint32_t tex_pc = 0x30; /* kernels/texture2d.sass: the TEX.2D */
    int refused = e.state == FGTLM_STATE_ERROR && e.error_kind == FGTLM_ERR_INVALID_LAUNCH && e.error_pc == tex_pc;
    printf("texture: unbound slot -> %s at PC 0x%lx (%s)\n", fgtlm_error_name(e.error_kind), (unsigned long)e.error_pc,
           refused ? "as expected" : "expected invalid launch at the TEX");
    return fw_verdict("texture", r.state == FGTLM_STATE_DONE && bad == 0 && refused);
}
