"""What the scripts that produce RTL golden results share (gen-golden-*, gen-conformance-expected):
where the repository, the fgtlm tool and the FlexGripPlus checkout are, the common options, one
`fgtlm cosim` run under GHDL, and reading/writing the RTL's memory as an expected.json.

The FlexGripPlus checkout: --rtl, else $FGTLM_FLEXGRIP_DIR, else ../shared/rtl/FlexGripPlus_4.4
beside the repository when present (scripts/get-flexgrip clones one).
"""
import json
import os
import shutil
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def default_rtl():
    env = os.environ.get("FGTLM_FLEXGRIP_DIR")
    if env:
        return env
    return os.path.normpath(os.path.join(REPO, "..", "shared", "rtl", "FlexGripPlus_4.4"))


def add_common_args(ap, cache_name):
    """--rtl, --fgtlm, --cache (build/<cache_name>) and --reuse."""
    ap.add_argument("--rtl", default=default_rtl(), help="FlexGripPlus checkout (scripts/get-flexgrip)")
    ap.add_argument("--fgtlm", default=os.path.join(REPO, "build", "fgtlm"))
    ap.add_argument("--cache", default=os.path.join(REPO, "build", cache_name))
    ap.add_argument("--reuse", action="store_true", help="reuse the RTL dump of the last run in --cache")


def check_rtl(rtl):
    if not (os.path.isdir(os.path.join(rtl, "RTL")) and os.path.isdir(os.path.join(rtl, "lib_m"))):
        sys.exit(f"{rtl}: not a FlexGripPlus checkout (no RTL/ and lib_m/); run scripts/get-flexgrip "
                 "and pass --rtl or set FGTLM_FLEXGRIP_DIR")


def cosim(args, target, report_file, extra=()):
    """Runs `fgtlm cosim TARGET` on the RTL into args.cache/run and writes its report to
    report_file; with --reuse, takes the last run's files and report instead. Returns
    (report text, work folder)."""
    work = os.path.join(args.cache, "run")
    if args.reuse:
        return open(report_file).read(), work
    check_rtl(args.rtl)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(args.cache, exist_ok=True)
    r = subprocess.run([args.fgtlm, "cosim", target, "--rtl", args.rtl, "--work-dir", work, "--no-commit-trace",
                        *extra], capture_output=True, text=True)
    report = r.stdout + r.stderr
    open(report_file, "w").write(report)
    return report, work


def rtl_memory(work, report=""):
    """The RTL's dump (fgtlm_gmem.log: `AAAAA DDDDDDDD` lines): byte address -> word, None for a
    word the RTL printed as undefined (uuuuuuuu)."""
    mem = {}
    log = os.path.join(work, "fgtlm_gmem.log")
    if not os.path.exists(log):
        sys.exit(f"{log}: no RTL memory dump:\n{report}")
    for line in open(log):
        a, v = line.split()
        mem[int(a, 16)] = None if "u" in v.lower() else int(v, 16)
    return mem


def rtl_cycles(work):
    for line in open(os.path.join(work, "fgtlm_result.txt")):
        if line.startswith("kernel_cycles"):
            return int(line.split()[1])
    sys.exit(f"{work}/fgtlm_result.txt: no kernel_cycles (the RTL did not finish the kernel)")


def word_text(v):
    return None if v is None else f"0x{v:08X}"


def ranges_of(mem, words, keep=lambda i: True):
    """Runs of consecutive kept words 0..words-1 as expected.json ranges."""
    out, run = [], None
    for i in range(words):
        if not keep(i):
            run = None
            continue
        if 4 * i not in mem:
            sys.exit(f"the RTL dumped no word at 0x{4 * i:x} (expected {words} words)")
        if run is None:
            run = {"addr": 4 * i, "words": []}
            out.append(run)
        run["words"].append(word_text(mem[4 * i]))
    return out


def write_expected(path, source, ranges, cycles, cores, how, extra=None):
    """expected.json with the RTL's ranges and cycles; `how` names the producing script, `extra`
    adds keys (e.g. the form of a one-form bundle)."""
    exp = {"expected_kind": "rtl-ghdl", "expected_source": f"FlexGripPlus RTL under GHDL via fgtlm cosim ({how})",
           "format": "fgapps-testvector/1", **(extra or {}), "ranges": ranges, "rtl_cores": cores,
           "rtl_kernel_cycles": cycles, "source": source}
    with open(path, "w") as f:
        f.write(json.dumps(exp, indent=1) + "\n")


GHDL_FLAGS = ["--std=08", "-frelaxed", "-fsynopsys", "--workdir=."]


def unit_sources(rtl_root, folders, skip_proc):
    """The VHDL files (relative to RTL/) of the units under `folders` (e.g. "/Execution/SFU/"),
    in gpgpu_compile.tcl order after the package they need; `skip_proc` leaves out the *_proc
    wrappers (the pipeline-side processes around a unit)."""
    files = ["TB/configuration/pick_bench.vhd", "gpgpu_package.vhd"]
    tcl = open(os.path.join(rtl_root, "lib_m", "gpgpu_compile.tcl")).read()
    for tok in tcl.split('"'):
        f = tok.split("$GPGPU_GENERIC_ROOT/")[-1].strip()
        if any(d in tok for d in folders) and f.endswith(".vhd") and not (skip_proc and "_proc" in f):
            files.append(f)
    return files


def build_unit_testbench(rtl_root, cache, folders, skip_proc, tb_name, tb_text):
    """Analyses the units' VHDL and the testbench `tb_text` (entity `tb_name`) with GHDL in
    `cache` and elaborates cache/<tb_name>."""
    check_rtl(rtl_root)
    os.makedirs(cache, exist_ok=True)
    rtl = os.path.join(os.path.abspath(rtl_root), "RTL")
    for f in unit_sources(rtl_root, folders, skip_proc):
        subprocess.run(["ghdl-llvm", "-a"] + GHDL_FLAGS + [os.path.join(rtl, f)], cwd=cache, check=True,
                       stderr=subprocess.DEVNULL)
    open(os.path.join(cache, tb_name + ".vhd"), "w").write(tb_text)
    subprocess.run(["ghdl-llvm", "-a"] + GHDL_FLAGS + [tb_name + ".vhd"], cwd=cache, check=True)
    subprocess.run(["ghdl-llvm", "-e"] + GHDL_FLAGS + ["-o", tb_name, tb_name], cwd=cache, check=True)
