#!/bin/sh
# Every structure and fault model through both execution paths of `fgtlm inject`: the
# functional core with snapshot/restore and the full SystemC model with fault probes in the
# SM's TLM pipeline. Every per-injection record must be identical.
#   systemc_path_test.sh FGTLM BUNDLE
# FGTLM_FAULTS_PATH_COUNT injections per structure (default 25; the sanitizer run takes 5).
set -eu
fgtlm="$1" bundle="$2"
count="${FGTLM_FAULTS_PATH_COUNT:-25}"
case "$count" in '' | *[!0-9]* | 0) echo "FAIL: FGTLM_FAULTS_PATH_COUNT='$count' is not a positive count"; exit 1 ;; esac
want=$((14 * count + 1))
work="$(mktemp -d /tmp/fgtlm-faults-path.XXXXXX)"
trap 'rm -rf "$work"' EXIT INT TERM
all=gpr,pred,areg,shared,const,global,inst,pc,mask,stack,barrier,sp,fpu,sfu
for model in flip stuck0 stuck1; do
  for path in core systemc; do
    "$fgtlm" inject "$bundle" --structure $all --model $model --count "$count" --seed 11 --no-progress \
      --path $path --out "$work/$path-$model.jsonl" > /dev/null
    sort "$work/$path-$model.jsonl" > "$work/$path-$model.sorted"
  done
  n=$(wc -l < "$work/core-$model.sorted")
  [ "$n" -eq "$want" ] || { echo "FAIL: $n lines for $model, want $want"; exit 1; }
  cmp "$work/core-$model.sorted" "$work/systemc-$model.sorted" || {
    echo "FAIL: core and SystemC paths differ for $model"; diff "$work/core-$model.sorted" "$work/systemc-$model.sorted" | head; exit 1; }
done
echo "PASS: 3 x $((want - 1)) injections, core and SystemC paths identical"
