// KernelImage -> FlexGripPlus testbench files (inverse of testbench_loader.cpp; formats in
// tests/data/conformance/README.md section 3).
#include <fgtlm/loaders/testbench_writer.hpp>

#include <fstream>
#include <sstream>

#include <fmt/format.h>

namespace fgtlm::loaders {

namespace fs = std::filesystem;

namespace {

std::string bits(std::uint64_t v, int width) {
    std::string s(std::size_t(width), '0');
    for (int i = 0; i < width; ++i) s[std::size_t(width - 1 - i)] = ((v >> i) & 1u) != 0 ? '1' : '0';
    return s;
}

bool is_undefined(const KernelImage& img, std::uint32_t addr) {
    for (const auto& r : img.global_init_undefined)
        if (addr >= r.addr && addr - r.addr < r.len) return true;
    return false;
}

void write_file(const fs::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary);
    out << text;
    if (!out) throw LoadError(file, 0, "cannot write");
}

}  // namespace

void validate_for_testbench(const KernelImage& img) {
    const core::LaunchConfig& L = img.launch;
    const auto fail = [&](const std::string& what) {
        throw LoadError(img.name + ": cannot be run by the FlexGripPlus testbench: " + what);
    };
    if (img.program.empty()) fail("empty program");
    if (L.code_base != 0) fail("code base must be 0");
    if (L.params.size() > TestbenchLimits::max_params)
        fail(fmt::format("{} parameter words (BENCH_KERNEL_PARAM_SIZE holds at most {})", L.params.size(),
                         TestbenchLimits::max_params));
    if (L.const_mem.size() > TestbenchLimits::max_const_bytes)
        fail(fmt::format("{} constant bytes (BENCH_CMEM_PARAM_SIZE holds at most {})", L.const_mem.size(),
                         TestbenchLimits::max_const_bytes));
    if (L.regs_per_thread > TestbenchLimits::max_gprs)
        fail(fmt::format("{} registers per thread (at most 511)", L.regs_per_thread));
    if (L.blocks_per_sm == 0 || L.blocks_per_sm > TestbenchLimits::max_blocks_per_core)
        fail(fmt::format("blocks per core {} (1..15)", L.blocks_per_sm));
    if (img.dump.addr != 0)
        fail(fmt::format("dump range starts at 0x{:x} (the testbench reads from 0)", img.dump.addr));
    if (img.dump.len < 4 || img.dump.len % 4 != 0 || img.dump.len / 4 > TestbenchLimits::max_read_words)
        fail(fmt::format("dump range of {} bytes (1..{} whole words)", img.dump.len, TestbenchLimits::max_read_words));
    if (img.cores != 8 && img.cores != 16 && img.cores != 32) fail(fmt::format("{} SP cores (8, 16 or 32)", img.cores));
}

std::uint32_t read_data_size(const KernelImage& img) { return img.dump.len / 4 - 1; }

std::string tp_instructions_vhd(const KernelImage& img) {
    std::ostringstream o;
    o << "-- " << img.name << ": kernel code for the FlexGripPlus testbench, written by fgtlm.\n"
      << "library IEEE;\nuse IEEE.std_logic_1164.all;\nuse IEEE.numeric_std.all;\n\n"
      << "entity TP_instructions is\n\tport(\n\t\tinstruction_pointer_in : in  integer;\n"
      << "\t\tnum_instructions_out   : out integer;\n\t\tinstruction_out        : out std_logic_vector(31 downto 0)\n"
      << "\t);\n"
      << "end TP_instructions;\n\narchitecture arch of TP_instructions is\n"
      << "\tconstant TP_INSTRUCTIONS : integer := " << img.program.size() << ";\n\nbegin\n"
      << "\tnum_instructions_out <= TP_INSTRUCTIONS;\n\n\tprocess(instruction_pointer_in)\n\tbegin\n"
      << "\t\tcase instruction_pointer_in is\n";
    for (std::size_t i = 0; i < img.program.size(); ++i)
        o << fmt::format("\t\t\twhen {} => instruction_out <= x\"{:08x}\";\n", i, img.program[i]);
    o << "\t\t\twhen others => null;\n\t\tend case;\n\tend process;\n\nend arch;\n";
    return o.str();
}

std::string pick_bench_vhd(const KernelImage& img) {
    const core::LaunchConfig& L = img.launch;
    std::ostringstream o;
    o << "-- " << img.name << ": launch constants for the FlexGripPlus testbench, written by fgtlm.\n"
      << "library IEEE;\nuse IEEE.STD_LOGIC_1164.ALL;\nuse IEEE.numeric_std.all;\n\npackage pick_bench is\n\n"
      << "    type cmem_regs_type   is array (63 downto 0) of std_logic_vector(7 downto 0);\n"
      << "    type kernel_regs_type is array (15 downto 0) of std_logic_vector(31 downto 0);\n\n"
      << fmt::format("    constant BENCH_CORES      : integer := {};\n", img.cores)
      << fmt::format("    constant BENCH_WARP_LANES : integer := {};\n\n", 32 / img.cores)
      << "    constant BENCH_APP      : string := \"TP\";\n    constant BENCH_APP_INST : string := \"TP\";\n\n"
      << fmt::format("    constant BENCH_K_BLKX : std_logic_vector(15 downto 0) := x\"{:04x}\";\n", L.block[0])
      << fmt::format("    constant BENCH_K_BLKY : std_logic_vector(15 downto 0) := x\"{:04x}\";\n", L.block[1])
      << fmt::format("    constant BENCH_K_BLKZ : std_logic_vector(15 downto 0) := x\"{:04x}\";\n", L.block[2])
      << fmt::format("    constant BENCH_K_GRDX : std_logic_vector(15 downto 0) := x\"{:04x}\";\n", L.grid[0])
      << fmt::format("    constant BENCH_K_GRDY : std_logic_vector(15 downto 0) := x\"{:04x}\";\n\n", L.grid[1])
      << fmt::format("    constant BENCH_CMEM_PARAM_SIZE   : std_logic_vector(5 downto 0)  := \"{}\";\n",
                     bits(L.const_mem.size(), 6))
      << fmt::format("    constant BENCH_KERNEL_PARAM_SIZE : std_logic_vector(3 downto 0)  := x\"{:x}\";\n",
                     L.params.size())
      << fmt::format("    constant BENCH_KERNEL_GPRS       : std_logic_vector(8 downto 0)  := \"{}\";\n",
                     bits(L.regs_per_thread, 9))
      << fmt::format("    constant BENCH_KERNEL_SHMEM_SIZE : std_logic_vector(31 downto 0) := x\"{:08x}\";\n",
                     L.shared_bytes)
      << fmt::format("    constant BENCH_BLOCKS_PER_CORE   : std_logic_vector(3 downto 0)  := x\"{:x}\";\n",
                     L.blocks_per_sm)
      << "    constant BENCH_DYN_SHMEM_SIZE    : std_logic_vector(31 downto 0) := x\"00000000\";\n\n";
    // BENCH_KREGi / BENCH_CMEMREGi as well, for testbenches that build their arrays from them.
    for (std::size_t i = 0; i < 16; ++i)
        o << fmt::format("    constant BENCH_KREG{} : std_logic_vector(31 downto 0) := x\"{:08x}\";\n", i,
                         i < L.params.size() ? L.params[i] : 0u);
    for (std::size_t i = 0; i < 16; ++i)
        o << fmt::format("    constant BENCH_CMEMREG{} : std_logic_vector(7 downto 0) := x\"{:02x}\";\n", i,
                         i < L.const_mem.size() ? L.const_mem[i] : 0u);
    o << fmt::format(
             "\n    constant READ_DATA_SIZE : std_logic_vector(17 downto 0) := std_logic_vector(to_unsigned({}, "
             "18));\n\n",
             read_data_size(img))
      << "end pick_bench;\n";
    return o.str();
}

namespace {

// TP_configuration.vhd: the entity and the start of the architecture.
void tp_entity(std::ostringstream& o, const KernelImage& img) {
    o << "-- " << img.name << ": configuration registers for the FlexGripPlus testbench, written by fgtlm.\n"
      << "library IEEE;\nuse IEEE.std_logic_1164.all;\nuse IEEE.numeric_std.all;\n\n"
      << "use work.gpgpu_package.all;\nuse work.pick_bench.all;\n\n"
      << "entity TP_configuration is\n\tport(\n"
      << "\t\tclk                   : in  std_logic;\n\t\treset                 : in  std_logic;\n"
      << "\t\treset_registers       : in  std_logic;\n\t\tcmem_reg_cs           : in  std_logic;\n"
      << "\t\tcmem_reg_rw           : in  std_logic;\n\t\tcmem_reg_adr          : in  std_logic_vector(5 downto 0);\n"
      << "\t\tcmem_reg_data_in      : in  std_logic_vector(7 downto 0);\n"
      << "\t\tcmem_reg_data_out     : out std_logic_vector(7 downto 0);\n"
      << "\t\tkernel_reg_cs         : in  std_logic;\n\t\tkernel_reg_rw         : in  std_logic;\n"
      << "\t\tkernel_reg_adr        : in  std_logic_vector(3 downto 0);\n"
      << "\t\tkernel_reg_data_in    : in  std_logic_vector(31 downto 0);\n"
      << "\t\tkernel_reg_data_out   : out std_logic_vector(31 downto 0);\n"
      << "\t\tcmem_param_size_out   : out std_logic_vector(5 downto 0);\n"
      << "\t\tkernel_param_size_out : out std_logic_vector(3 downto 0);\n"
      << "\t\tkernel_block_x_out    : out std_logic_vector(15 downto 0);\n"
      << "\t\tkernel_block_y_out    : out std_logic_vector(15 downto 0);\n"
      << "\t\tkernel_block_z_out    : out std_logic_vector(15 downto 0);\n"
      << "\t\tkernel_grid_x_out     : out std_logic_vector(15 downto 0);\n"
      << "\t\tkernel_grid_y_out     : out std_logic_vector(15 downto 0);\n"
      << "\t\tkernel_gprs_out       : out std_logic_vector(8 downto 0);\n"
      << "\t\tkernel_shmem_size_out : out std_logic_vector(31 downto 0);\n"
      << "\t\tblocks_per_core_out   : out std_logic_vector(3 downto 0);\n"
      << "\t\tdyn_shmem_size_out    : out std_logic_vector(31 downto 0)\n"
      << "\t);\nend TP_configuration;\n\narchitecture Behavioral of TP_configuration is\n"
      << "\tsignal cmem_regs           : cmem_regs_type;\n"
      << "\t-- positional (63 downto 0) aggregate: the last element is byte 0\n"
      << "\tconstant cmem_regs_default : cmem_regs_type := (";
}

// The constant-memory and parameter defaults (positional aggregates, last element first).
void tp_defaults(std::ostringstream& o, const core::LaunchConfig& L) {
    for (int i = 63; i >= 0; --i) {
        const auto b = std::size_t(i) < L.const_mem.size() ? L.const_mem[std::size_t(i)] : 0u;
        o << fmt::format("{}x\"{:02x}\"{}", i % 8 == 7 ? "\n\t\t" : "", b, i == 0 ? ");\n" : ", ");
    }
    o << "\tsignal kernel_regs           : kernel_regs_type;\n"
      << "\tconstant kernel_regs_default : kernel_regs_type := (";
    for (int i = 15; i >= 0; --i) {
        const auto w = std::size_t(i) < L.params.size() ? L.params[std::size_t(i)] : 0u;
        o << fmt::format("{}x\"{:08x}\"{}", i % 4 == 3 ? "\n\t\t" : "", w, i == 0 ? ");\n" : ", ");
    }
}

// The architecture body: outputs and the two register processes (no kernel data in it).
void tp_processes(std::ostringstream& o) {
    o << "begin\n"
      << "\tcmem_param_size_out   <= BENCH_CMEM_PARAM_SIZE;\n\tkernel_param_size_out <= BENCH_KERNEL_PARAM_SIZE;\n"
      << "\tkernel_block_x_out    <= BENCH_K_BLKX;\n\tkernel_block_y_out    <= BENCH_K_BLKY;\n"
      << "\tkernel_block_z_out    <= BENCH_K_BLKZ;\n"
      << "\tkernel_grid_x_out     <= BENCH_K_GRDX;\n\tkernel_grid_y_out     <= BENCH_K_GRDY;\n"
      << "\tkernel_gprs_out       <= BENCH_KERNEL_GPRS;\n\tkernel_shmem_size_out <= BENCH_KERNEL_SHMEM_SIZE;\n"
      << "\tblocks_per_core_out   <= BENCH_BLOCKS_PER_CORE;\n\tdyn_shmem_size_out    <= BENCH_DYN_SHMEM_SIZE;\n\n"
      << "\tpCmemRegs : process(clk, reset, reset_registers)\n\tbegin\n"
      << "\t\tif (reset = '1' or reset_registers = '1') then\n\t\t\tcmem_regs <= cmem_regs_default;\n"
      << "\t\t\tcmem_reg_data_out <= (others => '0');\n"
      << "\t\telsif (rising_edge(clk)) then\n"
      << "\t\t\tif (cmem_reg_cs = '1' and cmem_reg_rw = '0') then cmem_regs(to_integer(unsigned(cmem_reg_adr))) <= "
         "cmem_reg_data_in; end if;\n"
      << "\t\t\tif (cmem_reg_cs = '1' and cmem_reg_rw = '1') then cmem_reg_data_out <= "
         "cmem_regs(to_integer(unsigned(cmem_reg_adr))); end if;\n"
      << "\t\tend if;\n\tend process;\n\n"
      << "\tpKernelRegs : process(clk, reset, reset_registers)\n\tbegin\n"
      << "\t\tif (reset = '1' or reset_registers = '1') then\n\t\t\tkernel_regs <= kernel_regs_default;\n"
      << "\t\t\tkernel_reg_data_out <= (others => '0');\n"
      << "\t\telsif (rising_edge(clk)) then\n"
      << "\t\t\tif (kernel_reg_cs = '1' and kernel_reg_rw = '0') then "
         "kernel_regs(to_integer(unsigned(kernel_reg_adr))) <= kernel_reg_data_in; end if;\n"
      << "\t\t\tif (kernel_reg_cs = '1' and kernel_reg_rw = '1') then kernel_reg_data_out <= "
         "kernel_regs(to_integer(unsigned(kernel_reg_adr))); end if;\n"
      << "\t\tend if;\n\tend process;\nend Behavioral;\n";
}

}  // namespace

std::string tp_configuration_vhd(const KernelImage& img) {
    std::ostringstream o;
    tp_entity(o, img);
    tp_defaults(o, img.launch);
    tp_processes(o);
    return o.str();
}

std::string global_mem_mif(const KernelImage& img) {
    std::string s;
    s.reserve(img.global_init.size() * 3);
    for (std::size_t a = 0; a < img.global_init.size(); ++a) {
        if (is_undefined(img, std::uint32_t(a))) s += "0\n";
        else s += fmt::format("{:02x}\n", img.global_init[a]);
    }
    return s;
}

void write_testbench(const KernelImage& img, const fs::path& dir) {
    validate_for_testbench(img);
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw LoadError(dir, 0, "cannot create folder: " + ec.message());
    write_file(dir / "TP_instructions.vhd", tp_instructions_vhd(img));
    write_file(dir / "pick_bench.vhd", pick_bench_vhd(img));
    write_file(dir / "TP_configuration.vhd", tp_configuration_vhd(img));
    write_file(dir / "global_mem.mif", global_mem_mif(img));
}

}  // namespace fgtlm::loaders
