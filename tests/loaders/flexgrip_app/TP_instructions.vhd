-- A small FlexGripPlus application folder written by hand for the loader test:
-- 8 threads add two int vectors (the VectorAdd_integer nvcc kernel).
library ieee;
use ieee.std_logic_1164.all;

entity TP_instructions is
end TP_instructions;

architecture arch of TP_instructions is
begin
  process (address)
  begin
    case address is
      when 0 => instruction_out <= x"10004205";  -- MOV.U16 R0H, g [0x1].U16;
      when 1 => instruction_out <= x"0023C780";
      when 2 => instruction_out <= x"A0000005";  -- I2I.U32.U16 R1, R0L;
      when 3 => instruction_out <= x"04000780";
      when 4 => instruction_out <= x"60014C01";  -- IMAD.U16 R0, g [0x6].U16, R0H, R1;
      when 5 => instruction_out <= x"00204780";
      when 6 => instruction_out <= x"30020009";  -- SHL R2, R0, 0x2;
      when 7 => instruction_out <= x"C4100780";
      when 8 => instruction_out <= x"2102E800";  -- IADD32 R0, g [0x4], R2;
      when 9 => instruction_out <= x"2102EA0C";  -- IADD32 R3, g [0x5], R2;
      when 10 => instruction_out <= x"D00E0005";  -- GST.U32 global14[R0], R1;
      when 11 => instruction_out <= x"80C00780";
      when 12 => instruction_out <= x"D00E0601";  -- GLD.U32 R0, global14[R3];
      when 13 => instruction_out <= x"80C00780";
      when 14 => instruction_out <= x"20008204";  -- IADD32 R1, R1, R0;
      when 15 => instruction_out <= x"2102EC00";  -- IADD32 R0, g [0x6], R2;
      when 16 => instruction_out <= x"D00E0005";  -- GST.U32 global14[R0], R1;
      when 17 => instruction_out <= x"A0C00781";
      when 18 => instruction_out <= x"30000003";  -- RET
      when 19 => instruction_out <= x"00000780";
      when others => instruction_out <= x"00000000";
    end case;
  end process;
end arch;
