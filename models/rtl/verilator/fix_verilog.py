#!/usr/bin/env python3
"""Make GHDL's synthesised Verilog acceptable to Verilator, and refuse a netlist with the
GHDL synthesis bug that made the model diverge from GHDL's simulation.

1. GHDL writes high-impedance constants (`14'bZ`) for the bits of signals that no process
   drives; in the VHDL these signals carry an initial value of '0' (the SFU's partial-product
   arrays), which is what GHDL's simulation reads, so they become zeros.
2. GHDL 2.0 drops the `others` arm of a `case`/selected assignment whose choices reduce to
   one bit (see models/rtl/README.md): the netlist then has `always @* case (c) 1'b1: q <= v;
   endcase`, a latch that never returns. patch_rtl.py rewrites the known sources; any such
   statement left means another instance, and the build stops naming its VHDL line.
Usage: fix_verilog.py IN.v OUT.v
"""
import re
import sys

ZCONST = re.compile(r"(\d+)'b([01zZ]*[zZ][01zZ]*)\b")


def zero(match: re.Match) -> str:
    return f"{match.group(1)}'b{match.group(2).replace('Z', '0').replace('z', '0')}"


def single_arm_cases(lines):
    """VHDL source comments of `always @*` case statements with one arm and no default."""
    found = []
    for i, line in enumerate(lines):
        if line.strip() != "always @*" or i + 3 >= len(lines):
            continue
        if lines[i + 1].strip().startswith("case (") and lines[i + 3].strip() == "endcase":
            arm = lines[i + 2].strip()
            if not arm.startswith("default"):
                found.append(lines[i - 1].strip() if i else "?")
    return found


def main(src: str, dst: str) -> None:
    with open(src) as fin:
        lines = [ZCONST.sub(zero, line) if "'b" in line else line for line in fin]
    bad = single_arm_cases(lines)
    if bad:
        where = sorted(set(bad))
        sys.exit(f"fix_verilog: {src}: {len(bad)} one-arm case latches (GHDL synthesis dropped a "
                 f"'when others' arm) from: {', '.join(where[:10])}; add a rewrite to patch_rtl.py")
    with open(dst, "w") as fout:
        fout.writelines(lines)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
