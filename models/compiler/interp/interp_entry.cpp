// interpret(): finds the kernel and runs it.
#include "interp.hpp"

namespace fgtlm::compiler {

void interpret(const PtxModule& m, const std::string& file, const std::string& kernel, const InterpLaunch& launch,
               std::vector<std::uint8_t>& global) {
    for (const PtxFunction& f : m.functions)
        if (f.is_entry && f.name == kernel) {
            interp::Machine(m, f, launch, global, file).run();
            return;
        }
    throw InterpError(file + ": no kernel named " + kernel);
}

}  // namespace fgtlm::compiler
