#include "program_hex.hpp"

#include <fgtlm/isa/program_io.hpp>

#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::loaders {

std::vector<std::uint32_t> read_program_hex(const std::filesystem::path& file) {
    if (!std::filesystem::is_regular_file(file))
        throw LoadError(file, 0, std::filesystem::exists(file) ? "not a regular file" : "cannot open");
    try {
        return isa::read_program_hex(file);  // the isa library owns the program.hex format
    } catch (const isa::ProgramIoError& e) {
        throw LoadError(e.what());  // already "file:line: message"
    }
}

}  // namespace fgtlm::loaders
