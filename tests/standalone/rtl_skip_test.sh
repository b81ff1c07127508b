#!/usr/bin/env bash
# An rtl-labelled test without a FlexGripPlus checkout: tests/need_rtl.sh prints exactly one
# line, the SKIP line that says how to get one, exits 77 (ctest: skipped) and never runs the test.
#   rtl_skip_test.sh NEED_RTL SKIP_LINE
set -uo pipefail
need="$1" line="$2"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for dir in "" "$tmp/missing" "$tmp"; do
  out="$("$need" "$dir" "$line" touch "$tmp/ran")"
  rc=$?
  [[ $rc -eq 77 ]] || { echo "exit $rc for '$dir', expected 77"; exit 1; }
  [[ "$out" == "$line" ]] || { echo "printed '$out' for '$dir'"; exit 1; }
  [[ ! -e "$tmp/ran" ]] || { echo "ran the test without a checkout"; exit 1; }
done
grep -q "scripts/get-flexgrip" <<<"$line" || { echo "the skip line does not say how to get the RTL"; exit 1; }
mkdir -p "$tmp/fg/RTL" "$tmp/fg/lib_m"
if command -v ghdl-llvm >/dev/null; then
  "$need" "$tmp/fg" "$line" touch "$tmp/ran" && [[ -e "$tmp/ran" ]] || { echo "did not run with a checkout"; exit 1; }
fi
echo "RTL SKIP OK"
