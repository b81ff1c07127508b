#!/bin/sh
# Issue 27's property test for fgtlm-vp: every numeric parameter it lists (--list-params, so a
# parameter declared later is covered) refuses a negative, fractional, overflowing, NaN or
# infinite value, given as -p and as a --config value, with an error naming the parameter
# (vp.cpu_hz=5e9 once read back as 705032704). Usage: vp_numeric_params.sh FGTLM_VP FIRMWARE.ELF
vp="$1"
fw="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$vp" --list-params | awk '$2 == "int" || $2 == "double" { print $1, $2 }' >"$work/params"
[ -s "$work/params" ] || { echo "no numeric parameters listed"; exit 1; }
fail=0
checked=0
try() {  # NAME HOW VALUE: HOW is -p or --config
    if [ "$2" = -p ]; then
        out="$("$vp" --firmware "$fw" --max-time 1ms -q -p "$1=$3" 2>&1)"
    else
        printf '{"%s": %s}\n' "$1" "$3" >"$work/c.json"
        out="$("$vp" --firmware "$fw" --max-time 1ms -q --config "$work/c.json" 2>&1)"
    fi
    rc=$?
    checked=$((checked + 1))
    case "$out" in
        *"parameter '$1'"*) [ "$rc" = 2 ] && return ;;
    esac
    echo "FAIL: $2 $1=$3 gave exit $rc: $(printf '%s' "$out" | head -c 300)"
    fail=1
}
while read -r name type; do
    for v in -1 nan -inf 1e400 18446744073709551616; do try "$name" -p "$v"; done
    for v in -1 1e30 '"7"'; do try "$name" --config "$v"; done
    [ "$type" = int ] && try "$name" -p 2.5
done <"$work/params"
echo "$checked values of $(wc -l <"$work/params") parameters tried"
exit $fail
