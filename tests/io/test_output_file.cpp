// io::OutputFile: the target appears only complete, devices and symlinks are never replaced,
// and a failed write (/dev/full) is an error naming the file.
#include <fgtlm/io/output_file.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
    const fs::path d = fs::temp_directory_path() / ("fgtlm_test_io_" + std::to_string(::getpid())) / name;
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::size_t entries(const fs::path& dir) {
    return std::size_t(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

TEST(OutputFile, TargetAppearsOnlyWhenCommitted) {
    const fs::path d = scratch("commit");
    const fs::path out = d / "out.txt";
    {
        fgtlm::io::OutputFile f(out.string());
        f.write("hello\n");
        EXPECT_FALSE(fs::exists(out));  // still under its temporary name
        f.commit();
    }
    EXPECT_EQ(slurp(out), "hello\n");
    EXPECT_EQ(entries(d), 1u);  // no temporary file left
}

// flush(): what was written reaches the temporary file before the commit (a stopped run keeps
// it, difftest's per-worker lines), and a flush that fails is an error naming the target.
TEST(OutputFile, FlushWritesThroughToTheTemporaryFileAndIsChecked) {
    const fs::path d = scratch("flush");
    const fs::path out = d / "out.txt";
    fgtlm::io::OutputFile f(out.string());
    f.write("line 1\n");
    f.flush();
    ASSERT_EQ(entries(d), 1u);
    const fs::path temp = fs::directory_iterator(d)->path();
    EXPECT_EQ(temp.filename().string().rfind(".out.txt.tmp.", 0), 0u) << temp;
    EXPECT_EQ(slurp(temp), "line 1\n");
    EXPECT_FALSE(fs::exists(out));
    f.commit();
    EXPECT_EQ(slurp(out), "line 1\n");
    struct stat st {};
    if (::stat("/dev/full", &st) != 0 || !S_ISCHR(st.st_mode)) GTEST_SKIP() << "/dev/full is not a device";
    fgtlm::io::OutputFile full("/dev/full");
    full.write("x");
    try {
        full.flush();
        ADD_FAILURE() << "flush to /dev/full succeeded";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("/dev/full: write failed"), std::string::npos) << e.what();
    }
}

TEST(OutputFile, WithoutCommitTheOldFileStaysAndNothingIsLeft) {
    const fs::path d = scratch("abandon");
    const fs::path out = d / "out.txt";
    std::ofstream(out) << "old";
    {
        fgtlm::io::OutputFile f(out.string());
        f.write("half");
    }
    EXPECT_EQ(slurp(out), "old");
    EXPECT_EQ(entries(d), 1u);
}

TEST(OutputFile, SymlinkStaysALinkAndItsTargetIsReplaced) {
    const fs::path d = scratch("link");
    std::ofstream(d / "real.txt") << "old";
    fs::create_symlink("real.txt", d / "link.txt");
    fgtlm::io::write_file((d / "link.txt").string(), "new");
    EXPECT_TRUE(fs::is_symlink(d / "link.txt"));
    EXPECT_EQ(slurp(d / "real.txt"), "new");
}

TEST(OutputFile, DeviceIsWrittenInPlaceNotReplaced) {
    fgtlm::io::write_file("/dev/null", "anything");
    struct stat st {};
    ASSERT_EQ(::stat("/dev/null", &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode));
}

// /dev/full as the kernel provides it (a character device); a test never writes into /dev otherwise.
bool have_dev_full() {
    struct stat st {};
    return ::stat("/dev/full", &st) == 0 && S_ISCHR(st.st_mode);
}

TEST(OutputFile, FullDeviceIsANamedError) {
    if (!have_dev_full()) GTEST_SKIP() << "/dev/full is not a character device";
    try {
        fgtlm::io::write_file("/dev/full", std::string(100000, 'x'));
        FAIL() << "no error writing to /dev/full";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("/dev/full: write failed"), std::string::npos) << e.what();
    }
}

TEST(OutputFile, MissingFolderAndDirectoryAreNamedErrors) {
    EXPECT_THROW(fgtlm::io::OutputFile("/nonexistent-dir/x.txt"), std::runtime_error);
    const fs::path d = scratch("dir");
    try {
        fgtlm::io::OutputFile f(d.string());
        FAIL();
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("is a directory"), std::string::npos) << e.what();
    }
}

TEST(OutputFile, ScratchFileOfAnotherWriterBecomesTheOutput) {
    const fs::path d = scratch("scratch");
    std::ofstream(d / "w.vcd") << "unrelated";  // PATH.vcd of the old VCD writer: never touched
    {
        fgtlm::io::OutputFile f((d / "w").string());
        const std::string s = f.scratch_path(".vcd");
        EXPECT_EQ(fs::path(s).parent_path(), d);
        std::ofstream(s) << "waves";
        f.commit_from_scratch();
    }
    EXPECT_EQ(slurp(d / "w"), "waves");
    EXPECT_EQ(slurp(d / "w.vcd"), "unrelated");
    EXPECT_EQ(entries(d), 2u);
}

TEST(OutputFile, ScratchFileIsCopiedIntoADevice) {
    if (!have_dev_full()) GTEST_SKIP() << "/dev/full is not a character device";
    std::string scratch;
    {
        fgtlm::io::OutputFile f("/dev/full");
        scratch = f.scratch_path(".vcd");
        std::ofstream(scratch) << std::string(100000, 'w');
        EXPECT_THROW(f.commit_from_scratch(), std::runtime_error);
    }
    EXPECT_FALSE(fs::exists(scratch));  // removed with the failed output
}

}  // namespace
