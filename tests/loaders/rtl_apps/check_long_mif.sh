#!/usr/bin/env bash
# A global_mem.mif longer than the RTL's 256 KiB global memory (issue 24): ../flexgrip_app
# with its image padded to 262,144 lines and 16 more. dp_ram.vhd's init_mem reads one line
# per byte of the memory and ignores the rest, so `fgtlm run --flexgrip` must PASS with one
# warning naming the first extra line; with -p core.rtl.mif_truncate=false (or g80) it must
# refuse the folder naming file and line.
#   check_long_mif.sh FGTLM FLEXGRIP_APP
set -euo pipefail
fgtlm=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cp -r "$src" "$tmp/app"
n=$(grep -c . "$tmp/app/global_mem.mif")
python3 - "$tmp/app/global_mem.mif" "$n" <<'PY'
import sys
with open(sys.argv[1], "a") as f:
    f.write("00\n" * (262144 - int(sys.argv[2])) + "AB\n" * 16)
PY
"$fgtlm" run --flexgrip "$tmp/app" --check --stats "$tmp/stats.json" >"$tmp/out" 2>"$tmp/err" || {
  cat "$tmp/out" "$tmp/err"; fail "rtl preset: run failed"; }
cat "$tmp/out" "$tmp/err"
grep -q "^PASS " "$tmp/out" || fail "no PASS"
grep -q "global_mem.mif:262145: 16 bytes past the 262144-byte global memory ignored" "$tmp/err" || fail "no warning"
python3 -c "import json,sys; assert json.load(open(sys.argv[1]))['rtl_events']['mif_bytes_ignored'] == 16" \
  "$tmp/stats.json" || fail "rtl_events.mif_bytes_ignored != 16"
for p in "core.semantics=g80" "core.rtl.mif_truncate=false"; do
  rc=0
  "$fgtlm" run --flexgrip "$tmp/app" --check -p "$p" >"$tmp/out" 2>"$tmp/err" || rc=$?
  [ "$rc" = 2 ] || fail "-p $p: exit $rc, expected 2"
  grep -q "global_mem.mif:262145: more bytes than the global memory holds" "$tmp/err" || { cat "$tmp/err"; fail "-p $p"; }
  echo "-p $p: refused as expected"
done
