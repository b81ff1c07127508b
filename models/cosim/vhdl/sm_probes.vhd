	-- fgtlm: commit probes, appended to the build folder's copy of streaming_multiprocessor.
	-- Plain concurrent assignments of existing signals to the fgtlm_probe package: no logic
	-- of the SM changes, so cycle counts are unchanged.
	fgtlm_cfg_en   <= smp_configuration_en;
	fgtlm_fd_done  <= pipeline_fd_done;
	fgtlm_fd_warp  <= warp_id_fd;
	fgtlm_fd_lane  <= warp_lane_id_fd;
	fgtlm_fd_pc    <= program_cntr_fd;
	fgtlm_fd_instr <= instruction_fd;
	fgtlm_fd_mask  <= current_mask_fd;
	fgtlm_ew_done  <= pipeline_execute_done;
	fgtlm_ew_warp  <= warp_id_ew;
	fgtlm_ew_lane  <= warp_lane_id_ew;
	fgtlm_ew_mask  <= instr_mask_ew;
	fgtlm_ww_done  <= pipeline_write_done;
	fgtlm_ww_warp  <= warp_id_ww;
	fgtlm_ww_lane  <= warp_lane_id_ww;
	gFgtlmProbeLanes : for i in 0 to CORES - 1 generate
		fgtlm_gpr_en(i)   <= gprs_wr_en_b(i);
		fgtlm_gpr_lane(i) <= gprs_lane_id_b(i);
		fgtlm_gpr_data(i) <= gprs_wr_data_b(i);
		fgtlm_prd_en(i)   <= pred_regs_wr_en_b(i);
		fgtlm_prd_lane(i) <= pred_regs_warp_lane_id_b(i);
		fgtlm_prd_data(i) <= pred_regs_wr_data_b(i);
		fgtlm_adr_en(i)   <= addr_regs_wr_en_b(i);
		fgtlm_adr_lane(i) <= addr_regs_warp_lane_id_b(i);
		fgtlm_adr_data(i) <= addr_regs_wr_data_b(i);
	end generate;

