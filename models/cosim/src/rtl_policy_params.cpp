#include <fgtlm/cosim/rtl_policy_params.hpp>

namespace fgtlm::cosim {

namespace {

bool was_set(const params::Registry& reg, const std::string& name) { return reg.find(name).source != "default"; }

}  // namespace

void declare_rtl_policy_params(params::Registry& reg) {
    reg.declare_string("core.semantics", "rtl",
                       "preset of every core.rtl.* policy: rtl = bit-exact FlexGripPlus, g80 = NVIDIA hardware "
                       "(a core.rtl.* value that is set overrides its preset)");
    const core::RtlPolicy rtl = core::RtlPolicy::preset(core::Semantics::Rtl);
    for (const core::RtlPolicyFlag& f : core::kRtlPolicyFlags)
        reg.declare_bool(std::string("core.rtl.") + f.name, rtl.*f.field, f.description);
    for (const core::RtlPolicyWidth& w : core::kRtlPolicyWidths)
        reg.declare_int(std::string("core.rtl.") + w.name, rtl.*w.field, w.description, "bits", 0, 32);
    reg.declare_string("core.rtl.misaligned", core::to_string(rtl.misaligned),
                       "a misaligned global/shared/constant access: bytes = the RTL's byte-by-byte access at the "
                       "address itself, fault = a misaligned-access DUE");
}

std::string resolve_rtl_policy(const params::Registry& reg, core::RtlPolicy& out) {
    core::Semantics preset{};
    if (!core::parse_semantics(reg.get_string("core.semantics"), preset))
        return "core.semantics must be rtl or g80 (got '" + reg.get_string("core.semantics") + "')";
    out = core::RtlPolicy::preset(preset);
    for (const core::RtlPolicyFlag& f : core::kRtlPolicyFlags) {
        const std::string name = std::string("core.rtl.") + f.name;
        if (was_set(reg, name)) out.*f.field = reg.get_bool(name);
    }
    for (const core::RtlPolicyWidth& w : core::kRtlPolicyWidths) {
        const std::string name = std::string("core.rtl.") + w.name;
        if (was_set(reg, name)) out.*w.field = static_cast<std::uint8_t>(reg.get_int(name));
    }
    const std::string& mis = reg.get_string("core.rtl.misaligned");
    if (was_set(reg, "core.rtl.misaligned") && !core::parse_misaligned(mis, out.misaligned))
        return "core.rtl.misaligned must be bytes or fault (got '" + mis + "')";
    return {};
}

std::string show_preset_values(params::Registry& reg) {
    core::RtlPolicy policy;
    if (std::string error = resolve_rtl_policy(reg, policy); !error.empty()) return error;
    const std::string source = "core.semantics=" + reg.get_string("core.semantics");
    auto show = [&](const std::string& name, const params::Value& value) {
        if (!was_set(reg, name) && reg.find(name).value != value) reg.set(name, value, source);
    };
    for (const core::RtlPolicyFlag& f : core::kRtlPolicyFlags) show(std::string("core.rtl.") + f.name, policy.*f.field);
    for (const core::RtlPolicyWidth& w : core::kRtlPolicyWidths)
        show(std::string("core.rtl.") + w.name, std::int64_t{policy.*w.field});
    show("core.rtl.misaligned", std::string(core::to_string(policy.misaligned)));
    return {};
}

}  // namespace fgtlm::cosim
