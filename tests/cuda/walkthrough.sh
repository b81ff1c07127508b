#!/usr/bin/env bash
# walkthrough.sh BUILD_DIR SOURCE_DIR WORK_DIR: the commands of docs/cuda-walkthrough.md (all but
# the RTL ones, which cuda.rtl.flexgrip_folder and compiler.rtl.* run), in the doc's order, from
# a work folder that stands for the repository root's cwd. Each step must succeed.
set -euo pipefail
build="$1" src="$2" work="$3"
rm -rf "$work"
mkdir -p "$work"
cd "$work"
fgtlm() { "$build/fgtlm" "$@"; }
launch=(--grid 1 --block 64 --param 0 --param 0x1000 --param 0x2000 --param 0x3000 --param 64
        --global-init in.bin --const lut=lut.bin --const coeffs=coeffs.bin)
set -x
# 1. compile, look at the code
fgtlm cc "$src/tests/cuda/kernels/const_poly.cu" -o poly.json
fgtlm disasm poly.json | sed -n 1,5p
# 2. inputs, run on the model
python3 "$src/tests/cuda/poly_inputs.py" .
fgtlm run poly.json "${launch[@]}" --dump-global out.bin --stats stats.json
# 3. a FlexGripPlus application folder of the same launch; the project's folder loader runs it
fgtlm cc "$src/tests/cuda/kernels/const_poly.cu" -o poly.json --flexgrip-folder app "${launch[@]}" --dump-words 4096
fgtlm run --flexgrip app --dump-global app.bin
cmp <(head -c 16384 out.bin) <(head -c 16384 app.bin)
# 4. a fault-injection campaign on the compiled kernel
fgtlm inject poly.json "${launch[@]}" --structure gpr,pred --count 500 --seed 1 --summary-json avf.json --no-progress
# 5. the firmware header (what fgtlm_add_cuda_kernel generates), and the VP app with a CUDA C kernel
fgtlm header poly.json -o poly.h --prefix app_
grep -c "#define APP_POLY_" poly.h
"$build/fgtlm-vp" --firmware "$build/platform/firmware/histogram.elf"
