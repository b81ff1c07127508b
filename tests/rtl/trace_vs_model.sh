#!/usr/bin/env bash
# trace_vs_model.sh FGTLM BUNDLE WORK_DIR
# The RTL's commit trace (fgtlm rtl --backend ghdl --trace) against the model's (fgtlm run
# --trace-commit), line by line per warp, cycle column dropped (traces/commit-trace.md).
# No difference is allowed: the model, like the RTL, runs past the end-marked last instruction
# onto nvcc's RET and commits it (docs/cosim-known-differences.md, "Known differences" 1, resolved).
set -euo pipefail
fgtlm="$1"; bundle="$2"; dir="$3"
mkdir -p "$dir"
"$fgtlm" rtl "$bundle" --backend ghdl --trace "$dir/rtl.txt"
"$fgtlm" run "$bundle" --trace-commit "$dir/model.txt" > /dev/null
# Per-warp streams (stable sort by block, warp), cycle dropped.
streams() { grep -v '^#' "$1" | cut -d' ' -f2- | sort -s -k2,2n -k3,3n; }
streams "$dir/rtl.txt" > "$dir/rtl.streams"
streams "$dir/model.txt" > "$dir/model.streams"
n=$(wc -l < "$dir/model.streams")
if diff "$dir/rtl.streams" "$dir/model.streams" > "$dir/diff.txt"; then
  echo "commit traces agree: $n instructions"
else
  echo "commit traces differ (< RTL, > model):"; head -20 "$dir/diff.txt"; exit 1
fi
