#!/bin/sh
# A unit-test binary that crashes before listing anything.
kill -SEGV $$
