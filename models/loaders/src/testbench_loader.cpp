// FlexGripPlus application folder -> KernelImage (conformance README section 3).
#include <fgtlm/loaders/testbench_loader.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <fgtlm/io/text.hpp>
#include "line_scanners.hpp"
#include "vhdl_constants.hpp"

namespace fgtlm::loaders {

namespace fs = std::filesystem;

namespace {

std::ifstream open_or_throw(const fs::path& file) {
    if (fs::is_directory(file)) throw LoadError(file, 0, "is a directory, not a file");
    std::ifstream in(file);
    if (!in) throw LoadError(file, 0, "cannot open");
    return in;
}

// The text with `--` and `/* */` comments blanked out (newlines kept, so line numbers stay).
std::string strip_comments(const std::string& src) {
    std::string out = src;
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (out[i] == '"') {  // string literal: no comment starts inside it
            const std::size_t close = out.find_first_of("\"\n", i + 1);
            if (close == std::string::npos) break;
            i = close;
        } else if (out.compare(i, 2, "--") == 0) {
            for (; i < out.size() && out[i] != '\n'; ++i) out[i] = ' ';
        } else if (out.compare(i, 2, "/*") == 0) {
            const std::size_t close = std::min(out.find("*/", i + 2), out.size() - 2);
            for (std::size_t k = i; k < close + 2; ++k)
                if (out[k] != '\n') out[k] = ' ';
            i = close + 1;
        }
    }
    return out;
}

std::string read_text(const fs::path& file) {
    std::ifstream in = open_or_throw(file);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// "word 7 missing" or "words 7..99 missing" for each gap of the program (one line per gap,
// however long: a typo such as `when 99999999 =>` must not print a line per word).
void warn_gaps(const std::map<std::uint32_t, std::uint32_t>& words, std::uint32_t count, const fs::path& file,
               std::vector<std::string>& warnings) {
    std::uint32_t next = 0;
    auto gap = [&](std::uint32_t from, std::uint32_t to) {  // [from, to)
        if (from >= to) return;
        warnings.push_back(file.string() + ": " +
                           (to - from == 1 ? "word " + std::to_string(from) + " missing (gap), loaded as 0"
                                           : "words " + std::to_string(from) + ".." + std::to_string(to - 1) +
                                                 " missing (gap), loaded as 0"));
    };
    for (const auto& [idx, w] : words) {
        if (idx >= count) break;
        gap(next, idx);
        next = idx + 1;
    }
    gap(next, count);
}

// At most this many duplicate-index warnings per file, then one line counting the rest: a file
// of repeated lines must not print hundreds of megabytes.
constexpr std::size_t kMaxDuplicateWarnings = 20;

void warn_duplicate(const fs::path& file, std::size_t lineno, std::uint32_t idx, std::vector<std::string>& warnings) {
    static constexpr const char* kMore = ": more duplicate word indexes (first definitions kept), not listed";
    std::size_t listed = 0;
    for (const std::string& w : warnings) {
        if (w.find(": duplicate word index ") != std::string::npos) ++listed;
        if (w == file.string() + kMore) return;
    }
    if (listed >= kMaxDuplicateWarnings) {
        warnings.push_back(file.string() + kMore);
        return;
    }
    warnings.push_back(file.string() + ":" + std::to_string(lineno) + ": duplicate word index " + std::to_string(idx) +
                       " (first definition kept)");
}

// TP_instructions.vhd: `when N => <target> <= x"XXXXXXXX";  -- text`, any number per line,
// comments anywhere; TP_INSTRUCTIONS (this file's constant, else pick_bench's) is the number
// of words the testbench writes.
std::vector<std::uint32_t> read_tp_instructions(const fs::path& file, std::vector<std::string>& warnings,
                                                const vhdl::ConstantTable& consts, std::uint32_t max_words) {
    const std::string text = strip_comments(read_text(file));
    vhdl::ConstantTable own;
    own.parse_text(text, file);
    std::map<std::uint32_t, std::uint32_t> words;
    std::istringstream lines(text);
    std::string line;
    std::size_t lineno = 0;
    while (std::getline(lines, line)) {
        ++lineno;
        for (const WhenWord& m : scan_when_words(line)) {
            std::string hex(m.hex);
            hex.erase(std::remove(hex.begin(), hex.end(), '_'), hex.end());
            if (hex.size() != 8 || hex.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
                throw LoadError(file, lineno,
                                "instruction word must have 8 hex digits, got '" + io::escape_and_cut(hex) + "'");
            const std::string digits(m.index);
            if (digits.size() > 9 || std::stoull(digits) >= max_words)
                throw LoadError(file, lineno,
                                "word index " + io::escape_and_cut(digits) + " is beyond the instruction memory (" +
                                    std::to_string(max_words) + " words)");
            const auto idx = std::uint32_t(std::stoul(digits));
            if (!words.emplace(idx, std::uint32_t(std::stoul(hex, nullptr, 16))).second)
                warn_duplicate(file, lineno, idx, warnings);
        }
    }
    if (words.empty()) throw LoadError(file, 0, "no `when N => ... <= x\"........\";` instruction lines");
    std::uint64_t count = std::uint64_t(words.rbegin()->first) + 1;
    const vhdl::Constant* c = own.find("TP_INSTRUCTIONS");
    if (c == nullptr) c = consts.find("TP_INSTRUCTIONS");
    if (c != nullptr) {
        if (c->value.kind != vhdl::Value::Kind::Int && c->value.kind != vhdl::Value::Kind::Bits)
            throw LoadError(c->file, c->line, "TP_INSTRUCTIONS is not a number");
        if (c->value.as_u64() == 0 || c->value.as_u64() > max_words)
            throw LoadError(c->file, c->line,
                            "TP_INSTRUCTIONS = " + std::to_string(std::int64_t(c->value.as_u64())) + " must be 1.." +
                                std::to_string(max_words) + " (the instruction memory)");
        count = c->value.as_u64();
        if (words.rbegin()->first >= count)
            warnings.push_back(file.string() + ": words from index " + std::to_string(count) +
                               " on are beyond TP_INSTRUCTIONS = " + std::to_string(count) + " and not loaded");
    }
    std::vector<std::uint32_t> program(count, 0);
    for (const auto& [idx, w] : words)
        if (idx < count) program[idx] = w;
    warn_gaps(words, std::uint32_t(count), file, warnings);
    return program;
}

// First constant found among `names`, else `fallback` (required: throw naming the file). The
// value must be a number in lo..hi (an error names the constant's file and line).
std::uint32_t constant(const vhdl::ConstantTable& t, const fs::path& file, std::initializer_list<const char*> names,
                       std::optional<std::uint32_t> fallback, std::uint64_t lo = 0, std::uint64_t hi = 0xffffffffu) {
    for (const char* n : names) {
        const vhdl::Constant* c = t.find(n);
        if (c == nullptr) continue;
        if (c->value.kind != vhdl::Value::Kind::Int && c->value.kind != vhdl::Value::Kind::Bits)
            throw LoadError(c->file, c->line, std::string(n) + " must be a number");
        const bool negative = c->value.kind == vhdl::Value::Kind::Int && c->value.i < 0;
        if (negative || c->value.as_u64() < lo || c->value.as_u64() > hi)
            throw LoadError(c->file, c->line,
                            std::string(n) + " = " +
                                (negative ? std::to_string(c->value.i) : std::to_string(c->value.as_u64())) +
                                " is out of range (" + std::to_string(lo) + ".." + std::to_string(hi) + ")");
        return std::uint32_t(c->value.as_u64());
    }
    if (fallback) return *fallback;
    throw LoadError(file, 0, std::string("missing constant ") + *names.begin());
}

// Where an application folder keeps its files. Upstream FlexGripPlus application folders hold
// them directly (APP/pick_bench.vhd, APP/TP_instructions.vhd ...) or in a vhdl/ subfolder
// (edge/vhdl); the testbench itself splits them into TB/configuration/pick_bench.vhd and
// TB/TP/{TP_instructions.vhd, TP_configuration.vhd, global_mem.mif}.
fs::path locate(const fs::path& app, const char* name) {
    for (const char* sub : {"", "vhdl", "configuration", "TP", "vhdl/configuration", "vhdl/TP"}) {
        const fs::path p = *sub ? app / sub / name : app / name;
        if (fs::is_regular_file(p)) return p;
    }
    return {};
}

fs::path find_upwards(const fs::path& dir, const char* name, const fs::path& root) {
    fs::path d = fs::absolute(dir);
    const fs::path stop = root.empty() ? fs::path() : fs::absolute(root);
    for (;;) {
        if (fs::is_regular_file(d / name)) return d / name;
        if (!stop.empty() && fs::equivalent(d, stop)) return {};
        if (!d.has_parent_path() || d.parent_path() == d) return {};
        d = d.parent_path();
    }
}

}  // namespace

std::vector<std::uint8_t> read_mif(const fs::path& file, std::vector<ByteRange>& undefined, std::uint32_t max_bytes,
                                   ImageOverflow* overflow) {
    std::ifstream in = open_or_throw(file);
    std::vector<std::uint8_t> bytes;
    std::string line;
    std::size_t lineno = 0;
    while (std::getline(in, line)) {
        ++lineno;
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
        if (bytes.size() == max_bytes) {
            if (line.empty()) continue;  // trailing blank lines
            if (overflow != nullptr) {
                if (overflow->first_line == 0) *overflow = {file.string(), lineno, 0};
                ++overflow->bytes;
                continue;
            }
            throw LoadError(file, lineno,
                            "more bytes than the global memory holds (" + std::to_string(max_bytes) + ")");
        }
        const auto addr = std::uint32_t(bytes.size());
        if (line.size() == 2 && std::isxdigit(static_cast<unsigned char>(line[0])) &&
            std::isxdigit(static_cast<unsigned char>(line[1]))) {
            bytes.push_back(std::uint8_t(std::stoul(line, nullptr, 16)));
            continue;
        }
        // Not two hex digits: the RTL's hread loads 'U'; keep the value the line spells (or 0).
        std::uint8_t v = 0;
        try {
            if (!line.empty()) v = std::uint8_t(std::stoul(line, nullptr, 16));
        } catch (const std::exception&) {
            v = 0;
        }
        bytes.push_back(v);
        if (!undefined.empty() && undefined.back().addr + undefined.back().len == addr) ++undefined.back().len;
        else undefined.push_back({addr, 1});
    }
    return bytes;
}

ExpectedRange read_rdata_log(const fs::path& file) {
    std::ifstream in = open_or_throw(file);
    ExpectedRange r;
    std::string line;
    std::size_t lineno = 0;
    std::optional<std::uint32_t> first_addr;
    while (std::getline(in, line)) {
        ++lineno;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        const std::optional<RdataLine> m = scan_rdata_line(line);
        if (!m) throw LoadError(file, lineno, "expected `AAAAA DDDDDDDD`, got '" + io::escape_and_cut(line) + "'");
        const std::string_view a = m->address.substr(std::min(m->address.find_first_not_of('0'), m->address.size()));
        if (a.size() > 8)
            throw LoadError(file, lineno, "address " + io::escape_and_cut(m->address) + " does not fit in 32 bits");
        const auto addr = std::uint32_t(a.empty() ? 0 : std::stoul(std::string(a), nullptr, 16));
        if (addr % 4 != 0)
            throw LoadError(file, lineno, "address " + io::escape_and_cut(m->address) + " is not a multiple of 4");
        if (!first_addr) {
            first_addr = addr;
            r.addr = addr;
        }
        if (addr != r.addr + 4 * r.words.size())
            throw LoadError(file, lineno, "addresses must increase by 4 (expected " +
                                              std::to_string(r.addr + 4 * r.words.size()) + ")");
        const std::string d(m->word);
        if (d.find_first_of("uUxX") != std::string::npos) r.words.push_back(std::nullopt);
        else r.words.push_back(std::uint32_t(std::stoul(d, nullptr, 16)));
    }
    return r;
}

namespace {

// The launch from pick_bench.vhd's BENCH_* constants (each under the names the upstream
// applications use); the parameter and constant-byte counts are returned for read_kernel_registers.
void read_launch_constants(const vhdl::ConstantTable& consts, const fs::path& pick, const TestbenchOptions& opt,
                           KernelImage& img, std::uint32_t& nparams, std::uint32_t& ncmem) {
    core::LaunchConfig& L = img.launch;
    L.grid[0] = std::uint16_t(constant(consts, pick, {"BENCH_K_GRDX", "BENCH_K_GRIDX"}, 1, 1, 0xffff));
    L.grid[1] = std::uint16_t(constant(consts, pick, {"BENCH_K_GRDY", "BENCH_K_GRIDY"}, 1, 1, 0xffff));
    L.block[0] = std::uint16_t(constant(consts, pick, {"BENCH_K_BLKX", "BENCH_K_BLOCKX"}, std::nullopt, 1, 0xffff));
    L.block[1] = std::uint16_t(constant(consts, pick, {"BENCH_K_BLKY", "BENCH_K_BLOCKY"}, 1, 1, 0xffff));
    L.block[2] = std::uint16_t(constant(consts, pick, {"BENCH_K_BLKZ", "BENCH_K_BLOCKZ"}, 1, 1, 0xffff));
    L.regs_per_thread = constant(consts, pick, {"BENCH_KERNEL_GPRS"}, std::nullopt);
    L.shared_bytes = constant(consts, pick, {"BENCH_KERNEL_SHMEM_SIZE"}, 0);
    L.blocks_per_sm = constant(consts, pick, {"BENCH_BLOCKS_PER_CORE", "BENCH_K_BLOCKS_PER_CORE", "BLOCKS_PER_CORE"},
                               opt.default_blocks_per_core, 1);
    img.cores = constant(consts, pick, {"BENCH_CORES", "NUM_CORES", "CORES"}, opt.default_cores, 1, 1024);
    // The testbench's registers: 16 parameter words, 64 constant bytes.
    nparams = constant(consts, pick, {"BENCH_KERNEL_PARAM_SIZE"}, 0, 0, 16);
    ncmem = constant(consts, pick, {"BENCH_CMEM_PARAM_SIZE"}, 0, 0, 64);

}

// The file and the launch constants it defines, for messages about an invalid launch.
std::string launch_origin(const vhdl::ConstantTable& consts, const fs::path& pick) {
    std::string out = pick.string() + ":";
    for (const char* n : {"BENCH_K_GRDX", "BENCH_K_GRIDX", "BENCH_K_GRDY", "BENCH_K_GRIDY", "BENCH_K_BLKX",
                          "BENCH_K_BLOCKX", "BENCH_K_BLKY", "BENCH_K_BLOCKY", "BENCH_K_BLKZ", "BENCH_K_BLOCKZ",
                          "BENCH_KERNEL_GPRS", "BENCH_KERNEL_SHMEM_SIZE", "BENCH_BLOCKS_PER_CORE",
                          "BENCH_K_BLOCKS_PER_CORE", "BLOCKS_PER_CORE", "BENCH_KERNEL_PARAM_SIZE"}) {
        const vhdl::Constant* c = consts.find(n);
        if (c == nullptr || (c->value.kind != vhdl::Value::Kind::Int && c->value.kind != vhdl::Value::Kind::Bits))
            continue;
        out += std::string(out.back() == ':' ? " " : ", ") + n + " = " + std::to_string(c->value.as_u64()) +
               " (" + (c->file == pick ? "" : c->file.filename().string() + " ") + "line " + std::to_string(c->line) +
               ")";
    }
    return out;
}

// `count` register values: the elements of TP_configuration's array `array`, or (no
// TP_configuration) pick_bench's constants <prefix>0, <prefix>1, ... (0 when absent, at most `max`).
std::vector<std::uint32_t> register_values(const vhdl::ConstantTable& consts, const fs::path& pick,
                                           const vhdl::Constant* array, const char* array_name, std::uint32_t count,
                                           const std::string& prefix, std::uint32_t max, const char* unit) {
    std::vector<std::uint32_t> values;
    for (std::uint32_t i = 0; i < count; ++i) {
        if (array == nullptr) {
            values.push_back(constant(consts, pick, {(prefix + std::to_string(i)).c_str()}, 0, 0, max));
            continue;
        }
        if (i >= array->value.elems.size())
            throw LoadError(array->file, array->line,
                            std::string(array_name) + " has fewer than " + std::to_string(count) + " " + unit);
        // A 33-bit word, a 9-bit byte or -1 is an error, not a value cut to the register's width.
        const vhdl::Value& e = array->value.elems[i];
        const bool number = e.kind == vhdl::Value::Kind::Int || e.kind == vhdl::Value::Kind::Bits;
        if (!number || (e.kind == vhdl::Value::Kind::Int && e.i < 0) || e.as_u64() > max)
            throw LoadError(array->file, array->line,
                            fmt::format("{}({}) = {} is not a {} (0..{})", array_name, i,
                                        !number                 ? std::string("a non-number")
                                        : e.kind == vhdl::Value::Kind::Int ? std::to_string(e.i)
                                                                            : fmt::format("x\"{:x}\"", e.bits),
                                        unit == std::string("bytes") ? "byte" : "32-bit word", max));
        values.push_back(std::uint32_t(e.as_u64()));
    }
    return values;
}

// Parameters and constant bytes: TP_configuration's arrays, else BENCH_KREGi / BENCH_CMEMREGi.
void read_kernel_registers(const vhdl::ConstantTable& consts, const fs::path& pick, const fs::path& config,
                           std::uint32_t nparams, std::uint32_t ncmem, core::LaunchConfig& L) {
    const vhdl::Constant* kregs = config.empty() ? nullptr : consts.find("kernel_regs_default");
    const vhdl::Constant* cregs = config.empty() ? nullptr : consts.find("cmem_regs_default");
    if (!config.empty() && (kregs == nullptr || cregs == nullptr))
        throw LoadError(config, 0, "kernel_regs_default / cmem_regs_default not defined");
    if (kregs != nullptr && kregs->value.kind != vhdl::Value::Kind::Array)
        throw LoadError(kregs->file, kregs->line, "kernel_regs_default must be an array aggregate");
    if (cregs != nullptr && cregs->value.kind != vhdl::Value::Kind::Array)
        throw LoadError(cregs->file, cregs->line, "cmem_regs_default must be an array aggregate");
    for (const std::uint32_t v :
         register_values(consts, pick, kregs, "kernel_regs_default", nparams, "BENCH_KREG", 0xffffffffu, "words"))
        L.params.push_back(v);
    for (const std::uint32_t v :
         register_values(consts, pick, cregs, "cmem_regs_default", ncmem, "BENCH_CMEMREG", 0xff, "bytes"))
        L.const_mem.push_back(std::uint8_t(v));
}

// The global memory image (global_mem.mif) and the golden result log beside the program, if any.
void read_memory_files(const vhdl::ConstantTable& consts, const fs::path& pick, const fs::path& app_dir,
                       const fs::path& tp_dir, KernelImage& img) {
    fs::path mif = tp_dir / "global_mem.mif";
    if (!fs::is_regular_file(mif)) mif = locate(app_dir, "global_mem.mif");
    if (!mif.empty()) {
        img.global_init = read_mif(mif, img.global_init_undefined, img.global_mem_bytes, &img.global_init_overflow);
    } else {
        img.warnings.push_back((tp_dir / "global_mem.mif").string() + ": missing, global memory starts as zeros");
    }

    const std::uint32_t read_size = constant(consts, pick, {"READ_DATA_SIZE"}, 0, 0, img.global_mem_bytes / 4 - 1);
    img.dump = {0, 4 * (read_size + 1)};
    for (const char* golden :
         {"gpgpu_rdata.log", "gpgpu_rdata_golden.log", "Golden_memory_result.log", "golden_mem_output.log"}) {
        fs::path g = tp_dir / golden;
        if (!fs::is_regular_file(g)) g = locate(app_dir, golden);
        if (!g.empty()) {
            img.expected.push_back(read_rdata_log(g));
            break;
        }
    }
}

}  // namespace

KernelImage load_testbench(const fs::path& app_dir, const TestbenchOptions& opt) {
    KernelImage img;
    img.dir = app_dir;
    img.name = fs::absolute(app_dir).lexically_normal().filename().string();
    if (img.name.empty()) img.name = fs::absolute(app_dir).lexically_normal().parent_path().filename().string();
    if (!fs::is_directory(app_dir))
        throw LoadError(app_dir, 0, "not a directory (FlexGripPlus application folder expected)");
    const fs::path pick = locate(app_dir, "pick_bench.vhd");
    const fs::path tp = locate(app_dir, "TP_instructions.vhd");
    if (pick.empty())
        throw LoadError(app_dir / "pick_bench.vhd", 0, "missing (FlexGripPlus application folder expected)");
    if (tp.empty())
        throw LoadError(app_dir / "TP_instructions.vhd", 0, "missing (FlexGripPlus application folder expected)");
    const fs::path tp_dir = tp.parent_path();  // the memory image and golden log sit beside the code

    vhdl::ConstantTable consts;
    consts.parse_file(pick);
    fs::path config = locate(app_dir, "TP_configuration.vhd");
    if (config.empty()) {
        config = find_upwards(app_dir, "TP_configuration.vhd", opt.search_root);
        // Another folder's launch registers: used (the upstream tree shares one), but said.
        if (!config.empty())
            img.warnings.push_back(config.string() + ": TP_configuration.vhd of an ancestor folder used for " +
                                   app_dir.string() + " (its kernel_regs_default / cmem_regs_default)");
    }
    if (!config.empty()) consts.parse_file(config);
    img.program = read_tp_instructions(tp, img.warnings, consts, opt.max_program_words);

    std::uint32_t nparams = 0, ncmem = 0;
    read_launch_constants(consts, pick, opt, img, nparams, ncmem);
    img.launch_origin = launch_origin(consts, pick);
    read_kernel_registers(consts, pick, config, nparams, ncmem, img.launch);
    read_memory_files(consts, pick, app_dir, tp_dir, img);
    return img;
}

}  // namespace fgtlm::loaders
