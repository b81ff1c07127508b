#!/usr/bin/env bash
# `fgtlm disasm --isa sm10` must print exactly what plain `fgtlm disasm` prints.
# Usage: same_listing.sh FGTLM PROGRAM_HEX
set -euo pipefail
diff <("$1" disasm "$2") <("$1" disasm --isa sm10 "$2")
diff <("$1" disasm --text "$2") <("$1" disasm --isa sm10 --text "$2")
echo "same listing"
