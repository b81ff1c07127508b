#include <fgtlm/faults/fault.hpp>

#include <array>

namespace fgtlm::faults {

namespace {
constexpr std::array<std::string_view, std::size_t(Structure::Count)> kStructureNames = {
    "gpr", "pred", "areg", "shared", "const", "global", "inst", "pc", "mask", "stack", "barrier",
    "sp", "fpu", "sfu"};
constexpr std::array<std::string_view, 3> kModelNames = {"flip", "stuck0", "stuck1"};
}  // namespace

std::string_view to_string(Structure s) { return kStructureNames[std::size_t(s)]; }
std::string_view to_string(FaultModel m) { return kModelNames[std::size_t(m)]; }

std::optional<Structure> parse_structure(std::string_view name) {
    for (std::size_t i = 0; i < kStructureNames.size(); ++i)
        if (kStructureNames[i] == name) return Structure(i);
    return std::nullopt;
}

std::optional<FaultModel> parse_model(std::string_view name) {
    for (std::size_t i = 0; i < kModelNames.size(); ++i)
        if (kModelNames[i] == name) return FaultModel(i);
    if (name == "stuck-at-0") return FaultModel::Stuck0;
    if (name == "stuck-at-1") return FaultModel::Stuck1;
    return std::nullopt;
}

}  // namespace fgtlm::faults
