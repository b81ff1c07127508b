#include <fgtlm/sm/memory/memory_initiator.hpp>

#include <cstring>

namespace fgtlm::sm {

MemoryInitiator::MemoryInitiator(sc_core::sc_module_name name) : sc_core::sc_module(name), socket("socket") {
    socket.register_invalidate_direct_mem_ptr(this, &MemoryInitiator::invalidate);
    socket.register_nb_transport_bw(this, &MemoryInitiator::nb_transport_bw);
    trans_.set_mm(this);  // AT targets may acquire/release it
}

// The payload would call free() on our memory manager when released to 0: nothing to do.
MemoryInitiator::~MemoryInitiator() = default;

void MemoryInitiator::set_use_dmi(bool on) {
    use_dmi_ = on;
    if (!on) drop_dmi();
}

void MemoryInitiator::drop_dmi() {
    dmi = {};
    grants_ = {};
    next_grant_ = 0;
    denied_ = {};
}

void MemoryInitiator::refresh_dmi(std::uint64_t addr) {
    drop_dmi();
    if (use_dmi_) request_dmi(addr);
}

// Asks the target for a DMI region around `addr`; true when one was granted.
bool MemoryInitiator::request_dmi(std::uint64_t addr) {
    ++dmi_requests;
    tlm::tlm_generic_payload t;
    tlm::tlm_dmi d;
    t.set_command(tlm::TLM_READ_COMMAND);
    t.set_address(addr);
    if (socket->get_direct_mem_ptr(t, d) && d.get_dmi_ptr() != nullptr && addr >= d.get_start_address() &&
        addr <= d.get_end_address()) {
        keep_grant(d);
        return true;
    }
    // A denial applies to the range the target returned (the whole space if it set none),
    // but always at least to `addr`.
    denied_.start = d.get_start_address() <= addr ? d.get_start_address() : addr;
    denied_.end = d.get_end_address() >= addr ? d.get_end_address() : addr;
    return false;
}

void MemoryInitiator::keep_grant(const tlm::tlm_dmi& d) {
    auto cycles = [&](sc_core::sc_time t) {
        return std::uint64_t((t + clock_period - sc_core::sc_time::from_value(1)) / clock_period);
    };
    Grant& g = grants_[next_grant_];
    next_grant_ = (next_grant_ + 1) % kMaxGrants;
    g = {d.get_dmi_ptr(),      d.get_start_address(),        d.get_end_address(),          d.is_read_allowed(),
         d.is_write_allowed(), cycles(d.get_read_latency()), cycles(d.get_write_latency())};
    if (denied_.contains(g.start) || denied_.contains(g.end)) denied_ = {};
    // Without latency the core may copy directly: the same cost (none) as this port.
    if (g.read_cycles == 0 && g.write_cycles == 0) dmi = {g.data, g.start, g.end, g.readable, g.writable};
}

const MemoryInitiator::Grant* MemoryInitiator::find_grant(tlm::tlm_command cmd, std::uint64_t addr, std::uint32_t len) {
    const bool rd = cmd == tlm::TLM_READ_COMMAND;
    for (const Grant& g : grants_)
        if (g.covers(addr, len) && (rd ? g.readable : g.writable)) return &g;
    if (!use_dmi_ || denied_.contains(addr) || !request_dmi(addr)) return nullptr;
    for (const Grant& g : grants_)
        if (g.covers(addr, len) && (rd ? g.readable : g.writable)) return &g;
    return nullptr;
}

void MemoryInitiator::invalidate(sc_dt::uint64 start, sc_dt::uint64 end) {
    if (dmi.data != nullptr && start <= dmi.end && end >= dmi.start) dmi = {};
    for (Grant& g : grants_)
        if (g.data != nullptr && start <= g.end && end >= g.start) g = {};
    denied_ = {};  // the map changed: ask again
}

core::MemStatus MemoryInitiator::access(tlm::tlm_command cmd, std::uint64_t addr, std::uint8_t* data,
                                        std::uint32_t len) {
    if (const Grant* g = find_grant(cmd, addr, len)) {
        if (cmd == tlm::TLM_READ_COMMAND) {
            std::memcpy(data, g->data + (addr - g->start), len);
            pending_cycles += g->read_cycles;
        } else {
            std::memcpy(g->data + (addr - g->start), data, len);
            pending_cycles += g->write_cycles;
        }
        ++dmi_accesses;
        return core::MemStatus::Ok;
    }
    ++slow_accesses;
    prepare(cmd, addr, data, len);
    if (protocol_ == MemoryProtocol::ApproximatelyTimed)
        transport_at();
    else
        transport_lt();
    const tlm::tlm_response_status st = trans_.get_response_status();
    if (st == tlm::TLM_OK_RESPONSE) {
        if (trans_.is_dmi_allowed() && denied_.contains(addr)) denied_ = {};  // the hint: ask again
        return core::MemStatus::Ok;
    }
    return st == tlm::TLM_ADDRESS_ERROR_RESPONSE ? core::MemStatus::AddressError : core::MemStatus::GenericError;
}

core::MemStatus MemoryInitiator::read(std::uint64_t addr, std::uint8_t* data, std::uint32_t len) {
    return access(tlm::TLM_READ_COMMAND, addr, data, len);
}

core::MemStatus MemoryInitiator::write(std::uint64_t addr, const std::uint8_t* data, std::uint32_t len) {
    return access(tlm::TLM_WRITE_COMMAND, addr, const_cast<std::uint8_t*>(data), len);
}

}  // namespace fgtlm::sm
