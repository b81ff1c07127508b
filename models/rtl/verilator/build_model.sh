#!/usr/bin/env bash
# Builds the Verilated FlexGripPlus GPU for one core count into a cache folder:
#   build_model.sh RTL_DIR CORES OUT_DIR
# RTL_DIR is a FlexGripPlus folder (its RTL/ and lib_m/gpgpu_compile.tcl); OUT_DIR receives
#   src/        patched copy of RTL/ (the shared folder is never written)
#   gpu.v       GHDL's synthesis of gpgpu_ml605_top_level, gpu_fixed.v after fix_verilog.py
#   obj/        Verilator's C++ model: Vgpgpu_ml605_top_level*.h, *__ALL.a, libverilated.a
#   build.log   every tool's output
#   stamp       written last: the folder is complete
# Takes minutes and ~1.7 GB (8 cores) to ~3 GB (32 cores); CMake calls it only when the
# cache entry for the RTL sources + core count + these scripts does not exist yet.
set -euo pipefail
rtl="$(cd "$1" && pwd)"; cores="$2"; out="$3"
here="$(cd "$(dirname "$0")" && pwd)"
case "$cores" in 8) lanes=4 ;; 16) lanes=2 ;; 32) lanes=1 ;;
  *) echo "build_model.sh: cores must be 8, 16 or 32 (got '$cores')" >&2; exit 2 ;; esac
[ -f "$rtl/lib_m/gpgpu_compile.tcl" ] || { echo "build_model.sh: $rtl: no lib_m/gpgpu_compile.tcl" >&2; exit 2; }
for tool in ghdl-llvm verilator python3 make; do
  command -v "$tool" >/dev/null || { echo "build_model.sh: $tool not found (scripts/deps installs it)" >&2; exit 2; }
done

rm -rf "$out.tmp"; mkdir -p "$out.tmp"; cd "$out.tmp"
log="$out.tmp/build.log"
step() { echo "[fgtlm-rtl $(date +%T)] $*" | tee -a "$log"; }

step "copy + patch $rtl/RTL ($cores cores)"
cp -r "$rtl/RTL" src; chmod -R u+w src
python3 "$here/patch_rtl.py" src
sed -i -E "s/(constant BENCH_CORES *: *integer *:= *)[0-9]+/\1$cores/;
           s/(constant BENCH_WARP_LANES *: *integer *:= *)[0-9]+/\1$lanes/" src/TB/configuration/pick_bench.vhd
grep -q "BENCH_CORES *: *integer *:= *$cores;" src/TB/configuration/pick_bench.vhd

step "synthesise gpgpu_ml605_top_level (GHDL)"
# The GPU's files in gpgpu_compile.tcl order (the testbench, TB/ except pick_bench, is not
# synthesised), analysed in memory by the synthesis itself (no object code is generated).
grep -o '"\$GPGPU_GENERIC_ROOT/[^"]*"' "$rtl/lib_m/gpgpu_compile.tcl" \
  | sed 's/"\$GPGPU_GENERIC_ROOT\///; s/"$//' | grep -v '^TB/\(t\|r\|w\|TP\)' > files.txt
(cd src && ghdl-llvm --synth --std=08 -frelaxed -fsynopsys --latches --out=verilog $(cat ../files.txt) \
   -e gpgpu_ml605_top_level) > gpu.v 2>> "$log"
python3 "$here/fix_verilog.py" gpu.v gpu_fixed.v

step "verilate + compile (Verilator)"
verilator --cc gpu_fixed.v "$here/public.vlt" --top-module gpgpu_ml605_top_level --Mdir obj \
  --build -j "${FGTLM_RTL_JOBS:-2}" -O3 --x-assign 0 --x-initial 0 --output-split 30000 \
  -CFLAGS "-O1 -fPIC" -Wno-fatal -Wno-lint -Wno-style -Wno-UNOPTFLAT -Wno-COMBDLY >> "$log" 2>&1
# Verilator's run-time library (built with --exe only): the same objects, as an archive.
make -C obj -f Vgpgpu_ml605_top_level.mk OPT_FAST="-O2 -fPIC" verilated.o verilated_dpi.o verilated_threads.o >> "$log" 2>&1
(cd obj && ar rcs libverilated.a verilated.o verilated_dpi.o verilated_threads.o)
ls obj/Vgpgpu_ml605_top_level__ALL.a obj/libverilated.a > /dev/null
echo "$cores" > cores
step "done"
date -u +%FT%TZ > stamp
rm -rf "$out"; mv "$out.tmp" "$out"
