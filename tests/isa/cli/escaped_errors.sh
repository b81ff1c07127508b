#!/bin/sh
# `fgtlm isa exec` on a source line and a --set holding a terminal escape: the messages must
# show it as \x1b, never as the raw byte (issue 27). Usage: escaped_errors.sh FGTLM WORKDIR
set -eu
fgtlm="$1"
mkdir -p "$2"
src="$2/escape.s"
printf '\033[31mjunk\n' > "$src"
out="$("$fgtlm" isa exec --isa gcn1.4 "$src" 2>&1 || true)"
set_out="$("$fgtlm" isa exec --isa gcn1.4 "$(dirname "$0")/samples/gcn_sum.s" --set "$(printf 's1=\033[2J')" 2>&1 || true)"
esc="$(printf '\033')"
for o in "$out" "$set_out"; do
  case "$o" in *"$esc"*) echo "raw escape in: $o"; exit 1 ;; esac
  case "$o" in *'\x1b'*) ;; *) echo "no \\x1b in: $o"; exit 1 ;; esac
done
echo "escaped: $out / $set_out"
