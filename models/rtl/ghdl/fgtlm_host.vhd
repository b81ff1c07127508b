-- fgtlm GHDL back end (models/rtl/ghdl): the VHPIDIRECT seam between the simulated
-- FlexGripPlus and the fgtlm process that drives it clock by clock. The foreign subprograms
-- are in fgtlm_host_shim.c, linked into the elaborated simulation; they exchange commands,
-- pins, probe values and memory contents with fgtlm through shared memory
-- (fgtlm_host_shared.h). Analysed right after fgtlm_probe, before the GPU's own packages.
library IEEE;
use IEEE.std_logic_1164.all;
use work.fgtlm_probe.all;

package fgtlm_host is
	-- A constrained array: passed to C as a pointer to 32 std_ulogic codes, bit 31 first.
	type fgtlm_w32 is array (31 downto 0) of std_ulogic;

	-- Commands (fgtlm_host_shared.h FGTLM_CMD_*).
	constant FGTLM_CMD_TICK : integer := 1;
	constant FGTLM_CMD_MEM  : integer := 2;
	constant FGTLM_CMD_QUIT : integer := 4;

	-- Reports the previous command done and blocks until fgtlm sends the next one.
	impure function fgtlm_host_next return integer;
	attribute foreign of fgtlm_host_next : function is "VHPIDIRECT fgtlm_host_next";
	-- The input pins fgtlm set for this cycle (FGTLM_PIN_*).
	impure function fgtlm_host_pin(pin : integer) return integer;
	attribute foreign of fgtlm_host_pin : function is "VHPIDIRECT fgtlm_host_pin";
	-- Probe values after the cycle (FGTLM_SLOT_*).
	procedure fgtlm_host_put(slot : integer; v : fgtlm_w32);
	attribute foreign of fgtlm_host_put : procedure is "VHPIDIRECT fgtlm_host_put";
	procedure fgtlm_host_put_int(slot : integer; v : integer);
	attribute foreign of fgtlm_host_put_int : procedure is "VHPIDIRECT fgtlm_host_put_int";
	-- Memory transfers of a FGTLM_CMD_MEM command: per memory (1 global, 2 constant, 3
	-- system) 0 = nothing, 1 = load fgtlm's copy into the RTL, 2 = store the RTL's into it.
	impure function fgtlm_host_mem_op(mem : integer) return integer;
	attribute foreign of fgtlm_host_mem_op : function is "VHPIDIRECT fgtlm_host_mem_op";
	impure function fgtlm_host_mem_get(mem : integer; index : integer) return integer;
	attribute foreign of fgtlm_host_mem_get : function is "VHPIDIRECT fgtlm_host_mem_get";
	procedure fgtlm_host_mem_put(mem : integer; index : integer; v : integer);
	attribute foreign of fgtlm_host_mem_put : procedure is "VHPIDIRECT fgtlm_host_mem_put";

	-- Bumped by the wrapper for a FGTLM_CMD_MEM command; the host memories (dp_ram) react.
	signal fgtlm_host_mem_req : natural := 0;

	-- SM signals the cosim probes do not carry (sm_host_probes.vhd drives them).
	signal fgtlm_ww_next_pc   : std_logic_vector(31 downto 0) := (others => '0');
	signal fgtlm_ww_mask      : std_logic_vector(31 downto 0) := (others => '0');
	signal fgtlm_ww_state     : natural := 0;   -- warp_state_type'pos
	signal fgtlm_ew_dest      : std_logic_vector(31 downto 0) := (others => '0');
	signal fgtlm_ew_dest_type : natural := 0;   -- mem_type'pos (0 = REG)
	signal fgtlm_ew_values    : fgtlm_word_array := (others => (others => '0'));
end fgtlm_host;

package body fgtlm_host is
	-- Never executed: GHDL calls the foreign C functions instead.
	impure function fgtlm_host_next return integer is
	begin
		assert false report "fgtlm_host_next: VHPIDIRECT function not linked" severity failure;
		return 0;
	end function;
	impure function fgtlm_host_pin(pin : integer) return integer is
	begin
		assert false severity failure;
		return 0;
	end function;
	procedure fgtlm_host_put(slot : integer; v : fgtlm_w32) is
	begin
		assert false severity failure;
	end procedure;
	procedure fgtlm_host_put_int(slot : integer; v : integer) is
	begin
		assert false severity failure;
	end procedure;
	impure function fgtlm_host_mem_op(mem : integer) return integer is
	begin
		assert false severity failure;
		return 0;
	end function;
	impure function fgtlm_host_mem_get(mem : integer; index : integer) return integer is
	begin
		assert false severity failure;
		return 0;
	end function;
	procedure fgtlm_host_mem_put(mem : integer; index : integer; v : integer) is
	begin
		assert false severity failure;
	end procedure;
end fgtlm_host;
