# bench/triton_tests/tutorials_compare.py puts the tables a tutorial prints
# under tilec and under Triton side by side: the tutorial's own kernels
# (columns named Triton...) as tilec / Triton ratios, the other providers
# as a control, and a table only one run printed (a time-out) as missing.
#
# RUN: rm -rf %t && cp -r %S/Inputs/tutorials %t
# RUN: %python %tilec_src/bench/triton_tests/tutorials_compare.py %t | FileCheck %s
# RUN: FileCheck %s --check-prefix=TABLE < %t/tutorials.md
#
# CHECK-LABEL: | tutorial | table | geomean ratio | points | control |
# CHECK: | 01-vector-add | vector-add-performance | 1.095 | 2 | 0.894 |
# CHECK: | 06-fused-attention | fused-attention-batch4-head32-d64-fwd-causal=True-warp_specialize=False | missing under Triton | | |
#
# TABLE-LABEL: ### vector-add-performance
# TABLE: | size | Triton (GB/s) tilec | Triton (GB/s) Triton | ratio | Torch (GB/s) ratio (control) |
# TABLE: | 4096 | 12 | 10 | 1.200 | 1.000 |
# TABLE: | 8192 | 20 | 20 | 1.000 | 0.800 |
