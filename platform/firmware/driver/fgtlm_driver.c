/* FlexGrip GPU driver: configuration, launch, interrupt-driven or polled completion. */
#include "fgtlm_driver.h"

#include "vp.h"

#include <stdio.h>

#define CSR_ASM(text) ".option push\n.option arch, +zicsr\n" text "\n.option pop"

static volatile uint32_t irq_count;
static volatile uint32_t irq_seen;     /* IRQ_STATUS bits collected by the ISR */
static volatile uint64_t irq_time_ns;

/* Machine external interrupt: latch and acknowledge (write-1-to-clear) the GPU's status. */
static void gpu_isr(void) {
    uint32_t pending = fgtlm_read(FGTLM_REG_IRQ_STATUS);
    irq_time_ns = vp_time_ns();
    irq_seen |= pending;
    fgtlm_write(FGTLM_REG_IRQ_STATUS, pending);
    ++irq_count;
}

uint32_t fgtlm_irq_count(void) { return irq_count; }

int fgtlm_init(void) {
    if (fgtlm_read(FGTLM_REG_ID) != FGTLM_ID_MAGIC) {
        printf("fgtlm: no GPU at 0x%08lx (ID 0x%08lx)\n", (unsigned long)VP_GPU_BASE,
               (unsigned long)fgtlm_read(FGTLM_REG_ID));
        return -1;
    }
    if ((fgtlm_read(FGTLM_REG_VERSION) >> 16) != (FGTLM_REGMAP_VERSION >> 16)) {
        printf("fgtlm: register map version 0x%08lx not supported\n", (unsigned long)fgtlm_read(FGTLM_REG_VERSION));
        return -1;
    }
    fgtlm_write(FGTLM_REG_CTRL, FGTLM_CTRL_RESET);
    vp_set_external_irq_handler(gpu_isr);
    fgtlm_write(FGTLM_REG_IRQ_ENABLE, FGTLM_IRQ_ALL);
    vp_enable_external_irq();
    return 0;
}

void fgtlm_configure(const fgtlm_launch_t* l) {
    fgtlm_write(FGTLM_REG_CODE_BASE, (uint32_t)(uintptr_t)l->code);
    fgtlm_write(FGTLM_REG_CODE_SIZE, l->code_words * 4u);
    fgtlm_write(FGTLM_REG_GRID_X, l->grid[0]);
    fgtlm_write(FGTLM_REG_GRID_Y, l->grid[1]);
    fgtlm_write(FGTLM_REG_BLOCK_X, l->block[0]);
    fgtlm_write(FGTLM_REG_BLOCK_Y, l->block[1]);
    fgtlm_write(FGTLM_REG_BLOCK_Z, l->block[2]);
    fgtlm_write(FGTLM_REG_REGS_PER_THREAD, l->regs_per_thread);
    fgtlm_write(FGTLM_REG_SHARED_SIZE, l->shared_bytes);
    fgtlm_write(FGTLM_REG_DYN_SHARED_SIZE, 0);
    fgtlm_write(FGTLM_REG_BLOCKS_PER_CORE, l->blocks_per_core);
    fgtlm_write(FGTLM_REG_PARAM_COUNT, l->num_params);
    for (uint32_t i = 0; i < l->num_params && i < FGTLM_MAX_PARAMS; ++i) fgtlm_write(FGTLM_REG_PARAM(i), l->params[i]);
    /* Constant window: the image, then zeros up to the last word written by a previous launch. */
    static uint32_t const_words_used;
    uint32_t words = (l->const_bytes + 3u) / 4u;
    for (uint32_t w = 0; w < words; ++w) {
        uint32_t v = 0;
        for (uint32_t b = 0; b < 4 && 4 * w + b < l->const_bytes; ++b)
            v |= (uint32_t)l->const_mem[4 * w + b] << (8 * b);
        fgtlm_write(FGTLM_CONST_WINDOW + 4 * w, v);
    }
    for (uint32_t w = words; w < const_words_used; ++w) fgtlm_write(FGTLM_CONST_WINDOW + 4 * w, 0);
    const_words_used = words;
}

void fgtlm_bind_textures(const fgtlm_tex_desc_t* table, uint32_t slots) {
    fgtlm_write(FGTLM_REG_TEX_TABLE, (uint32_t)(uintptr_t)table);
    fgtlm_write(FGTLM_REG_TEX_SLOTS, slots);
}

static void collect(fgtlm_result_t* r) {
    uint32_t status = fgtlm_read(FGTLM_REG_STATUS);
    r->end_ns = vp_time_ns();
    r->state = status & FGTLM_STATUS_STATE_MASK;
    r->error_kind = (status >> FGTLM_STATUS_ERROR_SHIFT) & FGTLM_STATUS_ERROR_MASK;
    r->error_pc = fgtlm_read(FGTLM_REG_ERROR_PC);
    r->error_block = fgtlm_read(FGTLM_REG_ERROR_BLOCK);
    r->error_warp = fgtlm_read(FGTLM_REG_ERROR_WARP);
    r->error_addr = fgtlm_read(FGTLM_REG_ERROR_ADDR_LO);
    r->cycles = fgtlm_read(FGTLM_REG_CYCLES_LO) | (uint64_t)fgtlm_read(FGTLM_REG_CYCLES_HI) << 32;
    r->warp_instructions = fgtlm_read(FGTLM_REG_WARP_INSTR_LO) | (uint64_t)fgtlm_read(FGTLM_REG_WARP_INSTR_HI) << 32;
    r->thread_instructions =
        fgtlm_read(FGTLM_REG_THREAD_INSTR_LO) | (uint64_t)fgtlm_read(FGTLM_REG_THREAD_INSTR_HI) << 32;
}

void fgtlm_run_irq(fgtlm_result_t* r) {
    irq_seen = 0;
    irq_time_ns = 0;
    /* Sleep with MIE off so the interrupt cannot slip in between the check and the WFI
     * (WFI still wakes on a pending interrupt); take it with MIE on. */
    __asm__ volatile(CSR_ASM("csrci mstatus, 8"));
    r->start_ns = vp_time_ns();
    fgtlm_write(FGTLM_REG_CTRL, FGTLM_CTRL_START);
    while ((irq_seen & FGTLM_IRQ_ALL) == 0) {
        __asm__ volatile("wfi");
        __asm__ volatile(CSR_ASM("csrsi mstatus, 8"));
        __asm__ volatile("nop");  /* the interrupt is taken here */
        __asm__ volatile(CSR_ASM("csrci mstatus, 8"));
    }
    __asm__ volatile(CSR_ASM("csrsi mstatus, 8"));
    r->irq_ns = irq_time_ns;
    collect(r);
}

void fgtlm_run_polled(fgtlm_result_t* r) {
    vp_disable_interrupts();
    uint32_t enabled = fgtlm_read(FGTLM_REG_IRQ_ENABLE);
    fgtlm_write(FGTLM_REG_IRQ_ENABLE, 0);
    r->start_ns = vp_time_ns();
    fgtlm_write(FGTLM_REG_CTRL, FGTLM_CTRL_START);
    while ((fgtlm_read(FGTLM_REG_STATUS) & FGTLM_STATUS_STATE_MASK) == FGTLM_STATE_BUSY) {}
    r->irq_ns = 0;
    collect(r);
    fgtlm_write(FGTLM_REG_IRQ_STATUS, FGTLM_IRQ_ALL);  /* acknowledge what the poll consumed */
    fgtlm_write(FGTLM_REG_IRQ_ENABLE, enabled);
    vp_enable_external_irq();
}

uint32_t fgtlm_launch(const fgtlm_launch_t* launch, fgtlm_result_t* result) {
    fgtlm_configure(launch);
    fgtlm_run_irq(result);
    return result->error_kind;
}

const char* fgtlm_error_name(uint32_t kind) {
    static const char* const names[] = {"none", "illegal instruction", "misaligned access", "out-of-range access",
                                        "stack overflow", "stack underflow", "barrier deadlock", "watchdog",
                                        "invalid launch", "aborted"};
    return kind < sizeof names / sizeof names[0] ? names[kind] : "unknown";
}

void fgtlm_print_result(const char* name, const fgtlm_result_t* r) {
    uint64_t done_ns = r->irq_ns ? r->irq_ns : r->end_ns;
    printf("%s: %s, %lu GPU cycles, %lu warp instructions, launch->%s %lu ns\n", name,
           r->state == FGTLM_STATE_DONE ? "done" : "ERROR", (unsigned long)r->cycles,
           (unsigned long)r->warp_instructions, r->irq_ns ? "interrupt" : "poll",
           (unsigned long)(done_ns - r->start_ns));
    if (r->state != FGTLM_STATE_DONE)
        printf("%s: error %s at PC 0x%lx (block %lu, warp %lu, address 0x%08lx)\n", name,
               fgtlm_error_name(r->error_kind), (unsigned long)r->error_pc, (unsigned long)r->error_block,
               (unsigned long)r->error_warp, (unsigned long)r->error_addr);
}

void fgtlm_report(const char* name, const fgtlm_result_t* r, uint32_t items) {
    uint64_t done_ns = r->irq_ns ? r->irq_ns : r->end_ns;
    uint64_t ns = done_ns - r->start_ns;
    uint64_t milli_items_per_us = ns ? (uint64_t)items * 1000000u / ns : 0;  /* items/us x 1000 */
    printf("REPORT %s latency_ns=%lu cycles=%lu items=%lu items_per_us=%lu.%03lu\n", name, (unsigned long)ns,
           (unsigned long)r->cycles, (unsigned long)items, (unsigned long)(milli_items_per_us / 1000),
           (unsigned long)(milli_items_per_us % 1000));
}
