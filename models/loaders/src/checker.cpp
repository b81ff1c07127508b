#include <fgtlm/loaders/checker.hpp>

#include <cstdio>
#include <cstring>

namespace fgtlm::loaders {

CheckReport check_global(const KernelImage& img, const std::uint8_t* mem, std::uint64_t mem_size,
                         const std::uint8_t* shadow) {
    CheckReport r;
    r.mem_size = mem_size;
    for (const auto& range : img.expected) {
        for (std::size_t j = 0; j < range.words.size(); ++j) {
            const std::uint64_t a = range.addr + 4 * std::uint64_t(j);
            if (!range.words[j]) {
                ++r.skipped_null;
                continue;
            }
            if (a + 4 > mem_size) {
                r.mismatches.push_back({std::uint32_t(a), *range.words[j], 0, true});
                continue;
            }
            if (shadow != nullptr && (shadow[a] | shadow[a + 1] | shadow[a + 2] | shadow[a + 3])) {
                ++r.skipped_undefined;
                continue;
            }
            std::uint32_t got;
            std::memcpy(&got, mem + a, 4);
            ++r.compared;
            if (got != *range.words[j]) r.mismatches.push_back({std::uint32_t(a), *range.words[j], got});
        }
    }
    return r;
}

std::string format_report(const std::string& name, const CheckReport& r, std::size_t max_lines) {
    std::string out;
    char line[160];
    if (r.pass()) {
        std::snprintf(line, sizeof line, "PASS %s (%zu words compared", name.c_str(), r.compared);
        out += line;
    } else {
        std::snprintf(line, sizeof line, "FAIL %s: %zu words differ (of %zu compared", name.c_str(),
                      r.mismatches.size(),
                      r.compared + (r.mismatches.size() > r.compared ? r.mismatches.size() - r.compared : 0));
        out += line;
    }
    if (r.skipped_null) out += ", " + std::to_string(r.skipped_null) + " null";
    if (r.skipped_undefined) out += ", " + std::to_string(r.skipped_undefined) + " derived from undefined input bytes";
    out += ")\n";
    for (std::size_t i = 0; i < r.mismatches.size() && i < max_lines; ++i) {
        const auto& m = r.mismatches[i];
        if (m.outside)
            std::snprintf(line, sizeof line,
                          "  0x%05X: expected 0x%08X, but the address is outside the %llu-byte global memory\n", m.addr,
                          m.expected, static_cast<unsigned long long>(r.mem_size));
        else
            std::snprintf(line, sizeof line, "  0x%05X: expected 0x%08X got 0x%08X\n", m.addr, m.expected, m.got);
        out += line;
    }
    if (r.mismatches.size() > max_lines)
        out += "  ... and " + std::to_string(r.mismatches.size() - max_lines) + " more\n";
    return out;
}

}  // namespace fgtlm::loaders
