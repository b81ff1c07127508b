// Every conformance bundle in tests/data/conformance checks what it claims. Each kernel runs on
// the execution core with a global-memory port that grants no direct access, so every load and
// store reaches it and is recorded with the block that made it (a store trace). Then:
//  - expected.json is the RTL's dump (launch.json "dump") and every byte a store writes lies in a
//    word of it that is compared (not null), so `fgtlm run --check` sees every output; no input
//    byte is undefined (the RTL's 'U'), so no output derives from one;
//  - no two blocks store to one byte and no block loads a byte another block stores, so the
//    result cannot depend on the order the blocks run in;
//  - outputs are disjoint from inputs (no byte is both loaded and stored) unless launch.json has
//    "in_place": a kernel that updates its input, then within one block only (the rule above);
//  - expected.json's RTL cycles are the ones rtl_cycles.json lists for the bundle's lane count.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <fgtlm/core/sm_core.hpp>
#include <fgtlm/loaders/bundle_loader.hpp>

namespace {

using namespace fgtlm;
namespace fs = std::filesystem;

constexpr int kNone = -1, kSeveral = -2;  // per byte: no block, more than one block, else the block

// Global memory without DMI: records each access of the instruction being executed; the
// observer below hands them to the block once the core reports the instruction.
class TracingMemory final : public core::MemoryPort {
public:
    struct Access {
        std::uint64_t addr;
        std::uint32_t len;
        bool store;
    };
    explicit TracingMemory(std::vector<std::uint8_t>& bytes) : bytes_(bytes) {}
    core::MemStatus read(std::uint64_t addr, std::uint8_t* data, std::uint32_t len) override {
        if (addr + len > bytes_.size()) return core::MemStatus::AddressError;
        std::copy_n(bytes_.begin() + std::ptrdiff_t(addr), len, data);
        pending.push_back({addr, len, false});
        return core::MemStatus::Ok;
    }
    core::MemStatus write(std::uint64_t addr, const std::uint8_t* data, std::uint32_t len) override {
        if (addr + len > bytes_.size()) return core::MemStatus::AddressError;
        std::copy_n(data, len, bytes_.begin() + std::ptrdiff_t(addr));
        pending.push_back({addr, len, true});
        return core::MemStatus::Ok;
    }
    std::vector<Access> pending;

private:
    std::vector<std::uint8_t>& bytes_;
};

// Which block loaded / stored each byte of global memory (kNone, kSeveral or the block).
struct BlockTrace : core::ExecutionObserver {
    TracingMemory& mem;
    std::vector<int> loaded, stored;
    BlockTrace(TracingMemory& m, std::size_t bytes) : mem(m), loaded(bytes, kNone), stored(bytes, kNone) {}
    void on_issue(const core::IssueRecord& rec) override {
        for (const auto& a : mem.pending)
            for (std::uint64_t b = a.addr; b < a.addr + a.len; ++b) {
                int& who = a.store ? stored[b] : loaded[b];
                who = who == kNone || who == int(rec.block) ? int(rec.block) : kSeveral;
            }
        mem.pending.clear();
    }
};

// Runs the bundle's kernel on one SM core (the RTL preset, as the bundles were made on the RTL).
BlockTrace trace_kernel(const loaders::KernelImage& img, std::vector<std::uint8_t>& global, TracingMemory& port) {
    core::SmCoreConfig cfg;
    cfg.sp_lanes = img.cores;
    core::SmCore sm(cfg);
    core::Program program;
    program.bind(img.program.data(), std::uint32_t(img.program.size()));
    sm.set_program(&program);
    sm.set_global(&port);
    sm.set_constant(img.launch.const_mem.data(), std::uint32_t(img.launch.const_mem.size()));
    BlockTrace trace(port, global.size());
    sm.add_observer(&trace);
    EXPECT_EQ(core::check_launch(img.launch, sm.config()), "") << img.name;
    sm.begin_kernel(img.launch);
    const std::uint32_t per = core::blocks_per_batch(img.launch, sm.config());
    for (std::uint32_t b = 0; per != 0 && b < img.launch.num_blocks() && !sm.failed(); b += per) {
        sm.start_batch(b, std::min(per, img.launch.num_blocks() - b));
        while (sm.step() == core::StepResult::Issued) {
        }
    }
    EXPECT_FALSE(sm.failed()) << img.name << ": " << sm.error().describe();
    return trace;
}

// Byte address -> compared (a non-null expected word covers it).
std::vector<bool> compared_bytes(const loaders::KernelImage& img, std::size_t bytes) {
    std::vector<bool> out(bytes, false);
    for (const auto& r : img.expected)
        for (std::size_t j = 0; j < r.words.size(); ++j)
            for (std::size_t k = 0; k < 4 && r.words[j].has_value(); ++k)
                if (r.addr + 4 * j + k < bytes) out[r.addr + 4 * j + k] = true;
    return out;
}

nlohmann::json read_json(const fs::path& p) {
    std::ifstream in(p);
    EXPECT_TRUE(in.good()) << p;
    return nlohmann::json::parse(in, nullptr, false);
}

std::vector<fs::path> bundles() {
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(fs::path(FGTLM_DATA_DIR) / "conformance"))
        if (fs::exists(e.path() / "launch.json")) out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

// The first few offending byte addresses of one rule, for the message.
struct Offenders {
    std::size_t count = 0;
    std::string first;
    void add(std::size_t addr) {
        char hex[24];
        std::snprintf(hex, sizeof hex, " 0x%zx", addr);
        if (count++ < 4) first += hex;
    }
};

void check_bundle(const fs::path& dir) {
    const auto img = loaders::load_bundle(dir);
    const bool in_place = read_json(dir / "launch.json").value("in_place", false);
    EXPECT_TRUE(img.global_init_undefined.empty()) << img.name << ": input bytes the RTL reads as undefined";
    ASSERT_EQ(img.expected.size(), 1u) << img.name << ": expected.json should hold the RTL's dump as one range";
    EXPECT_EQ(img.expected[0].addr, img.dump.addr) << img.name;
    EXPECT_EQ(4 * img.expected[0].words.size(), img.dump.len)
        << img.name << ": expected.json is not launch.json's dump";
    std::vector<std::uint8_t> global(img.global_mem_bytes, 0);
    std::copy(img.global_init.begin(), img.global_init.end(), global.begin());
    TracingMemory port(global);
    const BlockTrace t = trace_kernel(img, global, port);
    const auto compared = compared_bytes(img, global.size());
    Offenders unchecked, two_writers, cross_block, input_output;
    std::size_t stored = 0;
    for (std::size_t a = 0; a < global.size(); ++a) {
        const int s = t.stored[a], l = t.loaded[a];
        if (s == kNone) continue;
        ++stored;
        if (!compared[a]) unchecked.add(a);
        if (s == kSeveral) two_writers.add(a);
        if (s != kSeveral && l != kNone && l != s) cross_block.add(a);
        if (!in_place && l != kNone) input_output.add(a);
    }
    EXPECT_GT(stored, 0u) << img.name << ": the kernel stores nothing";
    EXPECT_EQ(unchecked.count, 0u) << img.name << ": stored bytes expected.json does not compare:" << unchecked.first;
    EXPECT_EQ(two_writers.count, 0u) << img.name << ": bytes stored by several blocks:" << two_writers.first;
    EXPECT_EQ(cross_block.count, 0u) << img.name << ": bytes one block stores, another loads:" << cross_block.first;
    EXPECT_EQ(input_output.count, 0u) << img.name
                                      << ": bytes both loaded and stored (not in_place):" << input_output.first;
}

TEST(BundleClaims, EveryStoreIsComparedAndNoResultDependsOnBlockOrder) {
    const auto all = bundles();
    ASSERT_GE(all.size(), 8u) << FGTLM_DATA_DIR;
    for (const auto& dir : all) check_bundle(dir);
}

TEST(BundleClaims, ExpectedCyclesAreTheOnesRtlCyclesLists) {
    const auto runs = read_json(fs::path(FGTLM_DATA_DIR) / "conformance" / "rtl_cycles.json").at("runs");
    for (const auto& dir : bundles()) {
        const auto exp = read_json(dir / "expected.json");
        const std::string name = dir.filename().string();
        std::size_t found = 0;
        for (const auto& r : runs)
            if (r.at("bundle") == name && r.at("cores") == exp.at("rtl_cores")) {
                ++found;
                EXPECT_EQ(r.at("cycles"), exp.at("rtl_kernel_cycles")) << name;
            }
        EXPECT_EQ(found, 1u) << name << ": rtl_cycles.json should list it once at " << exp.at("rtl_cores") << " lanes";
    }
}

}  // namespace
