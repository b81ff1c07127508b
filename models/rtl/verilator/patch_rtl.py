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


if __name__ == "__main__":
    apply(pathlib.Path(sys.argv[1]))
