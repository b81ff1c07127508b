// Machine IR: SASS instructions over virtual registers, in basic blocks with explicit
// terminators. Lowering produces it, structurisation adds SSY/join blocks, register
// allocation maps the virtual registers and emission prints and assembles it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace fgtlm::compiler {

// One SASS instruction. `text` holds placeholders: {d0} {d1} (defined registers), {u0} {u1}
// ... (used registers), a trailing L/H for a 16-bit half ({u0L}), and {g} where a guard
// "(C0.NE)" goes (after the destination operand).
struct MInst {
    std::string text;
    std::vector<int> defs;
    std::vector<int> uses;
    std::uint32_t line = 0;  // PTX line (line map)
    bool partial = false;    // the defs keep part of their old value (guarded, half write)
};

enum class TermKind : std::uint8_t { Jump, Branch, Exit };

struct MBlock {
    std::string name;  // PTX label or a generated name
    std::vector<MInst> insts;
    TermKind term = TermKind::Exit;
    int target = -1;            // Jump/Branch: taken block
    int fall = -1;              // Branch: not-taken block
    int pred = -1;              // Branch: predicate vreg (0 / 0xffffffff)
    bool pred_negated = false;  // Branch: taken when the predicate is false
    bool pred_in_c0 = false;    // Branch: the block's last C0 write is the predicate (peephole.cpp), no pred vreg
    bool uniform = false;       // bra.uni: every thread takes the same way
    bool is_join = false;       // a join block: NOP.S then Jump
    std::uint32_t line = 0;     // PTX line of the terminator
};

struct MFunction {
    std::string name;
    std::vector<MBlock> blocks;  // block 0 is the entry
    int num_vregs = 0;
    std::vector<int> no_spill;  // vregs that must stay in registers (the spill base's own setup)
    std::vector<int> live_out;  // a subroutine's results: live at its RET (a kernel: none)
    std::string label_prefix;   // before the names of generated blocks (a subroutine's, apart from the kernel's)
};

}  // namespace fgtlm::compiler
