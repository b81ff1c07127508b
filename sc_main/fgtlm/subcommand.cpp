#include "subcommand.hpp"

namespace fgtlm::cli {

std::vector<SubcommandEntry>& subcommand_registry() {
    static std::vector<SubcommandEntry> registry;  // function-local: safe from static-init order
    return registry;
}

}  // namespace fgtlm::cli
