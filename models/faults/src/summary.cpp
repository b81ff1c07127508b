#include <fgtlm/faults/summary.hpp>

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include <fgtlm/faults/fault.hpp>
#include <fgtlm/faults/sampling.hpp>

namespace fgtlm::faults {

using nlohmann::json;

std::pair<double, double> wilson_interval(std::uint64_t k, std::uint64_t n, double confidence) {
    if (n == 0) return {0.0, 1.0};
    const double z = z_for_confidence(confidence);
    const double p = double(k) / double(n), nn = double(n);
    const double denom = 1.0 + z * z / nn;
    const double centre = (p + z * z / (2 * nn)) / denom;
    const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / denom;
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

namespace {

void add(ClassCounts& c, const json& r) {
    ++c.injections;
    const std::string cls = r.at("class").get<std::string>();
    if (cls == "Masked")
        ++c.masked;
    else if (cls == "SDC")
        ++c.sdc, c.sdc_words += r.value("sdc_words", std::uint64_t(0));
    else if (cls == "DUE")
        ++c.due;
    else
        ++c.hang;
}

void finish_counts(ClassCounts& c, double confidence) {
    const std::uint64_t failing = c.injections - c.masked;
    c.avf = c.injections ? double(failing) / double(c.injections) : 0.0;
    std::tie(c.avf_low, c.avf_high) = wilson_interval(failing, c.injections, confidence);
}

json counts_json(const ClassCounts& c) {
    return {{"injections", c.injections},
            {"masked", c.masked},
            {"sdc", c.sdc},
            {"due", c.due},
            {"hang", c.hang},
            {"sdc_words", c.sdc_words},
            {"avf", c.avf},
            {"avf_low", c.avf_low},
            {"avf_high", c.avf_high}};
}

}  // namespace

SummaryBuilder::SummaryBuilder(double confidence) { s_.confidence = confidence; }

void SummaryBuilder::add(const json& r) {
    std::string key = r.at("structure").get<std::string>();
    // Appended in two steps: GCC 12 warns falsely (-Wrestrict) on "/" + a temporary string.
    if (const std::string& model = r.at("model").get_ref<const std::string&>(); model != "flip") {
        key += '/';
        key += model;
    }
    faults::add(s_.total, r);
    faults::add(s_.per_structure[key], r);
}

Summary SummaryBuilder::finish() const {
    Summary s = s_;
    s.injected = s.total.injections;
    finish_counts(s.total, s.confidence);
    for (auto& [k, c] : s.per_structure) finish_counts(c, s.confidence);
    return s;
}

Summary summarize(const std::vector<json>& records, double confidence) {
    SummaryBuilder b(confidence);
    for (const json& r : records) b.add(r);
    return b.finish();
}

std::string record_problem(const json& r, std::uint64_t injections) {
    if (!r.is_object()) return "an injection record is a JSON object";
    const auto id = r.find("id");
    if (id == r.end() || !id->is_number_unsigned()) return "\"id\" must be an unsigned integer";
    if (id->get<std::uint64_t>() >= injections)
        return fmt::format("injection {} is beyond the campaign's {} injections", id->get<std::uint64_t>(), injections);
    const auto text = [&](const char* key) {
        const auto v = r.find(key);
        return v != r.end() && v->is_string() ? v->get<std::string>() : std::string("\x01");
    };
    const std::string cls = text("class");
    if (cls != "Masked" && cls != "SDC" && cls != "DUE" && cls != "Hang")
        return "\"class\" must be Masked, SDC, DUE or Hang";
    // A flop-level RTL record (fgtlm inject --rtl-flops) names an RTL unit, not a model structure.
    if (r.contains("flop") ? text("structure").empty() || text("structure") == "\x01"
                           : !parse_structure(text("structure")))
        return "\"structure\" names no structure";
    if (!parse_model(text("model"))) return "\"model\" names no fault model (flip, stuck0, stuck1)";
    if (r.contains("sdc_words") && !r.at("sdc_words").is_number_unsigned())
        return "\"sdc_words\" must be an unsigned integer";
    return {};
}

json to_json(const Summary& s) {
    json j = counts_json(s.total);
    j["confidence"] = s.confidence;
    j["wall_seconds"] = s.wall_seconds;
    j["injected"] = s.injected;
    j["injections_per_second"] = s.wall_seconds > 0 ? double(s.injected) / s.wall_seconds : 0.0;
    json per = json::object();
    for (const auto& [k, c] : s.per_structure) per[k] = counts_json(c);
    j["structures"] = per;
    return j;
}

void print_table(std::ostream& out, const Summary& s) {
    std::size_t w = 14;  // the name column fits the longest name (RTL units are long)
    for (const auto& [k, c] : s.per_structure) w = std::max(w, k.size());
    out << fmt::format("{:<{}} {:>8} {:>8} {:>7} {:>7} {:>7}  {:>7}  {:.0f}% interval\n", "structure", w, "inject",
                       "masked", "SDC", "DUE", "hang", "AVF", s.confidence * 100);
    auto row = [&](const std::string& name, const ClassCounts& c) {
        out << fmt::format("{:<{}} {:>8} {:>8} {:>7} {:>7} {:>7}  {:>6.2f}%  [{:.2f}%, {:.2f}%]\n", name, w,
                           c.injections, c.masked, c.sdc, c.due, c.hang, 100 * c.avf, 100 * c.avf_low,
                           100 * c.avf_high);
    };
    for (const auto& [k, c] : s.per_structure) row(k, c);
    if (s.per_structure.size() > 1) row("all", s.total);
}

std::string svg_plot(const Summary& s, const std::string& title) {
    const int bar = 36, gap = 18, left = 60, top = 40, height = 240;
    const int n = int(s.per_structure.size());
    const int width = left + n * (bar + gap) + 150;
    std::string svg = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"sans-serif\" "
        "font-size=\"11\">\n"
        "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"{}\" y=\"20\" font-size=\"14\">{}</text>\n",
        width, top + height + 70, left, title);
    for (int p = 0; p <= 100; p += 25) {
        const double y = top + height * (1 - p / 100.0);
        svg += fmt::format(
            "<line x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{:.1f}\" "
            "text-anchor=\"end\">{}%</text>\n",
            left - 4, left + n * (bar + gap), y, y, left - 8, y + 4, p);
    }
    const char* colours[4] = {"#9bc59d", "#e4572e", "#f3a712", "#7b6d8d"};
    const char* names[4] = {"Masked", "SDC", "DUE", "Hang"};
    int i = 0;
    for (const auto& [k, c] : s.per_structure) {
        const double x = left + gap / 2.0 + i * (bar + gap);
        const double total = std::max<double>(1, double(c.injections));
        const std::uint64_t parts[4] = {c.masked, c.sdc, c.due, c.hang};
        double y = top + height;
        for (int q = 0; q < 4; ++q) {
            const double h = height * double(parts[q]) / total;
            y -= h;
            svg += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{}\" height=\"{:.1f}\" fill=\"{}\"/>\n", x, y,
                               bar, h, colours[q]);
        }
        // AVF interval, measured from the top (the non-masked part is the top of the bar).
        const double y_lo = top + height * (1 - c.avf_high), y_hi = top + height * (1 - c.avf_low);
        svg += fmt::format(
            "<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1:.1f}\" y2=\"{2:.1f}\" stroke=\"black\"/>"
            "<line x1=\"{3:.1f}\" x2=\"{4:.1f}\" y1=\"{1:.1f}\" y2=\"{1:.1f}\" stroke=\"black\"/>"
            "<line x1=\"{3:.1f}\" x2=\"{4:.1f}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\" stroke=\"black\"/>\n",
            x + bar / 2.0, y_lo, y_hi, x + bar / 2.0 - 5, x + bar / 2.0 + 5);
        svg += fmt::format(
            "<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text><text x=\"{:.1f}\" y=\"{}\" "
            "text-anchor=\"middle\">{:.1f}%</text>\n",
            x + bar / 2.0, top + height + 16, k, x + bar / 2.0, top + height + 30, 100 * c.avf);
        ++i;
    }
    for (int q = 0; q < 4; ++q) {
        const int lx = left + n * (bar + gap) + 20, ly = top + 20 * q;
        svg += fmt::format(
            "<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\"/><text x=\"{}\" y=\"{}\">{}</text>\n", lx,
            ly, colours[q], lx + 18, ly + 10, names[q]);
    }
    svg += fmt::format(
        "<text x=\"{}\" y=\"{}\">AVF (non-masked) below each bar; error bar: {:.0f}% Wilson interval</text>\n", left,
        top + height + 55, 100 * s.confidence);
    return svg + "</svg>\n";
}

}  // namespace fgtlm::faults
