/* Bare-metal driver of the FlexGrip GPU (register map: models/host/include/fgtlm/host/registers.h).
 *
 * The GPU's global memory is the system DRAM: buffers are ordinary DRAM arrays and kernel
 * pointer parameters are their bus addresses; the kernel code is fetched from DRAM too
 * (CODE_BASE = address of the code array). No copies are needed. */
#ifndef FGTLM_DRIVER_H
#define FGTLM_DRIVER_H

#include <fgtlm/host/registers.h>
#include <stdint.h>

#include "fgtlm_texture.h"

typedef struct {
    const uint32_t* code;        /* kernel words in DRAM (program.hex order) */
    uint32_t code_words;
    uint16_t grid[2];            /* gridDim.x, .y */
    uint16_t block[3];           /* blockDim.x, .y, .z */
    uint32_t regs_per_thread;
    uint32_t shared_bytes;
    uint32_t blocks_per_core;
    const uint32_t* params;      /* parameter words (pointers = bus addresses) */
    uint32_t num_params;
    const uint8_t* const_mem;    /* constant memory image from byte 0 (may be NULL) */
    uint32_t const_bytes;
} fgtlm_launch_t;

typedef struct {
    uint32_t state;              /* FGTLM_STATE_DONE or FGTLM_STATE_ERROR */
    uint32_t error_kind;         /* FGTLM_ERR_* */
    uint32_t error_pc, error_block, error_warp, error_addr;
    uint64_t cycles, warp_instructions, thread_instructions;
    uint64_t start_ns;           /* simulated time just before CTRL.START */
    uint64_t irq_ns;             /* simulated time when the ISR ran (0 when polled) */
    uint64_t end_ns;             /* simulated time when the driver saw completion */
} fgtlm_result_t;

/* Checks ID/version, resets the GPU, installs the interrupt handler. 0 = ok. */
int fgtlm_init(void);

/* Texture descriptor table for the following launches (TEX_TABLE/TEX_SLOTS; fgtlm_texture.h).
 * The table stays bound until the next call or reset; slots = 0 unbinds it. */
void fgtlm_bind_textures(const fgtlm_tex_desc_t* table, uint32_t slots);

/* Programs the launch registers and the constant window (does not start). */
void fgtlm_configure(const fgtlm_launch_t* launch);

/* Starts the configured kernel and sleeps (WFI) until the GPU interrupt reports completion. */
void fgtlm_run_irq(fgtlm_result_t* result);
/* Same, with interrupts disabled: polls STATUS until the GPU is no longer busy. */
void fgtlm_run_polled(fgtlm_result_t* result);
/* Configure + run with interrupts; returns the error kind (FGTLM_ERR_NONE on success). */
uint32_t fgtlm_launch(const fgtlm_launch_t* launch, fgtlm_result_t* result);

/* Interrupts handled by the driver's ISR since fgtlm_init. */
uint32_t fgtlm_irq_count(void);

const char* fgtlm_error_name(uint32_t kind);
/* Prints "<name>: <state> ..." with counters and latency. */
void fgtlm_print_result(const char* name, const fgtlm_result_t* r);
/* Prints the machine-readable line fgtlm-vp --all collects:
 * REPORT <name> latency_ns=<start->irq> cycles=<gpu cycles> items=<n> items_per_us=<x.yyy> */
void fgtlm_report(const char* name, const fgtlm_result_t* r, uint32_t items);

static inline uint32_t fgtlm_read(uint32_t off) { return *(volatile uint32_t*)(0x20000000u + off); }
static inline void fgtlm_write(uint32_t off, uint32_t v) { *(volatile uint32_t*)(0x20000000u + off) = v; }

#endif
