-- fgtlm GHDL back end: the top unit of the simulation fgtlm drives. It instantiates the GPU
-- (gpgpu_ml605_top_level, as the FlexGripPlus testbench does) and runs fgtlm's commands: each
-- FGTLM_CMD_TICK applies the pins fgtlm set, runs one 10 ns clock period (rising edge, then
-- falling edge) and reports the GPU's outputs and the pipeline probes after it; FGTLM_CMD_MEM
-- moves memory contents (dp_ram_host.vhd). The slot numbers are fgtlm_host_shared.h's.
library IEEE;
use IEEE.std_logic_1164.all;
use IEEE.numeric_std.all;
use work.gpgpu_package.all;
use work.pick_bench.all;
use work.fgtlm_probe.all;
use work.fgtlm_host.all;

entity fgtlm_host_top is
end fgtlm_host_top;

architecture sim of fgtlm_host_top is
	constant GMEM_ADDR_SIZE   : integer := 18;
	constant CMEM_ADDR_SIZE   : integer := 13;
	constant SYSMEM_ADDR_SIZE : integer := 18;

	signal sys_clk, host_reset, block_scheduler_en, kernel_done, smp_done_signal : std_logic := '0';
	signal cfg_en, cfg_cs : std_logic := '0';
	signal cfg_rw : std_logic := '1';
	signal cfg_adr, cfg_wr_data, cfg_rd_data : std_logic_vector(31 downto 0) := (others => '0');
	-- The memories' host ports (the testbench's loading path): idle, fgtlm loads them directly.
	signal zero : std_logic := '0';
	signal g_data_z, g_rd_a, g_rd_b, c_data_z, c_rd_a, c_rd_b : std_logic_vector(7 downto 0) := (others => '0');
	signal g_addr_z : std_logic_vector(GMEM_ADDR_SIZE - 1 downto 0) := (others => '0');
	signal c_addr_z : std_logic_vector(CMEM_ADDR_SIZE - 1 downto 0) := (others => '0');
	signal s_addr_z : std_logic_vector(SYSMEM_ADDR_SIZE - 1 downto 0) := (others => '0');
	signal s_data_z, s_rd_a, s_rd_b : std_logic_vector(SYSMEM_DATA_SIZE - 1 downto 0) := (others => '0');

	function bit_of(v : integer) return std_logic is
	begin
		if v /= 0 then return '1'; else return '0'; end if;
	end function;
	function int_of(s : std_logic) return integer is
	begin
		if s = '1' then return 1; else return 0; end if;
	end function;
	function int_of(v : std_logic_vector) return integer is
	begin
		return to_integer(unsigned(v));
	end function;
	function w32(v : std_logic_vector(31 downto 0)) return fgtlm_w32 is
	begin
		return fgtlm_w32(v);
	end function;
begin
	uGPGPU : entity work.gpgpu_ml605_top_level
		generic map(GMEM_ADDR_SIZE => GMEM_ADDR_SIZE, CMEM_ADDR_SIZE => CMEM_ADDR_SIZE, SYSMEM_ADDR_SIZE => SYSMEM_ADDR_SIZE)
		port map(
			sys_clk => sys_clk, host_reset => host_reset, block_scheduler_en => block_scheduler_en,
			kernel_done => kernel_done, smp_done_signal => smp_done_signal,
			gmem_cntrl_en_in => zero, cmem_cntrl_en_in => zero, sysmem_cntrl_en_in => zero,
			gpgpu_config_cntrl_en_in => cfg_en, gpgpu_config_top_cs => cfg_cs, gpgpu_config_top_rw => cfg_rw,
			gpgpu_config_top_adr => cfg_adr, gpgpu_config_top_rd_data => cfg_rd_data,
			gpgpu_config_top_wr_data => cfg_wr_data,
			gmem_wr_data_a_in => g_data_z, gmem_addr_a_in => g_addr_z, gmem_wr_en_a_in => zero, gmem_rd_data_a_out => g_rd_a,
			gmem_wr_data_b_in => g_data_z, gmem_addr_b_in => g_addr_z, gmem_wr_en_b_in => zero, gmem_rd_data_b_out => g_rd_b,
			cmem_wr_data_a_in => c_data_z, cmem_addr_a_in => c_addr_z, cmem_wr_en_a_in => zero, cmem_rd_data_a_out => c_rd_a,
			cmem_wr_data_b_in => c_data_z, cmem_addr_b_in => c_addr_z, cmem_wr_en_b_in => zero, cmem_rd_data_b_out => c_rd_b,
			sysmem_wr_data_a_in => s_data_z, sysmem_addr_a_in => s_addr_z, sysmem_wr_en_a_in => zero, sysmem_rd_data_a_out => s_rd_a,
			sysmem_wr_data_b_in => s_data_z, sysmem_addr_b_in => s_addr_z, sysmem_wr_en_b_in => zero, sysmem_rd_data_b_out => s_rd_b);

	pHost : process
		variable cmd : integer;
	begin
		loop
			cmd := fgtlm_host_next;
			if cmd = FGTLM_CMD_TICK then
				host_reset         <= bit_of(fgtlm_host_pin(0));
				block_scheduler_en <= bit_of(fgtlm_host_pin(1));
				cfg_en             <= bit_of(fgtlm_host_pin(2));
				cfg_cs             <= bit_of(fgtlm_host_pin(3));
				cfg_rw             <= bit_of(fgtlm_host_pin(4));
				cfg_adr            <= std_logic_vector(to_signed(fgtlm_host_pin(5), 32));
				cfg_wr_data        <= std_logic_vector(to_signed(fgtlm_host_pin(6), 32));
				wait for 1 ns;  -- the pins settle before the edge
				sys_clk <= '1';
				wait for 5 ns;
				sys_clk <= '0';
				wait for 4 ns;
				-- After the cycle: flags always, values only with their flag (fewer calls).
				fgtlm_host_put_int(0, int_of(kernel_done));
				if fgtlm_ww_done = '1' then
					fgtlm_host_put_int(1, 1);
					fgtlm_host_put_int(2, int_of(fgtlm_ww_warp));
					fgtlm_host_put_int(3, int_of(fgtlm_ww_lane));
					fgtlm_host_put(4, w32(fgtlm_ww_next_pc));
					fgtlm_host_put(5, w32(fgtlm_ww_mask));
					fgtlm_host_put_int(6, fgtlm_ww_state);
				end if;
				if fgtlm_ew_done = '1' then
					fgtlm_host_put_int(7, 1);
					fgtlm_host_put_int(8, int_of(fgtlm_ew_warp));
					fgtlm_host_put_int(9, int_of(fgtlm_ew_lane));
					fgtlm_host_put(10, w32(fgtlm_ew_mask));
					fgtlm_host_put(11, w32(fgtlm_ew_dest));
					fgtlm_host_put_int(12, fgtlm_ew_dest_type);
					for i in 0 to BENCH_CORES - 1 loop
						fgtlm_host_put(32 + i, w32(fgtlm_ew_values(i)));
					end loop;
				end if;
				if fgtlm_fd_done = '1' then
					fgtlm_host_put_int(13, 1);
					fgtlm_host_put_int(14, int_of(fgtlm_fd_warp));
					fgtlm_host_put_int(15, int_of(fgtlm_fd_lane));
					fgtlm_host_put(16, w32(fgtlm_fd_pc));
					fgtlm_host_put(17, w32(fgtlm_fd_instr(31 downto 0)));
					fgtlm_host_put(18, w32(fgtlm_fd_instr(63 downto 32)));
					fgtlm_host_put(19, w32(fgtlm_fd_mask));
				end if;
				fgtlm_host_put_int(20, int_of(fgtlm_cfg_en));
				for i in 0 to BENCH_CORES - 1 loop
					if fgtlm_gpr_en(i) = '1' then
						fgtlm_host_put_int(21, 1);
						fgtlm_host_put_int(64 + i, 1);
						fgtlm_host_put_int(96 + i, int_of(fgtlm_gpr_lane(i)));
						fgtlm_host_put(128 + i, w32(fgtlm_gpr_data(i)));
					end if;
					if fgtlm_prd_en(i) = '1' then
						fgtlm_host_put_int(22, 1);
						fgtlm_host_put_int(160 + i, 1);
						fgtlm_host_put_int(192 + i, int_of(fgtlm_prd_lane(i)));
						fgtlm_host_put_int(224 + i, int_of(fgtlm_prd_data(i)));
					end if;
					if fgtlm_adr_en(i) = '1' then
						fgtlm_host_put_int(23, 1);
						fgtlm_host_put_int(256 + i, 1);
						fgtlm_host_put_int(288 + i, int_of(fgtlm_adr_lane(i)));
						fgtlm_host_put(320 + i, w32(fgtlm_adr_data(i)));
					end if;
				end loop;
			elsif cmd = FGTLM_CMD_MEM then
				fgtlm_host_mem_req <= fgtlm_host_mem_req + 1;
				wait for 1 ns;  -- the memories' processes (and their read ports) run
			else
				std.env.finish;
				wait;
			end if;
		end loop;
	end process;
end sim;
