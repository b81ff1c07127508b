// Output file with a large in-memory buffer: trace writers format into it without any
// allocation per record (the buffer is flushed when it passes a threshold).
#pragma once

#include <fmt/format.h>

#include <cstdio>
#include <string>

namespace fgtlm::stats {

class BufferedFile {
public:
    explicit BufferedFile(const std::string& path);  // throws std::runtime_error naming path
    ~BufferedFile();
    BufferedFile(const BufferedFile&) = delete;
    BufferedFile& operator=(const BufferedFile&) = delete;

    template <typename... Args>
    void print(fmt::format_string<Args...> f, Args&&... args) {
        fmt::format_to(std::back_inserter(buf_), f, std::forward<Args>(args)...);
        if (buf_.size() >= kFlushAt) flush();
    }
    void write(std::string_view s) {
        buf_.append(s.data(), s.data() + s.size());
        if (buf_.size() >= kFlushAt) flush();
    }
    void flush();
    void close();  // flushes and closes; throws on a write error
    [[nodiscard]] const std::string& path() const { return path_; }

private:
    static constexpr std::size_t kFlushAt = 1 << 20;
    std::string path_;
    std::FILE* file_ = nullptr;
    fmt::memory_buffer buf_;
};

}  // namespace fgtlm::stats
