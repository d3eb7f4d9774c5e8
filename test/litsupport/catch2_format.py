"""lit test format that runs each Catch2 test case as one lit test.

It lives in a module (not in lit.local.cfg) so that lit's worker processes can
unpickle it.
"""
import subprocess

import lit.formats
import lit.Test


class Catch2Test(lit.formats.base.TestFormat):
    def __init__(self, binary):
        self.binary = binary

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        if path_in_suite != ("unit",):
            return
        out = subprocess.run([self.binary, "--list-test-names-only"],
                             capture_output=True, text=True)  # v2 exits with the count
        for name in out.stdout.splitlines():
            name = name.strip()
            if name:
                yield lit.Test.Test(testSuite, path_in_suite + (name,), localConfig)

    def execute(self, test, litConfig):
        name = test.path_in_suite[-1]
        # Catch2 test specs treat commas and brackets specially: escape them.
        spec = name.replace("\\", "\\\\").replace(",", "\\,").replace("[", "\\[")
        proc = subprocess.run([self.binary, spec], capture_output=True, text=True)
        if proc.returncode == 0:
            return lit.Test.PASS, ""
        return lit.Test.FAIL, proc.stdout + proc.stderr
