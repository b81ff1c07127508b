// Piecewise-quadratic coefficient generation helpers for the SFU search.
#pragma once
#include <cmath>
#include <functional>
#include <array>
using LD = long double;
using Fn = std::function<LD(LD)>;
struct Q { LD c0, c1, c2; };  // p(t) = c0 + c1 t + c2 t^2, t in [t0, t1]
// solve 3x3 / 4x4 small linear systems by Gaussian elimination
template <int N> void solve(std::array<std::array<LD, N + 1>, N>& a, std::array<LD, N>& x) {
    for (int i = 0; i < N; ++i) {
        int p = i; for (int r = i + 1; r < N; ++r) if (fabsl(a[r][i]) > fabsl(a[p][i])) p = r;
        std::swap(a[i], a[p]);
        for (int r = 0; r < N; ++r) if (r != i) { LD k = a[r][i] / a[i][i]; for (int c = i; c <= N; ++c) a[r][c] -= k * a[i][c]; }
    }
    for (int i = 0; i < N; ++i) x[i] = a[i][N] / a[i][i];
}
inline Q interp3(const Fn& f, LD base, LD n0, LD n1, LD n2) {  // t = x - base; nodes are t values
    std::array<std::array<LD, 4>, 3> a{{{1, n0, n0 * n0, f(base + n0)}, {1, n1, n1 * n1, f(base + n1)}, {1, n2, n2 * n2, f(base + n2)}}};
    std::array<LD, 3> x; solve<3>(a, x); return {x[0], x[1], x[2]};
}
// Remez minimax on t in [a,b] (x = base + t)
inline Q remez(const Fn& f, LD base, LD a, LD b) {
    LD pts[4] = {a, a + (b - a) * 0.25L, a + (b - a) * 0.75L, b};
    Q q{};
    for (int it = 0; it < 30; ++it) {
        std::array<std::array<LD, 5>, 4> m;
        for (int i = 0; i < 4; ++i) { LD t = pts[i]; m[i] = {1, t, t * t, (i & 1) ? -1.0L : 1.0L, f(base + t)}; }
        std::array<LD, 4> x; solve<4>(m, x); q = {x[0], x[1], x[2]};
        // locate interior extrema of err on a grid + refine
        auto err = [&](LD t) { return f(base + t) - (q.c0 + q.c1 * t + q.c2 * t * t); };
        const int G = 2000; LD best[2] = {a, a}; LD bv[2] = {-1, -1};
        // two interior extrema: search in (a, mid) and (mid, b) region by sign pattern; simple: find local extrema
        LD prev = err(a), cur = err(a + (b - a) / G); int found = 0; LD ext[4];
        for (int g = 1; g < G; ++g) {
            LD nx = err(a + (b - a) * (g + 1) / G);
            if ((cur - prev) * (nx - cur) <= 0 && found < 4) ext[found++] = a + (b - a) * g / G;
            prev = cur; cur = nx;
        }
        (void)best; (void)bv;
        if (found != 2) break;
        // golden refine
        for (int k = 0; k < 2; ++k) {
            LD lo = ext[k] - (b - a) / G, hi = ext[k] + (b - a) / G; bool mx = err(ext[k]) > 0;
            for (int r = 0; r < 60; ++r) { LD m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3; LD e1 = err(m1), e2 = err(m2); if (!mx) { e1 = -e1; e2 = -e2; } if (e1 < e2) lo = m1; else hi = m2; }
            ext[k] = (lo + hi) / 2;
        }
        pts[1] = ext[0]; pts[2] = ext[1];
    }
    return q;
}
// continuous least squares on [a,b] via Gauss-Legendre-ish dense quadrature
inline Q lsq(const Fn& f, LD base, LD a, LD b) {
    const int N = 400; LD S[5] = {0}, T[3] = {0};
    for (int i = 0; i < N; ++i) { LD t = a + (b - a) * (i + 0.5L) / N; LD y = f(base + t); LD p = 1; for (int k = 0; k < 5; ++k) { S[k] += p; if (k < 3) T[k] += p * y; p *= t; } }
    std::array<std::array<LD, 4>, 3> m{{{S[0], S[1], S[2], T[0]}, {S[1], S[2], S[3], T[1]}, {S[2], S[3], S[4], T[2]}}};
    std::array<LD, 3> x; solve<3>(m, x); return {x[0], x[1], x[2]};
}
// method: 0 remez, 1 chebyshev nodes, 2 lsq, 3 taylor mid, 4 interp ends+mid, 5 taylor left
// centered: t measured from the segment middle (t in [-h/2,h/2)) else from left end (t in [0,h))
inline Q fit(int method, const Fn& f, const Fn& d1, const Fn& d2, LD left, LD h, bool centered) {
    LD base = centered ? left + h / 2 : left;
    LD a = centered ? -h / 2 : 0, b = centered ? h / 2 : h;
    switch (method) {
        case 0: return remez(f, base, a, b);
        case 1: { LD c = (a + b) / 2, r = (b - a) / 2; LD k = sqrtl(3.0L) / 2; return interp3(f, base, c - r * k, c, c + r * k); }
        case 2: return lsq(f, base, a, b);
        case 3: { LD tm = (a + b) / 2; LD x = base + tm; LD c2 = d2(x) / 2, c1 = d1(x) - 2 * c2 * tm, c0 = f(x) - c1 * tm - c2 * tm * tm; return {c0, c1, c2}; }
        case 4: return interp3(f, base, a, (a + b) / 2, b);
        default: { LD x = base + a; LD c2 = d2(x) / 2, c1 = d1(x) - 2 * c2 * a, c0 = f(x) - c1 * a - c2 * a * a; return {c0, c1, c2}; }
    }
}
