// Peephole rewrites of the lowered machine IR (virtual registers, before structurisation), each found by putting
// `fgtlm cc`'s code beside nvcc's for the FlexGripPlus applications (docs/code-quality.md). Every rule keeps what the
// code computes; it only removes instructions:
//  * copy propagation: `MOV x, y` with x and y each defined once (cvta of a parameter, a renamed value) goes, x's
//    readers read y.
//  * copy forwarding: `OP t, ...; MOV x, t` with t used only there becomes `OP x, ...` (one SASS instruction reads
//    its sources before it writes, so x may be a source of OP). The lowering computes into a temporary whenever a
//    destination is also a source, which in a loop leaves a MOV per loop-carried value.
//  * 16-bit multiplies: the three-product mul.lo of two values known to fit in 16 bits (tid.x, ntid, ctaid, the
//    header words, small constants) is one IMUL.U16.U16 (exact: the high halves are zero), and an IADD of its
//    product that is the product's only reader becomes IMAD.U16, as nvcc's blockIdx.x * blockDim.x + threadIdx.x.
//  * a parameter read by IADD/FADD/FMUL/ISET, or a header word (blockIdx, blockDim) read by a 16-bit multiply, in the
//    block that loads it is the instruction's shared-memory operand (IADD R1, g [0x4], R2; IMAD.U16 R1, g [0x6].U16,
//    R2L, R3: nvcc's forms) instead of a MOV/I2I from g [] first; readers in other blocks (loops) keep the register.
//  * a zero constant compared by ISET is R124 (reads as zero) instead of an MVI.
//  * compare and branch: a setp whose predicate only the block's branch reads sets C0 itself (ISET.C0) instead of
//    a 0/-1 register that the branch tests again; nothing after it in the block may touch C0.
#include "peephole.hpp"

#include <algorithm>
#include <map>
#include <regex>

namespace fgtlm::compiler {

namespace {

struct Counts {
    std::map<int, int> defs, uses;
};

Counts count(const MFunction& f) {
    Counts c;
    for (const MBlock& b : f.blocks) {
        for (const MInst& m : b.insts) {
            for (const int d : m.defs) ++c.defs[d];
            for (const int u : m.uses) ++c.uses[u];
        }
        if (b.term == TermKind::Branch && b.pred >= 0) ++c.uses[b.pred];
    }
    return c;
}

// The text without the unguarded guard placeholder; "" for a guarded, partial or label instruction.
std::string plain(const MInst& m) {
    if (m.partial || m.text.find("(C") != std::string::npos || (!m.text.empty() && m.text.back() == ':')) return "";
    std::string t = m.text;
    if (const std::size_t g = t.find("{g}"); g != std::string::npos) t.erase(g, 3);
    return t;
}

bool no_spill(const MFunction& f, int v) {
    for (const int x : f.no_spill)
        if (x == v) return true;
    return false;
}

// OP t, ...; MOV x, t  ->  OP x, ...
bool forward_copy(MFunction& f, MBlock& b, std::size_t i, const Counts& c) {
    MInst& op = b.insts[i];
    const MInst& mov = b.insts[i + 1];
    const std::string t = plain(op);
    if (t.empty() || op.defs.size() != 1 || t.find("{d0}") == std::string::npos || plain(mov) != "MOV {d0}, {u0}")
        return false;
    const int tmp = op.defs[0], x = mov.defs[0];
    if (mov.uses[0] != tmp || x == tmp || c.defs.at(tmp) != 1 || c.uses.at(tmp) != 1) return false;
    if (no_spill(f, tmp) || no_spill(f, x)) return false;
    op.defs[0] = x;
    b.insts.erase(b.insts.begin() + std::ptrdiff_t(i) + 1);
    return true;
}

// MOV x, y with one definition of each: x's readers read y. Copies that would close a cycle
// (MOV x, y and MOV y, x: values no other instruction defines) stay, so every chain ends.
void propagate_copies(MFunction& f, Counts& c) {
    std::map<int, int> to;
    const auto root = [&](int v) {
        for (auto it = to.find(v); it != to.end(); it = to.find(v)) v = it->second;
        return v;
    };
    for (MBlock& b : f.blocks)
        std::erase_if(b.insts, [&](const MInst& m) {
            if (plain(m) != "MOV {d0}, {u0}") return false;
            const int x = m.defs[0], y = m.uses[0];
            if (x == y || c.defs[x] != 1 || c.defs[y] != 1 || no_spill(f, x) || no_spill(f, y)) return false;
            if (root(y) == x) return false;
            to[x] = y;
            return true;
        });
    for (MBlock& b : f.blocks) {
        for (MInst& m : b.insts)
            for (int& u : m.uses) u = root(u);
        if (b.pred >= 0) b.pred = root(b.pred);
    }
    c = count(f);
}

// Every definition of v leaves a value below 2^16: I2I.U32.U16 or an MVI of a small constant.
bool known16(const MFunction& f, int v) {
    int defs = 0;
    for (const MBlock& b : f.blocks)
        for (const MInst& m : b.insts) {
            if (std::find(m.defs.begin(), m.defs.end(), v) == m.defs.end()) continue;
            ++defs;
            const std::string t = plain(m);
            if (t.rfind("I2I.U32.U16 {d0}, ", 0) == 0) continue;
            if (t.rfind("MVI {d0}, 0x", 0) == 0 && std::stoul(t.substr(12), nullptr, 16) <= 0xffffu) continue;
            return false;
        }
    return defs > 0;
}

// The mul.lo sequence of emit_mul_lo (lower_int.cpp) on two 16-bit values -> IMUL.U16.U16.
bool narrow_multiply(MFunction& f, MBlock& b, std::size_t i) {
    static const char* const seq[] = {"IMUL.U16.U16 {d0}, {u0L}, {u1H}", "IMAD.U16 {d0}, {u0H}, {u1L}, {u2}",
                                      "SHL {d0}, {u0}, 0x10", "IMAD.U16 {d0}, {u0L}, {u1L}, {u2}"};
    if (i + 4 > b.insts.size()) return false;
    for (std::size_t k = 0; k < 4; ++k)
        if (plain(b.insts[i + k]) != seq[k]) return false;
    const int a = b.insts[i].uses[0], bb = b.insts[i].uses[1], t = b.insts[i].defs[0];
    if (b.insts[i + 3].uses != std::vector<int>{a, bb, t}) return false;
    const bool a16 = known16(f, a), b16 = known16(f, bb);
    const auto at = [&](std::size_t k) { return b.insts.begin() + std::ptrdiff_t(i + k); };
    if (a16 && b16) {  // aL * bL
        MInst m = b.insts[i + 3];
        m.text = "IMUL.U16.U16 {d0}, {u0L}, {u1L}";
        m.uses = {a, bb};
        b.insts.erase(at(0), at(4));
        b.insts.insert(at(0), m);
    } else if (b16) {  // aL * bL + (aH * bL << 16)
        b.insts[i].text = "IMUL.U16.U16 {d0}, {u0H}, {u1L}";
        b.insts.erase(at(1));
    } else if (a16) {  // aL * bL + (aL * bH << 16)
        b.insts.erase(at(1));
    } else {
        return false;
    }
    return true;
}

// IMUL.U16.U16 t, aL, bL; IADD d, t, c (t used only there) -> IMAD.U16 d, aL, bL, c
bool fuse_multiply_add(MBlock& b, std::size_t i, const Counts& c) {
    const MInst& mul = b.insts[i];
    MInst& add = b.insts[i + 1];
    if (plain(mul) != "IMUL.U16.U16 {d0}, {u0L}, {u1L}" || plain(add) != "IADD {d0}, {u0}, {u1}") return false;
    const int t = mul.defs[0];
    // The product is read only by the IADD: t is used nowhere else, or the IADD overwrites it (mad.lo's d = d + c).
    const bool only_reader = add.defs[0] == t || (c.defs.at(t) == 1 && c.uses.at(t) == 1);
    if (!only_reader || add.uses[0] == add.uses[1]) return false;
    const int other = add.uses[0] == t ? add.uses[1] : add.uses[1] == t ? add.uses[0] : -1;
    if (other < 0) return false;
    add.text = "IMAD.U16 {d0}, {u0L}, {u1L}, {u2}";
    add.uses = {mul.uses[0], mul.uses[1], other};
    b.insts.erase(b.insts.begin() + std::ptrdiff_t(i));
    return true;
}

// Replaces use k of m (its placeholder {uk}, {ukL} or {ukH}) by `operand` and renumbers the later uses.
void drop_use(MInst& m, std::size_t k, const std::string& operand) {
    const std::string key = "{u" + std::to_string(k);
    const std::size_t at = m.text.find(key);
    m.text.replace(at, m.text.find('}', at) - at + 1, operand);
    for (std::size_t j = k + 1; j < m.uses.size(); ++j) {
        const std::size_t p = m.text.find("{u" + std::to_string(j));
        if (p != std::string::npos) m.text.replace(p + 2, 1, std::to_string(j - 1));
    }
    m.uses.erase(m.uses.begin() + std::ptrdiff_t(k));
}

// "OP {d0}, X, Y..." with X and Y swapped (a commutative OP, or ISET with its comparison mirrored).
std::string swap_sources(const std::string& t) {
    static const std::regex two(R"(^(\S+ [^,]+), (\{u\d[LH]?\}), (\{u\d[LH]?\})(.*)$)");
    static const std::map<std::string, std::string> mirror = {{"LT", "GT"}, {"GT", "LT"}, {"LE", "GE"},
                                                              {"GE", "LE"}, {"EQ", "EQ"}, {"NE", "NE"}};
    std::smatch s;
    if (!std::regex_match(t, s, two)) return "";
    std::string rest = s[4].str();
    if (t.rfind("ISET", 0) == 0) {
        const auto it = mirror.find(rest.substr(rest.size() >= 2 ? rest.size() - 2 : 0));
        if (it == mirror.end()) return "";
        rest.replace(rest.size() - 2, 2, it->second);
    }
    return s[1].str() + ", " + s[3].str() + ", " + s[2].str() + rest;
}

// The shared-memory operand a reader of `def` may take in place of the register (nvcc's forms: IADD/FADD/FMUL/ISET
// with g [N] as the first source, IMAD.U16/IMUL.U16.U16 with g [N].U16), "" when it may not.
bool fold_into(MInst& m, int v, const std::string& operand, bool half) {
    std::string t = plain(m);
    if (t.empty() || std::count(m.uses.begin(), m.uses.end(), v) != 1) return false;
    const bool alu = t.rfind("IADD {d0}, ", 0) == 0 || t.rfind("FADD {d0}, ", 0) == 0 ||
                     t.rfind("FMUL {d0}, ", 0) == 0 || t.rfind("ISET", 0) == 0;
    const bool mul16 = t.rfind("IMAD.U16 {d0}, ", 0) == 0 || t.rfind("IMUL.U16.U16 {d0}, ", 0) == 0;
    if (half ? !mul16 : !alu) return false;
    const std::size_t k = std::size_t(std::find(m.uses.begin(), m.uses.end(), v) - m.uses.begin());
    const std::string key = "{u" + std::to_string(k) + (half ? "L}" : "}");
    const std::size_t comma = t.find(", ");
    if (t.find(key) == std::string::npos) return false;
    if (t.compare(comma + 2, key.size(), key) != 0) {  // not the first source: swap the first two
        if (t.find("-" + key) != std::string::npos || (half && t.find("IMAD") == 0 && t.find(key) > t.rfind(", ")))
            return false;
        t = swap_sources(t);
        if (t.empty() || t.compare(comma + 2, key.size(), key) != 0) return false;
    }
    m.text = t;
    drop_use(m, k, operand);
    return true;
}

// MOV p, g [0xN] (a parameter) or I2I.U32.U16 p, g [0xN].U16 (a header word); readers in the same block take the
// shared-memory operand; the load goes when nothing else reads p.
void fold_parameter(MBlock& b, std::size_t i, const Counts& c) {
    const std::string t = plain(b.insts[i]);
    const bool half = t.rfind("I2I.U32.U16 {d0}, g [0x", 0) == 0;
    if (!half && (t.rfind("MOV {d0}, g [0x", 0) != 0 || t.back() != ']')) return;
    const int p = b.insts[i].defs[0];
    if (c.defs.at(p) != 1) return;
    const std::string operand = t.substr(t.find("g ["));
    int folded = 0;
    for (std::size_t k = i + 1; k < b.insts.size(); ++k) folded += fold_into(b.insts[k], p, operand, half) ? 1 : 0;
    if (folded == c.uses.at(p)) b.insts.erase(b.insts.begin() + std::ptrdiff_t(i));
}

// ISET ..., {u1}, ... of a register that only `MVI {d0}, 0x0` defines -> R124.
bool zero_operand(const MFunction& f, MInst& m) {
    const std::string t = plain(m);
    if (t.rfind("ISET", 0) != 0 || m.uses.size() != 2 || t.find("{u1}") == std::string::npos) return false;
    const int z = m.uses[1];
    int defs = 0;
    for (const MBlock& b : f.blocks)
        for (const MInst& d : b.insts)
            if (std::find(d.defs.begin(), d.defs.end(), z) != d.defs.end())
                defs += plain(d) == "MVI {d0}, 0x0" ? 1 : 100;
    if (defs != 1) return false;
    m.text.replace(m.text.find("{u1}"), 4, "R124");
    m.uses.pop_back();
    return true;
}

// Removes instructions that only define registers nothing reads (left by zero_operand).
void drop_dead_constants(MBlock& b, const Counts& c) {
    std::erase_if(b.insts, [&](const MInst& m) {
        return plain(m).rfind("MVI {d0}, ", 0) == 0 && m.defs.size() == 1 && !c.uses.count(m.defs[0]);
    });
}

// setp into a register + the branch's test of it -> ISET.C0 of the compare itself.
void compare_into_branch(MBlock& b, const Counts& c) {
    static const std::regex iset(R"(^ISET((\.[SU]32)?) \{d0\}, (\{u0\}|R124), (\{u[01]\}|R124), (\w+)$)");
    if (b.term != TermKind::Branch || b.pred < 0 || c.defs.count(b.pred) == 0 || c.defs.at(b.pred) != 1 ||
        c.uses.at(b.pred) != 1)
        return;
    for (std::size_t k = b.insts.size(); k-- > 0;) {
        MInst& m = b.insts[k];
        if (m.defs != std::vector<int>{b.pred}) {
            if (m.text.find("C0") != std::string::npos || plain(m).empty()) return;
            continue;
        }
        std::smatch s;
        const std::string t = plain(m);
        if (!std::regex_match(t, s, iset)) return;
        m.text = "ISET" + s[1].str() + ".C0 o[0x7f], " + s[3].str() + ", " + s[4].str() + ", " + s[5].str();
        m.defs.clear();
        b.pred = -1;
        b.pred_in_c0 = true;
        return;
    }
}

}  // namespace

void peephole(MFunction& f) {
    for (MBlock& b : f.blocks)
        for (std::size_t i = 0; i < b.insts.size(); ++i) narrow_multiply(f, b, i);
    Counts c = count(f);
    propagate_copies(f, c);
    for (MBlock& b : f.blocks)
        for (std::size_t i = 0; i + 1 < b.insts.size();)
            if (!forward_copy(f, b, i, c) && !fuse_multiply_add(b, i, c)) ++i;
    for (MBlock& b : f.blocks)
        for (MInst& m : b.insts) zero_operand(f, m);
    c = count(f);
    for (MBlock& b : f.blocks) {
        drop_dead_constants(b, c);
        compare_into_branch(b, c);
    }
    c = count(f);
    for (MBlock& b : f.blocks)
        for (std::size_t i = b.insts.size(); i-- > 0;)
            if (b.insts[i].defs.size() == 1 && c.uses.count(b.insts[i].defs[0])) fold_parameter(b, i, c);
}

}  // namespace fgtlm::compiler
