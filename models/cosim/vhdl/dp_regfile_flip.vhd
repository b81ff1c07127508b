			-- fgtlm: fault injection (build copy only): flip one bit of a register file word.
			-- Placed before the write ports, so a write in the same clock overrides the flip.
			if fgtlm_flip_en = '1' and FGTLM_RF_ID = fgtlm_flip_id and fgtlm_flip_addr < RAM_SIZE and fgtlm_flip_bit < RAM_D_WIDTH then
				mem(fgtlm_flip_addr)(fgtlm_flip_bit) <= not mem(fgtlm_flip_addr)(fgtlm_flip_bit);
				report "fgtlm fault: flipped " & dp_regfile'path_name & " mem(" & integer'image(fgtlm_flip_addr) & ")("
				       & integer'image(fgtlm_flip_bit) & ") word was " & to_hstring(mem(fgtlm_flip_addr));
			end if;
