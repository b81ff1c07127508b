// The Verilated model's flip-flops and memories with their place in its root object: the
// table models/rtl/verilator/flop_table.py generates from GHDL's netlist and Verilator's
// header at build time (rtl_flop_table.cpp in the build tree).
#pragma once

#include <cstddef>
#include <cstdint>

namespace fgtlm::rtl::detail {

struct RtlStorage {
    const char* path;          // instance path and signal
    const char* source;        // VHDL file:line
    std::size_t offset;        // byte offset of the variable in the root object
    std::uint32_t width;       // bits per word
    std::uint32_t depth;       // 0: a register; else memory words
    std::uint32_t elem_bytes;  // Verilator's storage: 1, 2, 4 or 8 bytes per element,
    std::uint32_t elem_words;  // times this many (VlWide<N> has N 4-byte words)
};

extern const RtlStorage kRtlStorage[];
extern const std::size_t kRtlStorageCount;

}  // namespace fgtlm::rtl::detail
