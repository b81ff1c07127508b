// A TLM-2.0 target over storage the SM's execution core owns (shared memory, constant
// memory, the register file's arrays). b_transport reads/writes inside [0, size) with no
// delay (the owning unit charges the time), transport_dbg copies without side effects, and
// DMI is granted for the whole window, so debuggers, probes, fault injectors and snapshot
// tools reach the state through standard sockets. Out-of-range accesses get
// TLM_ADDRESS_ERROR_RESPONSE, writes to a read-only window TLM_COMMAND_ERROR_RESPONSE.
#pragma once

#include <cstdint>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

namespace fgtlm::sm {

class StorageWindow : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket_optional<StorageWindow> socket;  // may stay unbound

    StorageWindow(sc_core::sc_module_name name, bool writable);
    // Points the window at `size` bytes at `data` (revokes DMI pointers handed out before).
    void attach(std::uint8_t* data, std::uint64_t size);
    [[nodiscard]] std::uint64_t size() const { return size_; }
    [[nodiscard]] std::uint8_t* data() const { return data_; }

private:
    void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi);
    unsigned int transport_dbg(tlm::tlm_generic_payload& trans);

    std::uint8_t* data_ = nullptr;
    std::uint64_t size_ = 0;
    bool writable_;
};

// Shared memory of the SM (16 KiB in FlexGripPlus; per-block windows are the core's layout).
class SharedMemoryController final : public StorageWindow {
public:
    explicit SharedMemoryController(sc_core::sc_module_name name) : StorageWindow(name, true) {}
    const char* kind() const override { return "fgtlm::sm::SharedMemoryController"; }
};

// Constant memory as the SM sees it for the running kernel (read-only).
class ConstantMemoryController final : public StorageWindow {
public:
    explicit ConstantMemoryController(sc_core::sc_module_name name) : StorageWindow(name, false) {}
    const char* kind() const override { return "fgtlm::sm::ConstantMemoryController"; }
};

}  // namespace fgtlm::sm
