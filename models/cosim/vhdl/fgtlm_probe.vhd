-- FlexGrip-TLM co-simulation probes (written by fgtlm). Signals that the build folder's
-- copies of the RTL drive (streaming_multiprocessor, see sm_probes.vhd) or read (dp_ram); the
-- monitor in the copied testbench samples them on every rising clock edge. Arrays have 32
-- entries whatever the core count; entries at and above CORES stay at their defaults.
library IEEE;
use IEEE.std_logic_1164.all;

package fgtlm_probe is
	type fgtlm_word_array  is array (0 to 31) of std_logic_vector(31 downto 0);
	type fgtlm_flag_array  is array (0 to 31) of std_logic_vector(3 downto 0);
	type fgtlm_lane_array  is array (0 to 31) of std_logic_vector(1 downto 0);

	-- Raised by the monitor when the kernel is done and fast dump is on: the global
	-- memory (dp_ram with global_mem.mif) writes the dump range and ends the simulation.
	signal fgtlm_dump_request : std_logic := '0';

	-- SMP controller: a batch of blocks is being set up.
	signal fgtlm_cfg_en : std_logic := '0';
	-- fetch -> decode handshake: warp, PC and the fetched words (63..32 = second word).
	signal fgtlm_fd_done  : std_logic := '0';
	signal fgtlm_fd_warp  : std_logic_vector(4 downto 0) := (others => '0');
	signal fgtlm_fd_lane  : std_logic_vector(1 downto 0) := (others => '0');
	signal fgtlm_fd_pc    : std_logic_vector(31 downto 0) := (others => '0');
	signal fgtlm_fd_instr : std_logic_vector(63 downto 0) := (others => '0');
	signal fgtlm_fd_mask  : std_logic_vector(31 downto 0) := (others => '0');  -- the warp's current mask
	-- execute -> write handshake: warp and the instruction mask (threads after the guard).
	signal fgtlm_ew_done  : std_logic := '0';
	signal fgtlm_ew_warp  : std_logic_vector(4 downto 0) := (others => '0');
	signal fgtlm_ew_lane  : std_logic_vector(1 downto 0) := (others => '0');
	signal fgtlm_ew_mask  : std_logic_vector(31 downto 0) := (others => '0');
	-- write -> warp unit handshake.
	signal fgtlm_ww_done  : std_logic := '0';
	signal fgtlm_ww_warp  : std_logic_vector(4 downto 0) := (others => '0');
	signal fgtlm_ww_lane  : std_logic_vector(1 downto 0) := (others => '0');
	-- Write ports of the write stage, per core: general registers, predicate flags, address registers.
	signal fgtlm_gpr_en   : std_logic_vector(31 downto 0) := (others => '0');
	signal fgtlm_gpr_lane : fgtlm_lane_array := (others => (others => '0'));
	signal fgtlm_gpr_data : fgtlm_word_array := (others => (others => '0'));
	signal fgtlm_prd_en   : std_logic_vector(31 downto 0) := (others => '0');
	signal fgtlm_prd_lane : fgtlm_lane_array := (others => (others => '0'));
	signal fgtlm_prd_data : fgtlm_flag_array := (others => (others => '0'));
	signal fgtlm_adr_en   : std_logic_vector(31 downto 0) := (others => '0');
	signal fgtlm_adr_lane : fgtlm_lane_array := (others => (others => '0'));
	signal fgtlm_adr_data : fgtlm_word_array := (others => (others => '0'));
end fgtlm_probe;
