#include <fgtlm/timing/bandwidth_calendar.hpp>

#include <gtest/gtest.h>

using fgtlm::timing::BandwidthCalendar;
using Span = std::pair<std::uint64_t, std::uint64_t>;

TEST(BandwidthCalendar, TimeOrderedRequestsAreExact) {
    BandwidthCalendar cal(32, 64);
    EXPECT_EQ(cal.book(100, 160), Span(100, 260));
    EXPECT_EQ(cal.book(260, 5), Span(260, 265));
    EXPECT_EQ(cal.book(300, 0), Span(300, 300));
}

TEST(BandwidthCalendar, OverlappingRequestsQueue) {
    BandwidthCalendar cal(32, 64);
    cal.book(0, 64);                 // buckets 0 and 1 full
    const auto r = cal.book(10, 32);  // must wait for the booked cycles
    EXPECT_EQ(r.first, 64u);
    EXPECT_EQ(r.second, 96u);
}

TEST(BandwidthCalendar, LateRequestFindsGapInThePast) {
    BandwidthCalendar cal(32, 64);
    cal.book(1000, 100);             // an SM that ran ahead
    const auto r = cal.book(0, 100);  // another SM, earlier in time, arrives later
    EXPECT_EQ(r.first, 0u);
    EXPECT_EQ(r.second, 100u);
}

TEST(BandwidthCalendar, WindowSlidesWithoutGrowing) {
    BandwidthCalendar cal(32, 4);    // 128-cycle horizon
    cal.book(0, 128);
    const auto far = cal.book(10'000, 10);
    EXPECT_EQ(far.first, 10'000u);
    // Requests older than the window are placed at its start, never before.
    const auto old = cal.book(0, 10);
    EXPECT_GE(old.first, 10'000u - cal.horizon_cycles());
}
