#!/usr/bin/env bash
# check_paths.py on a small stand-in repository: a stale path in a README, a stale file name in
# a code comment and a file outside the repository are each reported; the fixed tree passes.
#   path_check_test.sh CHECK_PATHS
set -euo pipefail
check="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/models/a/src" "$tmp/docs"
echo "See models/a/src/gone.cpp and docs/notes.md." >"$tmp/models/a/README.md"
echo "notes" >"$tmp/docs/notes.md"
printf '// Reads ../shared/conformance/x (old_name.cpp has the rest).\nint x;\n' >"$tmp/models/a/src/a.cpp"
if out="$("$check" "$tmp")"; then echo "stale paths passed"; exit 1; fi
grep -q "models/a/README.md:1: models/a/src/gone.cpp" <<<"$out"
grep -q "models/a/src/a.cpp:1: old_name.cpp" <<<"$out"
grep -q "models/a/src/a.cpp:1: outside the repository" <<<"$out"
! grep -q "docs/notes.md" <<<"$out"
echo "See models/a/src/a.cpp and docs/notes.md." >"$tmp/models/a/README.md"
printf '// Reads the bundle (a.cpp has the rest).\nint x;\n' >"$tmp/models/a/src/a.cpp"
"$check" "$tmp" | grep -q "PATHS OK"
echo "PATH CHECK CATCHES OK"
