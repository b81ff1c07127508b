#!/usr/bin/env bash
# flexgrip_folder_rtl.sh FGTLM KERNEL_DIR WORK_DIR RTL_DIR RTL_CACHE
# `fgtlm cc const_poly.cu --flexgrip-folder` (with --const tables and an input image), then the
# folder on the FlexGripPlus RTL under GHDL against the model (`fgtlm cosim --flexgrip`).
set -euo pipefail
fgtlm="$1" kernels="$2" work="$3" rtl="$4" cache="$5"
rm -rf "$work"
mkdir -p "$work"
python3 - "$work" <<'PY'
import random, struct, sys
d = sys.argv[1]
random.seed(23)
mem = bytearray(0x1000 + 4 * 64)
struct.pack_into('<64I', mem, 0, *[random.getrandbits(32) for _ in range(64)])
struct.pack_into('<64f', mem, 0x1000, *[random.randint(-2000, 2000) / 1000 for _ in range(64)])
open(d + '/in.bin', 'wb').write(mem)
open(d + '/lut.bin', 'wb').write(struct.pack('<16I', *[(i * 0x01010101) ^ 0xdead for i in range(16)]))
open(d + '/coeffs.bin', 'wb').write(struct.pack('<4f', 0.5, -1.25, 2.0, 0.75))
PY
"$fgtlm" cc "$kernels/const_poly.cu" -o "$work/m.json" --flexgrip-folder "$work/app" --block 64 \
  --param 0 --param 0x1000 --param 0x2000 --param 0x3000 --param 64 --global-init "$work/in.bin" \
  --const "lut=$work/lut.bin" --const "coeffs=$work/coeffs.bin" --dump-words 4096
exec "$fgtlm" cosim --flexgrip "$work/app" --rtl "$rtl" --cache-dir "$cache" --work-dir "$work/cosim"
