# A lit suite of one Catch2 binary, the --param unittests=FILE given.
import os
import sys

sys.path.insert(0, lit_config.params["litsupport"])
from catch2_format import Catch2Test

config.name = "catch2-suite"
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = lit_config.params["exec_root"]
config.test_format = Catch2Test(lit_config.params["unittests"])
