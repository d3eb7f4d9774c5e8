"""Removes what tilechain does not support yet from one of NVIDIA's test files.

Used for files that exercise, besides the ops under test, a few ops or types
tilechain does not define yet: the named functions (with the CHECK lines
inside them) and every line matching --lines are dropped, so that the rest of
the file is still parsed, printed and checked.

usage: drop_unsupported.py FILE [--lines REGEX] NAME...   (writes to stdout)
"""
import re
import sys


def drop(lines, names):
    header = re.compile(r"^\s*(?:cuda_tile\.)?(?:entry|testing\$func)\s+@([\w$.]+)")
    out, dropped = [], set()
    depth, opened, dropping = 0, False, False
    for line in lines:
        if not dropping:
            m = header.match(line)
            if m and m.group(1) in names:
                dropping, depth, opened = True, 0, False
                dropped.add(m.group(1))
        if not dropping:
            out.append(line)
            continue
        depth += line.count("{") - line.count("}")
        opened = opened or "{" in line
        dropping = not (opened and depth == 0)
    missing = set(names) - dropped
    if missing:
        sys.exit("drop_unsupported.py: no function named " + ", ".join(sorted(missing)))
    return out


def main():
    args = sys.argv[1:]
    path, lines_regex = args.pop(0), None
    if args[:1] == ["--lines"]:
        lines_regex = re.compile(args[1])
        args = args[2:]
    with open(path) as f:
        lines = f.readlines()
    lines = drop(lines, set(args))
    if lines_regex:
        lines = [line for line in lines if not lines_regex.search(line)]
    sys.stdout.write("".join(lines))


if __name__ == "__main__":
    main()
