#!/usr/bin/env bash
# build_recovers.sh SCRIPTS_BUILD REAL_CACHE: three broken build folders that scripts/build must
# configure afresh (it used to skip configuring whenever a CMakeCache.txt existed).
set -uo pipefail
build_script="$1" real_cache="$2"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
recovered=0
try() {  # try NAME: the folder $work/NAME is prepared; configure must succeed and be complete
  local dir="$work/$1"
  if FGTLM_BUILD_DIR="$dir" "$build_script" --configure-only >"$dir.log" 2>&1 &&
     [ -f "$dir/build.ninja" ] && grep -q "CMAKE_GENERATOR:INTERNAL=Ninja" "$dir/CMakeCache.txt"; then
    echo "build_recovers: $1: configured ($(grep -m1 'configuring afresh' "$dir.log" || echo fresh))"
    recovered=$((recovered + 1))
  else
    echo "build_recovers: $1: FAILED"; tail -20 "$dir.log"
  fi
}
mkdir -p "$work/half_written"
head -c 3000 "$real_cache" > "$work/half_written/CMakeCache.txt"   # a configure that died
try half_written
mkdir -p "$work/other_source"
sed 's|^CMAKE_HOME_DIRECTORY:INTERNAL=.*|CMAKE_HOME_DIRECTORY:INTERNAL=/elsewhere|' "$real_cache" > "$work/other_source/CMakeCache.txt"
touch "$work/other_source/build.ninja"
try other_source
mkdir -p "$work/other_generator"
sed 's|^CMAKE_GENERATOR:INTERNAL=.*|CMAKE_GENERATOR:INTERNAL=Unix Makefiles|' "$real_cache" > "$work/other_generator/CMakeCache.txt"
touch "$work/other_generator/build.ninja"
try other_generator
echo "build_recovers: $recovered of 3 recovered"
