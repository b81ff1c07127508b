	-- fgtlm: dump the testbench's read range straight from the array at kernel done and end
	-- the simulation (the testbench's own read-back takes ~7 cycles per word).
	gFgtlmDump : if RAM_INIT_FILE = "./global_mem.mif" generate
		pFgtlmDump : process
			file dump_file : text;
			variable l : line;
			variable word : std_logic_vector(4 * RAM_D_WIDTH - 1 downto 0);
			variable nib : std_logic_vector(3 downto 0);
			variable a : integer;
			constant HEX : string(1 to 16) := "0123456789ABCDEF";
		begin
			wait until fgtlm_dump_request = '1';
			file_open(dump_file, "fgtlm_gmem.log", write_mode);
			for w in 0 to to_integer(unsigned(READ_DATA_SIZE)) loop
				a := 4 * w;
				exit when a + 3 >= RAM_SIZE;
				word := ram(a + 3) & ram(a + 2) & ram(a + 1) & ram(a);
				write(l, HEX(((a / 65536) mod 16) + 1));
				write(l, HEX(((a / 4096) mod 16) + 1));
				write(l, HEX(((a / 256) mod 16) + 1));
				write(l, HEX(((a / 16) mod 16) + 1));
				write(l, HEX((a mod 16) + 1));
				write(l, ' ');
				for n in word'length / 4 - 1 downto 0 loop
					nib := word(4 * n + 3 downto 4 * n);
					if is_x(nib) then
						if nib = "UUUU" then write(l, 'u'); else write(l, 'x'); end if;
					else
						write(l, HEX(to_integer(unsigned(nib)) + 1));
					end if;
				end loop;
				writeline(dump_file, l);
			end loop;
			file_close(dump_file);
			report "fgtlm: global memory dumped, simulation ends";
			std.env.finish;
			wait;
		end process;
	end generate;

