#pragma once
#include "fxmodel.hpp"
#include <map>
// cached fits: key (fn id, m, meth, lo)
struct FitCache { std::map<std::tuple<int,int,int,int>, std::vector<Q>> c;
  const std::vector<Q>& get(int id, int m, int meth, const Fn& F, const Fn& D1, const Fn& D2, LD lo, LD width) {
    auto k = std::make_tuple(id, m, meth, (int)lo); auto it = c.find(k); if (it != c.end()) return it->second;
    std::vector<Q> v; int n = 1 << m; LD h = width / n; for (int i = 0; i < n; ++i) v.push_back(fit(meth, F, D1, D2, lo + i * h, h, false));
    return c[k] = v; } };
inline Table quant(const Spec& s, const std::vector<Q>& fits, LD width) {
    Table t{s, {}, {}, {}};
    auto qz = [](LD v, int k, bool r) { LD x = ldexpl(v, k); return (int64_t)(r ? floorl(x + 0.5L) : floorl(x)); };
    for (auto& q : fits) { t.c0.push_back(qz(q.c0, s.k0, s.cr & 1)); t.c1.push_back(qz(q.c1 * width, s.k1, s.cr & 2)); t.c2.push_back(qz(q.c2 * width * width, s.k2, s.cr & 4)); }
    return t;
}
