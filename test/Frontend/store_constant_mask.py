# RUN: tilec %s -k const_mask -s "*fp32, 64" --emit=tile | FileCheck %s
#
# tl.store with a constant mask, as Triton's test_store_constant writes it:
# True stores unmasked, False stores nothing (the store is still checked,
# then dropped), not an error.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @const_mask
# CHECK-COUNT-1: tile.store
# CHECK-NOT: tile.store
# CHECK: return
@triton.jit
def const_mask(out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, offs.to(tl.float32), mask=True)
    tl.store(out_ptr + offs, offs.to(tl.float32) + 1.0, mask=False)
