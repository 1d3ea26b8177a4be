# RUN: tilec %s -k k -s "*u8, *u32" --emit=tile 2>&1 >/dev/null | FileCheck %s
# A Python int with an unsigned tensor: Triton 3.6's dtype.kind() puts
# signed and unsigned integers in one kind, so the int adapts to the tensor
# (`x.to(tl.uint16) << 7` stays uint16 and bitcasts to bf16, as Triton's
# own mxfp upcast in test_core.py relies on).

import triton
import triton.language as tl


@triton.jit
def k(X, Y):
    x = tl.load(X + tl.arange(0, 16))
    # CHECK: dtype uint16
    tl.static_print((x.to(tl.uint16) << 7).dtype)
    # CHECK-NEXT: dtype uint8
    tl.static_print((x & 7).dtype)
    # CHECK-NEXT: dtype uint32
    tl.static_print((x.to(tl.uint32) + 126).dtype)
    # CHECK-NEXT: dtype bf16
    tl.static_print(((x.to(tl.uint16) << 7).to(tl.bfloat16, bitcast=True)).dtype)
    # A tensor of another integer type still promotes as before.
    y = tl.load(Y + tl.arange(0, 16))
    # CHECK-NEXT: dtype uint32
    tl.static_print((x.to(tl.int16) + y).dtype)
