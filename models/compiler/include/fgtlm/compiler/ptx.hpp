// The parsed form of a PTX file (what the PTX parser produces and the lowering pass reads).
// PTX registers are already virtual registers; the parser keeps names and line numbers so
// every later error can name the line and the instruction.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace fgtlm::compiler {

// A compile failure: "file:line: instruction: why" (line 0 = no line applies).
class CompileError : public std::runtime_error {
public:
    CompileError(std::uint32_t line, const std::string& what) : std::runtime_error(what), line_(line) {}
    [[nodiscard]] std::uint32_t line() const { return line_; }

private:
    std::uint32_t line_;
};

struct PtxOperand {
    enum class Kind : std::uint8_t { Reg, Imm, FImm, Sym, Mem, Vec };
    Kind kind = Kind::Reg;
    std::string name;                // Reg/Sym: the name; Mem: base register or symbol ("" = absolute)
    std::int64_t imm = 0;            // Imm: the value; Mem: the byte offset
    std::uint32_t fbits = 0;         // FImm: IEEE single bits (0fXXXXXXXX; a 0d double rounded to nearest)
    bool from_double = false;        // FImm written as a 0d double (only --demote-f64 compiles it)
    bool base_is_reg = false;        // Mem: base is a register (else a symbol or absolute)
    bool negate = false;             // !%p (predicate operands)
    std::vector<std::string> elems;  // Vec: {%r1, %r2, ...}
};

struct PtxInst {
    std::uint32_t line = 0;
    std::string guard;  // predicate register of @%p / @!%p ("" = none)
    bool guard_negated = false;
    std::string opcode;             // "ld"
    std::vector<std::string> mods;  // {"global", "u32"}
    std::vector<PtxOperand> ops;
    std::string text;  // the instruction as written (for messages)

    [[nodiscard]] bool has(const std::string& m) const;
    // The last type modifier (u32, s16, f32, b64, pred, ...), "" if none.
    [[nodiscard]] std::string type() const;
    // The type modifier before the last one (cvt's source type, mul.wide's ...), "" if none.
    [[nodiscard]] std::string type2() const;
};

// One statement of a function body: a label or an instruction.
struct PtxStmt {
    std::string label;  // non-empty: a label
    PtxInst inst;
};

struct PtxVar {
    std::uint32_t line = 0;
    std::string space;  // global, const, shared, local
    std::string name;
    std::string type;  // b8, u32, f32, ...
    std::uint32_t align = 0;
    std::uint32_t size = 0;  // bytes (0 for an extern array)
    bool is_extern = false;
    std::vector<std::uint8_t> init;  // initialiser bytes (empty = zero)
};

struct PtxParam {
    std::string name;
    std::string type;
    std::uint32_t size = 4;
    std::uint32_t offset = 0;  // byte offset in the parameter block
};

struct PtxRegDecl {
    std::string type;
    std::string prefix;       // %r of %r<21>
    std::uint32_t count = 0;  // 0: a single register named `prefix`
};

struct PtxFunction {
    std::uint32_t line = 0;
    bool is_entry = false;
    std::string name;
    std::vector<PtxParam> params;
    std::vector<PtxParam> results;  // .func return values
    std::vector<PtxRegDecl> regs;
    std::vector<PtxVar> vars;  // function-scope .shared/.local
    std::vector<PtxStmt> body;
};

struct PtxModule {
    std::uint32_t address_size = 64;
    std::vector<PtxVar> vars;  // module-scope .global/.const/.shared
    std::vector<PtxFunction> functions;
};

// Parses clang 14's PTX (and hand-written PTX of the same subset). Throws CompileError.
PtxModule parse_ptx(const std::string& text);

}  // namespace fgtlm::compiler
