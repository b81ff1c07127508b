// Shim so a .cu file written for nvcc compiles under `fgtlm cc` (device code only).
#include <fgtlm/cuda.h>
