#!/usr/bin/env python3
# Stands in for a stage tool that never finishes.
import time
time.sleep(300)
