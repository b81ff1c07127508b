#include "program_hex.hpp"

#include <fgtlm/isa/program_io.hpp>

#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::loaders {

std::vector<std::uint32_t> read_program_hex(const std::filesystem::path& file) {
    if (!std::filesystem::is_regular_file(file))
        throw LoadError(file, 0, std::filesystem::exists(file) ? "not a regular file" : "cannot open");
    try {
        // The isa library owns the program.hex format; a kernel needs at least one word (an
        // empty or comment-only file would otherwise run as an illegal instruction at PC 0).
        std::vector<std::uint32_t> words = isa::read_program_hex(file);
        if (words.empty()) throw LoadError(file, 0, "no instructions (the file is empty or only comments)");
        return words;
    } catch (const isa::ProgramIoError& e) {
        throw LoadError(e.what());  // already "file:line: message"
    }
}

}  // namespace fgtlm::loaders
