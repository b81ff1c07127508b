/* Register map of the FlexGrip-TLM host interface (see models/host/README.md).
 *
 * Plain C so that the same offsets serve the SystemC model (models/host) and the RISC-V
 * firmware driver (platform/firmware/driver). Every register is 32 bits wide and must be
 * accessed with aligned 4-byte loads/stores. Offsets are relative to the interface's base
 * address on the bus.
 */
#ifndef FGTLM_HOST_REGISTERS_H
#define FGTLM_HOST_REGISTERS_H

/* ---- identification (read-only) ---- */
#define FGTLM_REG_ID              0x000u /* magic 'FGTL' = 0x4C544746 (bytes "FGTL" little-endian) */
#define FGTLM_REG_VERSION         0x004u /* (major << 16) | (minor << 8) | patch of the register map */
#define FGTLM_REG_CAPS            0x008u /* [7:0] max parameter words, [31:16] constant window KiB */

/* ---- control / status ---- */
#define FGTLM_REG_CTRL            0x010u /* write-only action bits (reads 0) */
#define FGTLM_REG_STATUS          0x014u /* read-only: state and error kind */
#define FGTLM_REG_ERROR_PC        0x018u /* read-only: byte PC of the faulting instruction */
#define FGTLM_REG_ERROR_BLOCK     0x01Cu /* read-only: linear block index of the fault */
#define FGTLM_REG_ERROR_WARP      0x020u /* read-only: warp within the block */
#define FGTLM_REG_ERROR_ADDR_LO   0x024u /* read-only: memory address involved (or register offset for InvalidLaunch) */
#define FGTLM_REG_ERROR_ADDR_HI   0x028u
#define FGTLM_REG_ERROR_SM        0x02Cu /* read-only: SM index of the fault */

/* ---- interrupt ---- */
#define FGTLM_REG_IRQ_ENABLE      0x030u /* read/write: FGTLM_IRQ_* mask */
#define FGTLM_REG_IRQ_STATUS      0x034u /* read / write-1-to-clear: FGTLM_IRQ_* pending bits */

/* ---- code and counters ---- */
#define FGTLM_REG_CODE_BASE       0x040u /* read/write: bus address of instruction 0 (4-byte aligned) */
#define FGTLM_REG_CODE_SIZE       0x044u /* read/write: code size in bytes (multiple of 4, > 0) */
#define FGTLM_REG_CYCLES_LO       0x050u /* read-only: SM cycles of the last kernel (latched at done) */
#define FGTLM_REG_CYCLES_HI       0x054u
#define FGTLM_REG_WARP_INSTR_LO   0x058u /* read-only: warp instructions issued by the last kernel */
#define FGTLM_REG_WARP_INSTR_HI   0x05Cu
#define FGTLM_REG_THREAD_INSTR_LO 0x060u /* read-only: thread instructions of the last kernel */
#define FGTLM_REG_THREAD_INSTR_HI 0x064u
#define FGTLM_REG_LAUNCHES        0x068u /* read-only: kernels finished (ok or error) since reset */

/* ---- launch configuration: offset 0x100 + 4 * (FlexGripPlus configuration register index) ---- */
#define FGTLM_REG_BLOCKS_PER_CORE 0x100u /* RTL reg 0 */
#define FGTLM_REG_GRID_X          0x104u /* RTL reg 1, 1..65535 */
#define FGTLM_REG_GRID_Y          0x108u /* RTL reg 2, 1..65535 */
#define FGTLM_REG_PARAM_COUNT     0x10Cu /* RTL reg 3, 0..16 parameter words */
#define FGTLM_REG_DYN_SHARED_SIZE 0x110u /* RTL reg 4, dynamic shared bytes (added to SHARED_SIZE) */
#define FGTLM_REG_BLOCK_X         0x114u /* RTL reg 5 */
#define FGTLM_REG_BLOCK_Y         0x118u /* RTL reg 6 */
#define FGTLM_REG_BLOCK_Z         0x11Cu /* RTL reg 7 */
#define FGTLM_REG_REGS_PER_THREAD 0x120u /* RTL reg 8, 1..128 */
#define FGTLM_REG_SHARED_SIZE     0x124u /* RTL reg 9, static shared bytes */
#define FGTLM_REG_PARAM(i)        (0x180u + 4u * (unsigned)(i)) /* RTL reg 0x20+i, i = 0..15 */
#define FGTLM_MAX_PARAMS          16u

/* ---- constant memory window: bytes 0..8191 of the GPU's constant memory ---- */
#define FGTLM_CONST_WINDOW        0x2000u
#define FGTLM_CONST_WINDOW_SIZE   0x2000u
#define FGTLM_REGS_SIZE           0x4000u /* total size of the register block */

/* CTRL bits */
#define FGTLM_CTRL_START          0x1u /* launch with the current configuration */
#define FGTLM_CTRL_ABORT          0x2u /* stop the running kernel (finishes with error Aborted) */
#define FGTLM_CTRL_RESET          0x4u /* abort, then reset status, counters, IRQ and configuration */

/* STATUS fields */
#define FGTLM_STATUS_STATE_MASK   0x3u
#define FGTLM_STATE_IDLE          0u
#define FGTLM_STATE_BUSY          1u
#define FGTLM_STATE_DONE          2u
#define FGTLM_STATE_ERROR         3u
#define FGTLM_STATUS_ERROR_SHIFT  8u   /* [15:8] error kind, see FGTLM_ERR_* */
#define FGTLM_STATUS_ERROR_MASK   0xFFu

/* Error kinds (numeric values of fgtlm::core::KernelErrorKind) */
#define FGTLM_ERR_NONE            0u
#define FGTLM_ERR_ILLEGAL_INSTR   1u
#define FGTLM_ERR_MISALIGNED      2u
#define FGTLM_ERR_OUT_OF_RANGE    3u
#define FGTLM_ERR_STACK_OVERFLOW  4u
#define FGTLM_ERR_STACK_UNDERFLOW 5u
#define FGTLM_ERR_BARRIER_DEADLOCK 6u
#define FGTLM_ERR_WATCHDOG        7u
#define FGTLM_ERR_INVALID_LAUNCH  8u
#define FGTLM_ERR_ABORTED         9u

/* IRQ bits (IRQ_ENABLE / IRQ_STATUS) */
#define FGTLM_IRQ_DONE            0x1u /* kernel finished without error */
#define FGTLM_IRQ_ERROR           0x2u /* kernel finished with an error, or the launch was rejected */
#define FGTLM_IRQ_ALL             0x3u

#define FGTLM_ID_MAGIC            0x4C544746u
#define FGTLM_REGMAP_VERSION      0x00010000u

#endif
