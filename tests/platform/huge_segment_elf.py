#!/usr/bin/env python3
"""Writes a RISC-V ELF32 executable whose one PT_LOAD segment asks for 4 GiB (p_memsz
0xffffffff, no file bytes): fgtlm-vp must refuse it by its header, before allocating."""
import struct
import sys

ident = b"\x7fELF" + bytes([1, 1, 1]) + bytes(9)  # ELFCLASS32, little-endian, version 1
header = ident + struct.pack("<HHIIIIIHHHHHH", 2, 243, 1, 0x80000000, 52, 0, 0, 52, 32, 1, 40, 0, 0)
segment = struct.pack("<IIIIIIII", 1, 0, 0x80000000, 0x80000000, 0, 0xFFFFFFFF, 7, 4)
with open(sys.argv[1], "wb") as f:
    f.write(header + segment)
