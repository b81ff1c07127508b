#!/bin/sh
# fgtlm inject --rtl-flops end to end: one run, the same campaign in two shards merged with
# --merge (records identical), --list-units, a bad unit refused by name; with SLURM=1 also as a
# Slurm job array on a one-node cluster (scripts/slurm-local; needs root, else exit 77).
#   flops_cli_test.sh FGTLM REPO_ROOT BUNDLE [SLURM]
set -eu
fgtlm="$1" root="$2" bundle="$3" slurm="${4:-0}"
work="$(mktemp -d /tmp/fgtlm-rtl-flops.XXXXXX)"
cleanup() { [ "$slurm" = 1 ] && "$root/scripts/slurm-local" down >/dev/null 2>&1; rm -rf "$work"; }
trap cleanup EXIT INT TERM
campaign="--rtl-flops --unit pipeline_fetch,uwarppoolmemory --memories --count 40 --seed 3 --no-progress"
# shellcheck disable=SC2086
"$fgtlm" inject "$bundle" $campaign --out "$work/one.jsonl" --summary-json "$work/one.json" > "$work/one.txt"
grep -q "40 injections in" "$work/one.txt" || { echo "FAIL: no summary line"; cat "$work/one.txt"; exit 1; }
[ "$(wc -l < "$work/one.jsonl")" -eq 41 ] || { echo "FAIL: want 1 header + 40 records"; exit 1; }
sort "$work/one.jsonl" > "$work/a"
if [ "$slurm" = 1 ]; then
  [ "$(id -u)" = 0 ] || { echo "not root: skipped"; exit 77; }
  export FGTLM_SLURM_DIR="$work/cluster" FGTLM_SLURM_PORT=26818
  eval "$("$root/scripts/slurm-local" up)"
  # shellcheck disable=SC2086
  timeout 300 "$fgtlm" inject "$bundle" $campaign --backend slurm --shards 3 --work-dir "$work/slurm" \
    --out "$work/merged.jsonl" > "$work/slurm.txt"
else
  for k in 0 1; do
    # shellcheck disable=SC2086
    "$fgtlm" inject "$bundle" $campaign --shards 2 --shard $k --out "$work/shard-$k.jsonl" > /dev/null
  done
  "$fgtlm" inject --merge "$work/shard-0.jsonl" "$work/shard-1.jsonl" --out "$work/merged.jsonl" > "$work/merge.txt"
  grep -q "^all .* 40 " "$work/merge.txt" || { echo "FAIL: merged summary"; cat "$work/merge.txt"; exit 1; }
  "$fgtlm" inject --rtl-flops --list-units > "$work/units.txt"
  grep -q "^stack " "$work/units.txt" && grep -q "^uwarppoolmemory " "$work/units.txt" \
    || { echo "FAIL: --list-units"; cat "$work/units.txt"; exit 1; }
  if "$fgtlm" inject "$bundle" --rtl-flops --unit no_such_unit > "$work/bad.txt" 2>&1; then
    echo "FAIL: an unknown unit was accepted"; exit 1
  fi
  grep -q "unit 'no_such_unit' names no register" "$work/bad.txt" || { cat "$work/bad.txt"; exit 1; }
fi
sort "$work/merged.jsonl" > "$work/b"
cmp "$work/a" "$work/b" || { echo "FAIL: one run and shards differ"; diff "$work/a" "$work/b" | head; exit 1; }
echo "PASS: 40 flop-level injections, one run and shards identical"
