#!/usr/bin/env bash
# scripts/get-flexgrip against a local stand-in of the upstream repository (no network): it
# clones, checks out the pinned commit (not the branch head), names the folder to configure
# with, and refuses a commit without RTL/ and lib_m/ and a destination that is not a checkout.
#   get_flexgrip_test.sh REPO_ROOT
set -euo pipefail
script="$1/scripts/get-flexgrip"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
up="$tmp/upstream"
git init --quiet "$up"
g() { git -C "$up" -c user.name=t -c user.email=t@t "$@"; }
mkdir -p "$up/FlexGripPlus_4.4/RTL" "$up/FlexGripPlus_4.4/lib_m"
echo rtl >"$up/FlexGripPlus_4.4/RTL/top.vhd"
echo tcl >"$up/FlexGripPlus_4.4/lib_m/gpgpu_compile.tcl"
g add -A && g commit --quiet -m pinned
pinned="$(g rev-parse HEAD)"
g rm --quiet -r FlexGripPlus_4.4/lib_m && g commit --quiet -m later
out="$(FGTLM_FLEXGRIP_URL="$up" FGTLM_FLEXGRIP_COMMIT="$pinned" "$script" "$tmp/clone")"
grep -q "configure with: cmake -B build -DFGTLM_FLEXGRIP_DIR=$tmp/clone/FlexGripPlus_4.4" <<<"$out"
[[ "$(git -C "$tmp/clone" rev-parse HEAD)" == "$pinned" && -f "$tmp/clone/FlexGripPlus_4.4/lib_m/gpgpu_compile.tcl" ]]
# Again on the existing checkout: no second clone, same result.
FGTLM_FLEXGRIP_URL="$up" FGTLM_FLEXGRIP_COMMIT="$pinned" "$script" "$tmp/clone" >/dev/null
# The later commit lacks lib_m/: refused with the reason.
if err="$(FGTLM_FLEXGRIP_URL="$up" FGTLM_FLEXGRIP_COMMIT="$(g rev-parse HEAD)" "$script" "$tmp/clone" 2>&1)"; then
  echo "accepted a commit without lib_m/"; exit 1
fi
grep -q "has no RTL/ and lib_m/" <<<"$err"
mkdir "$tmp/plain"
if err="$("$script" "$tmp/plain" 2>&1)"; then echo "accepted a folder that is not a checkout"; exit 1; fi
grep -q "is not a git checkout" <<<"$err"
echo "GET-FLEXGRIP OK"
