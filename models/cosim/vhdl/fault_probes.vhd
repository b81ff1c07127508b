	-- fgtlm: fault injector, appended to the build copy of streaming_multiprocessor in
	-- fault-injection builds only (see fgtlm_fault.vhd). Counts warp <warp>'s fetch -> decode
	-- handshakes (pass 0) and requests the flip one clock after the k-th, before the read
	-- stage fetches that instruction's operands. A warp has one instruction in flight, so
	-- the previous instruction has written back by then.
	pFgtlmInjector : process(clk_in)
		file req : text;
		variable st : file_open_status;
		variable l : line;
		variable loaded, armed : boolean := false;
		variable warp, k, core, addr, bitn, seen : integer := 0;
	begin
		if rising_edge(clk_in) then
			if not loaded then
				loaded := true;
				file_open(st, req, "fgtlm_fault.txt", read_mode);
				if st = open_ok then
					readline(req, l);
					read(l, warp); read(l, k); read(l, core); read(l, addr); read(l, bitn);
					file_close(req);
					armed := true;
					report "fgtlm fault: request warp " & integer'image(warp) & " k " & integer'image(k) & " core "
					       & integer'image(core) & " address " & integer'image(addr) & " bit " & integer'image(bitn);
				end if;
			end if;
			fgtlm_flip_en <= '0';
			if armed and pipeline_fd_done = '1' and to_integer(unsigned(warp_id_fd)) = warp
			   and to_integer(unsigned(warp_lane_id_fd)) = 0 then
				if seen = k then
					fgtlm_flip_core <= core;
					fgtlm_flip_addr <= addr;
					fgtlm_flip_bit  <= bitn;
					fgtlm_flip_en   <= '1';
					armed := false;
					report "fgtlm fault: fetch " & integer'image(k) & " of warp " & integer'image(warp) & " seen, flipping";
				end if;
				seen := seen + 1;
			end if;
		end if;
	end process;

