#!/usr/bin/env bash
# reuse_or_build.sh RTL_DIR CORES OUT_DIR: the CMake rule for the Verilated model.
# OUT_DIR is keyed by the RTL sources, the core count and build_model.sh & co, and is complete
# once its stamp exists; then it is reused (its outputs are touched so that this build tree's
# ninja sees them up to date) instead of being rebuilt for every new build tree.
set -euo pipefail
out="$3"
if [ -f "$out/stamp" ] && [ -f "$out/obj/Vgpgpu_ml605_top_level__ALL.a" ] && [ -f "$out/obj/libverilated.a" ]; then
  echo "fgtlm: reusing the Verilated model in $out"
  touch "$out/obj/Vgpgpu_ml605_top_level__ALL.a" "$out/obj/libverilated.a" "$out/stamp"
  exit 0
fi
exec nice "$(dirname "$0")/build_model.sh" "$@"
