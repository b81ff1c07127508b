-- FlexGrip-TLM co-simulation probes (written by fgtlm). Signals that the build folder's
-- copies of the RTL drive or read; the monitor in the copied testbench connects them.
library IEEE;
use IEEE.std_logic_1164.all;

package fgtlm_probe is
	-- Raised by the monitor when the kernel is done and fast dump is on: the global
	-- memory (dp_ram with global_mem.mif) writes the dump range and ends the simulation.
	signal fgtlm_dump_request : std_logic := '0';
end fgtlm_probe;
