#!/usr/bin/env python3
"""Source fixes that let GHDL's synthesis and Verilator accept FlexGripPlus 4.4.

Applied to a build copy of RTL/ (never to the shared folder). Each fix keeps the
design's behaviour: it only rewrites constructs the tools cannot handle. The script fails
loudly when a pattern is missing so a different RTL version cannot be patched silently.
"""
import pathlib
import sys

RE = "regex"
CLZ_CASE = (r"case s_vector\(i\) is\s*when '0' =>\s*if \(first_one = '0'\) then\s*"
            r"v_count := v_count \+ \"000001\";\s*end if;\s*when others => first_one := '1';\s*end case;")
CLZ_IF = ("if s_vector(i) = '0' then if (first_one = '0') then v_count := v_count + \"000001\"; end if; "
          "else first_one := '1'; end if;")
MASK_CASE = (r"case mask_i\(i\) is\s*when '0' =>\s*(addr_regs_wr_data_out\(i\) <= [^;]*;)\s*"
             r"when others =>\s*(addr_regs_wr_data_out\(i\) <= [^;]*;)\s*end case;")
MASK_IF = r"if mask_i(i) = '0' then \1 else \2 end if;"

SEL_WITH = r"with alu_opcode_in select\s*%s\s*<=\s*'1' when ([A-Z0-9_|]+),\s*'0' when others;"
SEL_WHEN = r"%s <= '1' when alu_opcode_in = \1 else '0';"

FIXES = [
    # GHDL synth: `bit_vector sll` unsupported. addr_hi_i_3 is "00" & addr_hi_in, so
    # shifting it left by 2 within 3 bits leaves addr_hi_in(0) & "00".
    ("SMP/global_memory_controller.vhd",
     "(to_stdlogicvector(to_bitvector(addr_hi_i_3) sll 2))",
     "(addr_hi_i_3(0) & \"00\")"),
    ("SMP/Pipeline/Decode/pipeline_decode.vhd",
     "(to_stdlogicvector(to_bitvector(addr_hi_i_3) sll 2))",
     "(addr_hi_i_3(0) & \"00\")"),
    ("SMP/Pipeline/Read/pipeline_read.vhd",
     "(to_stdlogicvector(to_bitvector(addr_hi_i_3) sll 2))",
     "(addr_hi_i_3(0) & \"00\")"),
    # The memory initialiser reads a .mif file at elaboration; synthesis would read the
    # build folder's files (all zero). The model loads memories through the ports or by
    # writing the Verilated arrays, so the memories start at zero.
    ("dp_ram.vhd",
     "shared variable ram : mem_type := init_mem(mif_file_name => RAM_INIT_FILE);",
     "shared variable ram : mem_type := (others => (others => '0'));"),
    # 64 identical processes drive config_reg_data_out (one per generate index, each with
    # its own inner loop over all 64 registers): synthesis sees 64 drivers. One suffices.
    ("gpgpu_configuration.vhd",
     "gLoopRegistersRead : for i in 0 to 63 generate",
     "gLoopRegistersRead : for i in 0 to 0 generate"),
    # GHDL's synthesis mistranslates `case <std_logic> is when '0' => A; when others => B`:
    # the synthesised count_l_zeros counts every bit as a leading zero (I2F of any non-zero
    # integer gives 0.5, so Reduction's RCP-based modulo goes wrong). The if/else below is
    # the same function for every std_logic value ('0' -> A, anything else -> B).
    ("gpgpu_package.vhd", RE, (CLZ_CASE, CLZ_IF)),
    ("SMP/Pipeline/Execution/FPU/fpupackage.vhd", RE, (CLZ_CASE, CLZ_IF)),
    ("SMP/Pipeline/Write/increment_address.vhd", RE, (MASK_CASE, MASK_IF)),
    # The same bug in selected signal assignments: `with alu_opcode_in select s <= '1' when
    # SIN|..., '0' when others;` became a latch that is set by the first SFU (RRO) opcode and
    # never cleared, so every later ALU result was replaced by the SFU's output.
    ("SMP/Pipeline/Execution/pipeline_execute.vhd", RE, (SEL_WITH % "sfu_signal_start", SEL_WHEN % "sfu_signal_start")),
    ("SMP/Pipeline/Execution/pipeline_execute.vhd", RE, (SEL_WITH % "rro_signal_start", SEL_WHEN % "rro_signal_start")),
    # A port named `input` is emitted unescaped into Verilog, where it is a keyword.
    ("SMP/Pipeline/Execution/RRO/rro.vhd", None, ("input", "rro_input")),
    ("SMP/Pipeline/Execution/RRO/rro_proc.vhd",
     "input       => src_rro_sub_i(i),",
     "rro_input   => src_rro_sub_i(i),"),
    ("gpgpu_package.vhd",
     "\t input              : in std_logic_vector(31 downto 0);",
     "\t rro_input          : in std_logic_vector(31 downto 0);"),
]


# GHDL 2.0's synthesis drops the `others` arm of a multi-choice `case` or selected assignment
# too (not only of one-bit ones): `mov_size` 100/101/111 then kept the previous instruction's
# read-stage data type instead of DT_NONE, so a GLD.S32 after a GLD.U32 loaded a word where
# GHDL's simulation loads one byte. Every combinational case process that assigns one signal
# (`p : process(s) begin case s is when C => o <= V; ... when others => o <= W; end case;
# end process;`) and every selected assignment with an `others` arm becomes the conditional
# assignment `o <= V when s = C else ... else W;`: the same function for every value, with a
# mux chain the synthesis keeps whole. The counts pin this RTL version (patch_rtl fails on
# another). A file with such a statement loses its comments (not its line numbers).
CASE_PROCESS = (r"(\w+)\s*:\s*process\s*\(\s*(\w+)\s*\)\s*begin\s*case\s+\2\s+is\s*"
                r"((?:when\s[^=;]+=>\s*\w+\s*<=[^;]+;\s*)+)end\s+case\s*;\s*end\s+process\s*(?:\1\s*)?;")
CASE_ARM = r"when\s+([^=;]+?)\s*=>\s*(\w+)\s*<=\s*([^;]+?)\s*;"
SELECTED = r"with\s+([\w()]+)\s+select\s+(\w+)\s*<=([^;]+?\swhen\s+others)\s*;"
OTHERS_REWRITES = {"case": 15, "select": 14}


def split_top(text: str, sep: str) -> list:
    """`text` split at `sep` outside parentheses."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if ch == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    return parts + [cur]


def conditional(sel: str, out: str, arms: list) -> str:
    """`out <= v1 when sel = c1 else ... else w;` from (choices, value) pairs, others last."""
    text = f"{out} <= "
    for choices, value in arms[:-1]:
        cond = " or ".join(f"{sel} = {c.strip()}" for c in choices.split("|"))
        text += f"{value.strip()} when ({cond}) else "
    return text + arms[-1][1].strip() + ";"


def rewrite_others(text: str) -> tuple:
    """Both rewrites on one file's text (comments removed first); the new text and how many
    of each were made."""
    import re
    made = {"case": 0, "select": 0}
    bare = re.sub(r"--[^\n]*", "", text)

    def keep_lines(old: str, new: str) -> str:
        return new + "\n" * old.count("\n")

    def case_process(m):
        arms = re.findall(CASE_ARM, m.group(3), flags=re.I)
        if len({a[1].lower() for a in arms}) != 1 or arms[-1][0].strip().lower() != "others":
            return m.group(0)
        made["case"] += 1
        return keep_lines(m.group(0), conditional(m.group(2), arms[0][1], [(a[0], a[2]) for a in arms]))

    def selected(m):
        arms = []
        for part in split_top(m.group(3), ","):
            value, _, choices = re.sub(r"\s+", " ", part).rpartition(" when ")
            arms.append((choices, value))
        made["select"] += 1
        return keep_lines(m.group(0), conditional(m.group(1), m.group(2), arms))

    rewritten = re.sub(CASE_PROCESS, case_process, bare, flags=re.I)
    rewritten = re.sub(SELECTED, selected, rewritten, flags=re.I)
    return (rewritten if sum(made.values()) else text), made


def apply(root: pathlib.Path) -> None:
    import re
    for rel, old, new in FIXES:
        path = root / rel
        text = path.read_text(errors="replace")
        if old is None:
            word, repl = new
            patched = re.sub(r"\b%s\b" % word, repl, text)
        elif old == RE:
            pattern, repl = new
            if "alu_opcode_in = \\1" in repl:  # one comparison per choice: A|B -> A or ... = B
                def expand(m, repl=repl):
                    choices = m.group(1).split("|")
                    cond = " or ".join(f"alu_opcode_in = {c}" for c in choices)
                    return re.sub(r"alu_opcode_in = \\1", lambda _: cond, repl)
                patched, n = re.subn(pattern, expand, text)
            else:
                patched, n = re.subn(pattern, repl, text)
            if n != 1:
                sys.exit(f"patch_rtl: {path}: expected one match of {pattern!r}, found {n}")
        else:
            if old not in text:
                sys.exit(f"patch_rtl: {path}: pattern not found: {old!r}")
            patched = text.replace(old, new)
        if patched == text:
            sys.exit(f"patch_rtl: {path}: fix changed nothing")
        path.write_text(patched)
    made = {"case": 0, "select": 0}
    for path in sorted(root.rglob("*.vhd")):
        text = path.read_text(errors="replace")
        patched, n = rewrite_others(text)
        if patched != text:
            path.write_text(patched)
        for k in made:
            made[k] += n[k]
    if made != OTHERS_REWRITES:
        sys.exit(f"patch_rtl: {root}: 'others' rewrites {made}, expected {OTHERS_REWRITES}")


if __name__ == "__main__":
    apply(pathlib.Path(sys.argv[1]))
