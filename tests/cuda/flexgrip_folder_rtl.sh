#!/usr/bin/env bash
# flexgrip_folder_rtl.sh FGTLM KERNEL_DIR WORK_DIR RTL_DIR RTL_CACHE
# `fgtlm cc const_poly.cu --flexgrip-folder` (with --const tables and an input image), then the
# MODULE launch itself and the folder on the FlexGripPlus RTL under GHDL against the model
# (`fgtlm cosim MODULE --const ...`, `fgtlm cosim --flexgrip`).
set -euo pipefail
fgtlm="$1" kernels="$2" work="$3" rtl="$4" cache="$5"
rm -rf "$work"
mkdir -p "$work"
python3 "$(dirname "$0")/poly_inputs.py" "$work"
"$fgtlm" cc "$kernels/const_poly.cu" -o "$work/m.json" --flexgrip-folder "$work/app" --block 64 \
  --param 0 --param 0x1000 --param 0x2000 --param 0x3000 --param 64 --global-init "$work/in.bin" \
  --const "lut=$work/lut.bin" --const "coeffs=$work/coeffs.bin" --dump-words 4096
"$fgtlm" cosim "$work/m.json" --block 64 --param 0 --param 0x1000 --param 0x2000 --param 0x3000 --param 64 \
  --global-init "$work/in.bin" --const "lut=$work/lut.bin" --const "coeffs=$work/coeffs.bin" --dump-words 4096 \
  --rtl "$rtl" --cache-dir "$cache" --work-dir "$work/cosim-module"
exec "$fgtlm" cosim --flexgrip "$work/app" --rtl "$rtl" --cache-dir "$cache" --work-dir "$work/cosim"
