/* fgtlm GHDL back end: the shared-memory block through which fgtlm (models/rtl/src/ghdl_sim.cpp)
 * drives the GHDL simulation (fgtlm_host_top.vhd + fgtlm_host_shim.c) clock by clock.
 * fgtlm creates it (memfd), the simulation maps it (descriptor in $FGTLM_HOST_FD). One side
 * runs at a time: fgtlm posts to_sim after writing a command, the simulation posts to_host
 * when the command is done (and once at start-up, when it is ready). Plain C: the shim is
 * compiled into the simulation by cc. */
#ifndef FGTLM_HOST_SHARED_H
#define FGTLM_HOST_SHARED_H

#include <semaphore.h>
#include <stdint.h>

#define FGTLM_HOST_MAGIC 0x46474831u /* "FGH1" */
#define FGTLM_HOST_SLOTS 352

enum { FGTLM_CMD_TICK = 1, FGTLM_CMD_MEM = 2, FGTLM_CMD_QUIT = 4 };
enum { FGTLM_MEM_GLOBAL = 1, FGTLM_MEM_CONST = 2, FGTLM_MEM_SYSTEM = 3 };
enum { FGTLM_MEMOP_NONE = 0, FGTLM_MEMOP_LOAD = 1, FGTLM_MEMOP_STORE = 2 };
/* Input pins (fgtlm_host_top.vhd reads them by number). */
enum { FGTLM_PIN_RESET, FGTLM_PIN_BSE, FGTLM_PIN_CFG_EN, FGTLM_PIN_CFG_CS, FGTLM_PIN_CFG_RW, FGTLM_PIN_CFG_ADR,
       FGTLM_PIN_CFG_WR, FGTLM_PINS };
/* Probe slots written after each cycle; the flags (0..31) and the per-core enables are
 * cleared before each cycle, values are valid only with their flag. */
enum {
    FGTLM_SLOT_KERNEL_DONE = 0,
    FGTLM_SLOT_WW_DONE = 1, FGTLM_SLOT_WW_WARP, FGTLM_SLOT_WW_LANE, FGTLM_SLOT_WW_NEXT_PC, FGTLM_SLOT_WW_MASK,
    FGTLM_SLOT_WW_STATE,
    FGTLM_SLOT_EW_DONE = 7, FGTLM_SLOT_EW_WARP, FGTLM_SLOT_EW_LANE, FGTLM_SLOT_EW_MASK, FGTLM_SLOT_EW_DEST,
    FGTLM_SLOT_EW_DEST_TYPE,
    FGTLM_SLOT_FD_DONE = 13, FGTLM_SLOT_FD_WARP, FGTLM_SLOT_FD_LANE, FGTLM_SLOT_FD_PC, FGTLM_SLOT_FD_WORD0,
    FGTLM_SLOT_FD_WORD1, FGTLM_SLOT_FD_MASK,
    FGTLM_SLOT_CFG_EN = 20, FGTLM_SLOT_GPR_ANY, FGTLM_SLOT_PRD_ANY, FGTLM_SLOT_ADR_ANY,
    FGTLM_SLOT_FLAGS_END = 32,
    FGTLM_SLOT_EW_VALUES = 32,                       /* + core */
    FGTLM_SLOT_GPR_EN = 64, FGTLM_SLOT_GPR_LANE = 96, FGTLM_SLOT_GPR_DATA = 128,
    FGTLM_SLOT_PRD_EN = 160, FGTLM_SLOT_PRD_LANE = 192, FGTLM_SLOT_PRD_DATA = 224,
    FGTLM_SLOT_ADR_EN = 256, FGTLM_SLOT_ADR_LANE = 288, FGTLM_SLOT_ADR_DATA = 320
};

#define FGTLM_HOST_GMEM_BYTES 262144
#define FGTLM_HOST_CMEM_BYTES 8192
#define FGTLM_HOST_SYSMEM_WORDS 65536

struct fgtlm_host_shared {
    uint32_t magic;
    int32_t cmd;
    int32_t mem_op[4];                /* per FGTLM_MEM_*: FGTLM_MEMOP_* (FGTLM_CMD_MEM) */
    int32_t pins[FGTLM_PINS];
    uint32_t slots[FGTLM_HOST_SLOTS];
    sem_t to_sim, to_host;
    uint8_t gmem[FGTLM_HOST_GMEM_BYTES];
    uint8_t cmem[FGTLM_HOST_CMEM_BYTES];
    uint32_t sysmem[FGTLM_HOST_SYSMEM_WORDS];
};

#endif
