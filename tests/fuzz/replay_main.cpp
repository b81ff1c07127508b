// Replays fuzz corpora in the ordinary build (FGTLM_FUZZ OFF, gcc): calls the target's
// LLVMFuzzerTestOneInput on every file of each directory given (or on each file given), so the
// inputs kept in tests/fuzz/corpus_* (seeds and every crash input a fuzzing run found) are
// regressions that each test run checks. A finding aborts, as under libFuzzer. An empty corpus
// fails: a replay that tried nothing proves nothing.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

std::vector<std::filesystem::path> inputs_of(const std::filesystem::path& p) {
    std::vector<std::filesystem::path> files;
    if (std::filesystem::is_directory(p)) {
        for (const auto& e : std::filesystem::directory_iterator(p))
            if (e.is_regular_file()) files.push_back(e.path());
        std::sort(files.begin(), files.end());  // the same order on every run
    } else {
        files.push_back(p);
    }
    return files;
}

}  // namespace

int main(int argc, char** argv) {
    std::size_t replayed = 0;
    for (int i = 1; i < argc; ++i) {
        for (const std::filesystem::path& f : inputs_of(argv[i])) {
            std::ifstream in(f, std::ios::binary);
            if (!in) {
                std::fprintf(stderr, "%s: cannot open\n", f.c_str());
                return 1;
            }
            const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            std::fprintf(stderr, "replaying %s (%zu bytes)\n", f.c_str(), bytes.size());
            LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
            ++replayed;
        }
    }
    std::printf("%zu inputs replayed, no findings\n", replayed);
    return replayed == 0 ? 1 : 0;
}
