#!/usr/bin/env bash
# difftest_module_rtl.sh FGTLM KERNEL_DIR WORK_DIR RTL_DIR RTL_CACHE
# `fgtlm difftest MODULE`: a CUDA kernel compiled by `fgtlm cc`, run on the FlexGripPlus RTL under
# GHDL and on the model with two random inputs (both input arrays random words), every memory
# word and commit compared; then the same launch with random floats, as a float kernel sees them.
set -euo pipefail
fgtlm="$1" kernels="$2" work="$3" rtl="$4" cache="$5"
rm -rf "$work"
mkdir -p "$work"
"$fgtlm" cc "$kernels/vadd_int.cu" -o "$work/vadd.json"
launch=(--block 64 --param 0 --param 0x400 --param 0x800 --param 64 --dump-words 768 --cores 8)
"$fgtlm" difftest "$work/vadd.json" "${launch[@]}" --random 0:256 --random 0x400:256 --count 2 --seed 11 \
  --rtl "$rtl" --cache-dir "$cache" --work-dir "$work/words" --json "$work/words.json"
exec "$fgtlm" difftest "$work/vadd.json" "${launch[@]}" --random-float 0:256 --random-float 0x400:256 --count 1 \
  --rtl "$rtl" --cache-dir "$cache" --work-dir "$work/floats"
