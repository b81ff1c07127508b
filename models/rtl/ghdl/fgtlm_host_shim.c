/* fgtlm GHDL back end: the VHPIDIRECT functions of fgtlm_host.vhd, linked into the GHDL
 * simulation. fgtlm prepends fgtlm_host_shared.h to this file when it builds the simulation. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static struct fgtlm_host_shared* sh;

static void attach(void) {
    const char* fd = getenv("FGTLM_HOST_FD");
    if (fd == NULL) {
        fprintf(stderr, "fgtlm_host: FGTLM_HOST_FD is not set (this simulation is started by fgtlm's GHDL back end)\n");
        exit(3);
    }
    void* p = mmap(NULL, sizeof(struct fgtlm_host_shared), PROT_READ | PROT_WRITE, MAP_SHARED, atoi(fd), 0);
    if (p == MAP_FAILED || ((struct fgtlm_host_shared*)p)->magic != FGTLM_HOST_MAGIC) {
        fprintf(stderr, "fgtlm_host: cannot map fgtlm's shared block (descriptor %s)\n", fd);
        exit(3);
    }
    sh = (struct fgtlm_host_shared*)p;
}

/* std_ulogic codes: '1' = 3, 'H' = 7; everything else reads as 0. */
static uint32_t word_of(const uint8_t* v) {
    uint32_t x = 0;
    for (int i = 0; i < 32; ++i) x = (x << 1) | (uint32_t)(v[i] == 3 || v[i] == 7);
    return x;
}

int32_t fgtlm_host_next(void) {
    if (sh == NULL) attach();
    sem_post(&sh->to_host);
    while (sem_wait(&sh->to_sim) != 0)
        if (errno != EINTR) exit(3);
    if (sh->cmd == FGTLM_CMD_TICK) {
        memset(sh->slots, 0, FGTLM_SLOT_FLAGS_END * sizeof(uint32_t));
        memset(sh->slots + FGTLM_SLOT_GPR_EN, 0, 32 * sizeof(uint32_t));
        memset(sh->slots + FGTLM_SLOT_PRD_EN, 0, 32 * sizeof(uint32_t));
        memset(sh->slots + FGTLM_SLOT_ADR_EN, 0, 32 * sizeof(uint32_t));
    }
    return sh->cmd;
}

int32_t fgtlm_host_pin(int32_t pin) { return pin >= 0 && pin < FGTLM_PINS ? sh->pins[pin] : 0; }

void fgtlm_host_put(int32_t slot, const uint8_t* v) {
    if (slot >= 0 && slot < FGTLM_HOST_SLOTS) sh->slots[slot] = word_of(v);
}

void fgtlm_host_put_int(int32_t slot, int32_t v) {
    if (slot >= 0 && slot < FGTLM_HOST_SLOTS) sh->slots[slot] = (uint32_t)v;
}

int32_t fgtlm_host_mem_op(int32_t mem) { return mem >= 1 && mem <= 3 ? sh->mem_op[mem] : 0; }

int32_t fgtlm_host_mem_get(int32_t mem, int32_t i) {
    if (i < 0) return 0;
    if (mem == FGTLM_MEM_GLOBAL && i < FGTLM_HOST_GMEM_BYTES) return sh->gmem[i];
    if (mem == FGTLM_MEM_CONST && i < FGTLM_HOST_CMEM_BYTES) return sh->cmem[i];
    if (mem == FGTLM_MEM_SYSTEM && i < FGTLM_HOST_SYSMEM_WORDS) return (int32_t)sh->sysmem[i];
    return 0;
}

void fgtlm_host_mem_put(int32_t mem, int32_t i, int32_t v) {
    if (i < 0) return;
    if (mem == FGTLM_MEM_GLOBAL && i < FGTLM_HOST_GMEM_BYTES) sh->gmem[i] = (uint8_t)v;
    else if (mem == FGTLM_MEM_CONST && i < FGTLM_HOST_CMEM_BYTES) sh->cmem[i] = (uint8_t)v;
    else if (mem == FGTLM_MEM_SYSTEM && i < FGTLM_HOST_SYSMEM_WORDS) sh->sysmem[i] = (uint32_t)v;
}
