// Local backend: resume from the JSON Lines file, fork worker processes, stream records back.
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include <fmt/format.h>

#include <fgtlm/faults/backends.hpp>

namespace fgtlm::faults {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

// Appends records to the output file as they arrive, adds them to the summary (keeping them
// only when asked) and draws the progress bar.
class Collector {
public:
    Collector(const LocalOptions& opt, std::uint64_t total, std::uint64_t done, SummaryBuilder& summary,
              std::vector<json>& records)
        : opt_(opt), total_(total), done_(done), start_done_(done), summary_(summary), records_(records) {}

    void open(const json& header, bool fresh) {
        if (opt_.out.empty()) return;
        file_ = std::fopen(opt_.out.c_str(), fresh ? "wb" : "ab");
        if (file_ == nullptr) throw std::runtime_error(opt_.out + ": cannot write: " + std::strerror(errno));
        if (fresh) line(header.dump());
    }
    ~Collector() {
        if (file_ != nullptr) std::fclose(file_);
    }
    void record(const std::string& text) {
        line(text);
        json r = json::parse(text);
        summary_.add(r);
        if (opt_.keep_records) records_.push_back(std::move(r));
        ++done_;
        draw(false);
    }
    void close() {
        if (file_ == nullptr) return;
        std::FILE* f = file_;
        file_ = nullptr;
        if (std::fclose(f) != 0) throw std::runtime_error(opt_.out + ": write failed: " + std::strerror(errno));
    }
    void draw(bool last) {
        if (!opt_.progress) return;
        const auto now = Clock::now();
        if (!last && now - drawn_ < std::chrono::milliseconds(100)) return;
        drawn_ = now;
        const double secs = std::chrono::duration<double>(now - t0_).count();
        const double rate = secs > 0 ? double(done_ - start_done_) / secs : 0.0;
        const int width = 30;
        const int fill = total_ ? int(width * done_ / total_) : width;
        const double eta = rate > 0 ? double(total_ - done_) / rate : 0.0;
        std::fprintf(stderr, "\r[%s%s] %llu/%llu %.0f inj/s ETA %.0fs  ", std::string(std::size_t(fill), '#').c_str(),
                     std::string(std::size_t(width - fill), '.').c_str(), (unsigned long long)done_,
                     (unsigned long long)total_, rate, eta);
        if (last) std::fputc('\n', stderr);
    }

private:
    // Whole lines on disk (an interrupt leaves at most one torn line); a failed write ends the
    // campaign naming the file (the records so far stay for a resume).
    void line(const std::string& text) {
        if (file_ == nullptr) return;
        const bool ok = std::fwrite(text.data(), 1, text.size(), file_) == text.size() &&
                        std::fputc('\n', file_) != EOF && std::fflush(file_) == 0;
        if (!ok) throw std::runtime_error(opt_.out + ": write failed: " + std::strerror(errno));
    }

    const LocalOptions& opt_;
    std::uint64_t total_, done_, start_done_;
    SummaryBuilder& summary_;
    std::vector<json>& records_;
    std::FILE* file_ = nullptr;
    Clock::time_point t0_ = Clock::now(), drawn_{};
};

void write_all(int fd, const std::string& s) {
    std::size_t off = 0;
    while (off < s.size()) {
        const ssize_t n = ::write(fd, s.data() + off, s.size() - off);
        if (n < 0) {
            if (errno == EINTR) continue;
            _exit(4);
        }
        off += std::size_t(n);
    }
}

struct Worker {
    pid_t pid = -1;
    int fd = -1;
    std::string buf;
};

void run_ids(Campaign& c, const LocalOptions& opt, std::vector<std::uint64_t> ids,
             const std::function<void(const std::string&)>& sink) {
    if (opt.runner) opt.runner(c, std::move(ids), sink);
    else c.run(std::move(ids), sink);
}

void run_forked(Campaign& c, const LocalOptions& opt, const std::vector<std::vector<std::uint64_t>>& shares,
                Collector& col) {
    std::fflush(nullptr);
    std::vector<Worker> workers;
    for (const auto& ids : shares) {
        if (ids.empty()) continue;
        int fds[2];
        if (::pipe(fds) != 0) throw std::runtime_error("pipe failed");
        const pid_t pid = ::fork();
        if (pid < 0) throw std::runtime_error("fork failed");
        if (pid == 0) {  // worker: inject its share, one line per record, then leave at once
            ::close(fds[0]);
            for (const Worker& w : workers) ::close(w.fd);
            try {
                run_ids(c, opt, ids, [&](const std::string& rec) { write_all(fds[1], rec + "\n"); });
            } catch (const std::exception& e) {
                std::fprintf(stderr, "fgtlm inject: worker: %s\n", e.what());
                _exit(3);
            }
            _exit(0);
        }
        ::close(fds[1]);
        workers.push_back({pid, fds[0], {}});
    }
    std::size_t open = workers.size();
    std::vector<pollfd> pfds;
    char chunk[65536];
    while (open > 0) {
        pfds.clear();
        for (const Worker& w : workers) pfds.push_back({w.fd, POLLIN, 0});
        if (::poll(pfds.data(), pfds.size(), -1) < 0 && errno != EINTR) throw std::runtime_error("poll failed");
        for (std::size_t i = 0; i < workers.size(); ++i) {
            Worker& w = workers[i];
            if (w.fd < 0 || (pfds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
            const ssize_t n = ::read(w.fd, chunk, sizeof chunk);
            if (n > 0) {
                w.buf.append(chunk, std::size_t(n));
                std::size_t nl;
                while ((nl = w.buf.find('\n')) != std::string::npos) {
                    col.record(w.buf.substr(0, nl));
                    w.buf.erase(0, nl + 1);
                }
            } else if (n == 0 || errno != EINTR) {
                ::close(w.fd);
                w.fd = -1;
                --open;
            }
        }
    }
    bool failed = false;
    for (Worker& w : workers) {
        int status = 0;
        ::waitpid(w.pid, &status, 0);
        failed = failed || !WIFEXITED(status) || WEXITSTATUS(status) != 0;
    }
    if (failed)
        throw std::runtime_error(
            "a worker process failed (see above); the records so far are kept, run again to resume");
}

// The records an earlier run left in opt.out, checked and counted (not kept unless asked):
// whether the file holds the header already, and which injections are done.
bool resume(Campaign& c, const LocalOptions& opt, SummaryBuilder& summary, LocalResult& res, std::vector<bool>& done) {
    if (opt.out.empty() || !fs::exists(opt.out) || fs::file_size(opt.out) == 0) return false;
    const json header = c.header();
    bool has_header = false;
    scan_records(
        opt.out, true,
        [&](json& h) {
            if (h != header)
                throw std::runtime_error(opt.out + " holds another campaign (target, seed, plans or kernel differ): "
                                         "remove it or choose another --out");
            has_header = true;
        },
        [&](json& r, std::size_t line) {
            const auto id = r.at("id").get<std::uint64_t>();
            const std::string where = opt.out + ":" + std::to_string(line) + ": injection " + std::to_string(id);
            if (id % opt.shards != opt.shard)
                throw std::runtime_error(where + " belongs to another shard than " + std::to_string(opt.shard));
            if (done[id]) throw std::runtime_error(where + " is recorded twice: the file was edited or concatenated");
            done[id] = true;
            summary.add(r);
            ++res.resumed;
            if (opt.keep_records) res.records.push_back(std::move(r));
        });
    return has_header;
}

}  // namespace

LocalResult run_local(Campaign& c, const LocalOptions& opt) {
    if (opt.shards == 0 || opt.shard >= opt.shards) throw std::invalid_argument("shard must be below the shard count");
    LocalResult res;
    SummaryBuilder summary(c.spec().confidence);
    std::vector<bool> done(c.size(), false);  // one bit per injection (the campaign size is bounded)
    const bool fresh = !resume(c, opt, summary, res, done);
    std::vector<std::uint64_t> pending;
    std::uint64_t mine = 0;
    for (std::uint64_t id = opt.shard; id < c.size(); id += opt.shards) {
        ++mine;
        if (!done[id]) pending.push_back(id);
    }
    Collector col(opt, mine, res.resumed, summary, res.records);
    col.open(c.header(), fresh);
    const auto t0 = Clock::now();
    const unsigned jobs =
        std::max(1u, std::min<unsigned>(opt.jobs, unsigned(std::max<std::size_t>(1, pending.size()))));
    if (jobs == 1) {
        run_ids(c, opt, pending, [&](const std::string& rec) { col.record(rec); });
    } else {
        // Deal the pending faults round robin in time order: every worker spans the kernel once.
        std::vector<std::pair<std::uint64_t, std::uint64_t>> by_time;
        for (std::uint64_t id : pending) by_time.emplace_back(c.fault(id).time, id);
        std::sort(by_time.begin(), by_time.end());
        std::vector<std::vector<std::uint64_t>> shares(jobs);
        for (std::size_t i = 0; i < by_time.size(); ++i) shares[i % jobs].push_back(by_time[i].second);
        run_forked(c, opt, shares, col);
    }
    col.close();
    col.draw(true);
    res.wall_seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    res.summary = summary.finish();
    res.injected = summary.records() - res.resumed;
    std::sort(res.records.begin(), res.records.end(), [](const json& a, const json& b) {
        return a.at("id").get<std::uint64_t>() < b.at("id").get<std::uint64_t>();
    });
    return res;
}

}  // namespace fgtlm::faults
