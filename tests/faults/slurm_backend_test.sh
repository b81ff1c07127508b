#!/bin/sh
# The same campaign on the local backend (2 worker processes) and on a one-node Slurm cluster
# (3 array shards, merged): every per-injection record must be identical. Starts its own
# cluster with scripts/slurm-local and always stops it. Needs root (exit 77 = skipped).
#   slurm_backend_test.sh FGTLM REPO_ROOT BUNDLE
set -eu
fgtlm="$1" root="$2" bundle="$3"
[ "$(id -u)" = 0 ] || { echo "not root: skipped"; exit 77; }
work="$(mktemp -d /tmp/fgtlm-faults-slurm.XXXXXX)"
export FGTLM_SLURM_DIR="$work/cluster" FGTLM_SLURM_PORT=26817
cleanup() { "$root/scripts/slurm-local" down >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT INT TERM
eval "$("$root/scripts/slurm-local" up)"

campaign="--structure gpr,pred,pc,inst,mask,sp --count 120 --seed 5 --no-progress"
# shellcheck disable=SC2086
timeout 120 "$fgtlm" inject "$bundle" $campaign --jobs 2 --out "$work/local.jsonl" --summary-json "$work/local.json"
# shellcheck disable=SC2086
timeout 180 "$fgtlm" inject "$bundle" $campaign --backend slurm --shards 3 --work-dir "$work/slurm" \
  --out "$work/slurm.jsonl" --summary-json "$work/slurm.json"

lines=$(wc -l < "$work/slurm.jsonl")
[ "$lines" -eq 721 ] || { echo "FAIL: $lines lines in the merged Slurm records, want 1 header + 720"; exit 1; }
for k in 0 1 2; do
  [ -s "$work/slurm/shard-$k.jsonl" ] || { echo "FAIL: shard $k wrote no records"; exit 1; }
done
sort "$work/local.jsonl" > "$work/a"
sort "$work/slurm.jsonl" > "$work/b"
cmp "$work/a" "$work/b" || { echo "FAIL: local and Slurm records differ"; diff "$work/a" "$work/b" | head; exit 1; }
# --merge of the shard files alone gives the same counts as the local summary.
"$fgtlm" inject --merge "$work"/slurm/shard-*.jsonl --summary-json "$work/merged.json" > /dev/null
for key in injections masked sdc due hang; do
  a=$(grep -m1 "\"$key\"" "$work/local.json")
  b=$(grep -m1 "\"$key\"" "$work/merged.json")
  [ "$a" = "$b" ] || { echo "FAIL: $key: local $a, merged $b"; exit 1; }
done
echo "PASS: 720 injections, local and Slurm records identical"
