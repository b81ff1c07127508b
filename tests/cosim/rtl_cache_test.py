#!/usr/bin/env python3
"""ctest cosim.rtl_result_cache: the same launch co-simulated four times. The first run tells
the launch's cache key (its entry, if any, is removed: only that one, the cache may be shared);
the second simulates the RTL and stores its result in CACHE/runs; the third is served from the
cache (no GHDL) and gives the same report; --no-rtl-cache simulates again.

  rtl_cache_test.py FGTLM CACHE_DIR WORK_DIR -- COSIM ARGS (target, launch options, --rtl ...)"""
import json, os, shutil, subprocess, sys

fgtlm, cache, work = sys.argv[1:4]
args = sys.argv[5:]


def cosim(tag, *extra):
    js = os.path.join(work, tag + ".json")
    p = subprocess.run([fgtlm, "cosim", *args, "--cache-dir", cache, "--work-dir", os.path.join(work, tag), "--json", js, *extra],
                       capture_output=True, text=True)
    print(p.stdout, p.stderr, sep="\n")
    if p.returncode == 2:
        sys.exit(f"{tag}: setup error")
    return p.stdout, json.load(open(js))


def same_report(text):  # the report without the lines that say where the RTL result came from and the wall times
    return [l for l in text.splitlines() if not l.startswith(("RTL result", "wall time", "RTL build"))]


t0, j0 = cosim("key")
if not j0.get("rtl_cache_key"):
    sys.exit("the report names no RTL cache key")
shutil.rmtree(os.path.join(cache, "runs", j0["rtl_cache_key"]), ignore_errors=True)
t1, j1 = cosim("first")
t2, j2 = cosim("second")
t3, j3 = cosim("forced", "--no-rtl-cache")
ok = True
def check(cond, what):
    global ok
    print(("ok   " if cond else "FAIL ") + what)
    ok = ok and cond

check(not j1["rtl_from_cache"] and "stored in the RTL result cache" in t1, "first run simulates and stores")
key = j1["rtl_cache_key"]
check(key == j0["rtl_cache_key"], "same launch, same key")
check(bool(key) and os.path.isfile(os.path.join(cache, "runs", key, "info.json")), f"cache entry runs/{key}")
check(j2["rtl_from_cache"] and j2["rtl_cache_key"] == key and "from the RTL result cache" in t2, "second run served from the cache")
check(j2["rtl_wall_seconds"] == j1["rtl_wall_seconds"], "the cached result keeps the simulation's wall time")
fields = ["rtl_kernel_cycles", "model_kernel_cycles", "memory_match", "words_compared", "mismatched_words", "commits_compared",
          "rtl_commits", "model_commits", "first_divergence", "pass"]
check(all(j1[f] == j2[f] for f in fields), "same JSON results: " + ", ".join(fields))
check(same_report(t1) == same_report(t2), "same text report")
check(not j3["rtl_from_cache"] and j3["rtl_cache_key"] is None and "result cache not used" in t3, "--no-rtl-cache simulates")
check(all(j1[f] == j3[f] for f in fields), "the forced simulation agrees with the cached result")
print("RTL RESULT CACHE OK" if ok else "RTL RESULT CACHE FAILED")
sys.exit(0 if ok else 1)
