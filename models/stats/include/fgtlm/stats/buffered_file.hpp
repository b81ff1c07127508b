// Output file with a large in-memory buffer: trace writers format into it without any
// allocation per record (the buffer is flushed when it passes a threshold). The file is an
// io::OutputFile: written under a temporary name and renamed into place by close(), which
// throws naming the path if any write failed.
#pragma once

#include <fmt/format.h>

#include <memory>
#include <string>

namespace fgtlm::io {
class OutputFile;
}

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
    void flush();  // a failed write is reported by close()
    void close();  // flushes, closes and renames into place; throws on any write error
    [[nodiscard]] const std::string& path() const { return path_; }

private:
    static constexpr std::size_t kFlushAt = 1 << 20;
    std::string path_;
    std::unique_ptr<io::OutputFile> file_;
    fmt::memory_buffer buf_;
    std::string error_;  // the first failed write
    bool closed_ = false;
};

}  // namespace fgtlm::stats
