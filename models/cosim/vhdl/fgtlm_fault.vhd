-- FlexGrip-TLM fault injection into the RTL (written by fgtlm, analysed only in fault-injection
-- builds). The injector process (fault_probes.vhd, appended to the build copy of
-- streaming_multiprocessor) reads one request from fgtlm_fault.txt in the run folder:
--     <warp> <k> <file> <core> <address> <bit> <mode>        (decimal)
-- and, one clock after the fetch -> decode handshake of warp <warp>'s k-th instruction
-- (0-based, pass 0), acts on bit <bit> of mem(<address>) of one register file of SP core
-- <core>: file 0 = general registers (instance path contains "gregisterfile(<core>)"),
-- 1 = address registers ("gaddressregisters("), 2 = predicate flags ("gpredicateregisters("),
-- 3 = shared memory ("usharedmemory", one instance: core 0).
-- Mode 0 flips the bit once (fgtlm_flip_en for one cycle); mode 1/2 holds it at 0/1 from then
-- on (fgtlm_stuck_en: the build copy of dp_regfile re-forces it after its write ports in every
-- clock). No file (or k never reached): no fault.
library IEEE;
use IEEE.std_logic_1164.all;

package fgtlm_fault is
	signal fgtlm_flip_en   : std_logic := '0';
	signal fgtlm_stuck_en  : std_logic := '0';
	signal fgtlm_stuck_val : std_logic := '0';
	signal fgtlm_flip_id   : integer := -1;   -- file * 64 + core
	signal fgtlm_flip_addr : integer := 0;
	signal fgtlm_flip_bit  : integer := 0;

	-- file * 64 + SP core index of a register file instance from its path name, else -1.
	function fgtlm_regfile_id(path : string) return integer;
end fgtlm_fault;

package body fgtlm_fault is
	function lower(c : character) return character is
	begin
		if c >= 'A' and c <= 'Z' then
			return character'val(character'pos(c) + 32);
		end if;
		return c;
	end function;

	-- Index of the number following `key` in `path` (case-insensitive), else -1.
	function number_after(path : string; key : string) return integer is
		variable n : integer;
		variable ok : boolean;
	begin
		for i in path'low to path'high - key'length loop
			ok := true;
			for j in key'range loop
				if lower(path(i + j - key'low)) /= key(j) then
					ok := false;
					exit;
				end if;
			end loop;
			if ok then
				n := 0;
				for j in i + key'length to path'high loop
					exit when path(j) < '0' or path(j) > '9';
					n := n * 10 + character'pos(path(j)) - character'pos('0');
				end loop;
				return n;
			end if;
		end loop;
		return -1;
	end function;

	function fgtlm_regfile_id(path : string) return integer is
		variable n : integer;
	begin
		n := number_after(path, "gregisterfile(");
		if n >= 0 then
			return n;
		end if;
		n := number_after(path, "gaddressregisters(");
		if n >= 0 then
			return 64 + n;
		end if;
		n := number_after(path, "gpredicateregisters(");
		if n >= 0 then
			return 128 + n;
		end if;
		n := number_after(path, "usharedmemory");
		if n >= 0 then
			return 192;
		end if;
		return -1;
	end function;
end package body fgtlm_fault;
