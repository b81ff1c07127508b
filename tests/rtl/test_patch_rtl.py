#!/usr/bin/env python3
"""patch_rtl.py's `others` rewrite (GHDL 2.0's synthesis drops `others` arms): a case process
and a selected assignment become conditional assignments with the same value for every input,
other processes stay as they are, and the line count is kept."""
import importlib.util
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "patch_rtl", os.path.join(here, "..", "..", "models", "rtl", "verilator", "patch_rtl.py"))
patch_rtl = importlib.util.module_from_spec(spec)
spec.loader.exec_module(patch_rtl)

SOURCE = """architecture a of e is
begin
	pSize : process(mov_size_in)
	begin
		case mov_size_in is
			when "000" =>
				t_out <= DT_U8;
			when "001" | "011" => -- two choices
				t_out <= DT_S8;
			when others => -- NO OTHER DATA TYPES ARE SUPPORTED
				t_out <= DT_NONE;
		end case;
	end process;

	with sel select
		w_out <= "01" when A | B,
		         "10" when C,
		         "00" when others;

	pTwo : process(x)
	begin
		case x is
			when '0' => p <= '1';
			when others => q <= '1';
		end case;
	end process;
end a;
"""


def main() -> int:
    out, made = patch_rtl.rewrite_others(SOURCE)
    failures = []
    want = ('t_out <= DT_U8 when (mov_size_in = "000") else DT_S8 when (mov_size_in = "001" or '
            'mov_size_in = "011") else DT_NONE;')
    if want not in out:
        failures.append("case process not rewritten as expected")
    if 'w_out <= "01" when (sel = A or sel = B) else "10" when (sel = C) else "00";' not in out:
        failures.append("selected assignment not rewritten as expected")
    if "pTwo : process(x)" not in out:
        failures.append("a process assigning two signals was rewritten")
    if made != {"case": 1, "select": 1}:
        failures.append(f"counts {made}")
    if out.count("\n") != SOURCE.count("\n"):
        failures.append("line count changed")
    if patch_rtl.rewrite_others("entity e is end e;\n") != ("entity e is end e;\n", {"case": 0, "select": 0}):
        failures.append("a file without such statements changed")
    for f in failures:
        print("FAIL:", f)
    print("PASS" if not failures else out)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
