#!/bin/sh
# A unit-test binary with no test case.
exit 0
