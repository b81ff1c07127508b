// Occupancy calendar of a shared resource (the global-memory controller all SMs use).
//
// SMs run temporally decoupled (each may be up to a TLM quantum ahead of the others), so
// requests do not arrive in time order. A single "free from" pointer would make an SM that
// is behind queue after accesses booked in its future. The calendar instead keeps, per
// bucket of `bucket_cycles`, how many cycles are already booked, and places a request in the
// first free capacity at or after its earliest start: requests arriving late still find the
// gaps in the past, and time-ordered requests (one SM) get exactly [earliest, earliest + n).
// Fixed-size ring: no allocation after construction.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace fgtlm::timing {

class BandwidthCalendar {
public:
    explicit BandwidthCalendar(std::uint32_t bucket_cycles = 32, std::uint32_t buckets = 8192);

    void reset();
    // Books `cycles` of occupancy at or after `earliest`; returns [start, end).
    std::pair<std::uint64_t, std::uint64_t> book(std::uint64_t earliest, std::uint64_t cycles);
    [[nodiscard]] std::uint64_t horizon_cycles() const { return std::uint64_t(bucket_cycles_) * used_.size(); }

private:
    std::uint32_t bucket_cycles_;
    std::uint64_t base_ = 0;             // oldest bucket index tracked
    std::vector<std::uint32_t> used_;    // booked cycles per bucket (ring, index % size)
    bool booked_ = false;                // used_ may hold non-zero buckets (reset clears them)
};

}  // namespace fgtlm::timing
