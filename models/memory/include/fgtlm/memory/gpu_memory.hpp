// A TLM-2.0 memory target: FlexGripPlus global memory (256 KiB) and instruction memory.
//
// Behaviour (documented in models/memory/README.md):
//  * b_transport: READ/WRITE of any length inside [0, size); the annotated delay grows by
//    `read_latency`/`write_latency` per transaction. Byte addressing: no alignment rule
//    (FlexGripPlus memories are byte arrays; the SM checks alignment itself).
//  * Byte enables are honoured (a disabled byte is neither read into the buffer nor written).
//  * Streaming width smaller than the length -> TLM_BURST_ERROR_RESPONSE.
//  * Addresses outside the memory -> TLM_ADDRESS_ERROR_RESPONSE (nothing transferred).
//  * TLM_IGNORE_COMMAND -> TLM_OK_RESPONSE, nothing transferred.
//  * DMI is granted for the whole memory (read and write) unless `dmi_enabled` is false;
//    invalidate_dmi() revokes pointers handed out (e.g. before resizing or when a test wants
//    to force the b_transport path).
//  * transport_dbg: no timing, clips the transfer at the end of memory, returns the number
//    of bytes copied (0 for an address outside the memory).
#pragma once

#include <cstdint>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

namespace fgtlm::memory {

class GpuMemory : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<GpuMemory> socket;

    GpuMemory(sc_core::sc_module_name name, std::uint64_t size_bytes,
           sc_core::sc_time read_latency = sc_core::SC_ZERO_TIME,
           sc_core::sc_time write_latency = sc_core::SC_ZERO_TIME);

    [[nodiscard]] std::uint64_t size() const { return data_.size(); }
    // Direct host-side access (loaders, checkers): the same bytes DMI exposes.
    std::uint8_t* data() { return data_.data(); }
    [[nodiscard]] const std::uint8_t* data() const { return data_.data(); }
    void fill(std::uint8_t value);

    void set_dmi_enabled(bool on);
    [[nodiscard]] bool dmi_enabled() const { return dmi_enabled_; }
    void invalidate_dmi();

    // Counters (transactions through b_transport / debug).
    std::uint64_t reads = 0, writes = 0, debug_accesses = 0, errors = 0;

private:
    void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi);
    unsigned int transport_dbg(tlm::tlm_generic_payload& trans);

    std::vector<std::uint8_t> data_;
    sc_core::sc_time read_latency_, write_latency_;
    bool dmi_enabled_ = true;
};

}  // namespace fgtlm::memory
