// MemoryUnit: the SM's load/store unit (GLD, GST, R2G, LLD, LST) and its memory controllers,
// each a SystemC module:
//   global   : GlobalMemoryController, initiator socket to global memory (DMI + b_transport)
//   shared   : SharedMemoryController, target socket over the SM's shared memory
//   constant : ConstantMemoryController, target socket over the kernel's constant memory
//   local    : LocalMemoryController, per-thread windows in global memory, carried to `global`
//   shared_store : the unit's initiator into shared memory (R2G, block header/parameters),
//              bound to `shared` unless a user binds a shared memory of their own
// The read stage reaches `shared` and `constant` through its own ports (read.shared,
// read.constant). The unit's function is core::MemoryFunction (core/units/memory_function.hpp):
// it works on the payload and on the memory ports -- global memory through `global`, shared
// memory through `shared_store` -- never on the core. A SystemC module with a TLM-2.0 target
// socket (unit_base.hpp).
#pragma once

#include <fgtlm/sm/memory/global_memory_controller.hpp>
#include <fgtlm/sm/memory/local_memory_controller.hpp>
#include <fgtlm/sm/memory/memory_initiator.hpp>
#include <fgtlm/sm/memory/storage_window.hpp>
#include <fgtlm/sm/units/unit_base.hpp>

namespace fgtlm::sm {

class MemoryUnit final : public UnitBase {
public:
    GlobalMemoryController global;
    SharedMemoryController shared;
    ConstantMemoryController constant;
    LocalMemoryController local;
    MemoryInitiator shared_store;

    MemoryUnit(sc_core::sc_module_name name, core::SmCore& core)
        : UnitBase(name, &function_),
          global("global"),
          shared("shared"),
          constant("constant"),
          local("local", global),
          shared_store("shared_store"),
          function_(core.memory_ports()) {
        shared.attach(core.shared(), core.shared_size());
    }
    const char* kind() const override { return "fgtlm::sm::MemoryUnit"; }

private:
    core::MemoryFunction function_;
};

}  // namespace fgtlm::sm
