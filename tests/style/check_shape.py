#!/usr/bin/env python3
"""Shape checks of the C/C++ sources that clang-format and clang-tidy do not make:

  check_shape.py columns   ROOT DIR... [--skip PATH]...  lines over 120 columns, except
                          inside `// clang-format off` ... `// clang-format on`
  check_shape.py functions ROOT DIR... [--skip PATH]...  function bodies over 60 lines,
                          except the allowlist below (tables that are data, not logic)

--skip leaves out a file or folder (relative to ROOT); tests/style/CMakeLists.txt says why
for each one it passes.

Exit status 1 and one line per finding (file:line: what) when anything is over the limit.
A function is found by brace matching on the source with comments and literals blanked:
a `{` whose head (the text since the previous `;`, `{` or `}`) ends in a parameter list,
optionally followed by qualifiers or a constructor's initializer list, and that is not
nested in another function (lambdas count toward their enclosing function). Its length is
the lines from its `{` to its `}`, both included.
"""
import pathlib
import re
import sys

MAX_COLUMNS = 120
MAX_FUNCTION_LINES = 60
SUFFIXES = {".c", ".h", ".cpp", ".hpp"}

# Functions allowed to be longer: generated tables, one row a line, that are data rather
# than logic ("file:function"). None today: the big tables (models/isa/src/format_table.cpp)
# are arrays, not functions.
ALLOWED_LONG: set = set()

CONTROL = re.compile(r"^(?:else\s+)?(?:if|for|while|switch|catch|do|else|try)\b")
FUNCTION_HEAD = re.compile(
    r"\)\s*(?:const|noexcept|override|final|mutable|volatile|&|&&|\s)*"
    r"(?:->\s*[\w:<>,\s*&\[\]]+)?\s*$"
)


def sources(root, dirs, skip):
    for d in dirs:
        for p in sorted((root / d).rglob("*")):
            rel = p.relative_to(root).as_posix()
            if p.suffix in SUFFIXES and p.is_file() and not any(rel == s or rel.startswith(s.rstrip("/") + "/") for s in skip):
                yield p


def blank_comments_and_literals(text):
    """Same length and line breaks, with comments, strings and chars replaced by spaces."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            if not m:
                out.append(c)
                i += 1
                continue
            end = text.find(")" + m.group(1) + '"', i)
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append('""' + re.sub(r"[^\n]", " ", text[i + 2:j]))
            i = j
        elif c in "\"'":
            if c == "'" and i > 0 and text[i - 1].isalnum():  # digit separator 1'000
                out.append(" ")
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(c + " " * (j - i - 2) + c if j - i >= 2 else c)
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def function_name(head):
    flat = " ".join(head.split())
    depth, cut = 0, -1
    for k, ch in enumerate(flat):  # the first '(' at bracket depth 0 opens the parameters
        if ch in "<[":
            depth += 1
        elif ch in ">]":
            depth = max(0, depth - 1)
        elif ch == "(" and depth == 0:
            cut = k
            break
    m = re.search(r"([\w:~]+(?:operator\S*)?)\s*$", flat[:cut] if cut >= 0 else flat)
    return m.group(1).split("::")[-1] if m else flat[:40]


def long_functions(text):
    code = blank_comments_and_literals(text)
    stack = []  # (kind, line of '{', head)
    start = 0   # where the current head starts
    for k, ch in enumerate(code):
        if ch in ";":
            start = k + 1
        elif ch == "{":
            head = code[start:k]
            in_function = any(kind == "function" for kind, _, _ in stack)
            stripped = head.strip()
            is_function = (not in_function and FUNCTION_HEAD.search(stripped) is not None
                           and not CONTROL.match(stripped) and "=" not in stripped.split("(")[0])
            stack.append(("function" if is_function else "block", code.count("\n", 0, k) + 1, head))
            start = k + 1
        elif ch == "}":
            if stack:
                kind, first, head = stack.pop()
                if kind == "function":
                    last = code.count("\n", 0, k) + 1
                    if last - first + 1 > MAX_FUNCTION_LINES:
                        yield first, function_name(head), last - first + 1
            start = k + 1


def wide_lines(text):
    off = False
    for no, line in enumerate(text.split("\n"), 1):
        s = line.strip()
        if s.startswith("// clang-format off"):
            off = True
        elif s.startswith("// clang-format on"):
            off = False
        elif not off and len(line) > MAX_COLUMNS:
            yield no, len(line)


def parse(argv):
    dirs, skip, k = [], [], 3
    while k < len(argv):
        if argv[k] == "--skip" and k + 1 < len(argv):
            skip.append(argv[k + 1])
            k += 2
        else:
            dirs.append(argv[k])
            k += 1
    return dirs, skip


def check_functions(rel, text):
    findings = 0
    for no, name, lines in long_functions(text):
        if f"{rel}:{name}" in ALLOWED_LONG:
            continue
        print(f"{rel}:{no}: {name} is {lines} lines (limit {MAX_FUNCTION_LINES})")
        findings += 1
    return findings


def main(argv):
    if len(argv) < 4 or argv[1] not in ("columns", "functions"):
        print(__doc__, file=sys.stderr)
        return 2
    mode, root = argv[1], pathlib.Path(argv[2]).resolve()
    dirs, skip = parse(argv)
    findings = 0
    for p in sources(root, dirs, skip):
        rel = p.relative_to(root).as_posix()
        text = p.read_text(encoding="utf-8", errors="replace")
        if mode == "columns":
            for no, width in wide_lines(text):
                print(f"{rel}:{no}: {width} columns (limit {MAX_COLUMNS})")
                findings += 1
        else:
            findings += check_functions(rel, text)
    print(f"{findings} finding(s) in {mode} of {' '.join(dirs)}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
