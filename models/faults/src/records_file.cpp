// JSON Lines files of a campaign: read (with torn-line repair), merge, write.
#include <algorithm>
#include <filesystem>
#include <functional>
#include <fstream>
#include <map>
#include <stdexcept>

#include <fgtlm/faults/backends.hpp>
#include <fgtlm/faults/summary.hpp>
#include <fgtlm/faults/campaign.hpp>
#include <fgtlm/io/number.hpp>
#include <fgtlm/io/output_file.hpp>

#include <fmt/format.h>

namespace fgtlm::faults {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// What is wrong with the first line of a records file, or nothing: every field a merge or a
// resume reads is checked by name here, so a hand-edited header never reaches nlohmann's
// "type must be number" without a file, line and key.
std::string header_problem(const json& h) {
    // fgtlm inject --rtl-flops: the header of models/rtl/include/fgtlm/rtl/flop_campaign.hpp
    if (h.is_object() && h.contains("rtl_flops")) {
        if (!h.at("rtl_flops").is_object()) return "\"rtl_flops\" must be an object";
    } else {
        if (!h.is_object() || !h.contains("campaign")) return "not a campaign header (no \"campaign\" object)";
        try {
            (void)campaign_from_json(h.at("campaign"));
        } catch (const std::invalid_argument& e) {
            return std::string("\"campaign\": ") + e.what();
        }
    }
    for (const char* key : {"injections", "golden_instructions", "format"}) {
        const auto v = h.find(key);
        if (v == h.end() ? std::string(key) == "injections" : !v->is_number_unsigned())
            return fmt::format("\"{}\" must be an unsigned integer, got {}", key,
                               v == h.end() ? std::string("nothing") : io::shown_json(*v));
    }
    if (h.contains("kernel") && !h.at("kernel").is_string())
        return "\"kernel\" must be a string, got " + io::shown_json(h.at("kernel"));
    if (h.contains("cycles_per_instruction") && !h.at("cycles_per_instruction").is_number())
        return "\"cycles_per_instruction\" must be a number";
    return {};
}

// The first top-level field in which two headers differ (for "belongs to another campaign").
std::string first_difference(const json& a, const json& b) {
    for (const auto& [k, v] : a.items())
        if (!b.contains(k) || b.at(k) != v) return k;
    for (const auto& [k, v] : b.items())
        if (!a.contains(k)) return k;
    return "?";
}

}  // namespace

void scan_records(const fs::path& file, bool repair, const std::function<void(json&)>& on_header,
                  const std::function<void(json&, std::size_t)>& on_record) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw std::runtime_error(file.string() + ": cannot open");
    std::string line;
    std::size_t lineno = 0;
    std::uint64_t good_bytes = 0, injections = 0;
    bool torn = false;
    while (std::getline(in, line)) {
        ++lineno;
        const bool complete = !in.eof();  // a last line without newline was cut by an interrupt
        json j;
        try {
            j = json::parse(line);
        } catch (const json::exception&) {
            if (!complete) {
                torn = true;
                break;
            }
            throw std::runtime_error(file.string() + ":" + std::to_string(lineno) + ": not a JSON record");
        }
        if (!complete) {
            torn = true;
            break;
        }
        good_bytes += line.size() + 1;
        const std::string where = file.string() + ":" + std::to_string(lineno) + ": ";
        if (lineno == 1) {
            if (const std::string why = header_problem(j); !why.empty())
                throw std::runtime_error(where + "campaign header: " + why);
            injections = j.at("injections").get<std::uint64_t>();
            on_header(j);
        } else {
            // A record of another campaign size, a class nobody writes: refused, never counted.
            if (const std::string why = record_problem(j, injections); !why.empty())
                throw std::runtime_error(where + "not an injection record of this campaign: " + why);
            on_record(j, lineno);
        }
    }
    if (torn && repair) fs::resize_file(file, good_bytes);
}

RecordsFile read_records(const fs::path& file, bool repair) {
    RecordsFile rf;
    scan_records(
        file, repair, [&](json& h) { rf.header = std::move(h); },
        [&](json& r, std::size_t) { rf.records.push_back(std::move(r)); });
    return rf;
}

RecordsFile merge_records(const std::vector<fs::path>& files) {
    if (files.empty()) throw std::runtime_error("nothing to merge");
    RecordsFile out;
    std::map<std::uint64_t, json> by_id;
    for (const fs::path& f : files) {
        RecordsFile rf = read_records(f);
        if (rf.header.is_null()) continue;  // empty shard file
        if (out.header.is_null())
            out.header = rf.header;
        else if (rf.header != out.header)
            throw std::runtime_error(fmt::format("{}:1: belongs to another campaign than {} (header field {} differs)",
                                                 f.string(), files.front().string(),
                                                 io::shown_text(first_difference(rf.header, out.header))));
        for (json& r : rf.records) {
            const auto id = r.at("id").get<std::uint64_t>();
            auto [it, fresh] = by_id.emplace(id, r);
            if (!fresh && it->second != r)
                throw std::runtime_error(f.string() + ": injection " + std::to_string(id) +
                                         " differs from an earlier record");
        }
    }
    if (out.header.is_null()) throw std::runtime_error("no campaign header in the merged files");
    for (auto& [id, r] : by_id) out.records.push_back(std::move(r));
    return out;
}

void write_records(const fs::path& file, const RecordsFile& rf) {
    io::OutputFile out(file.string());
    out.write(rf.header.dump() + "\n");
    for (const json& r : rf.records) out.write(r.dump() + "\n");
    out.commit();
}

}  // namespace fgtlm::faults
