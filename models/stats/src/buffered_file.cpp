#include <fgtlm/stats/buffered_file.hpp>

#include <fgtlm/io/output_file.hpp>

#include <stdexcept>

namespace fgtlm::stats {

BufferedFile::BufferedFile(const std::string& path) : path_(path), file_(std::make_unique<io::OutputFile>(path)) {
    buf_.reserve(kFlushAt + 4096);
}

BufferedFile::~BufferedFile() {
    try {
        close();
    } catch (...) {  // destructors must not throw; close() explicitly to see errors
    }
}

void BufferedFile::flush() {
    if (closed_ || buf_.size() == 0) return;
    // A failed write is kept for close(): a trace writer flushes from inside the simulation,
    // where an exception would end the run without saying which file failed.
    if (error_.empty()) {
        try {
            file_->write(std::string_view(buf_.data(), buf_.size()));
        } catch (const std::exception& e) {
            error_ = e.what();
        }
    }
    buf_.clear();
}

void BufferedFile::close() {
    if (closed_) return;
    flush();
    closed_ = true;
    if (error_.empty()) {
        try {
            file_->commit();
        } catch (const std::exception& e) {
            error_ = e.what();
        }
    }
    if (!error_.empty()) throw std::runtime_error(error_);
}

}  // namespace fgtlm::stats
