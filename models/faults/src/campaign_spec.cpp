// The campaign description as JSON (the --campaign file, the Slurm shards' input, the header
// of every JSON Lines file).
#include <stdexcept>

#include <fgtlm/faults/campaign.hpp>

namespace fgtlm::faults {

using nlohmann::json;

namespace {

Structure structure_named(const std::string& s) {
    const auto v = parse_structure(s);
    if (!v)
        throw std::invalid_argument("unknown structure '" + s +
                                    "' (gpr pred areg shared const global inst pc mask stack barrier sp fpu sfu)");
    return *v;
}

FaultModel model_named(const std::string& s) {
    const auto v = parse_model(s);
    if (!v) throw std::invalid_argument("unknown fault model '" + s + "' (flip, stuck0, stuck1)");
    return *v;
}

template <class T>
void get(const json& j, const char* key, T& out) {
    if (j.contains(key)) out = j.at(key).get<T>();
}

}  // namespace

CampaignSpec campaign_from_json(const json& j) {
    if (!j.is_object()) throw std::invalid_argument("a campaign description is a JSON object");
    static const char* const kKeys[] = {"target", "plans", "seed", "exhaustive", "at_instruction", "at_cycle",
                                        "count", "margin", "confidence", "hang_factor", "model"};
    for (const auto& [k, v] : j.items()) {
        bool known = false;
        for (const char* key : kKeys) known = known || k == key;
        if (!known) throw std::invalid_argument("unknown campaign key '" + k + "'");
    }
    CampaignSpec s;
    try {
        if (j.contains("target")) {
            const json& t = j.at("target");
            get(t, "path", s.target.path);
            get(t, "flexgrip", s.target.flexgrip);
            get(t, "grid", s.target.grid);
            get(t, "block", s.target.block);
            get(t, "params", s.target.params);
            get(t, "global_init", s.target.global_init);
            get(t, "regs", s.target.regs);
            get(t, "shared", s.target.shared);
            get(t, "blocks_per_sm", s.target.blocks_per_sm);
        }
        FaultModel default_model = FaultModel::Flip;
        if (j.contains("model")) default_model = model_named(j.at("model").get<std::string>());
        if (j.contains("plans")) {
            for (const json& p : j.at("plans")) {
                StructurePlan plan;
                plan.model = default_model;
                if (p.is_string()) {
                    plan.structure = structure_named(p.get<std::string>());
                } else {
                    plan.structure = structure_named(p.at("structure").get<std::string>());
                    if (p.contains("model")) plan.model = model_named(p.at("model").get<std::string>());
                    get(p, "count", plan.count);
                }
                s.plans.push_back(plan);
            }
        }
        get(j, "seed", s.seed);
        get(j, "exhaustive", s.exhaustive);
        if (j.contains("at_instruction")) s.at_instruction = j.at("at_instruction").get<std::uint64_t>();
        if (j.contains("at_cycle")) s.at_cycle = j.at("at_cycle").get<std::uint64_t>();
        get(j, "count", s.count);
        get(j, "margin", s.margin);
        get(j, "confidence", s.confidence);
        get(j, "hang_factor", s.hang_factor);
    } catch (const json::exception& e) {
        throw std::invalid_argument(std::string("campaign description: ") + e.what());
    }
    if (s.confidence <= 0.0 || s.confidence >= 1.0) throw std::invalid_argument("confidence must be in (0, 1)");
    if (s.margin < 0.0 || s.margin >= 1.0) throw std::invalid_argument("margin must be in [0, 1)");
    if (s.hang_factor < 1.0) throw std::invalid_argument("hang_factor must be at least 1");
    return s;
}

json to_json(const CampaignSpec& s) {
    json j;
    j["target"] = {{"path", s.target.path}, {"flexgrip", s.target.flexgrip}, {"grid", s.target.grid},
                   {"block", s.target.block}, {"params", s.target.params}, {"global_init", s.target.global_init},
                   {"regs", s.target.regs}, {"shared", s.target.shared}, {"blocks_per_sm", s.target.blocks_per_sm}};
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
    return j;
}

}  // namespace fgtlm::faults
