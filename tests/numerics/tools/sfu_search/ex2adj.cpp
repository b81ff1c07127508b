#include "fxmodel2.hpp"
#include <cstdio>
#include <cstring>
static float fl(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
int main() {
    Fn F = [](LD x) { return exp2l(x - 1); }, D1 = [](LD x) { return exp2l(x - 1) * logl(2.0L); }, D2 = [](LD x) { return exp2l(x - 1) * logl(2.0L) * logl(2.0L); };
    struct P { uint32_t in, out; int fi; int64_t M; }; std::vector<P> pts; unsigned a, b; FILE* f = fopen("/tmp/sfu/ex2.txt", "r");
    while (fscanf(f, "%x %x", &a, &b) == 2) { LD v = fl(a); LD fi = floorl(v); if (pts.size() && pts.back().in == a) continue; pts.push_back({a, b, (int)fi, (int64_t)ldexpl(v - fi, 23)}); }
    for (int meth = 0; meth < 6; ++meth) for (int adj = 0; adj < 4; ++adj) for (int k0 = 25; k0 <= 30; ++k0) for (int P : {26, 28, 30, 38}) for (int om = 0; om < 4; ++om) for (int c12r = 0; c12r < 2; ++c12r) {
        Spec s; s.meth = meth; s.k0 = k0; s.P1 = s.P2 = P; s.om = om; s.cr = c12r ? 6 : 0;
        Table t = quant(s, [&] { std::vector<Q> v; for (int i = 0; i < 64; ++i) v.push_back(fit(meth, F, D1, D2, 1 + i / 64.0L, 1 / 64.0L, false)); return v; }(), 1);
        if (adj) for (int i = 0; i < 64; ++i) {  // re-derive C0 from residual of quantized C1, C2
            LD lo = 1e9, hi = -1e9, sum = 0; for (int g = 0; g <= 1024; ++g) { LD tt = g / 1024.0L / 64; LD r = F(1 + i / 64.0L + tt) - ldexpl(t.c1[i], -15) * tt - ldexpl(t.c2[i], -11) * tt * tt; lo = std::min(lo, r); hi = std::max(hi, r); sum += r; }
            LD c0 = adj == 3 ? sum / 1025 : (lo + hi) / 2; LD x = ldexpl(c0, k0); t.c0[i] = (int64_t)(adj == 1 ? floorl(x) : floorl(x + 0.5L));
        }
        int ex = 0; for (auto& p : pts) if (tofl(evalS(t, p.M), p.fi, om) == p.out) ++ex;
        if (ex >= 31 && adj == 0) printf("%d meth=%d adj=%d k0=%d P=%d om=%d c12r=%d\n", ex, meth, adj, k0, P, om, c12r);
    }
}
