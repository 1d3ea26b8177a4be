# Robustness: tilec must fail cleanly (exit 1 with a FILE:LINE:COL: error line)
# or succeed on every prefix of every example and on ~200 seeded mutations of
# each; never crash, assert, hang or exit with another code. See the script.
#
# RUN: %python %S/Inputs/truncate.py --tilec tilec --examples %examples | FileCheck %s
# CHECK: {{[0-9]+}} runs, 0 crashes
