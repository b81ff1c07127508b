	-- fgtlm GHDL back end: the write stage's hand-over to the warp unit and the execute
	-- stage's results (the signals models/rtl/verilator/public.vlt exposes in the Verilated
	-- model), appended to the build copy of streaming_multiprocessor after the cosim probes.
	fgtlm_ww_next_pc   <= next_pc_ww;
	fgtlm_ww_mask      <= current_mask_ww;
	fgtlm_ww_state     <= warp_state_type'pos(warp_state_ww);
	fgtlm_ew_dest      <= dest_ew;
	fgtlm_ew_dest_type <= mem_type'pos(dest_mem_type_ew);
	gFgtlmHostLanes : for i in 0 to CORES - 1 generate
		fgtlm_ew_values(i) <= temp_vector_register_ew(i)(TEMP_REG_DEST)(0);
	end generate;

