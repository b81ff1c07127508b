#include <fgtlm/timing/bandwidth_calendar.hpp>

#include <algorithm>
#include <stdexcept>

namespace fgtlm::timing {

BandwidthCalendar::BandwidthCalendar(std::uint32_t bucket_cycles, std::uint32_t buckets)
    : bucket_cycles_(bucket_cycles), used_(buckets, 0) {
    if (bucket_cycles == 0 || buckets == 0) throw std::invalid_argument("BandwidthCalendar: empty calendar");
}

void BandwidthCalendar::reset() {
    base_ = 0;
    if (booked_) std::fill(used_.begin(), used_.end(), 0u);  // never booked: still all zero
    booked_ = false;
}

std::pair<std::uint64_t, std::uint64_t> BandwidthCalendar::book(std::uint64_t earliest, std::uint64_t cycles) {
    std::uint64_t cur = earliest;
    if (cycles == 0) return {cur, cur};
    booked_ = true;
    const std::uint64_t n = used_.size();
    std::uint64_t remaining = cycles;
    std::uint64_t start = 0;
    bool started = false;
    for (;;) {
        std::uint64_t b = cur / bucket_cycles_;
        if (b < base_) {  // older than the tracked window: treat as the window start
            cur = base_ * bucket_cycles_;
            b = base_;
        }
        while (b >= base_ + n) {  // slide the window forward, forgetting the oldest bucket
            used_[base_ % n] = 0;
            ++base_;
        }
        std::uint32_t& used = used_[b % n];
        const std::uint64_t bucket_end = (b + 1) * bucket_cycles_;
        const std::uint64_t avail = std::min<std::uint64_t>(bucket_cycles_ - used, bucket_end - cur);
        if (avail != 0) {
            if (!started) {
                start = cur;
                started = true;
            }
            const std::uint64_t take = std::min(avail, remaining);
            used += std::uint32_t(take);
            remaining -= take;
            cur += take;
            if (remaining == 0) return {start, cur};
        }
        cur = bucket_end;  // the rest of this bucket is booked by others
    }
}

}  // namespace fgtlm::timing
