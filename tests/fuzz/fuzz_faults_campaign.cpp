// libFuzzer target: `fgtlm inject --campaign` files: JSON text -> campaign_from_json.
// Checks: no crash; every failure is std::invalid_argument with a message; a campaign that
// loads keeps its probabilities in range and a hang factor of at least 1.
#include <fgtlm/faults/campaign.hpp>

#include <nlohmann/json.hpp>

#include "fuzz_files.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(data, data + size);
    } catch (const nlohmann::json::exception&) {
        return 0;  // not JSON: `fgtlm inject` reports the file; nothing of the campaign code runs
    }
    try {
        const fgtlm::faults::CampaignSpec s = fgtlm::faults::campaign_from_json(j);
        if (!(s.confidence > 0.0 && s.confidence < 1.0)) fgtlm::fuzz::finding("confidence out of (0, 1)");
        if (!(s.margin >= 0.0 && s.margin < 1.0)) fgtlm::fuzz::finding("margin out of [0, 1)");
        if (!(s.hang_factor >= 1.0)) fgtlm::fuzz::finding("hang_factor below 1");
    } catch (const std::invalid_argument& e) {
        if (std::string(e.what()).empty()) fgtlm::fuzz::finding("an empty message");
    }
    return 0;
}
