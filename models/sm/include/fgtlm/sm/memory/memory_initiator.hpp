// The SM side of a memory: implements the core's MemoryPort over a TLM-2.0 initiator socket.
//
// DMI: asked for at the address an access actually needs (the global-memory controller never
// asks at 0 unless a kernel touches 0), the granted range and access rights honoured, up to
// kMaxGrants regions kept, dropped on invalidate_direct_mem_ptr. A denial is remembered for
// the range the target names, so a denied region costs one get_direct_mem_ptr, not one per
// access; a later response with the DMI hint set asks again.
//
// One access costs the same whichever path carries it: b_transport charges the delay the
// target annotates, a DMI access the read/write latency of its grant (both rounded up to SM
// cycles per access, into pending_cycles, which the SM's timing consumes). A grant with zero
// latencies is also handed to the core as its direct window (`dmi`: memcpy without a call).
//
// Protocol (set_protocol): LooselyTimed = b_transport; ApproximatelyTimed = the base
// protocol's four phases over nb_transport (BEGIN_REQ, END_REQ, BEGIN_RESP, END_RESP) with
// the target's back-pressure honoured; the SM's local time is synchronised first (through
// `clock`) and the time the handshake took is the access's latency. Error responses become
// MemStatus::AddressError / GenericError, which the core turns into a KernelError.
#pragma once

#include <array>
#include <cstdint>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <fgtlm/core/memory_port.hpp>

namespace fgtlm::sm {

// What the SM offers a blocking (AT) access: bring SystemC time up to the SM's local time
// before waiting, and learn afterwards how much time the wait already let pass.
class BlockingAccessClock {
public:
    virtual ~BlockingAccessClock() = default;
    virtual void sync_local_time() = 0;
    virtual void time_passed(std::uint64_t cycles) = 0;
};

enum class MemoryProtocol : std::uint8_t { LooselyTimed, ApproximatelyTimed };

class MemoryInitiator : public sc_core::sc_module, public core::MemoryPort, private tlm::tlm_mm_interface {
public:
    const char* kind() const override { return "fgtlm::sm::MemoryInitiator"; }
    tlm_utils::simple_initiator_socket<MemoryInitiator> socket;

    explicit MemoryInitiator(sc_core::sc_module_name name);
    ~MemoryInitiator() override;

    core::MemStatus read(std::uint64_t addr, std::uint8_t* data, std::uint32_t len) override;
    core::MemStatus write(std::uint64_t addr, const std::uint8_t* data, std::uint32_t len) override;

    // Drops every grant and denial, then asks for DMI at `addr` (shared and constant memory:
    // at kernel start, their window starts at 0).
    void refresh_dmi(std::uint64_t addr = 0);
    void drop_dmi();            // forget grants and denials; asked again at the next access
    void set_use_dmi(bool on);  // off = every access through the transport (tests, probing)
    void set_protocol(MemoryProtocol p) { protocol_ = p; }
    [[nodiscard]] MemoryProtocol protocol() const { return protocol_; }

    sc_core::sc_time clock_period = sc_core::sc_time(10, sc_core::SC_NS);
    sc_core::sc_time annotated = sc_core::SC_ZERO_TIME;  // not yet converted remainder
    BlockingAccessClock* clock = nullptr;                // needed by ApproximatelyTimed (the SM sets it)
    std::uint64_t slow_accesses = 0;                     // accesses carried by b_transport / nb_transport
    std::uint64_t dmi_accesses = 0;                      // accesses through a grant with latency (read()/write())
    std::uint64_t dmi_requests = 0;                      // get_direct_mem_ptr calls

    static constexpr std::size_t kMaxGrants = 4;

private:
    struct Grant {
        std::uint8_t* data = nullptr;
        std::uint64_t start = 0, end = 0;
        bool readable = false, writable = false;
        std::uint64_t read_cycles = 0, write_cycles = 0;
        [[nodiscard]] bool covers(std::uint64_t a, std::uint32_t len) const {
            return data != nullptr && a >= start && a + len - 1 <= end;
        }
    };
    struct Range {
        std::uint64_t start = 1, end = 0;  // empty
        [[nodiscard]] bool contains(std::uint64_t a) const { return a >= start && a <= end; }
    };

    core::MemStatus access(tlm::tlm_command cmd, std::uint64_t addr, std::uint8_t* data, std::uint32_t len);
    const Grant* find_grant(tlm::tlm_command cmd, std::uint64_t addr, std::uint32_t len);
    bool request_dmi(std::uint64_t addr);
    void keep_grant(const tlm::tlm_dmi& d);
    void charge(sc_core::sc_time t);
    void prepare(tlm::tlm_command cmd, std::uint64_t addr, std::uint8_t* data, std::uint32_t len);
    void transport_lt();
    void transport_at();
    tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& t, tlm::tlm_phase& phase, sc_core::sc_time& delay);
    void free(tlm::tlm_generic_payload*) override {}  // trans_ is a member, reused
    void invalidate(sc_dt::uint64 start, sc_dt::uint64 end);

    tlm::tlm_generic_payload trans_;
    std::array<Grant, kMaxGrants> grants_{};
    std::size_t next_grant_ = 0;  // round-robin replacement
    Range denied_;
    bool use_dmi_ = true;
    MemoryProtocol protocol_ = MemoryProtocol::LooselyTimed;
    // ApproximatelyTimed handshake state (one transaction in flight).
    tlm::tlm_phase at_phase_ = tlm::UNINITIALIZED_PHASE;
    sc_core::sc_event at_end_req_, at_begin_resp_;
    sc_core::sc_time at_ready_;  // when the last backward phase takes effect
};

}  // namespace fgtlm::sm
