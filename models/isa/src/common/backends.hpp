// The back ends the registry lists; each is defined in its own folder under src/.
#pragma once

#include <fgtlm/isa/registry.hpp>

namespace fgtlm::isa {

[[nodiscard]] const IsaBackend& sm10_backend();      // src/sm10/
[[nodiscard]] const IsaBackend& fermi_backend();     // src/fermi/
[[nodiscard]] const IsaBackend& gcn10_backend();     // src/gcn/ (GCN 1.0/1.1)
[[nodiscard]] const IsaBackend& gcn12_backend();     // src/gcn/
[[nodiscard]] const IsaBackend& gcn14_backend();     // src/gcn/
[[nodiscard]] const IsaBackend& maxwell_backend();   // src/maxwell/
[[nodiscard]] const IsaBackend& usse_backend();      // src/usse/

}  // namespace fgtlm::isa
