#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::loaders {

LoadError::LoadError(const std::filesystem::path& file, std::size_t line, const std::string& what)
    : std::runtime_error(file.string() + (line ? ":" + std::to_string(line) : std::string()) + ": " + what) {}

std::size_t comparable_words(const KernelImage& img) {
    std::size_t n = 0;
    for (const auto& r : img.expected)
        for (const auto& w : r.words) n += w.has_value() ? 1 : 0;
    return n;
}

}  // namespace fgtlm::loaders
