// A fixed set of host threads that run jobs in the order they were submitted. The submitter
// may take a job back while no thread has started it (it then runs it itself) or wait for it,
// helping with the queue meanwhile.
#pragma once

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace fgtlm::gpu {

class PoolJob {
public:
    virtual ~PoolJob() = default;
    virtual void run() = 0;  // on a worker thread

private:
    friend class WorkerPool;
    bool done_ = false;  // guarded by the pool's mutex
};

class WorkerPool {
public:
    explicit WorkerPool(unsigned workers);  // 0: submit() runs the job at once
    ~WorkerPool();
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    void submit(PoolJob& job);
    // True when `job` had not started: it is removed and will not run.
    bool take_back(PoolJob& job);
    void wait(PoolJob& job);  // until it has run; runs queued jobs on this thread meanwhile

private:
    void work();

    std::mutex mutex_;
    std::condition_variable queued_, finished_;
    std::deque<PoolJob*> queue_;
    bool stop_ = false;
    std::vector<std::thread> threads_;
};

}  // namespace fgtlm::gpu
