// A PTX reference interpreter: the oracle for the compiler's differential tests. It executes the
// parsed PTX (the subset `fgtlm ptxas` accepts, calls excepted) directly, with no SM_1.0 code in
// between: integer operations on 64-bit host words, f32 operations on the host's IEEE-754 single
// precision (round to nearest even, subnormals kept; .ftz flushes operands and results; a NaN
// result is PTX's canonical 0x7fffffff), approximate SFU forms by the host's libm. Threads run one
// after the other up to each bar.sync (then all threads of the block continue), which is CUDA's
// semantics for programs without data races; warp-synchronous programs are outside it.
#pragma once

#include <fgtlm/compiler/ptx.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace fgtlm::compiler {

struct InterpLaunch {
    std::array<std::uint32_t, 3> grid{1, 1, 1};
    std::array<std::uint32_t, 3> block{1, 1, 1};
    std::vector<std::uint64_t> params;             // one value per kernel parameter, in order
    std::map<std::string, std::uint32_t> symbols;  // global address of each .global/.const variable
    std::uint32_t dynamic_shared = 0;              // bytes of extern .shared arrays
    std::uint64_t max_steps = 50'000'000;          // instructions per block before "endless loop?"
};

// Thrown for what the interpreter cannot execute or what PTX leaves undefined (division by
// zero, an address outside memory): "file:line: instruction: why".
class InterpError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Runs kernel `kernel` (its PTX name) of `m` over `global` (bytes from address 0; .global/.const
// variables must already hold their initial bytes at launch.symbols' addresses). `file` names the
// PTX source in errors.
void interpret(const PtxModule& m, const std::string& file, const std::string& kernel, const InterpLaunch& launch,
               std::vector<std::uint8_t>& global);

}  // namespace fgtlm::compiler
