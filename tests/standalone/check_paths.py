#!/usr/bin/env python3
"""Every repository path named in a README/doc or in a code comment exists.

Checked: Markdown files (README.md, docs/, traces/, tests/data/*.md) and the comments of C++,
CMake, shell and Python sources. A path is a token that starts with a top-level folder of the
repository (models/, tests/, scripts/, docs/, ...); it is checked up to its first placeholder
(`<name>`, `*`, `{a,b}`, `$VAR`), relative to the repository or to the naming file's folder.
A bare source-file name (no folder) must name a file somewhere in the repository (or one the
build generates, GENERATED). Imported data (tests/data) is checked for repository paths only.
No prose names a file outside the repository (OUTSIDE). Exit 1 with one line per stale
reference (file:line: path).

usage: check_paths.py REPO_ROOT
"""
import os
import re
import sys

root = os.path.abspath(sys.argv[1])
TOP = sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d)) and not d.startswith(".")
             and d not in ("build", "build-sanitize")) + [".ci"]
SKIP_DIRS = {".git", "build", "build-sanitize", "__pycache__"}
PATH = re.compile(r"(?<![\w./-])((?:%s)/[\w./<>*{},$-]*)" % "|".join(re.escape(t) for t in TOP))
BARE = re.compile(r"(?<![\w./<>*-])([A-Za-z_][\w-]*\.(?:cpp|hpp|cmake|py|sh))\b")
# Files outside the repository: only the default of FGTLM_FLEXGRIP_DIR may be named.
OUTSIDE = re.compile(r"/work/|\.\./shared/(?!rtl/FlexGripPlus_4\.4)|(?<![\w/.])shared/(?:conformance|isa|seeds|rtl)")
# Sources the build writes (embed_texts.cmake): named in comments, never in the tree.
GENERATED = {"rtl_vhdl.cpp", "ghdl_texts.cpp", "rtl_flop_table.cpp"}
COMMENT = {".cpp": r"//(.*)", ".hpp": r"//(.*)", ".h": r"//(.*)", ".c": r"//(.*)", ".cmake": r"#(.*)",
           ".txt": r"#(.*)", ".sh": r"#(.*)", ".py": r"#(.*)"}


def sources():
    for dirpath, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not (dirpath == root and d.startswith("build"))]
        for f in files:
            yield os.path.join(dirpath, f)


def texts(path):
    """(line number, text to scan) of the parts of `path` that are prose: Markdown lines,
    comments of code (and a Python or shell script's docstring/header)."""
    ext = os.path.splitext(path)[1]
    name = os.path.basename(path)
    if ext == ".md":
        pattern = r"(.*)"
    elif name == "CMakeLists.txt" or ext in COMMENT or not ext:
        pattern = COMMENT.get(ext, r"#(.*)")
    else:
        return
    try:
        lines = open(path, encoding="utf-8").read().split("\n")
    except (UnicodeDecodeError, OSError):
        return
    if not ext and name != "CMakeLists.txt" and not lines[0].startswith("#!"):
        return  # an extensionless file that is not a script
    in_doc = False
    for i, line in enumerate(lines, 1):
        if line.count('"""') == 1:
            in_doc = not in_doc
        m = re.search(pattern, line)
        if in_doc:
            yield i, line
        elif m:
            yield i, m.group(1)


def exists(path, here):
    """`path` (cut at its first placeholder) exists relative to the root or to `here`."""
    cut = re.split(r"[<*{$]", path)[0]
    partial = cut != path
    cut = cut.rstrip(".,:;)>'`\"") if not partial else cut
    for base in (root, here):
        full = os.path.join(base, cut)
        if os.path.exists(full):
            return True
        parent, prefix = os.path.split(full)
        if partial and os.path.isdir(parent) and any(e.startswith(prefix) for e in os.listdir(parent)):
            return True
    return False


names = set()
for p in sources():
    names.add(os.path.basename(p))
bad = []
for p in sources():
    rel = os.path.relpath(p, root)
    if rel.startswith("tests/data/") and not rel.endswith(".md"):
        continue
    for n, text in texts(p):
        for tok in OUTSIDE.findall(text):
            bad.append(f"{rel}:{n}: outside the repository: {tok}")
        for tok in PATH.findall(text):
            if not exists(tok, os.path.dirname(p)):
                bad.append(f"{rel}:{n}: {tok.rstrip('.,:;)>`')}")
        if rel.startswith("tests/data/"):
            continue
        for tok in BARE.findall(text):
            if tok not in names and tok not in GENERATED:
                bad.append(f"{rel}:{n}: {tok}")
for b in bad:
    print(b)
print(f"{len(bad)} stale path(s)" if bad else "PATHS OK")
sys.exit(1 if bad else 0)
