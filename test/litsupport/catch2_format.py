"""lit test format that runs each Catch2 test case as one lit test.

It lives in a module (not in lit.local.cfg) so that lit's worker processes can
unpickle it.

A binary whose listing fails (a crash, an exit status Catch2 would not give,
or no test case at all) is one failing test, LISTING, rather than no tests:
a unit-test binary that cannot list its cases must not pass for having none.
"""
import subprocess

import lit.formats
import lit.Test

LISTING = "listing the test cases"


def list_test_cases(binary):
    """(names, None) or (None, why the listing failed)."""
    try:
        proc = subprocess.run([binary, "--list-test-names-only"],
                              capture_output=True, text=True)
    except OSError as error:
        return None, "cannot run %s: %s" % (binary, error)
    names = [n.strip() for n in proc.stdout.splitlines() if n.strip()]
    # Catch2 v2 exits with the number of test cases (mod 256), v3 with 0.
    if proc.returncode not in (0, len(names) % 256):
        return None, "%s --list-test-names-only exited with %d\n%s%s" % (
            binary, proc.returncode, proc.stdout, proc.stderr)
    if not names:
        return None, "%s lists no test cases\n%s" % (binary, proc.stderr)
    return names, None


class Catch2Test(lit.formats.base.TestFormat):
    def __init__(self, binary):
        self.binary = binary

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        if path_in_suite != ("unit",):
            return
        names, _ = list_test_cases(self.binary)
        for name in names or [LISTING]:
            yield lit.Test.Test(testSuite, path_in_suite + (name,), localConfig)

    def execute(self, test, litConfig):
        name = test.path_in_suite[-1]
        if name == LISTING:
            _, why = list_test_cases(self.binary)
            return lit.Test.FAIL, why or "the listing failed during discovery"
        # Catch2 test specs treat commas and brackets specially: escape them.
        spec = name.replace("\\", "\\\\").replace(",", "\\,").replace("[", "\\[")
        proc = subprocess.run([self.binary, spec], capture_output=True, text=True)
        if proc.returncode == 0:
            return lit.Test.PASS, ""
        return lit.Test.FAIL, proc.stdout + proc.stderr
