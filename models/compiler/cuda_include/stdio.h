// Shim (fgtlm cc compiles device code only, with -nostdlibinc): enough of <stdio.h> for the
// host code of a CUDA program to parse. Nothing here runs on the GPU.
#ifndef FGTLM_SHIM_STDIO_H
#define FGTLM_SHIM_STDIO_H
#include <stddef.h>
typedef struct FILE FILE;
extern FILE* stdout;
extern FILE* stderr;
extern "C" int printf(const char*, ...);
extern "C" int fprintf(FILE*, const char*, ...);
extern "C" int sprintf(char*, const char*, ...);
extern "C" int snprintf(char*, size_t, const char*, ...);
extern "C" int puts(const char*);
#endif
