#!/bin/sh
# fgtlm inject from the command line: summary JSON keys, plot, campaign file, bad input.
#   cli_test.sh FGTLM BUNDLE
set -u
fgtlm="$1" bundle="$2"
work="$(mktemp -d /tmp/fgtlm-faults-cli.XXXXXX)"
trap 'rm -rf "$work"' EXIT INT TERM
fail() { echo "FAIL: $*"; exit 1; }

"$fgtlm" inject "$bundle" --count 50 --no-progress --out "$work/a.jsonl" --summary-json "$work/s.json" \
  --plot "$work/p.svg" > "$work/out.txt" || fail "campaign exit $?"
for key in injections masked sdc due hang wall_seconds structures avf_low avf_high; do
  grep -q "\"$key\"" "$work/s.json" || fail "summary lacks $key"
done
grep -q "\"injections\": 50" "$work/s.json" || fail "not 50 injections"
grep -q "<svg" "$work/p.svg" || fail "no SVG plot"
grep -q "^gpr " "$work/out.txt" || fail "no summary table"
[ "$(wc -l < "$work/a.jsonl")" -eq 51 ] || fail "records file"

# A campaign file, overridden by --seed; the same campaign twice gives the same records.
printf '{"plans": ["pc", {"structure": "gpr", "model": "stuck1", "count": 20}], "count": 30, "seed": 4}\n' > "$work/c.json"
"$fgtlm" inject "$bundle" --campaign "$work/c.json" --seed 5 --no-progress --out "$work/c1.jsonl" > /dev/null || fail "campaign file"
"$fgtlm" inject "$bundle" --campaign "$work/c.json" --seed 5 --no-progress --out "$work/c2.jsonl" > /dev/null || fail "campaign file"
cmp -s "$work/c1.jsonl" "$work/c2.jsonl" || fail "same seed, different records"
[ "$(wc -l < "$work/c1.jsonl")" -eq 51 ] || fail "campaign file plans"
grep -q '"seed":5' "$work/c1.jsonl" || fail "--seed does not override the file"

# Bad input: exit 2 and a message naming the problem.
expect_error() {  # expect_error PATTERN ARGS...
  pattern="$1"; shift
  "$fgtlm" inject "$@" > "$work/err.txt" 2>&1
  code=$?
  [ "$code" -eq 2 ] || fail "exit $code (want 2) for: $*"
  grep -q "$pattern" "$work/err.txt" || fail "message lacks '$pattern' for: $* ($(cat "$work/err.txt"))"
}
expect_error "unknown structure 'registers'" "$bundle" --structure registers --count 5
expect_error "no such file" /nonexistent/bundle --count 5
expect_error "unknown fault model" "$bundle" --model stuck2 --count 5
expect_error "past the kernel" "$bundle" --at-instruction 100000000 --count 5
printf '{"sede": 1}\n' > "$work/bad.json"
expect_error "unknown campaign key 'sede'" "$bundle" --campaign "$work/bad.json"
echo "PASS"
