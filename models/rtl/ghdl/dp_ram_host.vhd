	-- fgtlm GHDL back end: the global, constant and system memories exchange their contents
	-- with fgtlm on a FGTLM_CMD_MEM command (between kernels, the clock stopped). After a load
	-- fgtlm_mem_gen changes so that the read ports show the new contents at once.
	gFgtlmHost : if FGTLM_MEM_ID /= 0 generate
		pFgtlmHost : process
			variable w : std_logic_vector(31 downto 0);
			variable op : integer;
		begin
			wait on fgtlm_host_mem_req;
			op := fgtlm_host_mem_op(FGTLM_MEM_ID);
			if op = 1 then
				for i in 0 to RAM_SIZE - 1 loop
					w := std_logic_vector(to_signed(fgtlm_host_mem_get(FGTLM_MEM_ID, i), 32));
					ram(i) := w(RAM_D_WIDTH - 1 downto 0);
				end loop;
				fgtlm_mem_gen <= fgtlm_mem_gen + 1;
			elsif op = 2 then
				for i in 0 to RAM_SIZE - 1 loop
					w := (others => '0');
					w(RAM_D_WIDTH - 1 downto 0) := ram(i);
					fgtlm_host_mem_put(FGTLM_MEM_ID, i, to_integer(signed(w)));
				end loop;
			end if;
		end process;
	end generate;

