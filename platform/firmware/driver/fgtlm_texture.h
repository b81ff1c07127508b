/* Texture descriptors for the GPU's texture unit (beyond the RTL). The format is the one of
 * models/core/include/fgtlm/core/texture.hpp (documented in models/core/README.md): a table
 * of 32-byte descriptors in DRAM, TEX_TABLE = its bus address, TEX_SLOTS = its length; the
 * kernel's TEX texture field is the slot. */
#ifndef FGTLM_TEXTURE_H
#define FGTLM_TEXTURE_H

#include <stdint.h>

enum { FGTLM_TEX_U8 = 1, FGTLM_TEX_S8, FGTLM_TEX_U16, FGTLM_TEX_S16, FGTLM_TEX_U32, FGTLM_TEX_S32, FGTLM_TEX_F32 };
enum { FGTLM_TEX_CLAMP = 0, FGTLM_TEX_WRAP = 1, FGTLM_TEX_MIRROR = 2, FGTLM_TEX_BORDER = 3 };
#define FGTLM_TEX_LINEAR          (1u << 12)
#define FGTLM_TEX_NORMALIZED      (1u << 13)
#define FGTLM_TEX_READ_NORMALIZED (1u << 14)

typedef struct {
    uint32_t control;     /* dims | format << 4 | channels << 8 | flags | address modes << 16 */
    uint32_t base;        /* bus address of texel (0, 0, 0) */
    uint32_t width, height, depth;
    uint32_t pitch;       /* bytes per row (0 = packed) */
    uint32_t slice_pitch; /* bytes per slice (0 = packed) */
    uint32_t reserved;    /* 0 */
} fgtlm_tex_desc_t;

/* Control word: dims 1..3, FGTLM_TEX_<format>, 1..4 channels, FGTLM_TEX_LINEAR | ... flags,
 * address mode of x, y, z. */
static inline uint32_t fgtlm_tex_control(uint32_t dims, uint32_t format, uint32_t channels, uint32_t flags,
                                         uint32_t mode_x, uint32_t mode_y, uint32_t mode_z) {
    return dims | format << 4 | channels << 8 | flags | mode_x << 16 | mode_y << 18 | mode_z << 20;
}

#endif
