// Numeric command-line options through io's one checked parser: a negative, overflowing,
// fractional, NaN or infinite value is a CLI11 validation error naming the option (exit 2
// path of CLI11), never a wrap (--cores 4294967297 -> 1, --max-cycles -1 -> 2^64-1).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include <fgtlm/io/number.hpp>

namespace fgtlm::cli {

// The option's name for messages: its long form ("--count") or the first one given.
std::string option_name(const std::string& flags);

// An unsigned option in [lo, hi] stored into `out` (any unsigned or signed integer type).
template <class T>
CLI::Option* add_unsigned(CLI::App* sub, const std::string& flags, T& out, const std::string& description,
                          std::uint64_t lo, std::uint64_t hi) {
    const std::string name = option_name(flags);
    return sub->add_option_function<std::string>(
        flags,
        [&out, name, lo, hi](const std::string& text) {
            try {
                out = T(io::parse_unsigned(text, name, lo, hi));
            } catch (const std::invalid_argument& e) {
                throw CLI::ValidationError(e.what());
            }
        },
        description);
}

// A comma-separated list (or repeated option) of unsigned numbers in [lo, hi].
CLI::Option* add_unsigned_list(CLI::App* sub, const std::string& flags, std::vector<std::uint32_t>& out,
                               const std::string& description, std::uint64_t lo, std::uint64_t hi);

// A finite real option in [lo, hi].
CLI::Option* add_real(CLI::App* sub, const std::string& flags, double& out, const std::string& description, double lo,
                      double hi);

}  // namespace fgtlm::cli
