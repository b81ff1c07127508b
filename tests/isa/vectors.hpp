// Reader for tests/data/isa/vectors.tsv (hi, lo, text, source, ocr_fixed).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace fgtlm::isa::test {

struct Vector {
    std::uint32_t lo = 0;
    std::uint32_t hi = 0;
    bool is_long = false;
    std::string text;     // without the leading '?'
    bool certain = true;  // text did not start with '?'
    int line = 0;
};

std::string shared_dir();
std::vector<Vector> load_vectors();  // throws std::runtime_error when the file is missing

}  // namespace fgtlm::isa::test
