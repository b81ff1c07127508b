// An output file that is either complete or not there: the data goes to a temporary file next
// to the target (same folder, so the rename is atomic), every write and the close are checked,
// and commit() renames it over the target. A run whose output could not be written fails with
// an error naming the file instead of exiting 0 with the data lost.
//
// Targets that are not regular files are written in place, never replaced: a device (/dev/null,
// /dev/full, /dev/stdout) or a FIFO keeps its node; a symlink keeps its link and its target is
// replaced. Without commit() (an exception, an early return) the temporary file is removed and
// the target is left as it was.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace fgtlm::io {

class OutputFile {
public:
    explicit OutputFile(std::string path);  // throws std::runtime_error naming the path
    ~OutputFile();                          // removes the temporary file unless committed
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    void write(std::string_view data);  // throws std::runtime_error on a failed write
    // Pushes what was written so far to the temporary file (checked), for outputs written as a
    // run goes: a stopped run leaves them in `.NAME.tmp.XXXXXX` beside the target.
    void flush();
    void commit();                      // flush, close, rename; throws naming the path

    // For a library that writes the file itself under a name of its own (SystemC's VCD writer
    // appends ".vcd"): a scratch path beside the target (or in the temporary folder when the
    // target is a device) that ends with `suffix`; removed unless commit_from() takes it.
    std::string scratch_path(std::string_view suffix);
    // Makes the finished scratch file the output: renamed into place, or copied (every write
    // checked) into a device target. A missing scratch file gives an empty output.
    void commit_from_scratch();
    [[nodiscard]] const std::string& path() const { return path_; }
    [[nodiscard]] bool committed() const { return committed_; }

private:
    [[noreturn]] void fail(const char* what, int err);

    std::string path_;        // the target the user named
    std::string temp_path_;   // where the data goes until commit() (empty: written in place)
    std::string final_path_;  // what commit() renames over: path_, or a symlink's target
    std::string scratch_;     // scratch_path(), if asked for
    std::FILE* file_ = nullptr;
    bool committed_ = false;
};

// Writes `data` to `path` through an OutputFile (complete or not at all).
void write_file(const std::string& path, std::string_view data);

// Flushes stdout and reports a failed write to it (a full disk, a closed pipe) as an error:
// throws std::runtime_error naming "standard output".
void check_stdout();

}  // namespace fgtlm::io
