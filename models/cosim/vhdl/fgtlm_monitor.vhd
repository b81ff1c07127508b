-- FlexGrip-TLM co-simulation monitor (written by fgtlm, instantiated in the build folder's
-- copy of the testbench).
-- * Kernel cycles, the way the testbench defines them: from the clock edge that raises
--   block_scheduler_en to the edge at which the testbench first samples kernel_done = '1'
--   (fgtlm_result.txt). With fast dump on, it then asks the global memory to dump itself.
-- * Pipeline events for the commit trace (fgtlm_commit.raw), sampled on every rising edge
--   from the fgtlm_probe signals (the SM's handshakes and register-file write ports):
--     B <cycle>                                  SMP configuration starts (a batch of blocks)
--     F <cycle> <warp> <pass> <pc> <word64> <mask>  fetch -> decode (mask: the warp's current mask)
--     E <cycle> <warp> <pass> <mask>             execute -> write (instruction mask)
--     G <cycle> <core>:<pass>:<value> ...        general-register writes
--     P <cycle> <core>:<pass>:<flags> ...        predicate-register writes
--     A <cycle> <core>:<pass>:<value> ...        address-register writes
--     W <cycle> <warp> <pass>                    write -> warp unit (the commit)
--   Cycles count from the block_scheduler_en edge; numbers are hex except cycles.
--   models/cosim/src/rtl_commit_trace.cpp turns them into commit-trace lines.
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

	pEventsBlock : block
	begin
		pEvents : process(clk)
			file trace : text open write_mode is "fgtlm_commit.raw";
			variable l : line;
			variable cycle : natural := 0;
			variable started : boolean := false;
			variable cfg_prev : std_logic := '0';
			variable any : boolean;
		begin
			if rising_edge(clk) then
				if not started and block_scheduler_en = '1' then
					started := true;
				end if;
				if started and FGTLM_COMMIT_TRACE then
					cycle := cycle + 1;
					if fgtlm_cfg_en = '1' and cfg_prev /= '1' then
						write(l, string'("B ")); write(l, cycle); writeline(trace, l);
					end if;
					cfg_prev := fgtlm_cfg_en;
					if fgtlm_fd_done = '1' then
						write(l, string'("F ")); write(l, cycle);
						write(l, ' '); write(l, to_hstring(fgtlm_fd_warp));
						write(l, ' '); write(l, to_hstring(fgtlm_fd_lane));
						write(l, ' '); write(l, to_hstring(fgtlm_fd_pc));
						write(l, ' '); write(l, to_hstring(fgtlm_fd_instr));
						write(l, ' '); write(l, to_hstring(fgtlm_fd_mask));
						writeline(trace, l);
					end if;
					if fgtlm_ew_done = '1' then
						write(l, string'("E ")); write(l, cycle);
						write(l, ' '); write(l, to_hstring(fgtlm_ew_warp));
						write(l, ' '); write(l, to_hstring(fgtlm_ew_lane));
						write(l, ' '); write(l, to_hstring(fgtlm_ew_mask));
						writeline(trace, l);
					end if;
					any := false;
					for i in 0 to BENCH_CORES - 1 loop
						if fgtlm_gpr_en(i) = '1' then
							if not any then write(l, string'("G ")); write(l, cycle); any := true; end if;
							write(l, ' '); write(l, i); write(l, ':'); write(l, to_hstring(fgtlm_gpr_lane(i)));
							write(l, ':'); write(l, to_hstring(fgtlm_gpr_data(i)));
						end if;
					end loop;
					if any then writeline(trace, l); end if;
					any := false;
					for i in 0 to BENCH_CORES - 1 loop
						if fgtlm_prd_en(i) = '1' then
							if not any then write(l, string'("P ")); write(l, cycle); any := true; end if;
							write(l, ' '); write(l, i); write(l, ':'); write(l, to_hstring(fgtlm_prd_lane(i)));
							write(l, ':'); write(l, to_hstring(fgtlm_prd_data(i)));
						end if;
					end loop;
					if any then writeline(trace, l); end if;
					any := false;
					for i in 0 to BENCH_CORES - 1 loop
						if fgtlm_adr_en(i) = '1' then
							if not any then write(l, string'("A ")); write(l, cycle); any := true; end if;
							write(l, ' '); write(l, i); write(l, ':'); write(l, to_hstring(fgtlm_adr_lane(i)));
							write(l, ':'); write(l, to_hstring(fgtlm_adr_data(i)));
						end if;
					end loop;
					if any then writeline(trace, l); end if;
					if fgtlm_ww_done = '1' then
						write(l, string'("W ")); write(l, cycle);
						write(l, ' '); write(l, to_hstring(fgtlm_ww_warp));
						write(l, ' '); write(l, to_hstring(fgtlm_ww_lane));
						writeline(trace, l);
					end if;
				end if;
			end if;
		end process;
	end block;
end arch;
