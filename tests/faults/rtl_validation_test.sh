#!/usr/bin/env bash
# GPR flips into the FlexGripPlus RTL under GHDL and into the model: every class must agree,
# at least one injection must change the result (so a dead injector cannot pass), and every
# record must name its RTL site. Skipped (77) without ghdl-llvm.
#   rtl_validation_test.sh FGTLM BUNDLE RTL_DIR CACHE_DIR
set -euo pipefail
fgtlm="$1" bundle="$2" rtl="$3" cache="${FGTLM_RTL_CACHE:-$4}"
command -v ghdl-llvm >/dev/null || { echo "ghdl-llvm not installed: skipped"; exit 77; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# Seed 3, 5 flips: the model classes 2 of them SDC and 3 Masked on VectorAdd_float.
"$fgtlm" inject "$bundle" --count 5 --seed 3 --rtl "$rtl" --rtl-cache "$cache" \
    --out "$tmp/rtl.jsonl" --summary-json "$tmp/rtl.json"
python3 - "$tmp/rtl.jsonl" "$tmp/rtl.json" <<'PY'
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
summ = json.load(open(sys.argv[2]))
assert len(recs) == 5 and summ["injections"] == 5 and summ["agree"] == 5, summ
assert all(r["agree"] and r["rtl"]["class"] == r["class"] for r in recs)
assert all({"warp", "k", "core", "address", "bit"} <= set(r["rtl"]["site"]) for r in recs)
assert any(r["rtl"]["class"] != "Masked" for r in recs), "no injection changed the RTL result"
print("rtl validation ok:", summ)
PY
