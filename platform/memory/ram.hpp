// Ram: a byte-addressed TLM-2.0 RAM target (system DRAM of the virtual platform).
//
// b_transport with a fixed per-access latency (read/write), byte enables and streaming width;
// DMI for the whole array (read and write, with the same latencies advertised); transport_dbg
// for loaders and debuggers. Out-of-range accesses get TLM_ADDRESS_ERROR_RESPONSE.
#pragma once

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>

namespace fgtlm::platform {

// Zero-filled bytes from calloc: a large block comes as untouched zero pages of the kernel,
// so a 16 MiB DRAM the firmware barely uses costs no memset and no page faults up front
// (perf: a tenth of a short fgtlm-vp run went into zeroing a std::vector).
class ZeroedBytes {
public:
    explicit ZeroedBytes(std::uint64_t n) : data_(static_cast<std::uint8_t*>(std::calloc(n, 1))), size_(n) {
        if (data_ == nullptr && n != 0) throw std::bad_alloc();
    }
    [[nodiscard]] std::uint64_t size() const { return size_; }
    [[nodiscard]] std::uint8_t* data() const { return data_.get(); }

private:
    struct Free {
        void operator()(std::uint8_t* p) const { std::free(p); }
    };
    std::unique_ptr<std::uint8_t[], Free> data_;
    std::uint64_t size_;
};

class Ram : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<Ram> socket;

    Ram(sc_core::sc_module_name name, std::uint64_t size_bytes,
           sc_core::sc_time read_latency = sc_core::sc_time(20, sc_core::SC_NS),
           sc_core::sc_time write_latency = sc_core::sc_time(20, sc_core::SC_NS));

    [[nodiscard]] std::uint64_t size() const { return bytes_.size(); }
    std::uint8_t* data() { return bytes_.data(); }

private:
    void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi);
    unsigned transport_dbg(tlm::tlm_generic_payload& trans);

    ZeroedBytes bytes_;
    sc_core::sc_time read_latency_, write_latency_;
};

}  // namespace fgtlm::platform
