#!/usr/bin/env python3
# poly_inputs.py DIR: inputs of kernels/const_poly.cu for the walk-through (docs/cuda-walkthrough.md)
# and the RTL folder test: DIR/in.bin (64 words at 0, 64 floats at 0x1000), DIR/lut.bin (16 words),
# DIR/coeffs.bin (4 floats), fixed by a seed.
import random
import struct
import sys

d = sys.argv[1]
random.seed(23)
mem = bytearray(0x1000 + 4 * 64)
struct.pack_into('<64I', mem, 0, *[random.getrandbits(32) for _ in range(64)])
struct.pack_into('<64f', mem, 0x1000, *[random.randint(-2000, 2000) / 1000 for _ in range(64)])
with open(d + '/in.bin', 'wb') as f:
    f.write(mem)
with open(d + '/lut.bin', 'wb') as f:
    f.write(struct.pack('<16I', *[(i * 0x01010101) ^ 0xdead for i in range(16)]))
with open(d + '/coeffs.bin', 'wb') as f:
    f.write(struct.pack('<4f', 0.5, -1.25, 2.0, 0.75))
