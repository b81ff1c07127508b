/* Helpers shared by the firmware apps: deterministic data, checks, verdicts. */
#ifndef FW_APPS_COMMON_H
#define FW_APPS_COMMON_H

#include "fgtlm_driver.h"
#include "vp.h"

#include <stdint.h>
#include <stdio.h>

/* xorshift32: reproducible pseudo-random inputs. */
static inline uint32_t fw_rand(uint32_t* state) {
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *state = x;
}

/* Prints PASS/FAIL and returns the exit code. */
static inline int fw_verdict(const char* name, int ok) {
    printf("%s: %s\n", name, ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}

static inline int fw_init_or_fail(const char* name) {
    if (fgtlm_init() != 0) {
        printf("%s: FAIL (no GPU)\n", name);
        return 0;
    }
    return 1;
}

#define FW_PTR(p) ((uint32_t)(uintptr_t)(p))

#endif
