#!/usr/bin/env bash
# fgtlm asm --isa NAME -> disasm --isa NAME --text -> asm again: the words must not change.
# Usage: roundtrip.sh FGTLM NAME SOURCE WORKDIR
set -euo pipefail
fgtlm="$1" isa="$2" src="$3" work="$4"
mkdir -p "$work"
"$fgtlm" asm --isa "$isa" "$src" -o "$work/$isa.hex"
"$fgtlm" disasm --isa "$isa" --text "$work/$isa.hex" > "$work/$isa.txt"
"$fgtlm" asm --isa "$isa" "$work/$isa.txt" -o "$work/$isa.2.hex"
cmp "$work/$isa.hex" "$work/$isa.2.hex"
# The raw binary path gives the same listing.
"$fgtlm" asm --isa "$isa" "$src" --raw -o "$work/$isa.bin"
"$fgtlm" disasm --isa "$isa" --raw --text "$work/$isa.bin" | cmp - "$work/$isa.txt"
lines=$(wc -l < "$work/$isa.txt")
echo "$isa: $lines instructions round-trip"
