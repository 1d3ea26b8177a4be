# RUN: tilec %s -k k -s "*i8" --emit=tile-raw | FileCheck %s
#
# Triton counts int1 among the unsigned types, so ordered comparisons of
# booleans are unsigned (True > False), which tl.sort of booleans relies on.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @k
# CHECK: %[[A:.*]] = arith.cmpi ne
# CHECK: %[[B:.*]] = arith.cmpi ne
# CHECK: arith.cmpi ugt, %[[A]], %[[B]] : tensor<16xi1>
# CHECK: arith.cmpi ult, %[[A]], %[[B]] : tensor<16xi1>
# CHECK: arith.cmpi uge, %[[A]], %[[B]] : tensor<16xi1>
@triton.jit
def k(X):
    offs = tl.arange(0, 16)
    a = tl.load(X + offs) != 0
    b = tl.load(X + 16 + offs) != 0
    tl.store(X + offs, (a > b).to(tl.int8))
    tl.store(X + offs, (a < b).to(tl.int8))
    tl.store(X + offs, (a >= b).to(tl.int8))
