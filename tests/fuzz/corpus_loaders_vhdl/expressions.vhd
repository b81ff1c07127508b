package TP_configuration is
  constant W : integer := 2 ** 4 - 16#F# mod 4 + (3 * -2) / 2 rem 5;
  constant V : std_logic_vector(7 downto 0) := x"A" & b"0101";
  constant U : unsigned(15 downto 0) := to_unsigned(W + 1, 16);
  constant A : arr := (x"01", x"02", 5 => x"FF", others => x"00");
  constant B : arr2 (0 to 3) := (1, 2, 3, 4);
  constant E : integer := to_integer(A(1)) + conv_integer(V);
  constant S : string := "TP" & "x";
  /* block comment */ constant Z : std_logic_vector(3 downto 0) := (others => '1');
end TP_configuration;
