#!/usr/bin/env python3
"""The outcome of each cuTile test with NVIDIA's tileiras and with tilechain.

    cutile_tests_merge.py A.xml B.xml > bench/results/DATE-DEVICE-cutile-tests.tsv

A.xml and B.xml are the junit files bench/gpu/cutile_tests.sh writes
(cutile-tests-nvidia.xml and cutile-tests-tilechain.xml, in either order:
the system is read from the file's name). Writes one row per test, suite
and test first, then the outcome with each: pass, fail, skip, error, xfail,
or "-" where that run did not reach the test (each suite runs under a time
limit). Prints per-suite counts and the tests that pass with one system
only to stderr.

    cutile_tests_merge.py --combine OUT.xml SUITE=FILE.xml...

is what cutile_tests.sh runs on the device: one junit file whose
testsuites are named by suite, from pytest's one file per suite. A suite
whose file is missing (its pytest was killed) is left out.
"""

import collections
import os
import re
import sys
import xml.etree.ElementTree as ET

SYSTEMS = ("nvidia", "tilechain")


def outcome(case):
    """pytest's junit: <skipped type="pytest.xfail"> is an expected failure;
    a failure in the test and an error in its teardown is a failure."""
    tags = {child.tag: child for child in case}
    if "failure" in tags:
        return "fail"
    if "error" in tags:
        return "error"
    if "skipped" in tags:
        return "xfail" if tags["skipped"].get("type") == "pytest.xfail" else "skip"
    return "pass"


def read(path):
    """{(suite, test): outcome}; a test is classname::name."""
    results = {}
    for suite in ET.parse(path).getroot().iter("testsuite"):
        for case in suite.iter("testcase"):
            test = "%s::%s" % (case.get("classname", ""), case.get("name", ""))
            results[(suite.get("name"), test)] = outcome(case)
    return results


def combine(out, pairs):
    root = ET.Element("testsuites")
    for pair in pairs:
        name, path = pair.split("=", 1)
        if not os.path.exists(path):
            print("%s: no junit (pytest stopped before writing one: see its log)" % name)
            continue
        for suite in ET.parse(path).getroot().iter("testsuite"):
            suite.set("name", name)
            root.append(suite)
    ET.ElementTree(root).write(out, encoding="utf-8", xml_declaration=True)
    summarize(os.path.basename(out), read(out), sys.stdout)


def summarize(label, results, stream):
    counts = collections.defaultdict(collections.Counter)
    for (suite, _), result in results.items():
        counts[suite][result] += 1
    for suite in sorted(counts):
        line = " ".join("%s %d" % (k, v) for k, v in sorted(counts[suite].items()))
        print("%s: %s: %d tests: %s" % (label, suite, sum(counts[suite].values()), line),
              file=stream)


def system_of(path):
    found = [s for s in SYSTEMS if re.search(r"\b%s\b" % s, os.path.basename(path))]
    if len(found) != 1:
        sys.exit("%s: cannot tell nvidia from tilechain by its name" % path)
    return found[0]


def main(argv):
    if argv[:1] == ["--combine"] and len(argv) >= 3:
        combine(argv[1], argv[2:])
        return
    if len(argv) != 2:
        sys.exit(__doc__)
    runs = {system_of(path): read(path) for path in argv}
    if set(runs) != set(SYSTEMS):
        sys.exit("need one nvidia and one tilechain file")
    print("suite\ttest\tnvidia\ttilechain")
    for key in sorted(set(runs["nvidia"]) | set(runs["tilechain"])):
        print("\t".join(key + tuple(runs[s].get(key, "-") for s in SYSTEMS)))
    for system in SYSTEMS:
        summarize(system, runs[system], sys.stderr)
    for system, other in (SYSTEMS, SYSTEMS[::-1]):
        only = sorted(k for k, v in runs[system].items()
                      if v == "pass" and runs[other].get(k, "-") not in ("pass", "-"))
        print("pass with %s only (%d): %s" % (system, len(only), " ".join(
            "%s:%s" % k for k in only[:20]) + (" ..." if len(only) > 20 else "")),
            file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
