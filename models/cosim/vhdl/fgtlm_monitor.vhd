-- FlexGrip-TLM co-simulation monitor (written by fgtlm, instantiated in the build folder's
-- copy of the testbench). Measures the kernel cycles the way the testbench defines them:
-- from the clock edge that raises block_scheduler_en to the edge at which the testbench
-- first samples kernel_done = '1', and writes fgtlm_result.txt.
library IEEE;
use IEEE.std_logic_1164.all;
use std.textio.all;
use work.pick_bench.all;
use work.fgtlm_probe.all;

entity fgtlm_monitor is
	port(
		clk                : in std_logic;
		block_scheduler_en : in std_logic;
		kernel_done        : in std_logic
	);
end fgtlm_monitor;

architecture arch of fgtlm_monitor is
begin
	pCycles : process(clk)
		file result : text open write_mode is "fgtlm_result.txt";
		variable l : line;
		variable cycle : natural := 0;
		variable start : integer := -1;
		variable done : boolean := false;
	begin
		if rising_edge(clk) then
			cycle := cycle + 1;
			if start < 0 and block_scheduler_en = '1' then
				start := cycle - 1;  -- the edge that raised it
			elsif start >= 0 and not done and kernel_done = '1' then
				done := true;
				write(l, string'("kernel_cycles "));
				write(l, cycle - start);
				writeline(result, l);
				write(l, string'("kernel_done_cycle "));
				write(l, cycle);
				writeline(result, l);
				flush(result);
				if FGTLM_FAST_DUMP then
					fgtlm_dump_request <= '1';
				end if;
			end if;
		end if;
	end process;
end arch;
