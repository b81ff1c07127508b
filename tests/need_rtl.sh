#!/usr/bin/env bash
# Runs an rtl-labelled test: `need_rtl.sh FLEXGRIP_DIR SKIP_LINE cmd...`. Without a FlexGripPlus
# checkout in FLEXGRIP_DIR (or without GHDL) it prints one SKIP line and exits 77 (ctest: skipped).
dir="$1" line="$2"
shift 2
if [[ -z "$dir" || ! -d "$dir/RTL" || ! -d "$dir/lib_m" ]]; then
  echo "$line"
  exit 77
fi
if ! command -v ghdl-llvm >/dev/null; then
  echo "SKIP: ghdl-llvm is not installed (scripts/deps installs it)"
  exit 77
fi
exec "$@"
