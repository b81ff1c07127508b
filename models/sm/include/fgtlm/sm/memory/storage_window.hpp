// A TLM-2.0 target over storage the SM's execution core owns (shared memory, constant
// memory). Any number of initiators bind to it: the read stage's operand ports, the memory
// unit's store port, debuggers, probes, fault injectors. b_transport reads/writes inside
// [0, size) with no delay (the unit that accesses charges the time), transport_dbg copies
// without side effects, and DMI is granted for the whole window (the core's fast path).
// Out-of-range accesses get TLM_ADDRESS_ERROR_RESPONSE, writes to a read-only window
// TLM_COMMAND_ERROR_RESPONSE.
#pragma once

#include <cstdint>

#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>

namespace fgtlm::sm {

class StorageWindow : public sc_core::sc_module {
public:
    // Zero or more initiators (an unbound window is legal: nothing reaches it).
    tlm_utils::multi_passthrough_target_socket<StorageWindow, 32, tlm::tlm_base_protocol_types, 0,
                                               sc_core::SC_ZERO_OR_MORE_BOUND>
        socket;

    StorageWindow(sc_core::sc_module_name name, bool writable);
    // Points the window at `size` bytes at `data` (revokes DMI pointers handed out before).
    void attach(std::uint8_t* data, std::uint64_t size);
    [[nodiscard]] std::uint64_t size() const { return size_; }
    [[nodiscard]] std::uint8_t* data() const { return data_; }

private:
    void b_transport(int initiator, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
    bool get_direct_mem_ptr(int initiator, tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi);
    unsigned int transport_dbg(int initiator, tlm::tlm_generic_payload& trans);

    std::uint8_t* data_ = nullptr;
    std::uint64_t size_ = 0;
    bool writable_;
};

// Shared memory of the SM (16 KiB in FlexGripPlus; per-block windows are the core's layout):
// the read stage's `shared` port and the memory unit's `shared_store` port reach it.
class SharedMemoryController final : public StorageWindow {
public:
    explicit SharedMemoryController(sc_core::sc_module_name name) : StorageWindow(name, true) {}
    const char* kind() const override { return "fgtlm::sm::SharedMemoryController"; }
};

// Constant memory as the SM sees it for the running kernel (read-only): the read stage's
// `constant` port reaches it.
class ConstantMemoryController final : public StorageWindow {
public:
    explicit ConstantMemoryController(sc_core::sc_module_name name) : StorageWindow(name, false) {}
    const char* kind() const override { return "fgtlm::sm::ConstantMemoryController"; }
};

}  // namespace fgtlm::sm
