// Where the FlexGripPlus RTL reads or runs a kernel differently from NVIDIA's G80 (or from a
// checked model), one named policy per reading: `-p core.rtl.<name>=...` switches one alone
// (difftest bisection), `-p core.semantics=rtl|g80` picks a preset that sets them all. The
// table in models/core/README.md ("RTL policies") gives the VHDL behind each.
//
// The decode readings are applied once per instruction word (apply_semantics, Program); the
// run-time ones are read from the core's configuration at launch or on the path that would
// otherwise stop the kernel (an address outside a memory, a misaligned access), never as a
// per-instruction check on the hot path.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace fgtlm::core {

enum class Semantics : unsigned char {
    Rtl,  // bit-exact to FlexGripPlus: every policy below on
    G80,  // NVIDIA's hardware / cuobjdump reading of the same words: every policy off
};

// What a misaligned global, shared or constant access does.
enum class Misaligned : unsigned char {
    Fault,  // a DUE (G80, and the model's checks)
    Bytes,  // memory_controller.vhd reads/writes `size` bytes from the address itself, one by one
};

struct RtlPolicy {
    // Decode readings (apply_semantics, semantics.cpp).
    bool fp_negation = true;          // FADD32I/FMUL32I/FMUL32/FMAD32 negation bits (src1_neg/src2_neg)
    bool fp_immediate_source = true;  // FADD32I/FMUL32I first source = bits 9-15 (7-bit field)
    bool constant_move = true;        // MVC ignores Ak and never post-increments
    bool flag_moves = true;           // P2R writes R0 from the guard's register; R2P reads R0
    bool i2f_half_unsigned = true;    // I2F.S16 of a register half is not sign-extended
    bool conversion_source = true;    // I2F/F2I/F2F/RRO/SFU shared offset = bits 9-15
    bool operand_fields = true;       // ALU source fields where pipeline_decode finds them
    bool constant_ungathered = true;  // an ALU constant second source ignores its Ak
    bool shared_offset_bits = true;   // integer ALU shared first source offset = bits 9-12
    bool field_as_immediate = true;   // bit 52: a register second source reads its number
    bool logic_op = true;             // LOP ignores ~ and PASS_B is ~a
    bool scalar_processor = true;     // IMUL/IMAD no .HI, IMAD 16-bit, I2I no .SAT
    bool operand_widths = true;       // ISET/IMIN/IMAX/IADDC/SHL widths and carries
    bool constant_word_reads = true;  // a 16-bit op's constant is a word (G80: a half word)
    bool address_increment = true;    // R2G/I2I g[Ak+=off]: Ak is never incremented (no register number)
    bool undecoded_fp_subop = true;   // FMUL sub-op 2 has no ALU decode: the scalar processor writes 0
    bool zero_word_nop = true;        // the all-zero word (not SM_1.0) runs as a 4-byte no-op
    bool undescribed_bits = true;     // bits no field of the format describes are ignored
    bool unknown_words = true;        // words the SM_1.0 table lacks run as the decode stage reads them
    bool unknown_flow_stalls = true;  // a flow word the branch unit does not know stalls the SM
    bool global_access_types = true;  // GLD/GST .64/.128/.S32 move one byte (no such read-stage type)
    bool output_register = true;      // bit 35 (o[N] destination) is ignored: the result goes to R[N]
    // Run-time readings (resolved at launch).
    bool unit_flags = true;            // flags and carries as the RTL's execute stage sets them
    bool operand_latches = true;       // second/third-operand and ALU latches (rtl_alu_latch.hpp)
    bool single_constant_bank = true;  // c[b][off] has no bank term (G80: 16 banks)
    bool register_fields = true;       // raw field 124 reads 0 / 127 is not written (G80: R124)
    bool guarded_return = true;        // RET on a non-empty stack returns the whole warp
    bool end_marker_runs_on = true;    // the warp runs past an end marker to nvcc's RET
    bool join_empty_stack = true;      // a join on an empty stack restores the initial mask
    bool barrier_counts_exits = true;  // a warp that exits while others wait at BAR deadlocks
    bool full_partial_warps = true;    // a partial warp runs all 32 lanes
    // Where the model would stop (a DUE under g80): what the RTL does instead.
    std::uint8_t global_address_bits = 18;       // 0: checked; else an address outside the memory keeps its low N bits
    std::uint8_t shared_address_bits = 14;       // the same for shared memory (SHMEM_ADDR_SIZE)
    std::uint8_t constant_address_bits = 13;     // and constant memory (CMEM_ADDR_SIZE)
    std::uint8_t instruction_address_bits = 18;  // a fetch keeps PC bits N-1..2 (SYSMEM_ADDR_SIZE); 0: DUE
    Misaligned misaligned = Misaligned::Bytes;
    bool register_alias = true;  // a launch over-allocating registers runs; warps alias (warp_id_calc.vhd)
    bool mif_truncate = true;    // global_mem.mif lines past the memory are ignored (dp_ram.vhd init_mem)

    [[nodiscard]] static RtlPolicy preset(Semantics s);
};

// "rtl" / "g80"; false for anything else.
bool parse_semantics(std::string_view text, Semantics& out);
// "bytes" / "fault"; false for anything else.
bool parse_misaligned(std::string_view text, Misaligned& out);
const char* to_string(Misaligned m);

// The boolean policies by name (core.rtl.<name>), for parameter lists and the README table.
struct RtlPolicyFlag {
    const char* name;
    bool RtlPolicy::*field;
    const char* description;
};
extern const std::array<RtlPolicyFlag, 33> kRtlPolicyFlags;

// The address-width policies by name (core.rtl.<name>).
struct RtlPolicyWidth {
    const char* name;
    std::uint8_t RtlPolicy::*field;
    const char* description;
};
extern const std::array<RtlPolicyWidth, 4> kRtlPolicyWidths;

}  // namespace fgtlm::core
