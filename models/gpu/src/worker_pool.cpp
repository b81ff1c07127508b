#include "worker_pool.hpp"

#include <algorithm>

namespace fgtlm::gpu {

WorkerPool::WorkerPool(unsigned workers) {
    for (unsigned i = 0; i < workers; ++i) threads_.emplace_back([this] { work(); });
}

WorkerPool::~WorkerPool() {
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    queued_.notify_all();
    for (std::thread& t : threads_) t.join();
}

void WorkerPool::submit(PoolJob& job) {
    if (threads_.empty()) {  // no workers: the job runs now, on the caller's thread
        job.run();
        job.done_ = true;
        return;
    }
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        job.done_ = false;
        queue_.push_back(&job);
    }
    queued_.notify_one();
}

bool WorkerPool::take_back(PoolJob& job) {
    const std::lock_guard<std::mutex> lock(mutex_);
    const auto it = std::find(queue_.begin(), queue_.end(), &job);
    if (it == queue_.end()) return false;
    queue_.erase(it);
    return true;
}

// The caller's thread does not idle while `job` runs elsewhere: it runs queued jobs meanwhile.
void WorkerPool::wait(PoolJob& job) {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!job.done_) {
        if (queue_.empty()) {
            finished_.wait(lock);
            continue;
        }
        PoolJob* other = queue_.front();
        queue_.pop_front();
        lock.unlock();
        other->run();
        lock.lock();
        other->done_ = true;
        finished_.notify_all();
    }
}

void WorkerPool::work() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
        queued_.wait(lock, [&] { return stop_ || !queue_.empty(); });
        if (stop_) return;
        PoolJob* job = queue_.front();
        queue_.pop_front();
        lock.unlock();
        job->run();
        lock.lock();
        job->done_ = true;
        finished_.notify_all();
    }
}

}  // namespace fgtlm::gpu
