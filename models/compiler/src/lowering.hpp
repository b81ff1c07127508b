// Lowering: one PTX function -> machine IR (SASS over virtual registers). The opcode groups
// live in their own files (lower_int.cpp, lower_float.cpp, lower_memory.cpp,
// lower_special.cpp); this class holds what they share.
#pragma once

#include "mir.hpp"

#include <map>
#include <set>
#include <string>

#include <fgtlm/compiler/module.hpp>
#include <fgtlm/compiler/ptx.hpp>

namespace fgtlm::compiler {

// Where every symbol the function may name lives.
// A software float function compiled once as a subroutine (compile.cpp): its entry label and the physical
// registers of its argument and result words (-1: a word it never reads).
struct SubroutineAbi {
    std::string label;
    std::vector<int> args, result;
};

struct SymbolLayout {
    std::map<std::string, std::uint32_t> shared;  // byte offset in the block's shared window
    std::map<std::string, std::uint32_t> global;  // global-memory byte address (.global, .const)
    std::map<std::string, PtxParam> params;
    std::map<std::string, std::uint32_t> local;  // byte offset in a thread's local window
    std::uint32_t local_bytes = 0;               // per thread
    std::uint32_t local_base = 0;                // shared-window offset of thread 0's local window
    std::uint32_t spill_offset = 0;              // spill slots' byte offset in the local window
    std::uint32_t spill_slots = 0;               // reserved 32-bit spill slots (A2/A3 point at them)
    std::uint32_t address_size = 32;
    std::map<std::string, SubroutineAbi> subroutines;  // float_subroutines: by software function name
};

class Lowerer {
public:
    Lowerer(const PtxFunction& f, const SymbolLayout& layout, const CompileOptions& opts);
    MFunction run();

    // Shared by the opcode groups.
    int vreg(const std::string& ptx_reg);
    // The vreg of a PTX register the function used, or -1 (after run() too).
    int find_vreg(const std::string& ptx_reg) const {
        const auto it = vregs_.find(ptx_reg);
        return it == vregs_.end() ? -1 : it->second;
    }
    // The high word of a 64-bit PTX register (the low word is vreg(ptx_reg)).
    int vreg_hi(const std::string& ptx_reg) { return vreg(ptx_reg + ".hi"); }
    // A register declared .b64/.u64/.s64.
    bool is_wide_reg(const std::string& name) const;
    int temp();
    // A register holding the operand: a PTX register, or an immediate materialised with MVI.
    int value(const PtxOperand& o);
    int imm(std::uint32_t v);
    void emit(const std::string& text, std::vector<int> defs, std::vector<int> uses, bool partial = false);
    [[noreturn]] void refuse(const std::string& why) const;
    const PtxInst& inst() const { return *cur_; }
    const SymbolLayout& layout() const { return layout_; }
    const CompileOptions& options() const { return opts_; }
    // The destination (operand 0) register.
    int dst() { return dst_override_ >= 0 ? dst_override_ : vreg(reg_name(0)); }
    const std::string& reg_name(std::size_t i) const;
    std::uint32_t operand_imm(std::size_t i) const;

private:
    bool lower_inst(const PtxInst& in);  // false: guarded, and its code cannot take the guard (nothing emitted)
    bool guarded(std::size_t first, const PtxInst& in);
    void guard_by_branch(const PtxInst& in);
    void refuse_without_sm10_meaning(const PtxInst& in) const;
    void check_form(const PtxInst& in) const;
    bool apply_guard(std::size_t first, const PtxInst& in);
    void unguardable_to_register(std::vector<MInst>& out, MInst m);
    void split_blocks(const PtxFunction& f);
    void emit_spill_base();
    void lower_subroutine_call(const PtxInst& in);
    void end_block(TermKind kind);
    static bool reads_own_dest(const PtxInst& in);
    int dst_override_ = -1;

    const PtxFunction& f_;
    const SymbolLayout& layout_;
    const CompileOptions& opts_;
    const PtxInst* cur_ = nullptr;
    MFunction out_;
    std::map<std::string, int> vregs_;
    std::set<int> temps_;  // vregs made by temp(): no PTX register lives in them
    std::map<std::string, int> labels_;
    std::vector<std::string> pending_targets_;  // per block: the PTX label it branches to
};

// Opcode groups: each returns false if the opcode is not theirs.
bool lower_integer(Lowerer& l);
bool lower_float(Lowerer& l);
bool lower_memory(Lowerer& l);
bool lower_special(Lowerer& l);
bool lower_convert(Lowerer& l);
// RTL-safe float sequences (lower_float_seq.cpp).
void float_compare(Lowerer& l, int d, int a, int b, const std::string& cmp);
void float_add(Lowerer& l, int d, int a, int b, bool negate_b);
void float_minmax(Lowerer& l, int d, int a, int b, bool is_min);
void u32_to_float(Lowerer& l, int d, int v);
void s32_to_float(Lowerer& l, int d, int v);
void float_to_int(Lowerer& l, int d, int x, const std::string& mode, bool is_signed);
bool is_special_register(const std::string& name);
// d = clamp(d, 0.0, 1.0) (.sat; NaN -> 0) and testp (lower_float_class.cpp).
void float_saturate(Lowerer& l, int d);
void float_testp(Lowerer& l);
// d = shared-window address of byte `offset` of this thread's local window.
void emit_local_address(Lowerer& l, int d, std::uint32_t offset);
// Register holding the byte address of a memory operand plus `extra` (lower_memory.cpp).
int memory_address(Lowerer& l, const PtxOperand& m, std::uint32_t extra);
// 8/16-bit ld/st of shared (and local) memory (lower_shared_narrow.cpp).
void shared_narrow(Lowerer& l, const PtxInst& in, bool store);
// A narrow (8/16-bit) operand extended as the type says (lower_int.cpp); v itself otherwise.
int narrow_operand(Lowerer& l, int v, const std::string& type);
// Comparison text of a PTX setp/set/slct comparison (lt -> LT ...); "" if none.
std::string compare_name(const std::string& cmp);
// An immediate as SASS text ("0x1f"), for the instructions the lowering passes emit.
std::string hex(std::uint32_t v);

}  // namespace fgtlm::compiler
