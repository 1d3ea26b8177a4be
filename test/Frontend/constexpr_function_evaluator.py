# RUN: tilec %s -k k -s "*fp32" --emit=tile-raw | FileCheck %s
#
# A constexpr function is also a plain function to the module-level
# evaluator: module-level Python calls it on values only the evaluator
# computes (a plain list global here), and a kernel still calls it at
# compile time.

import triton
import triton.language as tl


@triton.constexpr_function
def block_for(n):
    b = 1
    while b < n:
        b *= 2
    return b


SIZES = [3, 50]
BLOCK = tl.constexpr(block_for(SIZES[1]))


# CHECK-LABEL: func.func @k
# CHECK: tile.make_range 0 to 64 : tensor<64xi32>
# CHECK: tile.make_range 0 to 4 : tensor<4xi32>
@triton.jit
def k(p):
    x = tl.load(p + tl.arange(0, BLOCK))
    tl.store(p + tl.arange(0, BLOCK), x)
    y = tl.arange(0, block_for(3))
