# The kernel files of test/GPU/ops, which the GPU differential harness runs
# next to Triton: every `k_` kernel has a SPECS entry that describes a
# launch, and the ABI that entry implies (runtime parameters and their
# widths) is the one of the kernel's PTX `.entry`. A kernel tilec does not
# compile yet is listed, not a failure (bench/opsuite/README.md).
#
# REQUIRES: ptxas
# RUN: %python %tilec_src/bench/opsuite/prepare.py --tilec tilec --out %t \
# RUN:   --no-gen --check | FileCheck %s
# CHECK-NOT: {{^(no spec|spec error|abi error):}}
# CHECK: prepare: {{[0-9]+}} kernels: {{.*}}compiled
