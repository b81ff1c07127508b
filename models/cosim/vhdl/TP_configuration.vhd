-- FlexGrip-TLM co-simulation: TP_configuration whose launch registers come from the run-time
-- pick_bench (fgtlm_launch.txt). Same interface and register behaviour as the testbench's.
library IEEE;
use IEEE.std_logic_1164.all;
use IEEE.numeric_std.all;

use work.gpgpu_package.all;
use work.pick_bench.all;

entity TP_configuration is
	port(
		clk                   : in  std_logic;
		reset                 : in  std_logic;
		reset_registers       : in  std_logic;
		cmem_reg_cs           : in  std_logic;
		cmem_reg_rw           : in  std_logic;
		cmem_reg_adr          : in  std_logic_vector(5 downto 0);
		cmem_reg_data_in      : in  std_logic_vector(7 downto 0);
		cmem_reg_data_out     : out std_logic_vector(7 downto 0);
		kernel_reg_cs         : in  std_logic;
		kernel_reg_rw         : in  std_logic;
		kernel_reg_adr        : in  std_logic_vector(3 downto 0);
		kernel_reg_data_in    : in  std_logic_vector(31 downto 0);
		kernel_reg_data_out   : out std_logic_vector(31 downto 0);
		cmem_param_size_out   : out std_logic_vector(5 downto 0);
		kernel_param_size_out : out std_logic_vector(3 downto 0);
		kernel_block_x_out    : out std_logic_vector(15 downto 0);
		kernel_block_y_out    : out std_logic_vector(15 downto 0);
		kernel_block_z_out    : out std_logic_vector(15 downto 0);
		kernel_grid_x_out     : out std_logic_vector(15 downto 0);
		kernel_grid_y_out     : out std_logic_vector(15 downto 0);
		kernel_gprs_out       : out std_logic_vector(8 downto 0);
		kernel_shmem_size_out : out std_logic_vector(31 downto 0);
		blocks_per_core_out   : out std_logic_vector(3 downto 0);
		dyn_shmem_size_out    : out std_logic_vector(31 downto 0)
	);
end TP_configuration;

architecture fgtlm_runtime of TP_configuration is
	signal cmem_regs   : cmem_regs_type;
	signal kernel_regs : kernel_regs_type;
begin
	cmem_param_size_out   <= BENCH_CMEM_PARAM_SIZE;
	kernel_param_size_out <= BENCH_KERNEL_PARAM_SIZE;
	kernel_block_x_out    <= BENCH_K_BLKX;
	kernel_block_y_out    <= BENCH_K_BLKY;
	kernel_block_z_out    <= BENCH_K_BLKZ;
	kernel_grid_x_out     <= BENCH_K_GRDX;
	kernel_grid_y_out     <= BENCH_K_GRDY;
	kernel_gprs_out       <= BENCH_KERNEL_GPRS;
	kernel_shmem_size_out <= BENCH_KERNEL_SHMEM_SIZE;
	blocks_per_core_out   <= BENCH_BLOCKS_PER_CORE;
	dyn_shmem_size_out    <= BENCH_DYN_SHMEM_SIZE;

	pCmemRegs : process(clk, reset, reset_registers)
	begin
		if (reset = '1' or reset_registers = '1') then
			cmem_regs         <= FGTLM_CMEM;
			cmem_reg_data_out <= (others => '0');
		elsif (rising_edge(clk)) then
			if (cmem_reg_cs = '1' and cmem_reg_rw = '0') then
				cmem_regs(to_integer(unsigned(cmem_reg_adr))) <= cmem_reg_data_in;
			end if;
			if (cmem_reg_cs = '1' and cmem_reg_rw = '1') then
				cmem_reg_data_out <= cmem_regs(to_integer(unsigned(cmem_reg_adr)));
			end if;
		end if;
	end process;

	pKernelRegs : process(clk, reset, reset_registers)
	begin
		if (reset = '1' or reset_registers = '1') then
			kernel_regs         <= FGTLM_KREGS;
			kernel_reg_data_out <= (others => '0');
		elsif (rising_edge(clk)) then
			if (kernel_reg_cs = '1' and kernel_reg_rw = '0') then
				kernel_regs(to_integer(unsigned(kernel_reg_adr))) <= kernel_reg_data_in;
			end if;
			if (kernel_reg_cs = '1' and kernel_reg_rw = '1') then
				kernel_reg_data_out <= kernel_regs(to_integer(unsigned(kernel_reg_adr)));
			end if;
		end if;
	end process;
end fgtlm_runtime;
