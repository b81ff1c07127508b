			-- fgtlm: fault injection (build copy only): a stuck-at bit. Placed after the write
			-- ports, so it overrides every write of that word (the ports' same-clock bypass to a
			-- reader still passes the written value for that one clock).
			if fgtlm_stuck_en = '1' and FGTLM_RF_ID = fgtlm_flip_id and fgtlm_flip_addr < RAM_SIZE and fgtlm_flip_bit < RAM_D_WIDTH then
				mem(fgtlm_flip_addr)(fgtlm_flip_bit) <= fgtlm_stuck_val;
			end if;
