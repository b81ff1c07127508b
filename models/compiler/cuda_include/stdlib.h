// Shim (fgtlm cc compiles device code only): enough of <stdlib.h> for host code to parse.
#ifndef FGTLM_SHIM_STDLIB_H
#define FGTLM_SHIM_STDLIB_H
#include <stddef.h>
extern "C" void* malloc(size_t);
extern "C" void* calloc(size_t, size_t);
extern "C" void free(void*);
extern "C" int rand(void);
extern "C" void srand(unsigned);
extern "C" void exit(int);
extern "C" int atoi(const char*);
#define RAND_MAX 2147483647
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#endif
