#include <fgtlm/stats/buffered_file.hpp>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace fgtlm::stats {

BufferedFile::BufferedFile(const std::string& path) : path_(path) {
    file_ = std::fopen(path.c_str(), "wb");
    if (file_ == nullptr) throw std::runtime_error(path + ": cannot open for writing: " + std::strerror(errno));
    buf_.reserve(kFlushAt + 4096);
}

BufferedFile::~BufferedFile() {
    if (file_ != nullptr) {
        flush();
        std::fclose(file_);
    }
}

void BufferedFile::flush() {
    if (file_ == nullptr || buf_.size() == 0) return;
    const std::size_t n = std::fwrite(buf_.data(), 1, buf_.size(), file_);
    buf_.clear();
    if (n == 0) throw std::runtime_error(path_ + ": write failed");
}

void BufferedFile::close() {
    if (file_ == nullptr) return;
    flush();
    const bool bad = std::ferror(file_) != 0;
    std::fclose(file_);
    file_ = nullptr;
    if (bad) throw std::runtime_error(path_ + ": write failed");
}

}  // namespace fgtlm::stats
