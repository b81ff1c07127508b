-- FlexGrip-TLM fault injection into the RTL (written by fgtlm, analysed only in fault-injection
-- builds). The injector process (fault_probes.vhd, appended to the build copy of
-- streaming_multiprocessor) reads one request from fgtlm_fault.txt in the run folder:
--     <warp> <k> <core> <address> <bit>        (decimal)
-- and, one clock after the fetch -> decode handshake of warp <warp>'s k-th instruction
-- (0-based, pass 0), raises fgtlm_flip_en for one cycle. The build copy of dp_regfile flips
-- bit <bit> of mem(<address>) in the general register file of SP core <core>: the instance
-- whose path contains "gregisterfile(<core>)". No file (or k never reached): no fault.
library IEEE;
use IEEE.std_logic_1164.all;

package fgtlm_fault is
	signal fgtlm_flip_en   : std_logic := '0';
	signal fgtlm_flip_core : integer := -1;
	signal fgtlm_flip_addr : integer := 0;
	signal fgtlm_flip_bit  : integer := 0;

	-- SP core index of a general register file instance from its path name, else -1.
	function fgtlm_gpr_core(path : string) return integer;
end fgtlm_fault;

package body fgtlm_fault is
	function lower(c : character) return character is
	begin
		if c >= 'A' and c <= 'Z' then
			return character'val(character'pos(c) + 32);
		end if;
		return c;
	end function;

	function fgtlm_gpr_core(path : string) return integer is
		constant key : string := "gregisterfile(";
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
end package body fgtlm_fault;
