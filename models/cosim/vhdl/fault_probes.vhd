	-- fgtlm: fault injector, appended to the build copy of streaming_multiprocessor in
	-- fault-injection builds only (see fgtlm_fault.vhd). Counts warp <warp>'s fetch -> decode
	-- handshakes (pass 0) and raises the flip (or the stuck-at) one clock after the k-th,
	-- before the read stage fetches that instruction's operands. A warp has one instruction in flight, so
	-- the previous instruction has written back by then.
	pFgtlmInjector : process(clk_in)
		file req : text;
		variable st : file_open_status;
		variable l : line;
		variable loaded, armed : boolean := false;
		variable warp, k, rfile, core, addr, bitn, mode, seen : integer := 0;
	begin
		if rising_edge(clk_in) then
			if not loaded then
				loaded := true;
				file_open(st, req, "fgtlm_fault.txt", read_mode);
				if st = open_ok then
					readline(req, l);
					read(l, warp); read(l, k); read(l, rfile); read(l, core); read(l, addr); read(l, bitn); read(l, mode);
					file_close(req);
					armed := true;
					report "fgtlm fault: request warp " & integer'image(warp) & " k " & integer'image(k) & " file "
					       & integer'image(rfile) & " core " & integer'image(core) & " address " & integer'image(addr) & " bit " & integer'image(bitn)
					       & " mode " & integer'image(mode);
				end if;
			end if;
			fgtlm_flip_en <= '0';
			if armed and pipeline_fd_done = '1' and to_integer(unsigned(warp_id_fd)) = warp
			   and to_integer(unsigned(warp_lane_id_fd)) = 0 then
				if seen = k then
					fgtlm_flip_id   <= rfile * 64 + core;
					fgtlm_flip_addr <= addr;
					fgtlm_flip_bit  <= bitn;
					if mode = 0 then
						fgtlm_flip_en <= '1';
					elsif mode = 1 then
						fgtlm_stuck_en  <= '1';
						fgtlm_stuck_val <= '0';
					else
						fgtlm_stuck_en  <= '1';
						fgtlm_stuck_val <= '1';
					end if;
					armed := false;
					report "fgtlm fault: fetch " & integer'image(k) & " of warp " & integer'image(warp) & " seen, injecting";
				end if;
				seen := seen + 1;
			end if;
		end if;
	end process;

