#!/usr/bin/env python3
"""Runs a command and checks its exit status exactly (lit's `not` only checks
that it is non-zero): expect_exit.py CODE COMMAND [ARG...]."""
import subprocess
import sys

want = int(sys.argv[1])
try:
    got = subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, timeout=60).returncode
except subprocess.TimeoutExpired:
    sys.exit(f"error: '{sys.argv[2]}' timed out")
if got != want:
    sys.exit(f"error: '{' '.join(sys.argv[2:])}' exited with {got}, expected {want}")
