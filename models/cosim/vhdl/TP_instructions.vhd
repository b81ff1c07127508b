-- FlexGrip-TLM co-simulation: TP_instructions read at run time from fgtlm_program.txt
-- (first line: word count, then one 8-hex-digit word per line). Written by fgtlm.
library IEEE;
use IEEE.std_logic_1164.all;
use IEEE.numeric_std.all;
use std.textio.all;

entity TP_instructions is
	port(
		instruction_pointer_in : in  integer;
		num_instructions_out   : out integer;
		instruction_out        : out std_logic_vector(31 downto 0)
	);
end TP_instructions;

architecture fgtlm_runtime of TP_instructions is
	constant MAX_WORDS : integer := 16384;
	type words_type is array (0 to MAX_WORDS - 1) of std_logic_vector(31 downto 0);
	type program_type is record
		count : integer;
		words : words_type;
	end record;

	impure function read_program return program_type is
		file f : text open read_mode is "fgtlm_program.txt";
		variable l : line;
		variable n : std_logic_vector(31 downto 0);
		variable p : program_type;
	begin
		readline(f, l);
		hread(l, n);
		p.count := to_integer(unsigned(n));
		assert p.count <= MAX_WORDS report "fgtlm_program.txt: too many words" severity failure;
		for i in 0 to p.count - 1 loop
			readline(f, l);
			hread(l, p.words(i));
		end loop;
		return p;
	end function;

	constant PROGRAM : program_type := read_program;
begin
	num_instructions_out <= PROGRAM.count;

	process(instruction_pointer_in)
	begin
		if instruction_pointer_in >= 0 and instruction_pointer_in < PROGRAM.count then
			instruction_out <= PROGRAM.words(instruction_pointer_in);
		end if;
	end process;
end fgtlm_runtime;
