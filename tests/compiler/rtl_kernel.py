#!/usr/bin/env python3
"""A CUDA C kernel of tests/compiler/kernels compiled by `fgtlm cc` and co-simulated on the
FlexGripPlus RTL (GHDL) against the model by `fgtlm cosim`, on a seeded random input image.

  rtl_kernel.py FGTLM KERNEL.cu WORK_DIR RTL_DIR CACHE_DIR INPUT_WORDS SEED -- LAUNCH ARGS...

The input words mix small integers, random bits and floats in [-64, 64) (deterministic for SEED).
fgtlm cosim prints the memory comparison; its exit status is this script's.
"""
import pathlib
import random
import struct
import subprocess
import sys


def input_image(words, seed):
    rng = random.Random(seed)
    out = bytearray()
    for i in range(words):
        kind = i % 3
        if kind == 0:
            out += struct.pack("<I", rng.randrange(0, 1000))
        elif kind == 1:
            out += struct.pack("<I", rng.getrandbits(32))
        else:
            out += struct.pack("<f", rng.uniform(-64.0, 64.0))
    return bytes(out)


def main():
    fgtlm, cu, work, rtl, cache, words, seed = sys.argv[1:8]
    launch = sys.argv[9:] if sys.argv[8:9] == ["--"] else sys.argv[8:]
    work = pathlib.Path(work)
    work.mkdir(parents=True, exist_ok=True)
    module, image = work / "m.json", work / "in.bin"
    subprocess.run([fgtlm, "cc", cu, "-o", str(module)], check=True)
    image.write_bytes(input_image(int(words), int(seed)))
    cmd = [fgtlm, "cosim", str(module), "--global-init", str(image), "--rtl", rtl, "--cache-dir", cache,
           "--work-dir", str(work / "cosim")] + launch
    return subprocess.run(cmd).returncode


if __name__ == "__main__":
    sys.exit(main())
