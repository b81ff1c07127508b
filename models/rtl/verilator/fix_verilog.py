#!/usr/bin/env python3
"""Make GHDL's synthesised Verilog acceptable to Verilator.

GHDL writes high-impedance constants (`14'bZ`) for the bits of signals that no process
drives; in the VHDL these signals carry an initial value of '0' (the FPU/SFU partial
product arrays), which is what GHDL's simulation reads, so they become zeros.
Usage: fix_verilog.py IN.v OUT.v
"""
import re
import sys

ZCONST = re.compile(r"(\d+)'b([01zZ]*[zZ][01zZ]*)\b")


def zero(match: re.Match) -> str:
    return f"{match.group(1)}'b{match.group(2).replace('Z', '0').replace('z', '0')}"


def main(src: str, dst: str) -> None:
    with open(src) as fin, open(dst, "w") as fout:
        for line in fin:
            fout.write(ZCONST.sub(zero, line) if "'b" in line else line)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
