#!/usr/bin/env bash
# trace_vs_model.sh FGTLM BUNDLE WORK_DIR
# The RTL's commit trace (fgtlm rtl --backend ghdl --trace) against the model's (fgtlm run
# --trace-commit), line by line per warp, cycle column dropped (traces/commit-trace.md).
# The one allowed difference is the known end marker (models/cosim/README.md, "Known
# differences" 1): the RTL commits the RET after each warp's end-marked last instruction.
set -euo pipefail
fgtlm="$1"; bundle="$2"; dir="$3"
mkdir -p "$dir"
"$fgtlm" rtl "$bundle" --backend ghdl --trace "$dir/rtl.txt"
"$fgtlm" run "$bundle" --trace-commit "$dir/model.txt" > /dev/null
# Per-warp streams (stable sort by block, warp), cycle dropped.
streams() { grep -v '^#' "$1" | cut -d' ' -f2- | sort -s -k2,2n -k3,3n; }
# Drops each warp's last line when it is the RTL's trailing RET.
drop_trailing_ret() {
  awk '{ key = $2 " " $3; if (key != prev && held != "") { if (held !~ / \| RET \|$/) print held; held = "" }
         if (held != "") print held; held = $0; prev = key }
       END { if (held != "" && held !~ / \| RET \|$/) print held }'
}
streams "$dir/rtl.txt" | drop_trailing_ret > "$dir/rtl.streams"
streams "$dir/model.txt" > "$dir/model.streams"
n=$(wc -l < "$dir/model.streams")
if diff "$dir/rtl.streams" "$dir/model.streams" > "$dir/diff.txt"; then
  echo "commit traces agree: $n instructions (RTL trace $(grep -vc '^#' "$dir/rtl.txt") lines with the trailing RETs)"
else
  echo "commit traces differ (< RTL, > model):"; head -20 "$dir/diff.txt"; exit 1
fi
