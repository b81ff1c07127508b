// Random SM_1.0 kernels for fgtlm difftest (grammar: random_kernel.hpp).
#include <fgtlm/cosim/random_kernel.hpp>

#include <array>
#include <cstring>
#include <functional>

#include <fmt/format.h>

#include <fgtlm/isa/assembler.hpp>

namespace fgtlm::cosim {

namespace {

// Edge-case input words: zeros, ones, sign and carry boundaries, 16-bit halves, float
// specials (±0, ±inf, NaN, denormals, max, 1.0, -2.5) and plain values.
constexpr std::array<std::uint32_t, 28> kEdgeWords = {
    0x00000000, 0x00000001, 0xffffffff, 0x7fffffff, 0x80000000, 0x0000ffff, 0x00010000, 0xffff0000,
    0x00008000, 0x3f800000, 0xbf800000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x00000001,
    0x007fffff, 0x7f7fffff, 0x40200000, 0xc0200000, 0x3effffff, 0x4b000000, 0x4f000000, 0x00000020,
    0x0000001f, 0x12345678, 0xdeadbeef, 0x00000003};

class Gen {
public:
    Gen(std::uint64_t seed, const GeneratorOptions& opt) : rng_(seed), opt_(opt) {}

    RandomKernel kernel(std::uint64_t seed) {
        RandomKernel k;
        k.name = fmt::format("rand_{:016x}", seed);
        k.cores = opt_.cores;
        k.threads = opt_.multi_warp && pick(3) == 0 ? 64 : 32;
        k.blocks = opt_.multi_warp && pick(4) == 0 ? 2 : 1;
        for (std::uint32_t i = 0; i < 4 * k.threads * k.blocks; ++i) k.inputs.push_back(word());
        for (int i = 0; i < 16; ++i) k.constants.push_back(std::uint8_t(rng_()));
        const std::uint32_t n = opt_.min_items + pick(opt_.max_items - opt_.min_items + 1);
        for (std::uint32_t i = 0; i < n; ++i) k.items.push_back(item(i));
        return k;
    }

private:
    std::mt19937_64 rng_;
    GeneratorOptions opt_;

    std::uint32_t pick(std::uint32_t n) { return std::uint32_t(rng_() % n); }
    template <class T, std::size_t N>
    const T& one_of(const std::array<T, N>& a) { return a[pick(N)]; }

    std::uint32_t word() { return pick(3) == 0 ? std::uint32_t(rng_()) : kEdgeWords[pick(kEdgeWords.size())]; }
    std::string r() { return fmt::format("R{}", 1 + pick(9)); }           // data registers R1-R9
    std::string rs() { return pick(12) == 0 ? std::string("R124") : pick(14) == 0 ? "R0" : r(); }  // sources
    std::string half() { return fmt::format("R{}{}", 1 + pick(9), pick(2) == 0 ? "L" : "H"); }
    std::string imm() { return fmt::format("0x{:x}", word()); }
    std::string param() { return fmt::format("g [0x{:x}]", 4 + pick(4)); }  // parameter words
    std::string cnst() { return fmt::format("c[0x1][0x{:x}]", pick(4)); }
    // First sources may be parameters in shared memory, second sources constants (the forms
    // the SM_1.0 encodings have).
    std::string src1() { return pick(6) == 0 ? param() : rs(); }
    std::string src2() { return pick(7) == 0 ? cnst() : rs(); }
    std::string cond() {
        static constexpr std::array<const char*, 6> c = {"LT", "EQ", "LE", "GT", "NE", "GE"};
        return c[pick(c.size())];
    }
    std::string guard() {
        static constexpr std::array<const char*, 6> g = {"C0.EQU", "C0.NE", "C0.NEU", "C0.EQ", "C0.LT", "C0.GE"};
        return g[pick(g.size())];
    }

    // Half registers whose whole-register reading (2n+h, the RTL's 32-bit access of a half)
    // stays within R2-R11: R1L-R5H as sources, R1L-R4H as destinations (R10/R11 hold the
    // kernel's addresses and must not be written).
    std::string half_src() { return fmt::format("R{}{}", 1 + pick(5), pick(2) == 0 ? "L" : "H"); }
    std::string half_dst() { return fmt::format("R{}{}", 1 + pick(4), pick(2) == 0 ? "L" : "H"); }
    std::string imm16() { return fmt::format("0x{:x}", pick(3) == 0 ? pick(0x10000) : word() & 0xffffu); }

    // Integer forms of the RTL's odd decodes (GeneratorOptions::int_forms). `gt` = guard text
    // ("" or " (C0.xx)"); carry-in forms must be guarded by their carry register (C0).
    std::string int_op(const std::string& gt) {
        const std::string d = r() + gt, hd = half_dst() + gt;
        const bool guarded = !gt.empty();
        switch (pick(16)) {
            case 0: return fmt::format("IMIN {}, {}, {}", d, rs(), rs());
            case 1: return fmt::format("IMAX.S32 {}, {}, {}", d, rs(), rs());
            case 2: return fmt::format("{} {}, {}, {}", pick(2) ? "IMIN.U16" : "IMAX.S16", hd, half_src(), half_src());
            case 3:
                return fmt::format("IADD.C0 {}, {}, {}\nIADD.CARRY0 {}, {}, {}", r() + gt, rs(), rs(), d, rs(), rs());
            case 4:
                if (guarded) return fmt::format("IADD.CARRY0 {}, {}, {}", d, rs(), rs());
                return fmt::format("IADD.C1 {}, {}, {}\nIADD.CARRY1 {}, {}, {}", r(), rs(), rs(), d, rs(), rs());
            case 5:
                if (guarded) return fmt::format("IMAD.S16 {}, {}, {}, {}", d, half(), half(), rs());
                return fmt::format("IADD.C1 {}, {}, {}\nIMAD.S16.CARRY1 {}, {}, {}, {}", r(), rs(), rs(), d, half(),
                                   half(), rs());
            case 6:
                return fmt::format("ISET.{}16 {}, {}, {}, {}", pick(2) ? "S" : "U", hd, half_src(), half_src(), cond());
            case 7: return fmt::format("SHL.U16 {}, {}, {}", half() + gt, half(), half_src());
            case 8: return fmt::format("SHR.{}16 {}, {}, {}", pick(2) ? "S" : "U", half() + gt, half(), half_src());
            case 9: return fmt::format("SHR.S16 {}, {}, 0x{:x}", half() + gt, half(), pick(20));
            case 10: return fmt::format("IMUL.S16.S16 {}, {}, {}", d, half(), half());
            case 11:
                return fmt::format("IMUL.{0}24.{0}24{1} {2}, {3}, {4}", pick(2) ? "S" : "U", pick(3) ? "" : ".HI", d,
                                   rs(), rs());
            case 12: return fmt::format("IMAD.S24 {}, {}, {}, {}", d, rs(), rs(), rs());
            case 13: return fmt::format("IMAD.S16 {}, {}, {}, {}", d, half(), half(), rs());
            case 14:
                return fmt::format("IMUL32I.{0}16.{0}16 {1}, {2}, {3}", pick(2) ? "S" : "U", r(), half(),
                                   imm16());  // immediate forms: no guard
            default: return fmt::format("IADD32I {}, -{}, {}", r(), r(), imm());
        }
    }

    // --float-mix: operands of every kind for the float forms (see float_op).
    std::string fsrc1() { return pick(3) == 0 ? param() : rs(); }
    std::string anycnst() { return fmt::format("c[0x{:x}][0x{:x}]", pick(4), pick(4)); }
    std::string fsrc2() {
        return pick(3) == 0 ? (pick(5) == 0 ? "-" : "") + anycnst() : pick(6) == 0 ? "-" + r() : rs();
    }
    std::string sparam() { return fmt::format("g [0x{:x}]", pick(8)); }  // also the offsets past 0xf
    std::string fimm() { return fmt::format("0x{:x}", kEdgeWords[pick(kEdgeWords.size())]); }

    // A float form with operands of every kind (GeneratorOptions::float_mix).
    std::string float_op(const std::string& d) {
        const std::string c = pick(4) == 0 ? ".C0" : "";  // the flags feed the later C0 guards
        switch (pick(13)) {
            case 0: return fmt::format("FADD{} {}, {}, {}", c, d, fsrc1(), fsrc2());
            case 1: return fmt::format("FMUL{} {}, {}, {}", c, d, fsrc1(), fsrc2());
            case 2: {
                const std::string bank = fmt::format("c[0x{:x}]", pick(4));
                const auto s = [&] { return pick(3) == 0 ? fmt::format("{}[0x{:x}]", bank, pick(4)) : rs(); };
                const std::string b = s(), cc = s();
                return fmt::format("FMAD{} {}, {}, {}, {}", c, d, fsrc1(), b, cc);
            }
            case 3: return fmt::format("FSET{} {}, {}, {}, {}", c, d, fsrc1(), pick(3) == 0 ? anycnst() : rs(), cond());
            case 4: return fmt::format("FADD32I {}, {}, {}", r(), pick(2) ? sparam() : r(), fimm());
            case 5: return fmt::format("FMUL32I {}, {}, {}", r(), pick(2) ? sparam() : r(), fimm());
            case 6: {
                const std::string t = r();
                return fmt::format("FMAD32I {}, {}, {}, {}", t, pick(2) ? sparam() : r(), fimm(), t);
            }
            case 7: return fmt::format("FADD32 {}, {}, {}", r(), pick(2) ? sparam() : r(), r());
            case 8: return fmt::format("FMUL32 {}, {}, -{}", r(), pick(2) ? sparam() : r(), r());
            case 9: return fmt::format("IMUL.U16.U16 {}, {}, c[0x1][0x{:x}]", d, half(), pick(8));
            case 10: return fmt::format("IMAD.U16 {}, {}, c[0x1][0x{:x}], {}", d, half(), pick(8), rs());
            case 11: {
                static constexpr std::array<const char*, 4> cvt = {"F2I.S32.F32", "F2I.U32.F32", "I2F.F32.S32",
                                                                   "I2F.F32.U32"};
                return fmt::format("{}{} {}, {}", cvt[pick(4)], c, d, rs());
            }
            default:
                return fmt::format("FSET.C0 o[0x7f], {}, {}, {}", fsrc1(), pick(3) == 0 ? anycnst() : rs(), cond());
        }
    }

    // One computational instruction; `g` = guard text or "" (inserted after the destination).
    std::string op(const std::string& g = {}) {
        if (opt_.int_forms && pick(2) == 0) return int_op(g.empty() ? "" : " (" + g + ")");
        const std::string d = r() + (g.empty() ? "" : " (" + g + ")");
        if (opt_.float_mix && pick(2) == 0) return float_op(d);
        std::uint32_t form = pick(33);
        switch (form) {
            case 0: return fmt::format("IADD {}, {}, {}", d, src1(), src2());
            case 1: return fmt::format("IADD {}, -{}, {}", d, rs(), rs());
            case 2: return fmt::format("IADD {}, {}, -{}", d, rs(), rs());
            case 3: return fmt::format("IADD32I {}, {}, {}", r(), r(), imm());  // immediate form: no R124
            case 4: return fmt::format("IMUL.U16.U16 {}, {}, {}", d, half(), half());
            case 5: return fmt::format("IMAD.U16 {}, {}, {}, {}", d, half(), half(), rs());
            case 6: return fmt::format("SHL {}, {}, 0x{:x}", d, rs(), pick(32));
            case 7: return fmt::format("SHR {}, {}, 0x{:x}", d, rs(), pick(32));
            case 8: return fmt::format("SHR.S32 {}, {}, 0x{:x}", d, rs(), pick(32));
            case 9: return fmt::format("LOP.AND {}, {}, {}", d, src1(), rs());
            case 10: return fmt::format("LOP.OR {}, {}, {}", d, rs(), rs());
            case 11: return fmt::format("LOP.XOR {}, {}, {}", d, rs(), rs());
            case 12: return fmt::format("LOP.PASS_B {}, {}, ~{}", d, rs(), rs());
            case 13: return fmt::format("FADD {}, {}, {}", d, src1(), src2());
            case 14: return fmt::format("FADD {}, {}, -{}", d, src1(), rs());
            case 15: return fmt::format("FMUL {}, {}, {}", d, rs(), src2());
            case 16: return fmt::format("FMAD {}, {}, {}, {}", d, rs(), rs(), rs());
            case 17: return fmt::format("MOV {}, {}", d, pick(4) == 0 ? param() : rs());
            case 18: return fmt::format("MVI {}, {}", r(), imm());
            case 19: return fmt::format("I2I.S32.S32 {}, -{}", d, rs());
            case 20: return fmt::format("I2I.U32.S32 {}, |{}|", d, rs());
            case 21: return fmt::format("I2I.U32.U16 {}, {}", d, half());
            case 22: return fmt::format("I2F.F32.U32 {}, {}", d, rs());
            case 23: return fmt::format("F2I.U32.F32.TRUNC {}, {}", d, rs());
            case 24: {
                static constexpr std::array<const char*, 3> sfu = {"RCP", "RSQ", "LG2"};
                return fmt::format("{} {}, {}", sfu[pick(3)], d, rs());
            }
            case 25: return fmt::format("ISET {}, {}, {}, {}", d, src1(), src2(), cond());
            case 26: return fmt::format("MVC {}, {}", d, cnst());
            case 27: return fmt::format("I2F.F32.S32 {}, {}", d, rs());
            case 28: return fmt::format("F2I.S32.F32 {}, {}", d, rs());
            case 29: return fmt::format("FSET {}, {}, {}, {}", d, rs(), rs(), cond());
            case 30: {  // EX2 takes its range-reduced operand from RRO
                const std::string t = r();
                return fmt::format("RRO {}, {}, EX2\nEX2 {}, {}", t, rs(), d, t);
            }
            case 31: return fmt::format("FMUL32 {}, {}, {}", r(), r(), r());  // short form: no R124
            default: return fmt::format("MOV.U16 {}, {}", half(), half());
        }
    }

    std::string set_pred() { return fmt::format("ISET.S32.C0 o[0x7f], {}, {}, {}", src1(), src2(), cond()); }

    KernelItem item(std::uint32_t id) {
        KernelItem it;
        const std::uint32_t k = pick(20);
        if (k < 10) {
            it.kind = "alu";
            it.lines.push_back(op());
        } else if (k < 12) {
            it.kind = "guarded";
            it.lines.push_back(set_pred());
            for (std::uint32_t i = 0, n = 1 + pick(3); i < n; ++i) it.lines.push_back(op(guard()));
        } else if (k < 14) {
            it.kind = "diverge";  // threads with C0.NE skip the body; both paths join at the .S
            it.lines.push_back(set_pred());
            it.lines.push_back(fmt::format("SSY L{}j", id));
            it.lines.push_back(fmt::format("BRA C0.NE, L{}j", id));
            for (std::uint32_t i = 0, n = 1 + pick(4); i < n; ++i) it.lines.push_back(op());
            it.lines.push_back(fmt::format("L{}j: NOP.S", id));
        } else if (k < 16) {
            it.kind = "call";
            it.lines.push_back(fmt::format("CAL.NOINC L{}s", id));
            it.sub.push_back(fmt::format("L{}s: {}", id, op()));
            if (pick(2) == 0) {  // some threads return early (the RTL returns the whole warp)
                it.sub.push_back(set_pred());
                it.sub.push_back("RET C0.NE");
            }
            for (std::uint32_t i = 0, n = pick(3); i < n; ++i) it.sub.push_back(op());
            it.sub.push_back("RET");
        } else if (k < 17) {
            it.kind = "loop";  // uniform trip count: R11 counts down
            it.lines.push_back(fmt::format("MVI R11, 0x{:x}", 1 + pick(3)));
            it.lines.push_back(fmt::format("L{}l: {}", id, op()));
            it.lines.push_back("IADD32I R11, R11, 0xffffffff");
            it.lines.push_back("ISET.S32.C0 o[0x7f], R11, R124, NE");
            it.lines.push_back(fmt::format("BRA C0.NE, L{}l", id));
        } else if (k < 18) {
            it.kind = "barrier";
            it.lines.push_back("BAR.ARV.WAIT b0, 0xfff");
        } else {
            // Per-thread shared slot above the parameters: A1 = tid.x * 4 (no races).
            it.kind = "shared";
            const std::string v = r();
            it.lines.push_back("I2I.U32.U16 R11, R0L");
            it.lines.push_back("R2A A1, R11, 0x2");
            it.lines.push_back(fmt::format("R2G.U32.U32 g[A1+0x10], {}", v));
            it.lines.push_back(fmt::format("IADD {}, g [A1+0x10], {}", r(), rs()));
        }
        return it;
    }
};

void append_word(std::vector<std::uint8_t>& v, std::uint32_t w) {
    for (int i = 0; i < 4; ++i) v.push_back(std::uint8_t(w >> (8 * i)));
}

}  // namespace

std::string RandomKernel::sass() const {
    const std::uint32_t total = threads * blocks;
    std::string s =
        fmt::format("// {}: {} block(s) of {} threads, {} SP cores (fgtlm difftest)\n", name, blocks, threads, cores);
    s += "MOV.U16 R0H, g [0x1].U16\nI2I.U32.U16 R10, R0L\nIMAD.U16 R10, g [0x6].U16, R0H, R10\n";
    s += "SHL R10, R10, 0x2\nIADD R11, g [0x4], R10\n";
    for (int k = 1; k <= 4; ++k) {
        s += fmt::format("GLD.U32 R{}, global14[R11]\n", k);
        if (k < 4) s += fmt::format("IADD32I R11, R11, 0x{:x}\n", total * 4);
    }
    for (int k = 5; k <= 9; ++k)
        s += fmt::format("MVI R{}, 0x{:x}\n", k,
                         inputs[std::size_t(k) % inputs.size()] ^ 0x5a5a0000u * std::uint32_t(k));
    s += "IADD R10, g [0x5], R10\n";
    for (const auto& it : items)
        for (const auto& l : it.lines) s += l + "\n";
    for (int k = 1; k <= 9; ++k) {
        s += fmt::format("GST.U32 global14[R10], R{}\n", k);
        if (k < 9) s += fmt::format("IADD32I R10, R10, 0x{:x}\n", total * 4);
    }
    s += "RET\n";
    // Subroutines follow the main RET, so the assembler's end marker lands on a RET (the RTL
    // ignores the marker; the model ends the path there: known difference 1).
    for (const auto& it : items)
        for (const auto& l : it.sub) s += l + "\n";
    return s;
}

loaders::KernelImage RandomKernel::image() const {
    const isa::AssembleResult a = isa::assemble(sass(), name + ".sass");
    if (!a.ok()) {
        std::string all;
        for (const auto& e : a.errors) all += e.str() + "\n";
        throw loaders::LoadError(name + ": generated kernel does not assemble:\n" + all);
    }
    loaders::KernelImage img;
    img.name = name;
    img.program = a.words;
    img.cores = cores;
    img.launch.grid[0] = std::uint16_t(blocks);
    img.launch.block[0] = std::uint16_t(threads);
    img.launch.regs_per_thread = 12;
    img.launch.shared_bytes = 0x440 + 16 * 64;  // per-thread slots of the "shared" items, whatever A1's unit
    img.launch.blocks_per_sm = 2;
    img.launch.params = {0, kOutputBase, inputs.empty() ? 0u : inputs[0], inputs.size() > 1 ? inputs[1] : 0u};
    img.launch.const_mem = constants;
    for (auto w : inputs) append_word(img.global_init, w);
    const std::uint32_t out_words = 9 * threads * blocks;
    img.dump = {0, kOutputBase + 4 * out_words};
    return img;
}

std::size_t RandomKernel::instruction_count() const {
    std::size_t n = 0;
    for (const auto& it : items) n += it.lines.size() + it.sub.size();
    return n;
}

RandomKernel generate_kernel(std::uint64_t seed, const GeneratorOptions& opt) {
    Gen g(seed, opt);
    return g.kernel(seed);
}

}  // namespace fgtlm::cosim
