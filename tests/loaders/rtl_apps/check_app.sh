#!/usr/bin/env bash
# One FlexGripPlus application folder the RTL runs but a checked model refuses (issue 24):
# `fgtlm run --flexgrip APP --check` must PASS under the rtl preset, print the policy's
# warning once and count the event in the --stats JSON; under `-p core.semantics=g80` (and
# with the one policy switched off) the run must stop with the model's error instead.
#   check_app.sh FGTLM APP WARNING_REGEX STATS_KEY OFF_POLICY G80_ERROR_REGEX
set -euo pipefail
fgtlm=$1 app=$2 warning=$3 key=$4 off=$5 g80_error=$6
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$fgtlm" run --flexgrip "$app" --check --stats "$tmp/stats.json" >"$tmp/out" 2>"$tmp/err" || {
  cat "$tmp/out" "$tmp/err"; fail "rtl preset: run failed"; }
cat "$tmp/out"
grep -q "^PASS " "$tmp/out" || fail "rtl preset: no PASS"
[ "$(cat "$tmp/out" "$tmp/err" | grep -cE "$warning")" = 1 ] || {
  cat "$tmp/err"; fail "rtl preset: expected one warning /$warning/"; }
count=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['rtl_events'][sys.argv[2]])" "$tmp/stats.json" "$key")
[ "$count" -gt 0 ] || fail "rtl preset: rtl_events.$key = $count"
echo "rtl preset: PASS, one warning, rtl_events.$key = $count"

for p in "core.semantics=g80" "core.rtl.$off"; do
  if "$fgtlm" run --flexgrip "$app" --check -p "$p" >"$tmp/out" 2>"$tmp/err"; then fail "-p $p: the run passed"; fi
  grep -qE "$g80_error" "$tmp/out" "$tmp/err" || { cat "$tmp/out" "$tmp/err"; fail "-p $p: expected /$g80_error/"; }
  echo "-p $p: stops as expected (/$g80_error/)"
done
