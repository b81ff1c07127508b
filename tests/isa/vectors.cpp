#include "vectors.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace fgtlm::isa::test {

std::string shared_dir() { return FGTLM_DATA_DIR; }

std::vector<Vector> load_vectors() {
    const std::string path = shared_dir() + "/isa/vectors.tsv";
    std::ifstream f(path);
    if (!f) throw std::runtime_error("cannot open " + path);
    std::vector<Vector> out;
    std::string line;
    int n = 0;
    while (std::getline(f, line)) {
        ++n;
        if (n == 1) continue;  // header
        std::stringstream ss(line);
        std::string hi, lo, text;
        std::getline(ss, hi, '\t');
        std::getline(ss, lo, '\t');
        std::getline(ss, text, '\t');
        if (lo.empty()) continue;
        Vector v;
        v.line = n;
        v.lo = static_cast<std::uint32_t>(std::stoul(lo, nullptr, 16));
        v.is_long = !hi.empty();
        v.hi = v.is_long ? static_cast<std::uint32_t>(std::stoul(hi, nullptr, 16)) : 0u;
        v.certain = text.empty() || text[0] != '?';
        v.text = v.certain ? text : text.substr(1);
        out.push_back(v);
    }
    return out;
}

}  // namespace fgtlm::isa::test
