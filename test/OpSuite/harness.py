# The unit tests of the op suites' Python (bench/opsuite/tests): reading
# SPECS without importing, the checks of a spec, tilec's ABI against a PTX
# entry, float bit patterns and edge values, the comparison rules on every
# float layout; with torch installed (on the CPU) also the GPU harness's
# fills, guards, parameter packing and reports.
#
# RUN: %python -m pytest -q -p no:cacheprovider %tilec_src/bench/opsuite/tests | FileCheck %s
# CHECK: {{[0-9]+}} passed
# CHECK-NOT: failed
