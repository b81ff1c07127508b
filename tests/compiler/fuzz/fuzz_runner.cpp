#include "fuzz_runner.hpp"

#include "ptx_gen.hpp"

#include <fgtlm/compiler/ptx_interp.hpp>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>

namespace fgtlm::test {

namespace fs = std::filesystem;

namespace {

constexpr std::uint32_t kOut = 0x10000;

int shell(const std::string& cmd, const fs::path& log) {
    const int rc = std::system((cmd + " >" + log.string() + " 2>&1").c_str());
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : 128;
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

std::uint32_t input_word(std::mt19937& rng) {
    const std::uint32_t special[] = {0,           0x80000000u, 1,           0x00800000u, 0x00ffffffu, 0x7f800000u,
                                     0xff800000u, 0x7fc00000u, 0x3f800000u, 0x7f7fffffu, 0x00000010u, 0x80800001u};
    float f = 0;
    switch (rng() % 5) {
        case 0: return rng() % 200 - 100;
        case 1: return rng();
        case 2: f = float(std::int32_t(rng() % 20000) - 10000) / 64.0f; break;
        case 3: return special[rng() % 12];
        default: f = float(rng() % 1000) / 7.0f; break;
    }
    std::uint32_t u = 0;
    std::memcpy(&u, &f, 4);
    return u;
}

// The model's result: global memory after `fgtlm ptxas` + `fgtlm run`, or the tools' error.
bool run_model(const FuzzCase& c, const fs::path& dir, std::vector<std::uint8_t>& mem, std::string& error) {
    fs::create_directories(dir);
    const fs::path ptx = dir / "k.ptx", mod = dir / "m.json", in = dir / "in.bin", out = dir / "out.bin";
    const fs::path log = dir / "log.txt";
    std::ofstream(ptx) << c.ptx;
    std::ofstream(in, std::ios::binary)
        .write(reinterpret_cast<const char*>(c.input.data()), std::streamsize(c.input.size()));
    const std::string exe = FGTLM_EXE;
    // FGTLM_FUZZ_PTXAS_ARGS: extra `fgtlm ptxas` options for every case (FGTLM_FUZZ_PTXAS_ARGS=--float-subroutines
    // scripts/ptx-fuzz ...).
    const char* extra = std::getenv("FGTLM_FUZZ_PTXAS_ARGS");
    const std::string args = c.ptxas_args + (extra ? std::string(" ") + extra : "");
    if (shell(exe + " ptxas " + ptx.string() + " -o " + mod.string() + " " + args, log) != 0)
        return (error = "fgtlm ptxas: " + slurp(log)), false;
    const std::string run = exe + " run " + mod.string() + " --grid " + std::to_string(c.grid) + " --block " +
                            std::to_string(c.block) + " --param 0 --param " + std::to_string(kOut) + " --global-init " +
                            in.string() + " --dump-global " + out.string();
    if (shell(run, log) != 0) return (error = "fgtlm run: " + slurp(log)), false;
    const std::string bytes = slurp(out);
    mem.assign(bytes.begin(), bytes.end());
    return true;
}

std::string describe(std::uint32_t addr, std::uint32_t model, std::uint32_t interp) {
    const std::uint32_t off = addr - kOut, word = off % kFuzzOutBytes / 4;
    const char* const names[] = {"%r", "%f", "%rd"};
    const int kind = word < 8 ? 0 : word < 14 ? 1 : 2;
    const std::uint32_t idx = kind == 0 ? word : kind == 1 ? word - 8 : (word - 14) / 2;
    std::ostringstream s;
    s << "thread " << off / kFuzzOutBytes << " " << names[kind] << idx
      << (kind == 2 ? (word % 2 ? " high" : " low") : "") << ": model 0x" << std::hex << model << ", interpreter 0x"
      << interp;
    return s.str();
}

}  // namespace

FuzzCase fuzz_case(std::uint64_t seed) {
    FuzzCase c;
    c.ptx = random_ptx_kernel(seed);
    std::mt19937 rng(std::uint32_t(seed * 2654435761u + 1));
    c.grid = 1 + rng() % 3;
    // Whole warps only: FlexGripPlus runs all 32 lanes of a partial warp, and the extra lanes (whose R0 is whatever
    // their register row holds, 0 here) share thread 0's local/spill window (models/compiler/README.md).
    const std::uint32_t blocks[] = {32, 64, 96};
    c.block = blocks[rng() % 3];
    c.input.resize(std::size_t(c.grid) * c.block * 32);
    for (std::size_t a = 0; a < c.input.size(); a += 4) {
        const std::uint32_t w = input_word(rng);
        std::memcpy(c.input.data() + a, &w, 4);
    }
    return c;
}

FuzzResult run_fuzz_case(const FuzzCase& c, const fs::path& dir) {
    FuzzResult r;
    std::vector<std::uint8_t> model;
    if (!run_model(c, dir, model, r.what)) {
        // Every f32 add/sub/mul carries its inlined software fallback, so a kernel of many float operations can
        // outgrow the 64 KiB instruction memory; `fgtlm run` refuses it by name. A limit, not a wrong result.
        r.too_big = r.what.find("does not fit in the 64 KiB instruction memory") != std::string::npos;
        return r;
    }
    std::vector<std::uint8_t> mem = c.input;
    mem.resize(model.size(), 0);
    try {
        compiler::InterpLaunch l;
        l.grid = {c.grid, 1, 1};
        l.block = {c.block, 1, 1};
        l.params = {0, kOut};
        compiler::interpret(compiler::parse_ptx(c.ptx), (dir / "k.ptx").string(), "fuzz", l, mem);
    } catch (const std::exception& e) {
        r.what = std::string("interpreter: ") + e.what();
        return r;
    }
    for (std::uint32_t a = kOut; a < kOut + c.grid * c.block * kFuzzOutBytes; a += 4) {
        std::uint32_t x = 0, y = 0;
        std::memcpy(&x, model.data() + a, 4);
        std::memcpy(&y, mem.data() + a, 4);
        if (x != y) return (r.what = describe(a, x, y)), r;
    }
    r.ok = true;
    return r;
}

}  // namespace fgtlm::test

namespace fgtlm::test {

namespace {

std::vector<std::string> split_lines(const std::string& s) {
    std::vector<std::string> v;
    std::istringstream in(s);
    for (std::string l; std::getline(in, l);) v.push_back(l);
    return v;
}

// A body statement whose removal keeps the kernel well formed: not control flow, not a loop
// counter or region predicate, not a barrier.
bool removable(const std::string& l) {
    if (l.empty() || l[0] != '\t' || l.find("//") != std::string::npos) return false;
    for (const char* keep : {"bra", "%c", "%q", "bar.sync", "%t0", "%t3", "%dt0", "%ft0"})
        if (l.find(keep) != std::string::npos) return false;
    return true;
}

std::string kind(const std::string& what) { return what.rfind("thread ", 0) == 0 ? "mismatch" : what.substr(0, 12); }

}  // namespace

FuzzCase shrink(FuzzCase c, const fs::path& dir) {
    const std::string want = kind(run_fuzz_case(c, dir).what);
    std::vector<std::string> lines = split_lines(c.ptx);
    std::size_t begin = 0, end = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (lines[i] == "\t// body") begin = i;
        if (lines[i] == "\t// end of body") end = i;
    }
    for (std::size_t i = end; i-- > begin + 1;) {
        if (!removable(lines[i])) continue;
        FuzzCase t = c;
        std::vector<std::string> shorter = lines;
        shorter.erase(shorter.begin() + std::ptrdiff_t(i));
        t.ptx.clear();
        for (const std::string& l : shorter) t.ptx += l + "\n";
        const FuzzResult r = run_fuzz_case(t, dir);
        if (!r.ok && kind(r.what) == want) c = t, lines = shorter;
    }
    return c;
}

}  // namespace fgtlm::test
