// Shim (fgtlm cc compiles device code only): enough of <string.h> for host code to parse.
#ifndef FGTLM_SHIM_STRING_H
#define FGTLM_SHIM_STRING_H
#include <stddef.h>
extern "C" void* memcpy(void*, const void*, size_t);
extern "C" void* memset(void*, int, size_t);
extern "C" int memcmp(const void*, const void*, size_t);
extern "C" size_t strlen(const char*);
#endif
