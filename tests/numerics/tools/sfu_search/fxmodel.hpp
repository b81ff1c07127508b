#pragma once
#include "fit.hpp"
#include <cstdint>
#include <vector>
using i128 = __int128;
struct Spec { int m = 6, meth = 0, k0 = 26, k1 = 15, k2 = 11, cr = 0, sq = 46, P1 = 26, P2 = 26, om = 2; };
struct Table { Spec s; std::vector<int64_t> c0, c1, c2; };
inline Table build(const Spec& s, const Fn& F, const Fn& D1, const Fn& D2, LD lo = 1, LD width = 1) {
    Table t{s, {}, {}, {}}; int n = 1 << s.m; LD h = width / n;
    for (int i = 0; i < n; ++i) {
        Q q = fit(s.meth, F, D1, D2, lo + i * h, h, false);
        // coefficients w.r.t. t in units of the mantissa (x = lo + i*h + t, t = xl * width * 2^-23)
        auto qz = [](LD v, int k, bool r) { LD x = ldexpl(v, k); return (int64_t)(r ? floorl(x + 0.5L) : floorl(x)); };
        t.c0.push_back(qz(q.c0, s.k0, s.cr & 1)); t.c1.push_back(qz(q.c1 * width, s.k1, s.cr & 2)); t.c2.push_back(qz(q.c2 * width * width, s.k2, s.cr & 4));
    }
    return t;
}
// S = value * 2^48 for the 23-bit mantissa fraction M
inline i128 evalS(const Table& t, int64_t M) {
    const Spec& s = t.s; int L = 23 - s.m; int i = (int)(M >> L); int64_t xl = M & ((1LL << L) - 1);
    i128 t2 = ((i128)xl * xl) >> (46 - s.sq);
    i128 p1 = ((i128)t.c1[i] * xl) >> (s.k1 + 23 - s.P1);
    i128 p2 = ((i128)t.c2[i] * t2) >> (s.k2 + s.sq - s.P2);
    return ((i128)t.c0[i] << (48 - s.k0)) + (p1 << (48 - s.P1)) + (p2 << (48 - s.P2));
}
inline uint32_t tofl(i128 S, int shift, int om) {
    bool neg = S < 0; if (neg) S = -S; if (!S) return 0;
    int top = 100; while (!((S >> top) & 1)) --top;
    int e = top - 48 + shift; uint32_t sig;
    if (top > 23) { int sh = top - 23; sig = (uint32_t)(S >> sh); i128 rem = S & ((((i128)1) << sh) - 1), half = ((i128)1) << (sh - 1);
        bool up;
        if (om == 3) { bool G = (rem >> (sh - 1)) & 1, R = sh >= 2 && ((rem >> (sh - 2)) & 1); up = G && (R || (sig & 1)); }
        else up = om == 0 ? rem >= half : om == 1 ? false : (rem > half || (rem == half && (sig & 1)));
        if (up && ++sig == 0x1000000u) { sig >>= 1; ++e; } }
    else sig = (uint32_t)(S << (23 - top));
    if (e + 127 <= 0) return neg ? 0x80000000u : 0;
    return (neg ? 0x80000000u : 0) | ((uint32_t)(e + 127) << 23) | (sig & 0x7FFFFF);
}
