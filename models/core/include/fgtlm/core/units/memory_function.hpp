// The memory unit (load/store unit) of the SM: GLD/GST (global memory), R2G (shared
// memory), LLD/LST (local memory: per-thread windows in global memory) and S2R.
//
// The unit is a unit in its own right: it works on the warp operation it is handed (the
// instruction, the active mask, the 32-lane address and data rows in
// ExecContext::mem_operands, which the core gathers before the unit runs) and on its memory
// controllers (MemoryPorts). It never reaches into the core: a kernel error is returned in
// ExecContext::error, and the core records it. So a replacement memory unit bound to the SM
// (sm::MemoryUnit's socket) needs nothing but the payload and memory ports of its own.
#pragma once

#include <cstdint>
#include <string>

#include <fgtlm/core/memory_port.hpp>
#include <fgtlm/core/rtl_memory_access.hpp>
#include <fgtlm/core/issue_record.hpp>
#include <fgtlm/core/units/unit_function.hpp>
#include <fgtlm/isa/instruction.hpp>

namespace fgtlm::core {

// The memory unit's operands, gathered by the core from the register file before the unit
// runs (memory_operands.cpp): the rows the instruction addresses, so the unit needs no core access.
struct MemOperands {
    const std::uint32_t* addr = nullptr;  // per-lane address: GPR (GLD/GST) or A-register (R2G, LLD/LST)
    const std::uint32_t* data[4] = {};    // store data, one row per 32-bit word (.64/.128: consecutive registers)
    std::uint32_t shared_base = 0;        // R2G: the block's shared-memory window
    std::uint64_t local_base = 0;         // LLD/LST: global address of lane 0's local window
    std::uint64_t local_stride = 0;       // LLD/LST: local bytes per thread
    std::uint32_t special = 0;            // S2R: the special register's value
    bool summarize = false;               // fill the timing summary (segments, bank conflicts)
};

// Where the memory unit's accesses go (SmCore fills them; sm::MemoryUnit wires its controllers).
struct MemoryPorts {
    MemoryPort* global = nullptr;  // global memory controller
    MemoryPort* local = nullptr;   // local memory controller (per-thread windows in global memory)
    MemoryPort* shared = nullptr;  // shared-memory controller (R2G), `shared_bytes` long
    std::uint32_t shared_bytes = 0;
    // Undefined-value tracking (SmCore::set_undefined_tracking), nullptr when off: one byte per
    // shared byte / global byte, non-zero = undefined.
    std::uint8_t* shared_taint = nullptr;
    std::uint8_t* global_shadow = nullptr;
    std::uint64_t global_shadow_size = 0;
    // What the RTL does where the model would stop (SmCore fills them from its RtlPolicy):
    // accesses outside the memory or misaligned, counted in `events` (nullptr: none).
    RtlSpace rtl_global;
    RtlSpace rtl_shared;
    RtlEvents* events = nullptr;
};

// Adds the slow-path latency a memory port accumulated during one warp operation to the
// issue record, whatever the exit (memory and texture units, shared/constant operands).
struct PortLatencyToRecord {
    MemoryPort* port;
    std::uint32_t& cycles;  // IssueRecord::mem.latency_cycles or operand_latency_cycles
    ~PortLatencyToRecord() {
        cycles += std::uint32_t(port->pending_cycles);
        port->pending_cycles = 0;
    }
};

class MemoryFunction final : public UnitFunction {
public:
    explicit MemoryFunction(const MemoryPorts& ports) : ports_(ports) {}
    bool execute(ExecContext& op) override;
    // A loaded lane into the result rows (GLD and LLD share it).
    static void write_loaded(ExecContext& op, std::uint32_t lane, const std::uint8_t* bytes, std::uint32_t size,
                             isa::DataType type);

private:
    // One function per job.
    bool store_shared(ExecContext& op);                              // R2G: g[Ak + off] = Rs
    bool access_global(ExecContext& op);                             // GLD/GST: coalescing summary, then the lanes
    bool access_global_direct(ExecContext& op, std::uint32_t size);  // all lanes in the DMI window
    bool load_global_lane(ExecContext& op, std::uint32_t lane, isa::DataType type);
    bool store_global_lane(ExecContext& op, std::uint32_t lane, std::uint32_t size);
    void track_global_lane(ExecContext& op, std::uint32_t lane, std::uint32_t size, bool store) const;
    // The RTL's access where the model would stop (memory_function_rtl.cpp).
    bool rtl_global_lane(ExecContext& op, std::uint32_t lane, std::uint32_t size, isa::DataType type, bool store);
    bool rtl_shared_store(ExecContext& op, std::uint32_t addr, const std::uint8_t* bytes, std::uint32_t size);
    bool access_local(ExecContext& op);         // LLD/LST (memory_function_local.cpp)
    static void read_special(ExecContext& op);  // S2R: the value the core supplied
    static MemAccessSummary& describe_access(ExecContext& op, MemSpace space, bool store, std::uint32_t size);

    const MemoryPorts& ports_;
};

}  // namespace fgtlm::core
