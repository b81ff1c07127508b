#!/bin/sh
# Every structure and fault model through both execution paths of `fgtlm inject`: the
# functional core with snapshot/restore and the full SystemC model with fault probes in the
# SM's TLM pipeline. Every per-injection record must be identical.
#   systemc_path_test.sh FGTLM BUNDLE
set -eu
fgtlm="$1" bundle="$2"
work="$(mktemp -d /tmp/fgtlm-faults-path.XXXXXX)"
trap 'rm -rf "$work"' EXIT INT TERM
all=gpr,pred,areg,shared,const,global,inst,pc,mask,stack,barrier,sp,fpu,sfu
for model in flip stuck0 stuck1; do
  for path in core systemc; do
    "$fgtlm" inject "$bundle" --structure $all --model $model --count 25 --seed 11 --no-progress \
      --path $path --out "$work/$path-$model.jsonl" > /dev/null
    sort "$work/$path-$model.jsonl" > "$work/$path-$model.sorted"
  done
  n=$(wc -l < "$work/core-$model.sorted")
  [ "$n" -eq 351 ] || { echo "FAIL: $n lines for $model, want 351"; exit 1; }
  cmp "$work/core-$model.sorted" "$work/systemc-$model.sorted" || {
    echo "FAIL: core and SystemC paths differ for $model"; diff "$work/core-$model.sorted" "$work/systemc-$model.sorted" | head; exit 1; }
done
echo "PASS: 3 x 350 injections, core and SystemC paths identical"
