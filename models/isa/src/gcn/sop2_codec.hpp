// GCN SOP2 words <-> fields <-> AMD assembler text (`s_add_u32 s0, s1, s2`).
#pragma once

#include "sop2_table.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fgtlm::isa::gcn {

struct Sop2 {
    const Mnemonic* m = nullptr;
    unsigned sdst = 0, ssrc0 = 0, ssrc1 = 0;
    std::uint32_t literal = 0;
    [[nodiscard]] bool has_literal() const { return ssrc0 == 255 || ssrc1 == 255; }
    [[nodiscard]] unsigned words() const { return has_literal() ? 2 : 1; }
};

struct Sop2Decode {
    Sop2 inst;
    std::string error;   // empty on success
};
// Strict decode of the SOP2 instruction at words[0] (+ its literal dword).
[[nodiscard]] Sop2Decode decode_sop2(Version v, std::span<const std::uint32_t> words);
// Encoding fields: ssrc0 0-7, ssrc1 8-15, sdst 16-22, opcode 23-29, 0b10 in 30-31.
[[nodiscard]] std::vector<std::uint32_t> encode_sop2(Version v, const Sop2& inst);
[[nodiscard]] std::string format_sop2(Version v, const Sop2& inst);

struct Sop2Parse {
    Sop2 inst;
    std::string error;
    std::uint32_t column = 0;
};
[[nodiscard]] Sop2Parse parse_sop2(Version v, std::string_view text);

}  // namespace fgtlm::isa::gcn
