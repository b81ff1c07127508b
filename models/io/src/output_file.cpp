#include <fgtlm/io/output_file.hpp>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <stdexcept>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace fgtlm::io {
namespace {

std::string folder_of(const std::string& path) {
    const auto slash = path.rfind('/');
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string base_of(const std::string& path) {
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// A symlink's final target (the link itself is kept); other paths as given.
std::string resolve_link(const std::string& path) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return path;
    char* real = ::realpath(path.c_str(), nullptr);
    if (real == nullptr) return path;  // a dangling link: created where it points by the open below
    std::string out(real);
    std::free(real);
    return out;
}

}  // namespace

OutputFile::OutputFile(std::string path) : path_(std::move(path)) {
    if (path_.empty()) throw std::runtime_error("output file: empty path");
    struct stat st {};
    const bool exists = ::stat(path_.c_str(), &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) throw std::runtime_error(path_ + ": cannot write: is a directory");
    if (exists && !S_ISREG(st.st_mode)) {
        // A device or FIFO: written in place, its node is never replaced.
        file_ = std::fopen(path_.c_str(), "wb");
        if (file_ == nullptr) fail("cannot open for writing", errno);
        return;
    }
    final_path_ = resolve_link(path_);
    std::string pattern = folder_of(final_path_) + "/." + base_of(final_path_) + ".tmp.XXXXXX";
    const int fd = ::mkstemp(pattern.data());
    if (fd < 0) fail("cannot open for writing", errno);
    temp_path_ = pattern;
    // mkstemp creates 0600; the output gets the permissions an ordinary create would give.
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(fd, exists ? (st.st_mode & 07777) : (0666 & ~mask));
    file_ = ::fdopen(fd, "wb");
    if (file_ == nullptr) {
        const int err = errno;
        ::close(fd);
        fail("cannot open for writing", err);
    }
}

OutputFile::~OutputFile() {
    if (file_ != nullptr) std::fclose(file_);
    if (!committed_ && !temp_path_.empty()) ::unlink(temp_path_.c_str());
    if (!committed_ && !scratch_.empty()) ::unlink(scratch_.c_str());
}

std::string OutputFile::scratch_path(std::string_view suffix) {
    if (!scratch_.empty()) return scratch_;
    std::string base = temp_path_;
    if (base.empty()) {
        // A device target: the scratch file goes to the temporary folder, then is copied.
        const char* dir = std::getenv("TMPDIR");
        base = std::string(dir != nullptr && *dir != '\0' ? dir : "/tmp") + "/fgtlm-scratch.XXXXXX";
        const int fd = ::mkstemp(base.data());
        if (fd < 0) fail("cannot create a scratch file", errno);
        ::close(fd);
        ::unlink(base.c_str());  // only the unique name is needed
    }
    scratch_ = base + std::string(suffix);
    return scratch_;
}

void OutputFile::commit_from_scratch() {
    if (committed_) return;
    struct stat st {};
    if (scratch_.empty() || ::stat(scratch_.c_str(), &st) != 0) return commit();
    if (!temp_path_.empty()) {
        // The scratch file sits beside the target: it becomes the output by a rename.
        if (file_ != nullptr) std::fclose(file_);
        file_ = nullptr;
        ::unlink(temp_path_.c_str());
        temp_path_.clear();
        if (std::rename(scratch_.c_str(), final_path_.c_str()) != 0) fail("cannot rename the finished file", errno);
        committed_ = true;
        return;
    }
    std::FILE* in = std::fopen(scratch_.c_str(), "rb");
    if (in == nullptr) fail("cannot read back the scratch file", errno);
    std::string chunk(1 << 16, '\0');
    std::size_t n = 0;
    try {
        while ((n = std::fread(chunk.data(), 1, chunk.size(), in)) > 0) write(std::string_view(chunk.data(), n));
    } catch (...) {
        std::fclose(in);
        throw;
    }
    std::fclose(in);
    commit();
    ::unlink(scratch_.c_str());
}

void OutputFile::fail(const char* what, int err) {
    if (file_ != nullptr) std::fclose(file_);
    file_ = nullptr;
    if (!temp_path_.empty()) ::unlink(temp_path_.c_str());
    temp_path_.clear();
    throw std::runtime_error(path_ + ": " + what + ": " + std::strerror(err));
}

void OutputFile::write(std::string_view data) {
    if (file_ == nullptr) throw std::runtime_error(path_ + ": write after close");
    if (data.empty()) return;
    if (std::fwrite(data.data(), 1, data.size(), file_) != data.size()) fail("write failed", errno);
}

void OutputFile::flush() {
    if (file_ == nullptr) throw std::runtime_error(path_ + ": write after close");
    errno = 0;
    if (std::fflush(file_) != 0) fail("write failed", errno != 0 ? errno : EIO);
}

void OutputFile::commit() {
    if (committed_) return;
    if (file_ == nullptr) throw std::runtime_error(path_ + ": commit after a failed write");
    errno = 0;
    if (std::fflush(file_) != 0 || std::ferror(file_) != 0) fail("write failed", errno != 0 ? errno : EIO);
    std::FILE* f = file_;
    file_ = nullptr;
    if (std::fclose(f) != 0) fail("write failed on close", errno);
    if (!temp_path_.empty() && std::rename(temp_path_.c_str(), final_path_.c_str()) != 0)
        fail("cannot rename the finished file into place", errno);
    committed_ = true;
}

void write_file(const std::string& path, std::string_view data) {
    OutputFile f(path);
    f.write(data);
    f.commit();
}

void check_stdout() {
    std::cout.flush();
    errno = 0;
    const bool bad = !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout) != 0;
    if (bad) {
        const int err = errno;
        std::cout.clear();
        throw std::runtime_error(std::string("standard output: write failed") +
                                 (err != 0 ? std::string(": ") + std::strerror(err) : std::string()));
    }
}

}  // namespace fgtlm::io
