# The cases of issue 27, one function a section of the issue; sourced by scripts/hostile-probe
# (which defines case_, skip_ and the paths: $fgtlm, $vp, $bundle, $data, $fw, $testfw, $rtl,
# scratch folder $T). Case names start with the section: valid, crash, memory, campaign, wrap,
# message, remaining.

# A copy of VectorAdd_integer in $T/NAME with FILE replaced by the text on stdin.
bundle_with() {
  local d="$T/$1"
  rm -rf "$d"; cp -r "$bundle" "$d"
  [[ -n "${2:-}" ]] && cat >"$d/$2"
  echo "$d"
}

# A small FlexGripPlus application folder $T/NAME/app (pick_bench.vhd, TP_instructions.vhd).
flexgrip_app() {
  local d="$T/$1/app"
  mkdir -p "$d"
  cat >"$d/pick_bench.vhd" <<'EOF'
package pick_bench is
  constant BENCH_K_BLKX : integer := 32;
  constant BENCH_KERNEL_GPRS : integer := 4;
  constant BENCH_KERNEL_PARAM_SIZE : integer := 1;
  constant BENCH_CMEM_PARAM_SIZE : integer := 1;
end;
EOF
  printf 'when 0 => instruction_out <= x"30000003";\nwhen 1 => instruction_out <= x"00000780";\n' \
    >"$d/TP_instructions.vhd"
  echo "$d"
}

# Adds the lines $2 to the package of FlexGripPlus folder $1's pick_bench.vhd.
with_constants() {
  { sed '$d' "$1/pick_bench.vhd"; printf '%s\nend;\n' "$2"; } >"$1/pick_bench.new"
  mv "$1/pick_bench.new" "$1/pick_bench.vhd"
}

# $1 followed by an array nested 200,000 deep, then "}".
deep_array() { python3 -c "import sys; n = 200000; sys.stdout.write(sys.argv[1] + '[' * n + ']' * n + '}')" "$1"; }

valid_cases() {
  local p
  for p in gpu.kernel_launch_cycles=131072 mem.global_latency_cycles=200000 sm.block_launch_cycles=200000 \
           sm.fetch_cycles=1000000; do
    case_ "valid.long-latency.run.$p" 0 "PASS" 120 -- "$fgtlm" run "$bundle" --check -p "$p"
  done
  if [[ -x "$vp" && -f "$fw/vector_add.elf" ]]; then
    case_ valid.long-latency.vp 0 "vector_add: PASS" 120 -- "$vp" --firmware "$fw/vector_add.elf" \
      -p gpu.kernel_launch_cycles=131072
  else skip_ valid.long-latency.vp "fgtlm-vp or its firmware not built"; fi
  mkdir -p "$T/vcd"; echo old >"$T/vcd/real.vcd"; ln -sf real.vcd "$T/vcd/link"; echo unrelated >"$T/vcd/link.vcd"
  post="test -L '$T/vcd/link' && grep -q enddefinitions '$T/vcd/real.vcd' && [ \"\$(cat '$T/vcd/link.vcd')\" = unrelated ]"
  case_ valid.vcd-symlink-and-unrelated 0 "" -- "$fgtlm" run "$bundle" --vcd "$T/vcd/link"
  if mknod "$T/vcd/null" c 1 3 2>/dev/null; then
    post="test -c '$T/vcd/null'"
    case_ valid.vcd-device-kept 0 "" -- "$fgtlm" run "$bundle" --vcd "$T/vcd/null"
  else skip_ valid.vcd-device-kept "mknod not permitted"; fi
  for p in "--hang-factor inf" "--hang-factor nan" "--margin nan" "--confidence nan"; do
    # shellcheck disable=SC2086
    case_ "valid.inject${p// /=}" 2 "${p%% *}: " -- "$fgtlm" inject "$bundle" --count 2 --no-progress $p
  done
}

lost_output_cases() {
  local o
  for o in --trace-commit --trace-timeline --stats --dump-global --rdata-log --vcd; do
    case_ "valid.lost-write.run$o" "!0" "/dev/full: write failed" -- "$fgtlm" run "$bundle" "$o" /dev/full
  done
  printf 'RET;\n' >"$T/k.sass"
  case_ valid.lost-write.asm-o "!0" "/dev/full" -- "$fgtlm" asm "$T/k.sass" -o /dev/full
  case_ valid.lost-write.asm-stdout "!0" "standard output: write failed" -- \
    sh -c "'$fgtlm' asm '$T/k.sass' 2>&1 >/dev/full"
  case_ valid.lost-write.disasm-stdout "!0" "standard output: write failed" -- \
    sh -c "'$fgtlm' disasm '$bundle/program.hex' 2>&1 >/dev/full"
  for o in --summary-json --out; do
    case_ "valid.lost-write.inject$o" "!0" "/dev/full" -- "$fgtlm" inject "$bundle" --count 3 --no-progress "$o" /dev/full
  done
  case_ valid.lost-write.regmap-o "!0" "/dev/full" -- "$fgtlm" regmap --markdown -o /dev/full
  case_ valid.lost-write.ptxas-o "!0" "/dev/full: write failed" -- \
    "$fgtlm" ptxas "$root/tests/compiler/ptx/two_kernels.ptx" -o /dev/full
}

crash_cases() {
  local d
  d="$(deep_array '{"grid": ' | bundle_with deep_launch launch.json)"
  case_ crash.deep-launch-json 2 "launch.json" -- "$fgtlm" run "$d"
  d="$(deep_array '{"ranges": ' | bundle_with deep_expected expected.json)"
  case_ crash.deep-expected-json 2 "expected.json" -- "$fgtlm" run "$d" --check
  deep_array '{"textures": ' >"$T/tex.json"
  case_ crash.deep-textures 2 "tex.json" -- "$fgtlm" run "$T/k.sass" --grid 1 --block 1 --textures "$T/tex.json"
  python3 -c "import sys; n=200000; sys.stdout.write('{\"a\":' * n + '1' + '}' * n)" >"$T/deep.json"
  case_ crash.deep-config.params "!0" "deep.json" -- "$fgtlm" params --config "$T/deep.json"
  case_ crash.deep-config.run "!0" "deep.json" -- "$fgtlm" run "$bundle" --config "$T/deep.json"
  if [[ -x "$vp" ]]; then
    case_ crash.deep-config.vp "!0" "deep.json" -- "$vp" --firmware "$fw/hello.elf" --config "$T/deep.json"
  else skip_ crash.deep-config.vp "fgtlm-vp not built"; fi
  d="$(flexgrip_app parens)"
  python3 -c "import sys; n=100000; sys.stdout.write('package p is\n constant BENCH_K_BLKX : integer := ' + '('*n + '32' + ')'*n + ';\nend;\n')" \
    >"$d/pick_bench.vhd"
  case_ crash.vhdl-parentheses 2 "pick_bench.vhd:2" -- "$fgtlm" run --flexgrip "$d"
  d="$(flexgrip_app minus)"
  python3 -c "import sys; sys.stdout.write('package p is\n constant BENCH_K_BLKX : integer := ' + '- '*1000000 + '32;\nend;\n')" \
    >"$d/pick_bench.vhd"
  case_ crash.vhdl-unary-minus 2 "pick_bench.vhd:2" -- "$fgtlm" run --flexgrip "$d"
  d="$(flexgrip_app blanks)"
  python3 -c "import sys; sys.stdout.write('when' + ' '*4000000 + '\n')" >>"$d/TP_instructions.vhd"
  # A line that is no `when N => ... x"..."` is VHDL around the table: skipped (without std::regex).
  case_ crash.tp-line-blanks 0 "" -- "$fgtlm" run --flexgrip "$d"
  d="$(flexgrip_app hexline)"
  python3 -c "import sys; sys.stdout.write('0'*2000000 + '\n')" >"$d/gpgpu_rdata.log"
  case_ crash.rdata-hex-line 2 "gpgpu_rdata.log" -- "$fgtlm" run --flexgrip "$d" --check
}

memory_cases() {
  local d
  d="$(flexgrip_app aggregate)"
  with_constants "$d" "constant X : std_logic_vector(65535 downto 0) := (others => (others => '0'));"
  max_mb=1000 case_ memory.vhdl-nested-others 2 "too large" -- "$fgtlm" run --flexgrip "$d"
  d="$(flexgrip_app doubling)"
  with_constants "$d" "$(python3 -c "
print('constant S0 : string := \"ab\";')
for i in range(1, 41): print('constant S%d : string := S%d & S%d;' % (i, i - 1, i - 1))")"
  max_mb=1000 case_ memory.vhdl-doubling 2 "too large" -- "$fgtlm" run --flexgrip "$d"
  for c in -1 18446744073709551616; do
    max_mb=500 case_ "memory.inject-count=$c" 2 "--count: " -- "$fgtlm" inject "$bundle" --no-progress --count "$c"
  done
  echo '{"count": -1}' >"$T/c_neg.json"
  max_mb=500 case_ memory.campaign-count-negative 2 "count" -- \
    "$fgtlm" inject "$bundle" --no-progress --campaign "$T/c_neg.json"
  if [[ -x "$vp" ]]; then
    python3 "$root/tests/platform/huge_segment_elf.py" "$T/huge.elf"
    max_mb=500 case_ memory.vp-elf-memsz "!0" "p_memsz" -- "$vp" --firmware "$T/huge.elf"
  else skip_ memory.vp-elf-memsz "fgtlm-vp not built"; fi
  printf 'RET;\n' >"$T/ret.sass"
  max_mb=400 case_ memory.stats-per-block "!0" "watchdog" 300 -- "$fgtlm" run "$T/ret.sass" --grid 65535,65535 \
    --block 32 --stats "$T/s.json" --max-instructions 1000000
  max_mb=300 case_ memory.exhaustive-campaign killed "" 40 -- "$fgtlm" inject "$data/Reduction" --exhaustive \
    --no-progress --out "$T/exh.jsonl"
}

campaign_cases() {
  local first
  "$fgtlm" inject "$bundle" --count 10 --no-progress --out "$T/r.jsonl" >/dev/null 2>&1
  first="$(sed -n 2p "$T/r.jsonl")"
  { head -1 "$T/r.jsonl"; echo "$first"; echo "$first"; } >"$T/dup.jsonl"
  case_ campaign.resume-duplicate "!0" "is recorded twice" -- \
    "$fgtlm" inject "$bundle" --count 10 --no-progress --out "$T/dup.jsonl"
  { head -1 "$T/r.jsonl"; echo "$first" | sed 's/"id":[0-9]*/"id":10/'; } >"$T/beyond.jsonl"
  case_ campaign.resume-beyond "!0" "beyond the campaign" -- \
    "$fgtlm" inject "$bundle" --count 10 --no-progress --out "$T/beyond.jsonl"
  { head -1 "$T/r.jsonl"; echo "$first" | sed 's/"class":"[A-Za-z]*"/"class":"Bogus"/'; } >"$T/bogus.jsonl"
  case_ campaign.resume-bogus-class "!0" "\"class\" must be" -- \
    "$fgtlm" inject "$bundle" --count 10 --no-progress --out "$T/bogus.jsonl"
  local json
  local -a jsons=('{"plans": [{"structure": "gpr", "count": 9223372036854775808}, {"structure": "pred", "count": 9223372036854775808}]}'
    '{"count": 1e30}' '{"count": 2.9}' '{"seed": 1.5}' '{"seed": -1}' '{"target": {"grid": [-1]}}')
  local i=0
  for json in "${jsons[@]}"; do
    echo "$json" >"$T/c$i.json"
    case_ "campaign.json-$i" 2 "campaign description: " -- "$fgtlm" inject "$bundle" --no-progress --campaign "$T/c$i.json"
    i=$((i + 1))
  done
  case_ campaign.sass-grid-70000 2 "--grid: " -- "$fgtlm" inject "$T/k.sass" --grid 70000 --block 1 --count 1 --no-progress
  head -c 262145 /dev/zero >"$T/big.bin"
  case_ campaign.sass-global-init-too-large 2 "larger than the global memory" -- "$fgtlm" inject "$T/k.sass" \
    --grid 1 --block 1 --count 1 --no-progress --global-init "$T/big.bin"
  printf 'top: BRA top;\nRET;\n' >"$T/loop.sass"
  case_ campaign.golden-endless 1 "does not finish" 45 -- "$fgtlm" inject "$T/loop.sass" --grid 1 --block 32 \
    --count 1 --no-progress
  case_ campaign.count-0 2 "--count: " -- "$fgtlm" inject "$bundle" --count 0 --no-progress
}

tp_config() {
  printf 'package TP_configuration is\n  constant kernel_regs_default : kernel_regs_array(15 downto 0) := (0 => %s, others => x"00000000");\n  constant cmem_regs_default : cmem_array(63 downto 0) := (0 => %s, others => x"00");\nend;\n' "$1" "$2"
}

flexgrip_wrap_cases() {
  local d i=0 pair
  for pair in 'x"100000000"|x"00"' '-1|x"00"' 'x"00000000"|"100000000"'; do
    d="$(flexgrip_app "tp$i")"
    tp_config "${pair%%|*}" "${pair#*|}" >"$d/../TP_configuration.vhd"
    case_ "wrap.tp-configuration-$i" 2 "is not a" -- "$fgtlm" run --flexgrip "$d"
    i=$((i + 1))
  done
  d="$(flexgrip_app tp_ancestor)"
  tp_config 5 'x"01"' >"$d/../TP_configuration.vhd"
  case_ wrap.tp-configuration-ancestor-said 0 "of an ancestor folder used" -- "$fgtlm" run --flexgrip "$d"
  i=0
  for pair in '100000000 00000000' '12345678901234567890 00000000'; do
    d="$(flexgrip_app "rdata$i")"
    echo "$pair" >"$d/gpgpu_rdata.log"
    case_ "wrap.rdata-address-$i" 2 "does not fit in 32 bits" -- "$fgtlm" run --flexgrip "$d" --check
    i=$((i + 1))
  done
  d="$(flexgrip_app dup_const)"
  with_constants "$d" "  constant BENCH_K_BLKX : integer := 64;"
  case_ wrap.vhdl-constant-twice 2 "declared twice" -- "$fgtlm" run --flexgrip "$d"
  d="$(flexgrip_app cores7)"
  with_constants "$d" "  constant BENCH_CORES : integer := 7;"
  case_ message.flexgrip-lanes-source 2 "FlexGripPlus folder (BENCH_CORES of pick_bench.vhd)" -- \
    "$fgtlm" run --flexgrip "$d"
  d="$(flexgrip_app blkx)"
  sed -i 's/BENCH_K_BLKX : integer := 32/BENCH_K_BLKX : integer := 4096/' "$d/pick_bench.vhd"
  case_ message.launch-limit-names-constant 2 "BENCH_K_BLKX = 4096" -- "$fgtlm" run --flexgrip "$d"
  d="$(flexgrip_app dups)"
  python3 -c "
import sys
for i in range(400000): sys.stdout.write('when 0 => instruction_out <= x\"30000003\";\n')" >>"$d/TP_instructions.vhd"
  max_out_kb=20 case_ message.duplicate-tp-lines-capped 0 "not listed" -- "$fgtlm" run --flexgrip "$d"
}

run_wrap_cases() {
  local a
  for a in "--cores 4294967297" "--cores -8" "--max-cycles -1" "--max-report-lines -1" "-p sm.sp_lanes=--16" \
           "--cores 7" "-p sm.sp_lanes=3"; do
    # shellcheck disable=SC2086
    case_ "wrap.run${a// /=}" 2 "${a%% *}" -- "$fgtlm" run "$bundle" $a
  done
  case_ wrap.dump-words 2 "--dump-words: " -- "$fgtlm" run "$T/k.sass" --grid 1 --block 1 --dump-words 1073741825
  case_ wrap.sass-without-grid 0 "no --grid given" -- "$fgtlm" run "$T/k.sass"
  printf 'BRA 0x3;\nRET;\n' >"$T/bra.sass"
  case_ wrap.bra-unaligned "!0" "not a multiple of 4" -- "$fgtlm" asm "$T/bra.sass"
  printf 's_add_u32 s0, s1, s2\n' >"$T/p.s"
  for a in s1=0x1ffffffff scc=2; do
    case_ "wrap.isa-exec-set-$a" 2 "--set" -- "$fgtlm" isa exec --isa gcn1.2 "$T/p.s" --set "$a"
  done
  local d
  d="$(bundle_with dump_addr)"
  python3 -c "import json,sys; L=json.load(open(sys.argv[1])); L['dump']={'addr':3,'words':1}; json.dump(L,open(sys.argv[1],'w'))" "$d/launch.json"
  case_ wrap.dump-addr-3 2 "dump.addr: 3 is not a multiple of 4" -- "$fgtlm" run "$d" --check
  local w i=0
  for w in '-1' ' 5' '+5'; do
    d="$(echo "{\"ranges\": [{\"addr\": 0, \"words\": [\"$w\"]}]}" | bundle_with "exp$i" expected.json)"
    case_ "wrap.expected-word-$i" 2 "not a 32-bit hex word" -- "$fgtlm" run "$d" --check
    i=$((i + 1))
  done
  d="$(echo '{"ranges": [{"addr": 0, "words": [null, null]}]}' | bundle_with all_null expected.json)"
  case_ wrap.check-all-null 1 "no words compared" -- "$fgtlm" run "$d" --check
  d="$(bundle_with undef)"
  python3 -c "import json,sys; L=json.load(open(sys.argv[1])); L['global_init_undefined']=[[0,4294967295]]; json.dump(L,open(sys.argv[1],'w'))" "$d/launch.json"
  case_ wrap.check-all-undefined "!0" "" -- "$fgtlm" run "$d" --check
  d="$(bundle_with cores3)"
  python3 -c "import json,sys; L=json.load(open(sys.argv[1])); L['cores']=3; json.dump(L,open(sys.argv[1],'w'))" "$d/launch.json"
  case_ wrap.bundle-cores-3 2 "SP lanes" -- "$fgtlm" run "$d" -p core.semantics=rtl
}

vp_cases() {
  if [[ ! -x "$vp" ]]; then skip_ vp "fgtlm-vp not built"; return; fi
  if [[ -f "$testfw/exit_256.elf" ]]; then
    case_ wrap.vp-exit-256 5 "exit 256" -- "$vp" --firmware "$testfw/exit_256.elf" --max-time 1ms
  else skip_ wrap.vp-exit-256 "tests/platform firmware not built"; fi
  case_ wrap.vp-cpu-hz-5e9 "!0" "vp.cpu_hz" -- "$vp" --firmware "$fw/hello.elf" -p vp.cpu_hz=5e9
  if [[ -f "$testfw/gpu_endless.elf" ]]; then
    case_ message.vp-gpu-watchdog-within-max-time 7 "exit 7 at" 120 -- "$vp" --firmware "$testfw/gpu_endless.elf"
  else skip_ message.vp-gpu-watchdog-within-max-time "tests/platform firmware not built"; fi
  mkfifo "$T/fifo_vp.json"
  case_ message.fifo-config.vp "!0" "not a regular file" 20 -- "$vp" --firmware "$fw/hello.elf" --config "$T/fifo_vp.json"
}

json_message_cases() {
  local d
  d="$(echo '{"grid": [1e400, 1]}' | bundle_with overflow launch.json)"
  case_ message.launch-json-1e400 2 "launch.json: invalid JSON" -- "$fgtlm" run "$d"
  echo '{"sm": {"sp_lanes": 1e400}}' >"$T/c1e400.json"
  case_ message.config-1e400 "!0" "c1e400.json" -- "$fgtlm" run "$bundle" --config "$T/c1e400.json"
  local json i=0
  local -a jsons=('{"plans": [{"structure": 5}]}' '{"count": "x"}' '{"plans": 3}' '{"target": []}' '[1]'
    '{"confidence": "high"}' '{"plans": [{"structure": "gpr", "count": 1, "lanes": "x"}]}')
  for json in "${jsons[@]}"; do
    echo "$json" >"$T/ct$i.json"
    case_ "message.campaign-type-$i" 2 "ct$i.json" -- "$fgtlm" inject "$bundle" --no-progress --campaign "$T/ct$i.json"
    i=$((i + 1))
  done
  echo '{"kernel": 5}' >"$T/m.jsonl"
  case_ message.merge-header "!0" "m.jsonl:1" -- "$fgtlm" inject --merge "$T/m.jsonl"
  echo 'not json' >"$T/m2.jsonl"
  case_ message.merge-header-junk "!0" "m2.jsonl:1" -- "$fgtlm" inject --merge "$T/m2.jsonl"
  case_ message.no-subcommand "!0" "one of: asm" -- "$fgtlm"
  case_ message.no-isa-subcommand "!0" "one of:" -- "$fgtlm" isa
  local f
  for f in launch.json global_init.bin expected.json; do
    d="$(bundle_with "fifo_$f")"; rm -f "$d/$f"; mkfifo "$d/$f"
    case_ "message.fifo-$f" 2 "$f: not a regular file" 20 -- "$fgtlm" run "$d" --check
  done
  mkfifo "$T/fifo.json"
  case_ message.fifo-config.run "!0" "not a regular file" 20 -- "$fgtlm" run "$bundle" --config "$T/fifo.json"
  case_ message.fifo-config.params "!0" "not a regular file" 20 -- "$fgtlm" params --config "$T/fifo.json"
}

echo_message_cases() {
  local d
  d="$(printf '# only a comment\n\n' | bundle_with empty_hex program.hex)"
  case_ message.comment-only-program-hex 2 "no instructions" -- "$fgtlm" run "$d"
  d="$(: | bundle_with empty_hex2 program.hex)"
  case_ message.empty-program-hex 2 "no instructions" -- "$fgtlm" run "$d"
  d="$(python3 -c "import sys; sys.stdout.write('0x10004205\n\x1b]0;pwned\x07' + 'z' * (10 << 20) + '\n')" |
       bundle_with escape_hex program.hex)"
  max_out_kb=4 case_ message.program-hex-escape-and-cut 2 "\\x1b]0;pwned" -- "$fgtlm" run "$d"
  python3 -c "import sys; sys.stdout.write('\x1b[2J\x01\xff' + 'Z' * (10 << 20) + ';\n')" >"$T/esc.sass"
  max_out_kb=8 case_ message.sass-escape-and-cut.run 2 "\\x1b[2J" -- "$fgtlm" run "$T/esc.sass" --grid 1 --block 1
  max_out_kb=8 case_ message.sass-escape-and-cut.asm "!0" "\\x1b[2J" -- "$fgtlm" asm "$T/esc.sass"
  python3 -c "import sys; sys.stdout.write('\x1b[2J' + 'q' * (1 << 20) + '\n')" >"$T/esc.s"
  max_out_kb=8 case_ message.isa-exec-escape-and-cut "!0" "\\x1b[2J" -- "$fgtlm" isa exec --isa gcn1.2 "$T/esc.s"
  max_out_kb=8 case_ message.p-value-escape-and-cut 2 "\\x1b[2J" -- "$fgtlm" run "$bundle" \
    -p "sm.sp_lanes=$(printf '\x1b[2J')$(head -c 100000 /dev/zero | tr '\0' 7)"
  max_out_kb=8 case_ message.p-name-escape-and-cut 2 "\\x1b[2J" -- "$fgtlm" run "$bundle" \
    -p "$(printf '\x1b[2J')$(head -c 100000 /dev/zero | tr '\0' a)=1"
  max_out_kb=8 case_ message.isa-set-escape "!0" "\\x1b" -- "$fgtlm" isa exec --isa gcn1.2 "$T/p.s" \
    --set "$(printf 's1=\x1b[2J')"
  printf 'top: BRA top;\nRET;\n' >"$T/loop.sass"
  post="[ \$(stat -c %s '$T/loop.vcd') -lt 200000000 ]"
  case_ message.endless-kernel-vcd-bounded 1 "watchdog" 180 -- "$fgtlm" run "$T/loop.sass" --block 32 --vcd "$T/loop.vcd"
}

remaining_cases() {
  case_ remaining.param-int-range-names-range 2 "range" -- "$fgtlm" run "$bundle" -p sm.sp_lanes=99999999999999999999
  case_ remaining.param-int-range-names-value 2 "99999999999999999999" -- \
    "$fgtlm" run "$bundle" -p sm.sp_lanes=99999999999999999999
  echo '{"sm": {"sp_lanes": 1000000}}' >"$T/lanes.json"
  case_ remaining.config-int-range "!0" "1000000" -- "$fgtlm" run "$bundle" --config "$T/lanes.json"
  if [[ -d "$rtl/RTL" || -d "$rtl" ]] && command -v ghdl >/dev/null; then
    mkdir -p "$T/dt"; ln -sf /dev/full "$T/dt/results.0.jsonl"
    case_ remaining.difftest-lines-file "!0" "write failed" 900 -- "$fgtlm" difftest --count 1 --seed 7000 \
      --single-warp --max-items 4 --rtl "$rtl" --work-dir "$T/dt" --shrink-budget 0
    case_ remaining.inject-rtl-out "!0" "/dev/full" 900 -- "$fgtlm" inject "$bundle" --count 1 --structure gpr \
      --no-progress --rtl "$rtl" --out /dev/full
  else
    skip_ remaining.difftest-lines-file "no FlexGripPlus checkout or ghdl"
    skip_ remaining.inject-rtl-out "no FlexGripPlus checkout or ghdl"
  fi
}

run_all_cases() {
  valid_cases
  lost_output_cases
  crash_cases
  memory_cases
  campaign_cases
  flexgrip_wrap_cases
  run_wrap_cases
  vp_cases
  json_message_cases
  echo_message_cases
  remaining_cases
  ptx_operand_cases
}

# Every PTX opcode the compiler lowers, with an operand too many, one too few, and an operand of
# the wrong kind: each must be "FILE:LINE: INSTRUCTION: ..." (exit non-zero), no crash.
ptx_kernel() {
  printf '.version 7.0\n.target sm_30\n.address_size 32\n.visible .entry k(.param .u32 out)\n{\n'
  printf '    .reg .b32 %%r<9>;\n    .reg .pred %%p<3>;\n    .reg .f32 %%f<4>;\n    .shared .u32 sh;\n'
  printf '    %s\n    ret;\n}\n' "$1"
}

ptx_operand_cases() {
  local -a insts=(
    'add.u32 %r1, %r2;' 'add.u32 %r1, %r2, %r3, %r4;' 'add.u32 5, %r2, %r3;' 'add.u32 %r1, [%r2], %r3;'
    'sub.s32 %r1, %r2;' 'mul.lo.u32 %r1;' 'mul.hi.u32 %r1, %r2;' 'mul24.lo.u32 %r1, %r2;' 'mad.lo.u32 %r1, %r2, %r3;'
    'mad24.lo.u32 %r1, %r2, %r3;' 'div.u32 %r1, %r2;' 'rem.u32 %r1, %r2;' 'and.b32 %r1, %r2;' 'or.b32 %r1;'
    'xor.b32 %r1, %r2;' 'not.b32 %r1;' 'not.b32 %r1, %r2, %r3;' 'shl.b32 %r1, %r2;' 'shr.u32 %r1, %r2;'
    'neg.s32 %r1;' 'abs.s32 %r1;' 'min.u32 %r1, %r2;' 'max.s32 %r1, %r2;' 'popc.b32 %r1;' 'clz.b32 %r1;'
    'brev.b32 %r1;' 'bfe.u32 %r1, %r2, %r3;' 'bfi.b32 %r1, %r2, %r3, %r4;' 'prmt.b32 %r1, %r2, %r3;'
    'selp.u32 %r1, %r2, %r3;' 'selp.u32 %r1, %r2, %r3, 5;' 'setp.eq.u32 %p1, %r2;' 'setp.eq.u32 5, %r2, %r3;'
    'set.eq.u32.u32 %r1, %r2;' 'mov.u32 %r1;' 'mov.u32 %r1, %r2, %r3;' 'mov.u32 5, %r1;' 'mov.u32 %r1, [%r2];'
    'cvt.u32.u16 %r1;' 'cvt.rn.f32.u32 %f1, %r1, %r2;' 'cvt.u32.u16 5, %r1;' 'cvta.to.global.u32 %r1;'
    'cvta.to.global.u32 5, %r1;' 'ld.global.u32 %r1;' 'ld.global.u32 %r1, %r2;' 'ld.global.u32 [%r1], %r2;'
    'ld.global.u32 5, [%r2];' 'st.global.u32 [%r1];' 'st.global.u32 %r1, %r2;' 'st.global.u32 [%r1], [%r2];'
    'add.f32 %f1, %f2;' 'add.rn.f32 5, %f2, %f3;' 'mul.rn.f32 %f1, %f2;' 'fma.rn.f32 %f1, %f2, %f3;'
    'mad.rn.f32 %f1, %f2, %f3;' 'div.approx.f32 %f1, %f2;' 'rcp.approx.f32 %f1;' 'sqrt.approx.f32 %f1;'
    'rsqrt.approx.f32 %f1;' 'lg2.approx.f32 %f1;' 'ex2.approx.f32 %f1;' 'sin.approx.f32 %f1;' 'cos.approx.f32 %f1;'
    'neg.f32 %f1;' 'abs.f32 %f1;' 'min.f32 %f1, %f2;' 'max.f32 %f1, %f2;' 'testp.finite.f32 %p1;'
    'testp.finite.f32 %p1, %f1, %f2;' 'testp.finite.f32 5, %f1;' 'bra;' 'bra L1, L2;' 'bar.sync;' 'bar.sync 0, 1;'
    'ret 1;' 'exit 1;' 'rcp.approx.f32 [%r1], %f1;' 'sqrt.approx.f32 %f1, [%r1];'
    'neg.s32 %r1, [%r2];' 'popc.b32 %r1, [%r2];' 'bfe.u32 %r1, [%r2], %r3, %r4;' 'selp.u32 %r1, %r2, %r3, %r4;'
    'setp.eq.u32 %p1, [%r2], %r3;' 'add.u32 %r1, %p1, %r3;' 'min.u32 [%r1], %r2, %r3;' 'membar.gl %r1;'
    'add %r1, %r2, %r3;' 'cvt.u32 %r1, %r2;' 'testp.finite %p1, %f1;' 'abs %r1, %r2;' 'ld.global %r1, [%r2];')
  local i=0 inst
  for inst in "${insts[@]}"; do
    ptx_kernel "$inst" >"$T/op$i.ptx"
    case_ "remaining.ptx-form-$i: $inst" "!0" "op$i.ptx:10: " -- "$fgtlm" ptxas "$T/op$i.ptx" -o "$T/op$i.module"
    i=$((i + 1))
  done
}
