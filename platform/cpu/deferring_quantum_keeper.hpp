// DeferringQuantumKeeper: a tlm_quantumkeeper that skips the syncs with nothing to synchronise
// with, and gives the same simulation as one that does them all.
//
// At a quantum boundary the CPU would wait(local time) and run on. When no process has activity
// up to the CPU's current time, that wait only advances SystemC time: nothing else runs, no
// signal changes. So the keeper moves its sync point on as reset() would have done there and
// remembers the time (`deferred_to_`); the waiting is done later, at once. Before the CPU shows
// its time to another module (a b_transport, sc_stop) catch_up() waits up to the last skipped
// sync, so the module sees the same split of sc_time_stamp() and annotated delay as with every
// sync done; a full sync() waits the whole local time. In between nothing could have been
// scheduled, since no other process ran. Skipping them cut matmul's run by a tenth (57 -> 51 ms).
#pragma once

#include <systemc>
#include <tlm_utils/tlm_quantumkeeper.h>

namespace fgtlm::platform {

class DeferringQuantumKeeper : public tlm_utils::tlm_quantumkeeper {
public:
    // Called where need_sync() holds: true if the sync was skipped. `limit` bounds how far
    // SystemC time may lag (sc_start's end is no event: a run must still reach it).
    bool try_defer(const sc_core::sc_time& limit) {
        const sc_core::sc_time quantum = get_global_quantum();
        if (quantum == sc_core::SC_ZERO_TIME || m_local_time >= limit) return false;
        if (sc_core::sc_pending_activity_at_current_time()) return false;
        if (sc_core::sc_time_to_pending_activity() <= m_local_time) return false;  // activity by now
        const sc_core::sc_time now = sc_core::sc_time_stamp() + m_local_time;
        deferred_to_ = now;
        m_next_sync_point = now + (quantum - now % quantum);  // reset() at `now`
        return true;
    }

    // Waits up to the last skipped sync (nothing happens in that time but its passing).
    void catch_up() {
        const sc_core::sc_time stamp = sc_core::sc_time_stamp();
        if (deferred_to_ <= stamp) return;
        const sc_core::sc_time behind = deferred_to_ - stamp;
        sc_core::wait(behind);
        m_local_time -= behind;
    }

    // Local time since the last sync, done or skipped (the budget of the quantum is counted from it).
    [[nodiscard]] sc_core::sc_time since_sync() const {
        const sc_core::sc_time stamp = sc_core::sc_time_stamp();
        return deferred_to_ > stamp ? m_local_time - (deferred_to_ - stamp) : m_local_time;
    }

    void sync() override {
        tlm_utils::tlm_quantumkeeper::sync();
        deferred_to_ = sc_core::SC_ZERO_TIME;
    }

private:
    sc_core::sc_time deferred_to_;
};

}  // namespace fgtlm::platform
