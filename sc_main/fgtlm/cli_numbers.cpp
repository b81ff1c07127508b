#include "cli_numbers.hpp"

namespace fgtlm::cli {

std::string option_name(const std::string& flags) {
    std::string first;
    std::size_t start = 0;
    while (start <= flags.size()) {
        const std::size_t comma = std::min(flags.find(',', start), flags.size());
        const std::string part = flags.substr(start, comma - start);
        if (part.rfind("--", 0) == 0) return part;
        if (first.empty()) first = part;
        start = comma + 1;
    }
    return first;
}

CLI::Option* add_unsigned_list(CLI::App* sub, const std::string& flags, std::vector<std::uint32_t>& out,
                               const std::string& description, std::uint64_t lo, std::uint64_t hi) {
    const std::string name = option_name(flags);
    return sub
        ->add_option_function<std::vector<std::string>>(
            flags,
            [&out, name, lo, hi](const std::vector<std::string>& texts) {
                out.clear();
                try {
                    for (const std::string& t : texts)
                        out.push_back(std::uint32_t(io::parse_unsigned(t, name, lo, hi)));
                } catch (const std::invalid_argument& e) {
                    throw CLI::ValidationError(e.what());
                }
            },
            description)
        ->delimiter(',');
}

CLI::Option* add_real(CLI::App* sub, const std::string& flags, double& out, const std::string& description, double lo,
                      double hi) {
    const std::string name = option_name(flags);
    return sub->add_option_function<std::string>(
        flags,
        [&out, name, lo, hi](const std::string& text) {
            try {
                out = io::parse_real(text, name, lo, hi);
            } catch (const std::invalid_argument& e) {
                throw CLI::ValidationError(e.what());
            }
        },
        description);
}

}  // namespace fgtlm::cli
