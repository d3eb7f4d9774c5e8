"""Rewrites NVIDIA's test-only `testing$func` into `entry` for our tools.

NVIDIA's *_invalid.mlir files put the ops under test in `testing$func`, a
function op that exists only in their test build and takes arguments of any
type. tilechain has no such op, and `entry` only takes scalar arguments, so
each argument becomes an unregistered `"test.arg"` op at the top of an
argument-less `entry`. Everything stays on its original line, so the files'
`expected-error @below` / `@+N` annotations keep pointing at the same ops.

usage: lower_testing_func.py FILE   (writes the result to stdout)
"""
import re
import sys

PRETTY = re.compile(r"((?:cuda_tile\.)?)testing\$func\s+(@[\w$.]+)\s*\((.*)\)\s*\{")
GENERIC = re.compile(r'"cuda_tile\.testing\$func"\(\)\s*<\{.*sym_name = ("[^"]*")\}>\s*\(\{')
BLOCK_ARGS = re.compile(r"\^bb0\((.*)\):")


def split_top_level(text):
    """Splits `text` at commas outside <>, [], () and {}."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "<[({":
            depth += 1
        elif ch in ">])}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    if text[start:].strip():
        parts.append(text[start:])
    return [p.strip() for p in parts]


def arg_ops(arg_list):
    ops = []
    for arg in split_top_level(arg_list):
        name, type_ = (s.strip() for s in arg.split(":", 1))
        ops.append(f'{name} = "test.arg"() : () -> {type_}')
    return " ".join(ops)


def lower(line):
    m = PRETTY.search(line)
    if m:
        prefix, name, args = m.groups()
        body = f"{prefix}entry {name}() {{ {arg_ops(args)}"
        return line[: m.start()] + body + line[m.end():]
    m = GENERIC.search(line)
    if m:
        body = f'"cuda_tile.entry"() <{{function_type = () -> (), sym_name = {m.group(1)}}}> ({{'
        return line[: m.start()] + body + line[m.end():]
    m = BLOCK_ARGS.search(line)
    if m:
        return line[: m.start()] + arg_ops(m.group(1)) + line[m.end():]
    return line


def main():
    with open(sys.argv[1]) as f:
        for line in f:
            sys.stdout.write(lower(line))


if __name__ == "__main__":
    main()
