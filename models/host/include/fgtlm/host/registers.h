/* Register map of the FlexGrip-TLM host interface (see models/host/README.md).
 *
 * GENERATED from models/host/include/fgtlm/host/register_map.hpp by `fgtlm regmap --c-header`:
 * edit the table there, then regenerate (the test RegisterDocs.HeaderIsCurrent fails while
 * this copy is stale).
 *
 * Plain C so that the same offsets serve C++ models and the RISC-V firmware driver
 * (platform/firmware/driver). Every register is 32 bits wide and must be accessed with
 * aligned 4-byte loads/stores. Access: RO read-only, RW read/write, WO write-only,
 * W1C write 1 to clear.
 */
#ifndef FGTLM_HOST_REGISTERS_H
#define FGTLM_HOST_REGISTERS_H

/* ---- registers: offsets from the interface's base address ---- */
#define FGTLM_REG_ID                    0x000u /* RO, reset 0x4C544746: "FGTL" */
/* RO, reset 0x00010200: register-map version (major<<16 | minor<<8 | patch) */
#define FGTLM_REG_VERSION               0x004u
#define FGTLM_REG_CAPS                  0x008u /* RO, reset 0x00080010: capabilities */
#define FGTLM_REG_CTRL                  0x010u /* WO, reads 0, reset 0: actions */
#define FGTLM_REG_STATUS                0x014u /* RO, reset 0: state and error kind */
#define FGTLM_REG_ERROR_PC              0x018u /* RO, reset 0: byte PC of the faulting instruction */
#define FGTLM_REG_ERROR_BLOCK           0x01Cu /* RO, reset 0: linear block index of the fault */
#define FGTLM_REG_ERROR_WARP            0x020u /* RO, reset 0: warp within the block */
/* RO, reset 0: memory address involved; for a rejected launch: offset of the offending register */
#define FGTLM_REG_ERROR_ADDR_LO         0x024u
#define FGTLM_REG_ERROR_ADDR_HI         0x028u /* RO, reset 0: bits 63..32 of the address */
#define FGTLM_REG_ERROR_SM              0x02Cu /* RO, reset 0: SM index of the fault */
#define FGTLM_REG_IRQ_ENABLE            0x030u /* RW, reset 0: interrupt enables */
#define FGTLM_REG_IRQ_STATUS            0x034u /* W1C, reset 0: pending interrupts; write 1 to clear */
#define FGTLM_REG_CODE_BASE             0x040u /* RW, reset 0: bus address of instruction 0 (4-byte aligned) */
/* RW, reset 0: code bytes (non-zero multiple of 4); copied to instruction memory at START */
#define FGTLM_REG_CODE_SIZE             0x044u
/* RO, reset 0: SM cycles of the last kernel, START to interrupt (= stats kernel_cycles) */
#define FGTLM_REG_CYCLES_LO             0x050u
#define FGTLM_REG_CYCLES_HI             0x054u /* RO, reset 0: bits 63..32 of CYCLES */
#define FGTLM_REG_WARP_INSTR_LO         0x058u /* RO, reset 0: warp instructions issued by the last kernel */
#define FGTLM_REG_WARP_INSTR_HI         0x05Cu /* RO, reset 0: bits 63..32 of WARP_INSTR */
#define FGTLM_REG_THREAD_INSTR_LO       0x060u /* RO, reset 0: thread instructions of the last kernel */
#define FGTLM_REG_THREAD_INSTR_HI       0x064u /* RO, reset 0: bits 63..32 of THREAD_INSTR */
#define FGTLM_REG_LAUNCHES              0x068u /* RO, reset 0: kernels completed (ok, error or rejected) since reset */
/* RW, reset 0: bus address of the texture descriptor table (32 bytes per slot, 4-byte aligned) */
#define FGTLM_REG_TEX_TABLE             0x070u
/* RW, reset 0: descriptors in the table, TEX texture field = slot (0..128; 0 = no textures) */
#define FGTLM_REG_TEX_SLOTS             0x074u
#define FGTLM_REG_LOCAL_BASE            0x078u /* RW, reset 0: bus address of local memory (LLD/LST), 4-byte aligned */
#define FGTLM_REG_LOCAL_SIZE            0x07Cu /* RW, reset 0: local memory bytes per thread (multiple of 4) */
#define FGTLM_REG_BLOCKS_PER_CORE       0x100u /* RW, reset 1: RTL reg 0: blocks resident per SM (1..32) */
#define FGTLM_REG_GRID_X                0x104u /* RW, reset 1: RTL reg 1: gridDim.x (1..65535) */
#define FGTLM_REG_GRID_Y                0x108u /* RW, reset 1: RTL reg 2: gridDim.y (1..65535) */
#define FGTLM_REG_PARAM_COUNT           0x10Cu /* RW, reset 0: RTL reg 3: parameter words (0..16) */
/* RW, reset 0: RTL reg 4: dynamic shared bytes (added to SHARED_SIZE, as in the RTL's block stride) */
#define FGTLM_REG_DYN_SHARED_SIZE       0x110u
#define FGTLM_REG_BLOCK_X               0x114u /* RW, reset 1: RTL reg 5: blockDim.x */
#define FGTLM_REG_BLOCK_Y               0x118u /* RW, reset 1: RTL reg 6: blockDim.y */
#define FGTLM_REG_BLOCK_Z               0x11Cu /* RW, reset 1: RTL reg 7: blockDim.z (1..64) */
#define FGTLM_REG_REGS_PER_THREAD       0x120u /* RW, reset 16: RTL reg 8: GPRs per thread (1..128) */
#define FGTLM_REG_SHARED_SIZE           0x124u /* RW, reset 0: RTL reg 9: static shared bytes of the kernel */
/* RW, reset 0: RTL reg 0x20+i: parameter word i, at shared byte 16+4i (i = 0..15) */
#define FGTLM_REG_PARAM(i)              (0x180u + 4u * (unsigned)(i))

/* ---- constants ---- */
#define FGTLM_ID_MAGIC                  0x4C544746u /* ID register: bytes "FGTL" little-endian */
#define FGTLM_REGMAP_VERSION            0x10200u /* (major << 16) | (minor << 8) | patch of this register map */
#define FGTLM_MAX_PARAMS                16u /* kernel parameter words (PARAM(0..15)) */
#define FGTLM_CONST_WINDOW              0x2000u /* offset of the constant memory window */
#define FGTLM_CONST_WINDOW_SIZE         0x2000u /* bytes of constant memory the window shows (0..8191) */
#define FGTLM_REGS_SIZE                 0x4000u /* total size of the register block */

/* ---- CAPS fields ---- */
#define FGTLM_CAPS_MAX_PARAMS_SHIFT     0u /* [7:0] max parameter words */
#define FGTLM_CAPS_MAX_PARAMS_MASK      0xFFu
#define FGTLM_CAPS_CONST_KIB_SHIFT      16u /* [31:16] constant window KiB */
#define FGTLM_CAPS_CONST_KIB_MASK       0xFFFFu

/* ---- CTRL fields ---- */
#define FGTLM_CTRL_START                0x1u /* launch with the current configuration */
#define FGTLM_CTRL_ABORT                0x2u /* stop the running kernel; it finishes with error ABORTED */
/* abort, then reset status, counters, IRQ and configuration (busy: see RESETTING) */
#define FGTLM_CTRL_RESET                0x4u
#define FGTLM_CTRL_ALL                  0x7u /* all of the above */

/* ---- STATUS fields ---- */
#define FGTLM_STATUS_STATE_SHIFT        0u /* [1:0] state */
#define FGTLM_STATUS_STATE_MASK         0x3u
#define FGTLM_STATE_IDLE                0u /* no kernel since reset */
#define FGTLM_STATE_BUSY                1u /* a kernel runs */
#define FGTLM_STATE_DONE                2u /* the last kernel finished without error */
#define FGTLM_STATE_ERROR               3u /* the last kernel (or launch) ended with an error */
/* RESET waits for the kernel to stop (STATE BUSY, START refused; then IDLE) */
#define FGTLM_STATUS_RESETTING          0x4u
#define FGTLM_STATUS_ERROR_SHIFT        8u /* [15:8] error kind */
#define FGTLM_STATUS_ERROR_MASK         0xFFu
#define FGTLM_ERR_NONE                  0u /* none */
#define FGTLM_ERR_ILLEGAL_INSTR         1u /* illegal instruction */
#define FGTLM_ERR_MISALIGNED            2u /* misaligned access */
#define FGTLM_ERR_OUT_OF_RANGE          3u /* out-of-range access */
#define FGTLM_ERR_STACK_OVERFLOW        4u /* stack overflow */
#define FGTLM_ERR_STACK_UNDERFLOW       5u /* stack underflow */
#define FGTLM_ERR_BARRIER_DEADLOCK      6u /* barrier deadlock */
#define FGTLM_ERR_WATCHDOG              7u /* watchdog */
#define FGTLM_ERR_INVALID_LAUNCH        8u /* invalid launch */
#define FGTLM_ERR_ABORTED               9u /* aborted */
#define FGTLM_ERR_STALLED               10u /* pipeline stall (a unit never finishes the instruction) */

/* ---- IRQ_ENABLE, IRQ_STATUS fields ---- */
#define FGTLM_IRQ_DONE                  0x1u /* kernel finished without error */
#define FGTLM_IRQ_ERROR                 0x2u /* kernel finished with an error, or the launch was rejected */
#define FGTLM_IRQ_ALL                   0x3u /* all of the above */

#endif
