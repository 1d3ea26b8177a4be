# RUN: tilec %s -k sa -s "*fp32, 64, 32" --emit=tile-raw | FileCheck %s
# RUN: not tilec %s -k sa -s "*fp32, 64, 16" --emit=tile-raw 2>&1 | FileCheck %s --check-prefix=BAD
#
# tl.static_assert on constexpr expressions (arithmetic, comparisons, shapes,
# dtypes, len()) that hold: they emit nothing. The second RUN shows the same
# kernel with an assertion that fails, so the checks are really evaluated.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @sa
# CHECK-NOT: assert
# CHECK: tile.load
# CHECK-NOT: assert
# CHECK: tile.store
# BAD: error: 'tl.static_assert' failed: bad N
@triton.jit
def sa(x_ptr, BLOCK: tl.constexpr, N: tl.constexpr):
    tl.static_assert(BLOCK % 16 == 0)
    tl.static_assert(BLOCK >= 16, "BLOCK too small")
    tl.static_assert(N * 2 == BLOCK, "bad N")
    offs = tl.arange(0, BLOCK)
    tl.static_assert(offs.shape[0] == BLOCK)
    x = tl.load(x_ptr + offs)
    tl.static_assert(x.dtype == tl.float32)
    tl.static_assert(len(x.shape) == 1)
    tl.store(x_ptr + offs, x)
