// 64-bit integer arithmetic built from 32-bit operations: add/sub/mul/shifts by data and by
// constants, signed and unsigned compares, conversions, mul.wide, logic, abs/min/max, div/rem.
#include <cuda_runtime.h>
#include <stdint.h>
__global__ void int64_ops(const unsigned* in, unsigned long long* out) {
    int i = threadIdx.x;
    unsigned long long a = ((unsigned long long)in[4 * i] << 32) | in[4 * i + 1];
    unsigned long long b = ((unsigned long long)in[4 * i + 2] << 32) | in[4 * i + 3];
    long long sa = (long long)a, sb = (long long)b;
    unsigned s = in[4 * i + 3] & 63;
    unsigned long long* o = out + 24 * i;
    o[0] = a + b;
    o[1] = a - b;
    o[2] = a * b;
    o[3] = a << s;
    o[4] = a >> s;
    o[5] = (unsigned long long)(sa >> s);
    o[6] = a < b;
    o[7] = sa < sb;
    o[8] = (unsigned long long)(long long)(int)in[4 * i];
    o[9] = (unsigned long long)in[4 * i + 1] * in[4 * i + 2];
    o[10] = (unsigned long long)((long long)(int)in[4 * i + 1] * (int)in[4 * i + 2]);
    o[11] = a ^ ((b | ~a) & (a + 1));
    o[12] = (unsigned)(a >> 7) + (unsigned)b;
    o[13] = a == b ? 1 : sa >= sb ? 2 : 3;
    o[14] = sa < 0 ? -sa : sa;
    o[15] = a > b ? a : b;
    o[16] = sa < sb ? sa : sb;
    o[17] = (a << 5) | (b >> 40) | ((unsigned long long)(sb >> 33));
    o[18] = a / (b | 1);
    o[19] = a % (b | 1);
    o[20] = (unsigned long long)(sa / (sb | 1));
    o[21] = (unsigned long long)(sa % (sb | 1));
    o[22] = (unsigned long long)(sa * 1000003LL - 77);
    o[23] = (unsigned long long)(long long)(short)in[4 * i + 2] + (unsigned long long)(unsigned char)in[4 * i];
}
