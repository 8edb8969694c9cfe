#!/usr/bin/env python3
"""Re-records the golden results (tests/golden/NAME.json) from the current binary.

Usage: tests/golden/regenerate.py [--build DIR] [--dry-run] [NAME-regex ...]

Runs `DIR/netcosim run ARGS --quiet --json FILE` for every case of tests/golden/cases.txt (or
the cases whose NAME matches one of the regular expressions, re.search), with an argument list
and no shell, and rewrites NAME.json with the file the binary wrote. For each file it prints every
value that moved (old -> new, by the golden test's rule: integers exactly, other numbers within
1e-11 relative) and every key added or removed, timing keys (wall_seconds, cycles_per_second,
peak_rss_mb) excepted, then a summary. --dry-run reports without writing.

The argument rule is the one of tests/integration/test_golden.cpp: the text after the tab is split
at whitespace, and an argument ending in .ini that is not an absolute path is taken relative to
the source tree. A non-comment line without a tab is an error. Exit status: 0 done, 1 a run
failed or wrote no file (its golden file is left as it was), 2 bad usage or a bad cases.txt.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

GOLDEN_DIR = os.path.dirname(os.path.abspath(__file__))
SOURCE_DIR = os.path.dirname(os.path.dirname(GOLDEN_DIR))
TIMING_KEYS = ("wall_seconds", "cycles_per_second", "peak_rss_mb")


def load_cases(path):
    """[(name, [args])] of cases.txt; raises ValueError naming the line of a malformed one."""
    cases = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            if "\t" not in line:
                raise ValueError(f"{path}:{number}: no tab between NAME and the arguments")
            name, rest = line.split("\t", 1)
            if not re.fullmatch(r"[A-Za-z0-9_]+", name):
                raise ValueError(f"{path}:{number}: bad case name {name!r}")
            args = []
            for a in rest.split():
                if a.endswith(".ini") and len(a) > 4 and not a.startswith("/"):
                    a = os.path.join(SOURCE_DIR, a)
                args.append(a)
            if any(n == name for n, _ in cases):
                raise ValueError(f"{path}:{number}: case {name} given twice")
            cases.append((name, args))
    return cases


def flatten(value, path, out):
    """Every leaf of a JSON value as out[path] = value (arrays by index, objects by key)."""
    if isinstance(value, dict):
        if not value:
            out[path] = value
        for k, v in value.items():
            if path == "" and k in TIMING_KEYS:
                continue
            flatten(v, f"{path}/{k}", out)
    elif isinstance(value, list):
        if not value:
            out[path] = value
        for i, v in enumerate(value):
            flatten(v, f"{path}[{i}]", out)
    else:
        out[path] = value


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def same(a, b):
    """The rule of tests/integration/test_golden.cpp: integers exactly; otherwise numbers equal
    within 1e-11 relative (files recorded with 12 significant digits; 2 and 2.0 are the same);
    anything else by JSON type and value (in Python True == 1, so the type is compared)."""
    if is_number(a) and is_number(b):
        if isinstance(a, int) and isinstance(b, int):
            return a == b
        return a == b or abs(a - b) <= 1e-11 * max(abs(a), abs(b))
    return type(a) is type(b) and a == b


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(SOURCE_DIR, "build"),
                    help="build directory holding netcosim (default: SOURCE/build)")
    ap.add_argument("--dry-run", action="store_true", help="report only, write no file")
    ap.add_argument("patterns", nargs="*", metavar="NAME-regex")
    opts = ap.parse_args()

    exe = os.path.join(opts.build, "netcosim")
    if not os.access(exe, os.X_OK):
        print(f"regenerate.py: no executable {exe} (build first, or give --build DIR)",
              file=sys.stderr)
        return 2
    try:
        cases = load_cases(os.path.join(GOLDEN_DIR, "cases.txt"))
        regexes = [re.compile(p) for p in opts.patterns]
    except (ValueError, re.error) as e:
        print(f"regenerate.py: {e}", file=sys.stderr)
        return 2
    for r in regexes:
        if not any(r.search(name) for name, _ in cases):
            print(f"regenerate.py: {r.pattern!r} matches no case", file=sys.stderr)
            return 2
    if regexes:
        cases = [c for c in cases if any(r.search(c[0]) for r in regexes)]

    failed, moved_files, changed_keys_files, unchanged = [], [], [], []
    with tempfile.TemporaryDirectory(prefix="netcosim-golden-") as tmp:
        for name, args in cases:
            out = os.path.join(tmp, name + ".json")
            if os.path.exists(out):
                os.remove(out)  # a binary that exits 0 without writing must not pass
            argv = [exe, "run", *args, "--quiet", "--json", out]
            run = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                 text=True, check=False)
            if run.returncode != 0 or not os.path.exists(out):
                why = f"exit {run.returncode}" if run.returncode != 0 else "no JSON written"
                print(f"{name}: FAILED ({why}); golden file left as it was\n{run.stdout}")
                failed.append(name)
                continue
            with open(out, encoding="utf-8") as f:
                text = f.read()
            new = {}
            flatten(json.loads(text), "", new)
            path = os.path.join(GOLDEN_DIR, name + ".json")
            old = {}
            if os.path.exists(path):
                with open(path, encoding="utf-8") as f:
                    flatten(json.load(f), "", old)
            else:
                print(f"{name}: new golden file")
            moved = [k for k in old if k in new and not same(old[k], new[k])]
            added = [k for k in new if k not in old]
            removed = [k for k in old if k not in new]
            for k in moved:
                print(f"{name}: {k}: {json.dumps(old[k])} -> {json.dumps(new[k])}")
            for k in added:
                print(f"{name}: {k}: added ({json.dumps(new[k])})")
            for k in removed:
                print(f"{name}: {k}: removed (was {json.dumps(old[k])})")
            if moved:
                moved_files.append(name)
            if added or removed:
                changed_keys_files.append(name)
            if not (moved or added or removed):
                unchanged.append(name)
            if not opts.dry_run:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)  # as the binary wrote it

    print(f"regenerate.py: {len(cases)} case(s): {len(unchanged)} unchanged, "
          f"{len(moved_files)} with moved values {moved_files}, "
          f"{len(changed_keys_files)} with keys added or removed, {len(failed)} failed {failed}"
          + (" (dry run: nothing written)" if opts.dry_run else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
