// Per-warp comparison of two commit traces.
#include <fgtlm/cosim/commit_diff.hpp>

#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include <fgtlm/cosim/rtl_build.hpp>
#include <fgtlm/io/number.hpp>
#include <fgtlm/io/text.hpp>

namespace fgtlm::cosim {

namespace fs = std::filesystem;

namespace {

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(' ');
    const auto e = s.find_last_not_of(' ');
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

CommitRecord parse_line(const std::string& line, const fs::path& file, std::size_t lineno) {
    const auto bad = [&](const std::string& why) {
        return CosimError(fmt::format("{}:{}: {}: {}", file.string(), lineno, why, io::escape_and_cut(line, 200)));
    };
    // The disassembly may hold bars itself (|R3|): the header ends at the first " | ", the
    // destination starts after the last " | " (or the line ends with " |").
    const auto bar1 = line.find(" | ");
    std::size_t bar2 = std::string::npos;
    if (bar1 != std::string::npos) {
        if (line.size() >= 2 && line.compare(line.size() - 2, 2, " |") == 0)
            bar2 = line.size() - 1;
        else if (const auto last = line.rfind(" | "); last != bar1)
            bar2 = last + 1;
    }
    if (bar1 == std::string::npos || bar2 == std::string::npos || bar2 <= bar1 + 1)
        throw bad("expected `cycle sm block warp pc mask | text | dst = values`");
    CommitRecord r;
    r.line = line;
    std::istringstream head(line.substr(0, bar1));
    std::string f[6];
    if (!(head >> f[0] >> f[1] >> f[2] >> f[3] >> f[4] >> f[5]))
        throw bad("expected 6 header fields (cycle sm block warp pc mask)");
    // io's checked parser: a sign, a 20-digit or a junk field is an error naming it, never a
    // wrapped value (istream's >> takes "-1" as 2^64-1).
    try {
        r.cycle = io::parse_unsigned(f[0], "cycle");
        r.sm = std::uint32_t(io::parse_unsigned(f[1], "sm", 0, 0xffffffffu));
        r.block = std::uint32_t(io::parse_unsigned(f[2], "block", 0, 0xffffffffu));
        r.warp = std::uint32_t(io::parse_unsigned(f[3], "warp", 0, 0xffffffffu));
        r.pc = std::uint32_t(io::parse_hex(f[4], "pc", 0xffffffffu));
        r.mask = std::uint32_t(io::parse_hex(f[5], "mask", 0xffffffffu));
    } catch (const std::invalid_argument& e) {
        throw bad(e.what());
    }
    r.text = trim(line.substr(bar1 + 3, bar2 - bar1 - 3));
    const std::string tail = trim(line.substr(bar2 + 1));
    if (tail.empty()) return r;
    std::istringstream t(tail);
    std::string eq;
    if (!(t >> r.dst >> eq) || eq != "=") throw bad("expected `dst = values`");
    for (std::size_t lane = 0; lane < 32; ++lane) {
        std::string v;
        if (!(t >> v)) throw bad("fewer than 32 lane values");
        if (v == "-" || v.find_first_of("uUxX") != std::string::npos) continue;
        if (v == "nowrite") {
            r.values[lane] = kNotWritten;
            continue;
        }
        try {
            r.values[lane] = io::parse_hex(v, fmt::format("lane {} value", lane), 0xffffffffu);
        } catch (const std::invalid_argument& e) {
            throw bad(e.what());
        }
    }
    return r;
}

std::vector<std::string> context(const std::vector<const CommitRecord*>& s, std::size_t i) {
    std::vector<std::string> c;
    for (std::size_t k = i >= 3 ? i - 3 : 0; k <= i && k < s.size(); ++k) c.push_back(s[k]->line);
    return c;
}

std::string hex(std::uint64_t v) { return v == kNotWritten ? std::string("not written") : fmt::format("{:08x}", v); }

// First difference between two commits of the same warp position, or nullopt.
std::optional<Divergence> compare(const CommitRecord& a, const CommitRecord& b) {
    Divergence d;
    d.block = a.block;
    d.warp = a.warp;
    d.pc = a.pc;
    d.instruction = a.text;
    d.rtl_cycle = a.cycle;
    if (a.pc != b.pc) {
        d.what = "pc";
        d.rtl_value = fmt::format("{:04x}", a.pc);
        d.model_value = fmt::format("{:04x}", b.pc);
        return d;
    }
    if (a.mask != b.mask) {
        d.what = "active mask";
        d.rtl_value = hex(a.mask);
        d.model_value = hex(b.mask);
        return d;
    }
    if (a.dst != b.dst) {
        d.what = "destination";
        d.rtl_value = a.dst.empty() ? "none" : a.dst;
        d.model_value = b.dst.empty() ? "none" : b.dst;
        return d;
    }
    for (std::uint32_t lane = 0; lane < 32; ++lane) {
        if (((a.mask >> lane) & 1u) == 0 || !a.values[lane] || !b.values[lane]) continue;
        if (*a.values[lane] != *b.values[lane]) {
            d.what = fmt::format("{} lane {}", a.dst, lane);
            d.rtl_value = hex(*a.values[lane]);
            d.model_value = hex(*b.values[lane]);
            return d;
        }
    }
    return std::nullopt;
}

}  // namespace

std::vector<CommitRecord> read_commit_trace(const fs::path& file) {
    std::ifstream in(file);
    if (!in) throw CosimError(file.string() + ": cannot open commit trace");
    std::vector<CommitRecord> out;
    std::string line;
    std::size_t lineno = 0;
    while (std::getline(in, line)) {
        ++lineno;
        if (line.empty() || line[0] == '#') continue;
        out.push_back(parse_line(line, file, lineno));
    }
    return out;
}

CommitDiff diff_commit_traces(const std::vector<CommitRecord>& rtl, const std::vector<CommitRecord>& model) {
    using Key = std::pair<std::uint32_t, std::uint32_t>;  // block, warp
    std::map<Key, std::vector<const CommitRecord*>> r, m;
    for (const auto& c : rtl) r[{c.block, c.warp}].push_back(&c);
    for (const auto& c : model) m[{c.block, c.warp}].push_back(&c);
    CommitDiff diff;
    diff.rtl_commits = rtl.size();
    diff.model_commits = model.size();
    std::size_t compared = 0;
    const auto consider = [&](Divergence d) {
        if (!diff.first || d.rtl_cycle < diff.first->rtl_cycle) diff.first = std::move(d);
    };
    std::map<Key, bool> keys;
    for (const auto& [k, v] : r) keys[k] = true;
    for (const auto& [k, v] : m) keys[k] = true;
    for (const auto& [k, unused] : keys) {
        const auto& rs = r[k];
        const auto& ms = m[k];
        const std::size_t n = std::min(rs.size(), ms.size());
        std::size_t i = 0;
        for (; i < n; ++i) {
            if (auto d = compare(*rs[i], *ms[i])) {
                d->index = i;
                d->rtl_context = context(rs, i);
                d->model_context = context(ms, i);
                consider(std::move(*d));
                break;
            }
        }
        compared += i;
        if (i == n && rs.size() != ms.size()) {
            Divergence d;
            d.block = k.first;
            d.warp = k.second;
            d.index = n;
            const bool rtl_longer = rs.size() > ms.size();
            const CommitRecord& extra = rtl_longer ? *rs[n] : *ms[n];
            d.pc = extra.pc;
            d.instruction = extra.text;
            d.rtl_cycle = rtl_longer ? extra.cycle : (n > 0 ? rs[n - 1]->cycle : 0);
            d.what = rtl_longer ? "commit missing in the model" : "commit missing in the RTL";
            d.rtl_value = fmt::format("{} commits", rs.size());
            d.model_value = fmt::format("{} commits", ms.size());
            d.rtl_context = context(rs, std::min(n, rs.empty() ? 0 : rs.size() - 1));
            d.model_context = context(ms, std::min(n, ms.empty() ? 0 : ms.size() - 1));
            consider(std::move(d));
        }
    }
    diff.compared = compared;
    return diff;
}

}  // namespace fgtlm::cosim
