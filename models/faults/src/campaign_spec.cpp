// The campaign description as JSON (the --campaign file, the Slurm shards' input, the header
// of every JSON Lines file).
#include <algorithm>
#include <initializer_list>
#include <stdexcept>

#include <fgtlm/faults/campaign.hpp>
#include <fgtlm/io/number.hpp>
#include <fgtlm/io/text.hpp>

namespace fgtlm::faults {

using nlohmann::json;

namespace {

Structure structure_named(const std::string& s) {
    const auto v = parse_structure(s);
    if (!v)
        throw std::invalid_argument("unknown structure " + io::shown_text(s) +
                                    " (gpr pred areg shared const global inst pc mask stack barrier sp fpu sfu)");
    return *v;
}

FaultModel model_named(const std::string& s) {
    const auto v = parse_model(s);
    if (!v) throw std::invalid_argument("unknown fault model " + io::shown_text(s) + " (flip, stuck0, stuck1)");
    return *v;
}

// Every number goes through io's checked parser: -1, 2.9, 1e30 or NaN is an error naming the
// field, never 2^64-1, 2 or 0.
std::uint64_t unsigned_field(const json& j, const char* key, std::uint64_t lo, std::uint64_t hi) {
    return io::json_unsigned(j.at(key), std::string("campaign description: ") + key, lo, hi);
}

template <class T>
void get_unsigned(const json& j, const char* key, T& out, std::uint64_t lo, std::uint64_t hi) {
    if (j.contains(key)) out = T(unsigned_field(j, key, lo, hi));
}

void get_real(const json& j, const char* key, double& out, double lo, double hi) {
    if (j.contains(key)) out = io::json_real(j.at(key), std::string("campaign description: ") + key, lo, hi);
}

// Strings and flags are checked by type here too, so a wrong type names the key instead of
// surfacing as nlohmann's "type must be string, but is number".
const json& typed(const json& j, const char* key, bool want_string, const std::string& prefix) {
    const json& v = j.at(key);
    if (want_string ? !v.is_string() : !v.is_boolean())
        throw std::invalid_argument(prefix + key + ": must be " + (want_string ? "a string" : "true or false") +
                                    ", got " + io::shown_json(v));
    return v;
}

void get(const json& j, const char* key, std::string& out, const std::string& prefix = "campaign description: ") {
    if (j.contains(key)) out = typed(j, key, true, prefix).get<std::string>();
}

void get(const json& j, const char* key, bool& out, const std::string& prefix = "campaign description: ") {
    if (j.contains(key)) out = typed(j, key, false, prefix).get<bool>();
}

std::string string_field(const json& j, const char* key, const std::string& prefix) {
    std::string s;
    if (!j.contains(key)) throw std::invalid_argument(prefix + key + ": missing");
    get(j, key, s, prefix);
    return s;
}

std::vector<std::uint32_t> unsigned_list(const json& j, const char* key, std::uint64_t lo, std::uint64_t hi,
                                         std::size_t max_size) {
    const json& v = j.at(key);
    const std::string name = std::string("campaign description: target.") + key;
    if (!v.is_array() || v.empty() || v.size() > max_size)
        throw std::invalid_argument(name + ": must be an array of 1 to " + std::to_string(max_size) + " numbers");
    std::vector<std::uint32_t> out;
    for (std::size_t i = 0; i < v.size(); ++i)
        out.push_back(std::uint32_t(io::json_unsigned(v[i], name + "[" + std::to_string(i) + "]", lo, hi)));
    return out;
}

// A key of object `o` not in `keys` is a typo that would silently be ignored: refused, naming
// where (`at`: "campaign description: plans[0]") and the keys there are.
void refuse_unknown_keys(const json& o, std::initializer_list<const char*> keys, const std::string& at) {
    for (const auto& [k, v] : o.items()) {
        bool known = false;
        for (const char* key : keys) known = known || k == key;
        if (known) continue;
        std::string list;
        for (const char* key : keys) list += (list.empty() ? "" : ", ") + std::string(key);
        throw std::invalid_argument(at + ": unknown key " + io::shown_text(k) + " (keys: " + list + ")");
    }
}

// An array of 0 to max_size strings (a MODULE's --param texts, --const SYMBOL=FILE).
std::vector<std::string> string_list(const json& j, const char* key, std::size_t max_size) {
    const json& v = j.at(key);
    const std::string name = std::string("campaign description: target.") + key;
    if (!v.is_array() || v.size() > max_size)
        throw std::invalid_argument(name + ": must be an array of at most " + std::to_string(max_size) + " strings");
    std::vector<std::string> out;
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (!v[i].is_string())
            throw std::invalid_argument(name + "[" + std::to_string(i) + "]: must be a string, got " +
                                        io::shown_json(v[i]));
        out.push_back(v[i].get<std::string>());
    }
    return out;
}

// "params": words (numbers), or a MODULE's parameter texts ("-1", "1.5") when they are strings.
void read_params(const json& t, TargetSpec& s) {
    s.params.clear();
    s.module_params.clear();
    const json& v = t.at("params");
    const bool texts = v.is_array() && !v.empty() && std::all_of(v.begin(), v.end(), [](const json& e) {
        return e.is_string();
    });
    if (texts)
        s.module_params = string_list(t, "params", 64);
    else if (!v.is_array() || !v.empty())
        s.params = unsigned_list(t, "params", 0, 0xffffffffu, 64);
}

// The MODULE keys (loaders::LaunchTarget: kernel, dynamic_shared, const).
void read_module_keys(const json& t, TargetSpec& s) {
    get(t, "kernel", s.kernel, "campaign description: target.");
    get_unsigned(t, "dynamic_shared", s.dynamic_shared, 0, 16384);
    if (t.contains("const")) s.consts = string_list(t, "const", 64);
}

void read_target(const json& t, TargetSpec& s) {
    if (!t.is_object()) throw std::invalid_argument("campaign description: target: must be an object");
    refuse_unknown_keys(t, {"path", "flexgrip", "grid", "block", "params", "global_init", "regs", "shared",
                            "blocks_per_sm", "kernel", "dynamic_shared", "const"},
                        "campaign description: target");
    const std::string at = "campaign description: target.";
    get(t, "path", s.target, at);
    get(t, "flexgrip", s.flexgrip, at);
    if (t.contains("grid")) s.grid = unsigned_list(t, "grid", 1, 0xffff, 2);
    if (t.contains("block")) s.block = unsigned_list(t, "block", 1, 0xffff, 3);
    if (t.contains("params")) read_params(t, s);
    read_module_keys(t, s);
    get(t, "global_init", s.global_init, at);
    get_unsigned(t, "regs", s.regs, 0, 0xffffffffu);
    get_unsigned(t, "shared", s.shared, 0, 0xffffffffu);
    get_unsigned(t, "blocks_per_sm", s.blocks_per_sm, 0, 0xffffffffu);
}

void read_plans(const json& plans, FaultModel default_model, std::vector<StructurePlan>& out) {
    if (!plans.is_array()) throw std::invalid_argument("campaign description: plans: must be an array");
    for (std::size_t i = 0; i < plans.size(); ++i) {
        const json& p = plans[i];
        const std::string at = "campaign description: plans[" + std::to_string(i) + "].";
        StructurePlan plan;
        plan.model = default_model;
        if (p.is_string()) {
            plan.structure = structure_named(p.get<std::string>());
        } else if (p.is_object()) {
            refuse_unknown_keys(p, {"structure", "model", "count"}, at.substr(0, at.size() - 1));
            plan.structure = structure_named(string_field(p, "structure", at));
            if (p.contains("model")) plan.model = model_named(string_field(p, "model", at));
            if (p.contains("count"))  // 0: the campaign's count
                plan.count = io::json_unsigned(p.at("count"), at + "count", 0, kMaxInjections);
        } else {
            throw std::invalid_argument(at.substr(0, at.size() - 1) + ": must be a structure name or an object");
        }
        out.push_back(plan);
    }
}

}  // namespace

CampaignSpec campaign_from_json(const json& j) {
    if (!j.is_object()) throw std::invalid_argument("a campaign description is a JSON object");
    static const char* const kKeys[] = {"target",         "plans",       "seed",  "exhaustive",
                                        "at_instruction", "at_cycle",    "count", "margin",
                                        "confidence",     "hang_factor", "model", "max_instructions"};
    for (const auto& [k, v] : j.items()) {
        bool known = false;
        for (const char* key : kKeys) known = known || k == key;
        if (!known) throw std::invalid_argument("unknown campaign key " + io::shown_text(k));
    }
    CampaignSpec s;
    try {
        if (j.contains("target")) read_target(j.at("target"), s.target);
        FaultModel default_model = FaultModel::Flip;
        if (j.contains("model")) default_model = model_named(string_field(j, "model", "campaign description: "));
        if (j.contains("plans")) read_plans(j.at("plans"), default_model, s.plans);
        get_unsigned(j, "seed", s.seed, 0, io::kU64Max);
        get(j, "exhaustive", s.exhaustive);
        if (j.contains("at_instruction")) s.at_instruction = unsigned_field(j, "at_instruction", 0, io::kU64Max);
        if (j.contains("at_cycle")) s.at_cycle = unsigned_field(j, "at_cycle", 0, io::kU64Max);
        get_unsigned(j, "count", s.count, 1, kMaxInjections);
        get_unsigned(j, "max_instructions", s.max_instructions, 1, kMaxGoldenInstructions);
        get_real(j, "margin", s.margin, 0.0, 0.5);
        get_real(j, "confidence", s.confidence, 0.5, 0.999999);
        get_real(j, "hang_factor", s.hang_factor, 1.0, 1e6);
    } catch (const json::exception& e) {
        throw std::invalid_argument("campaign description: " + io::json_error_text(e.what()));
    }
    return s;
}

json to_json(const CampaignSpec& s) {
    json j;
    j["target"] = {{"path", s.target.target},
                   {"flexgrip", s.target.flexgrip},
                   {"params", s.target.params},
                   {"global_init", s.target.global_init},
                   {"regs", s.target.regs},
                   {"shared", s.target.shared},
                   {"blocks_per_sm", s.target.blocks_per_sm}};
    // Only when given: a missing grid or block is 1 with a warning, as for `fgtlm run`.
    if (!s.target.grid.empty()) j["target"]["grid"] = s.target.grid;
    if (!s.target.block.empty()) j["target"]["block"] = s.target.block;
    // MODULE keys only when given, so the headers of earlier campaign files stay equal (resume).
    if (!s.target.module_params.empty()) j["target"]["params"] = s.target.module_params;
    if (!s.target.kernel.empty()) j["target"]["kernel"] = s.target.kernel;
    if (s.target.dynamic_shared != 0) j["target"]["dynamic_shared"] = s.target.dynamic_shared;
    if (!s.target.consts.empty()) j["target"]["const"] = s.target.consts;
    json plans = json::array();
    for (const auto& p : s.plans)
        plans.push_back({{"structure", to_string(p.structure)}, {"model", to_string(p.model)}, {"count", p.count}});
    j["plans"] = plans;
    j["seed"] = s.seed;
    j["exhaustive"] = s.exhaustive;
    if (s.at_instruction) j["at_instruction"] = *s.at_instruction;
    if (s.at_cycle) j["at_cycle"] = *s.at_cycle;
    j["count"] = s.count;
    j["margin"] = s.margin;
    j["confidence"] = s.confidence;
    j["hang_factor"] = s.hang_factor;
    // Written only when set, so the headers of earlier campaign files stay equal (resume).
    if (s.max_instructions != kDefaultGoldenInstructions) j["max_instructions"] = s.max_instructions;
    return j;
}

}  // namespace fgtlm::faults
