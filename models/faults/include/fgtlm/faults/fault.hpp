// What a fault is: where it strikes (structure + site coordinates), how (fault model) and when
// (the dynamic warp instruction before which, or during which, it acts).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fgtlm::faults {

// The SM structures a fault can hit. Each has a fixed, static bit space for a given launch
// (see space.hpp); sites outside the live state at the fault's time are simply masked.
enum class Structure : std::uint8_t {
    Gpr,      // general-purpose register file: register row (warp*regs+reg), lane, bit
    Pred,     // predicate flags C0-C3: warp, register, lane, flag bit (Z,S,C,O)
    Areg,     // address registers A1-A7: warp, register, lane, bit
    Shared,   // shared memory: byte, bit (the resident blocks' windows)
    Const,    // constant memory: byte, bit (the kernel's constant image)
    Global,   // global memory: byte, bit (the initialised and output ranges)
    Inst,     // the instruction word at fetch: bit of the word(s) fetched at that instruction
    Pc,       // a warp's program counter: warp, bit
    Mask,     // a warp's active mask: warp, bit (= lane)
    Stack,    // divergence/call stack entries: warp, entry, field (0 pc, 1 mask), bit
    Barrier,  // barrier state: a resident block's arrived-warps counter, bit
    SpResult, // result of an SP (integer/move) instruction: lane, bit
    FpuResult,// result of an FPU instruction (FADD/FMUL/FMAD/FSET/FMIN/FMAX/RRO/conversions)
    SfuResult,// result of an SFU instruction (RCP/RSQ/LG2/SIN/COS/EX2)
    Count
};

enum class FaultModel : std::uint8_t {
    Flip,    // transient: the bit is inverted once, at `time`
    Stuck0,  // permanent: the bit reads 0 from `time` to the end of the kernel
    Stuck1,  // permanent: the bit reads 1
};

std::string_view to_string(Structure s);
std::string_view to_string(FaultModel m);
std::optional<Structure> parse_structure(std::string_view name);
std::optional<FaultModel> parse_model(std::string_view name);

struct Fault {
    Structure structure = Structure::Gpr;
    FaultModel model = FaultModel::Flip;
    std::uint64_t time = 0;  // dynamic warp instruction index (0 = before the first instruction)
    // Site coordinates; their meaning depends on the structure (see Structure).
    std::uint32_t a = 0, b = 0, c = 0;
    std::uint32_t bit = 0;

    friend bool operator==(const Fault&, const Fault&) = default;
};

}  // namespace fgtlm::faults
