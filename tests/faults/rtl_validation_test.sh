#!/usr/bin/env bash
# Register-file faults into the FlexGripPlus RTL under GHDL and into the model: every class must
# agree, at least one injection must change the result (so a dead injector cannot pass), and
# every record run on the RTL must name its RTL site. Skipped (77) without ghdl-llvm.
#   rtl_validation_test.sh FGTLM RTL_DIR CACHE_DIR N TARGET [inject options...]
# N = injections expected on the RTL (sites the RTL has no storage for are not run).
# The seeds in CMakeLists.txt were chosen (model only) so that the model gives no DUE: a model
# DUE is an address check the RTL does not have (models/faults/README.md), not an agreement.
set -euo pipefail
fgtlm="$1" rtl="$2" cache="${FGTLM_RTL_CACHE:-$3}" n="$4"
shift 4
command -v ghdl-llvm >/dev/null || { echo "ghdl-llvm not installed: skipped"; exit 77; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$fgtlm" inject "$@" --rtl "$rtl" --rtl-cache "$cache" --out "$tmp/rtl.jsonl" --summary-json "$tmp/rtl.json"
python3 - "$tmp/rtl.jsonl" "$tmp/rtl.json" "$n" <<'PY'
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
summ = json.load(open(sys.argv[2]))
n = int(sys.argv[3])
run = [r for r in recs if not r["rtl"].get("not_stored")]
assert len(run) == n and summ["injections"] == n and summ["agree"] == n, summ
assert all(r["agree"] and r["rtl"]["class"] == r["class"] for r in run)
assert all({"warp", "k", "file", "core", "address", "bit", "mode"} <= set(r["rtl"]["site"]) for r in run)
assert any(r["rtl"]["class"] != "Masked" for r in run), "no injection changed the RTL result"
print("rtl validation ok:", json.dumps(summ["structures"]))
PY
