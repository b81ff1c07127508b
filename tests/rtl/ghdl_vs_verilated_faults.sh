#!/usr/bin/env bash
# The Verilated fault injector against the GHDL one: the same register-file faults (same
# campaign, same ids, hence the same RTL site and time: faults::rtl_site) run on FlexGripPlus
# under GHDL (`--rtl`) and on the Verilated model (`--rtl-verilated`) must get the same RTL class
# every time; the two injectors act on the cell the same way (a flip or a stuck-at held against
# the writes, from the second edge after the warp's fetch handshake).
#   ghdl_vs_verilated_faults.sh FGTLM RTL_DIR CACHE_DIR WORK_DIR TARGET... -- INJECT_OPTIONS...
set -uo pipefail
fgtlm="$1" rtl="$2" cache="$3" work="$4"
shift 4
target=()
while (($#)) && [[ "$1" != "--" ]]; do target+=("$1"); shift; done
shift
rm -rf "$work" && mkdir -p "$work"
"$fgtlm" inject "${target[@]}" "$@" --no-progress --rtl "$rtl" --rtl-cache "$cache" --out "$work/ghdl.jsonl" \
  >"$work/ghdl.log" 2>&1
"$fgtlm" inject "${target[@]}" "$@" --no-progress --rtl-verilated --out "$work/verilated.jsonl" \
  >"$work/verilated.log" 2>&1
python3 - "$work/ghdl.jsonl" "$work/verilated.jsonl" <<'PY'
import json, sys
def classes(path):
    return {r["id"]: (r["rtl"] or {}).get("class") for r in map(json.loads, open(path))}
g, v = classes(sys.argv[1]), classes(sys.argv[2])
if not g or set(g) != set(v):
    sys.exit(f"FAIL: the two runs hold other injections ({len(g)} GHDL, {len(v)} Verilated)")
diff = {i: (g[i], v[i]) for i in g if g[i] != v[i]}
for i, (a, b) in sorted(diff.items()):
    print(f"id {i}: GHDL {a}, Verilated {b}")
ran = sum(1 for c in g.values() if c is not None)
print(f"{len(g) - len(diff)} of {len(g)} injections ({ran} run on the RTL) get the same RTL class on both: "
      + ("SAME RTL CLASSES" if not diff else "DIFFERENT"))
sys.exit(1 if diff or ran == 0 else 0)
PY
