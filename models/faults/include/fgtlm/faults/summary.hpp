// Campaign summary from its JSON Lines records: counts per class and structure, the AVF
// (fraction of injections that are not masked) with its Wilson score interval, a text table
// and an SVG plot.
#pragma once

#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace fgtlm::faults {

struct ClassCounts {
    std::uint64_t injections = 0, masked = 0, sdc = 0, due = 0, hang = 0;
    std::uint64_t sdc_words = 0;  // sum over SDC injections of the corrupted output words
    double avf = 0.0, avf_low = 0.0, avf_high = 0.0;
};

struct Summary {
    ClassCounts total;
    std::map<std::string, ClassCounts> per_structure;  // key "gpr" or "gpr/stuck0"
    double confidence = 0.99;
    double wall_seconds = 0.0;
    std::uint64_t injected = 0;  // injections run in wall_seconds (less than total when resumed)
};

// Wilson score interval for k successes in n trials at `confidence`.
std::pair<double, double> wilson_interval(std::uint64_t k, std::uint64_t n, double confidence);

// A summary built one record at a time: a campaign streams its records (to the JSON Lines
// file) and keeps only these counts, whatever its size.
class SummaryBuilder {
public:
    explicit SummaryBuilder(double confidence);
    void add(const nlohmann::json& record);  // a record checked by record_problem()
    [[nodiscard]] Summary finish() const;
    [[nodiscard]] std::uint64_t records() const { return s_.total.injections; }

private:
    Summary s_;
};

Summary summarize(const std::vector<nlohmann::json>& records, double confidence);

// Empty when `record` is an injection record of a campaign of `injections` injections (id
// below it, class Masked/SDC/DUE/Hang, known structure and model), else what is wrong.
std::string record_problem(const nlohmann::json& record, std::uint64_t injections);
nlohmann::json to_json(const Summary& s);
void print_table(std::ostream& out, const Summary& s);
// Stacked bars (masked/SDC/DUE/hang) per structure with the AVF interval as an error bar.
std::string svg_plot(const Summary& s, const std::string& title);

}  // namespace fgtlm::faults
