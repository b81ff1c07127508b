#include "upstream_folder.hpp"

#include <fstream>
#include <string>

#include <fmt/format.h>

namespace fgtlm::test {

namespace fs = std::filesystem;

namespace {

void write(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
}

// A 9-bit binary literal as the upstream files write BENCH_KERNEL_GPRS ("000010000").
std::string binary(std::uint32_t v, int width) {
    std::string s;
    for (int b = width - 1; b >= 0; --b) s += ((v >> b) & 1u) ? '1' : '0';
    return s;
}

std::string pick_bench(const loaders::KernelImage& b) {
    const core::LaunchConfig& L = b.launch;
    std::string s = fmt::format(R"(
library IEEE;
use IEEE.STD_LOGIC_1164.ALL;
use IEEE.numeric_std.all;

-- Uncomment the following library declaration if using
-- arithmetic functions with Signed or Unsigned values
--use IEEE.NUMERIC_STD.ALL;

package pick_bench is

    type cmem_regs_type   is array (63 downto 0) of std_logic_vector(7 downto 0);
    type kernel_regs_type is array (15 downto 0) of std_logic_vector(31 downto 0);

    constant BENCH_CORES      : integer := {}; -- SP cores; "constant" in a comment is not one
    constant BENCH_WARP_LANES : integer := {}; -- WARP_SIZE/BENCH_CORES

    constant BENCH_APP      : string := "TP";
    constant BENCH_APP_INST : string := "TP"; /* a VHDL-2008 block comment := 7; */

    -- block dimensions (not changeable at runtime)
    constant BENCH_K_BLKX : std_logic_vector(15 downto 0) := x"{:04X}";
    constant BENCH_K_BLKY : std_logic_vector(15 downto 0) := x"{:04X}";
    constant BENCH_K_BLKZ -- a comment between the name and its type
        : std_logic_vector(15 downto 0) := x"{:04X}";

    -- number of total blocks in the grid
    constant BENCH_K_GRDX : std_logic_vector(15 downto 0) := -- the value is on the next line
        x"{:04X}";
    constant BENCH_K_GRDY : std_logic_vector(15 downto 0) := x"{:04X}";

    constant BENCH_CMEM_PARAM_SIZE   : std_logic_vector(6 downto 0)  :=  "{}";    -- {}
    constant BENCH_KERNEL_PARAM_SIZE : std_logic_vector(4 downto 0)  :=  "{}";
    constant BENCH_KERNEL_GPRS       : std_logic_vector(8 downto 0)  :=  "{}"; -- {}
    constant BENCH_KERNEL_SHMEM_SIZE : std_logic_vector(31 downto 0) :=  x"{:08x}"; -- {}
    constant BENCH_BLOCKS_PER_CORE   : std_logic_vector(3 downto 0)  :=  x"{:X}";

    constant BENCH_DYN_SHMEM_SIZE : std_logic_vector(31 downto 0) :=  x"00000000";

--  constant BENCH_CMEM_PARAM_SIZE          : std_logic_vector(5 downto 0)  :=  "000100";
--  constant BENCH_KERNEL_GPRS              : std_logic_vector(8 downto 0)  :=  "000001011";

    -- used by old benchmarks
)",
                                b.cores, 32 / b.cores, L.block[0], L.block[1], L.block[2], L.grid[0], L.grid[1],
                                binary(std::uint32_t(L.const_mem.size()), 7), L.const_mem.size(),
                                binary(std::uint32_t(L.params.size()), 5), binary(L.regs_per_thread, 9),
                                L.regs_per_thread, L.shared_bytes, L.shared_bytes, L.blocks_per_sm);
    for (std::size_t i = 0; i < 16; ++i) {
        const std::uint32_t v = i < L.params.size() ? L.params[i] : 0u;
        s += fmt::format(
            "    constant BENCH_KREG{}: std_logic_vector(31 downto 0) := x\"{:08X}\";{}-- param {} g[0x{:x}]\n", i, v,
            i % 2 ? "\t" : "     ", i, 4 + i);
    }
    s += "\n --   constant READ_DATA_SIZE : std_logic_vector(17 downto 0) := \"000000100000100000\";\n\n";
    for (std::size_t i = 0; i < L.const_mem.size(); ++i)
        s +=
            fmt::format("\tconstant BENCH_CMEMREG{} : std_logic_vector(7 downto 0) := x\"{:02x}\";\t\t\t--\tx\"ff\";\n",
                        i, L.const_mem[i]);
    s += fmt::format(R"(
    -- ORIGINAL FOR OLD BENCHMARKS: 2080
    constant READ_DATA_SIZE : std_logic_vector(17 downto 0) := std_logic_vector(to_unsigned({}, 18));

end pick_bench;
)",
                     b.dump.len / 4 - 1);
    return s;
}

std::string tp_instructions(const loaders::KernelImage& b) {
    std::string s = fmt::format(R"(
library IEEE;
use IEEE.std_logic_1164.all;
use IEEE.numeric_std.all;

entity TP_instructions is
	port(
		instruction_pointer_in : in  integer;
		num_instructions_out   : out integer;
		instruction_out        : out std_logic_vector(31 downto 0)
	);
end TP_instructions;

architecture arch of TP_instructions is
	constant TP_INSTRUCTIONS : integer := {};

begin
	num_instructions_out <= TP_INSTRUCTIONS;

	process(instruction_pointer_in)
	begin
		case instruction_pointer_in is
)",
                                b.program.size());
    for (std::size_t i = 0; i < b.program.size(); ++i) {
        const char* indent = i == 0 ? "\t\t\t" : "";
        if (i % 2 == 0)
            s += fmt::format(
                "{}when {} => instruction_out <= x\"{:08x}\";   -- {:04x}  SOME SASS; -- when 9 => x\"0\";\n", indent,
                i, b.program[i], 4 * i);
        else
            s += fmt::format("when {} => instruction_out <= x\"{:08x}\";\n", i, b.program[i]);
    }
    s += "\n\t\t\twhen others => null;\n\t\tend case;\n\tend process;\n\nend arch;\n";
    return s;
}

std::string tp_configuration() {
    std::string s = R"(
library IEEE;
use IEEE.std_logic_1164.all;
use IEEE.numeric_std.all;

use work.gpgpu_package.all;
use work.pick_bench.all;

entity TP_configuration is
	port(
		clk                   : in  std_logic;
		kernel_reg_adr        : in  std_logic_vector(3 downto 0);
		kernel_reg_data_out   : out std_logic_vector(31 downto 0);
		blocks_per_core_out   : out std_logic_vector(3 downto 0)
	);
end TP_configuration;

architecture Behavioral of TP_configuration is
	type cmem_regs_type is array (63 downto 0) of std_logic_vector(7 downto 0);
	type kernel_regs_type is array (15 downto 0) of std_logic_vector(31 downto 0);

	signal cmem_regs           : cmem_regs_type;
	constant cmem_regs_default : cmem_regs_type := ( --  63(3F)
)";
    for (int i = 63; i >= 0; i -= 4)
        s += fmt::format("\t\tBENCH_CMEMREG{}, BENCH_CMEMREG{}, BENCH_CMEMREG{}, BENCH_CMEMREG{}{}     -- {}\n", i,
                         i - 1, i - 2, i - 3, i == 3 ? ");" : ",", i - 3);
    s += R"(
	signal kernel_regs           : kernel_regs_type;
	constant kernel_regs_default : kernel_regs_type := ( --  15(0F)
		BENCH_KREG15, BENCH_KREG14, BENCH_KREG13, BENCH_KREG12, -- 12
		BENCH_KREG11, BENCH_KREG10, BENCH_KREG9, BENCH_KREG8, -- 8
		BENCH_KREG7, BENCH_KREG6, BENCH_KREG5, BENCH_KREG4, -- 4
		BENCH_KREG3, BENCH_KREG2, BENCH_KREG1, BENCH_KREG0); -- 0

	constant kernel_block_x    : std_logic_vector(15 downto 0) := BENCH_K_BLKX; -- 16
	constant blocks_per_core   : std_logic_vector(3 downto 0)  := BENCH_BLOCKS_PER_CORE;

begin
	process(clk)
	begin
		if rising_edge(clk) then
			kernel_reg_data_out <= kernel_regs(to_integer(unsigned(kernel_reg_adr)));
		end if;
	end process;
	blocks_per_core_out <= blocks_per_core;
end Behavioral;
)";
    return s;
}

}  // namespace

void write_upstream_folder(const loaders::KernelImage& b, const fs::path& app, UpstreamLayout layout,
                           bool with_config) {
    const fs::path base = layout == UpstreamLayout::VhdlSub ? app / "vhdl" : app;
    const fs::path conf_dir = layout == UpstreamLayout::Testbench ? base / "configuration" : base;
    const fs::path tp_dir = layout == UpstreamLayout::Testbench ? base / "TP" : base;
    std::string pick = pick_bench(b);
    if (with_config) {
        // TP_configuration.vhd reads BENCH_CMEMREG0..63: define the ones pick_bench lacks.
        std::string more;
        for (std::size_t i = b.launch.const_mem.size(); i < 64; ++i)
            more += fmt::format("    constant BENCH_CMEMREG{} : std_logic_vector(7 downto 0) := x\"00\";\n", i);
        pick.insert(pick.find("end pick_bench;"), more);
        write(tp_dir / "TP_configuration.vhd", tp_configuration());
    }
    write(conf_dir / "pick_bench.vhd", pick);
    write(tp_dir / "TP_instructions.vhd", tp_instructions(b));

    std::vector<bool> undefined(b.global_init.size(), false);
    for (const auto& u : b.global_init_undefined)
        for (std::uint32_t a = u.addr; a < u.addr + u.len && a < undefined.size(); ++a) undefined[a] = true;
    std::string mif;
    for (std::size_t a = 0; a < b.global_init.size(); ++a)
        mif += undefined[a] ? std::string("0\n") : fmt::format("{:02X}\n", b.global_init[a]);
    write(tp_dir / "global_mem.mif", mif);

    std::string log;
    const loaders::ExpectedRange& r = b.expected.at(0);
    for (std::size_t j = 0; j < r.words.size(); ++j)
        log += r.words[j] ? fmt::format("{:05X} {:08X}\n", r.addr + 4 * j, *r.words[j])
                          : fmt::format("{:05X} UUUUUUUU\n", r.addr + 4 * j);
    write(tp_dir / "gpgpu_rdata.log", log);
}

}  // namespace fgtlm::test
