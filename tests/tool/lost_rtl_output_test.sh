#!/usr/bin/env bash
# Issue 27: the outputs of the RTL commands are written in full or the run fails naming them.
#   lost_rtl_output_test.sh FGTLM RTL_DIR CACHE_DIR WORK_DIR BUNDLE
# difftest's per-worker lines file and `inject --rtl --out` both go to /dev/full (a device: written
# in place, every write fails): each run must exit non-zero with "PATH: write failed" (they
# used unchecked std::ofstream and exited 0 with the records lost).
set -uo pipefail
fgtlm="$1" rtl="$2" cache="$3" work="$4" bundle="$5"
status=0
rm -rf "$work" && mkdir -p "$work/difftest"
ln -s /dev/full "$work/difftest/results.0.jsonl"
# --rtl-cache-only: no RTL simulation (an uncached kernel is a setup error, still one line).
"$fgtlm" difftest --count 1 --seed 7000 --single-warp --max-items 8 --avoid-known --rtl "$rtl" --cache-dir "$cache" \
  --work-dir "$work/difftest" --shrink-budget 0 --rtl-cache-only >"$work/difftest.log" 2>&1
rc=$?
cat "$work/difftest.log"
if ((rc == 0)) || ! grep -q "results.0.jsonl: write failed" "$work/difftest.log"; then
  echo "FAIL: difftest exit $rc without naming its lost lines file"; status=1
fi
"$fgtlm" inject "$bundle" --count 1 --seed 3 --no-progress --rtl "$rtl" --rtl-cache "$cache" --out /dev/full \
  >"$work/inject.log" 2>&1
rc=$?
cat "$work/inject.log"
if ((rc == 0)) || ! grep -q "/dev/full: write failed" "$work/inject.log"; then
  echo "FAIL: inject --rtl exit $rc without naming its lost --out"; status=1
fi
((status == 0)) && echo "LOST RTL OUTPUTS NAMED"
exit $status
