// The ISA registry: every instruction set the tool knows, behind one interface.
//
// Each back end is table-driven (a format table mirroring its seed document, operand codecs,
// its customary syntax) and lives in its own folder under models/isa/src/<backend>/. SM_1.0
// (the machine the model runs) is one of them, wrapped by a thin adapter. Instruction memory
// is always a sequence of 32-bit words (program.hex, or little-endian 32-bit words on disk);
// a back end decides how many words one instruction takes.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fgtlm::isa {

// One decoded instruction as text. `words` = words consumed (>= 1 even on error, so a
// listing can go on); `error` non-empty = the words are not a documented instruction.
struct IsaDecoded {
    std::string text;
    std::uint32_t words = 1;
    std::string error;
    [[nodiscard]] bool ok() const { return error.empty(); }
};

// One assembled instruction. `error` non-empty = the text is not a documented instruction;
// `column` = 0-based offset into the text where the problem is.
struct IsaEncoded {
    std::vector<std::uint32_t> words;
    std::string error;
    std::uint32_t column = 0;
    [[nodiscard]] bool ok() const { return error.empty(); }
};

// Program-level results (listing / assembly of a whole file).
struct IsaListing {
    std::string text;                  // one line per instruction, each ending in '\n'
    std::vector<std::string> errors;   // "illegal instruction at 0x0008: ..." per bad word
};
struct IsaProgram {
    std::vector<std::uint32_t> words;
    std::vector<std::string> errors;   // "file:line:column: error: message"
    [[nodiscard]] bool ok() const { return errors.empty(); }
};

class IsaBackend {
public:
    virtual ~IsaBackend() = default;
    [[nodiscard]] virtual std::string_view name() const = 0;      // "gcn1.2"
    [[nodiscard]] virtual std::string_view title() const = 0;     // one line for `fgtlm isa list`
    [[nodiscard]] virtual std::string_view seed() const = 0;      // seed document it follows
    [[nodiscard]] virtual std::string_view coverage() const = 0;  // what it decodes; what is unknown

    // Decodes the instruction whose first word is words[0], at byte address `address`.
    // Strict: succeeds only if re-encoding the result gives back exactly the words consumed.
    [[nodiscard]] virtual IsaDecoded disassemble_one(std::span<const std::uint32_t> words,
                                                     std::uint32_t address) const = 0;
    // Parses one instruction in the back end's syntax (optional trailing `;`).
    [[nodiscard]] virtual IsaEncoded assemble_one(std::string_view text) const = 0;

    // Whole programs. The defaults work line by line: comments (`//`, `#`), blank lines;
    // the listing shows `/*addr*/ text /* words */`. SM_1.0 overrides both with its own
    // (labels, pairing of 32-bit forms, end marker).
    [[nodiscard]] virtual IsaListing disassemble_program(std::span<const std::uint32_t> words,
                                                         bool text_only) const;
    [[nodiscard]] virtual IsaProgram assemble_program(std::string_view source, std::string_view filename) const;
};

// Every registered back end, in `fgtlm isa list` order (sm10 first).
[[nodiscard]] std::span<const IsaBackend* const> isa_backends();
// The back end called `name`, or nullptr.
[[nodiscard]] const IsaBackend* find_isa(std::string_view name);
// "sm10, fermi, gcn1.0, ..." for error messages.
[[nodiscard]] std::string isa_names();

}  // namespace fgtlm::isa
