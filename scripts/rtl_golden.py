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


def cosim(args, target, extra=()):
    """Runs `fgtlm cosim TARGET` on the RTL into args.cache/run (or, with --reuse, takes the last
    run's files). Returns (report text, work folder)."""
    work = os.path.join(args.cache, "run")
    report_file = os.path.join(args.cache, "cosim_report.txt")
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


def rtl_memory(work):
    """The RTL's dump (fgtlm_gmem.log: `AAAAA DDDDDDDD` lines): byte address -> word, None for a
    word the RTL printed as undefined (uuuuuuuu)."""
    mem = {}
    for line in open(os.path.join(work, "fgtlm_gmem.log")):
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


def write_expected(path, source, ranges, cycles, cores, how):
    exp = {"expected_kind": "rtl-ghdl", "expected_source": f"FlexGripPlus RTL under GHDL via fgtlm cosim ({how})",
           "format": "fgapps-testvector/1", "ranges": ranges, "rtl_cores": cores, "rtl_kernel_cycles": cycles,
           "source": source}
    with open(path, "w") as f:
        f.write(json.dumps(exp, indent=1) + "\n")
