# RUN: tilec %s -k k -s "*fp32, 64" --emit=tile 2>&1 >/dev/null | FileCheck %s
# tl.static_print prints at compile time as Python's print does (on stderr,
# so that IR on stdout stays clean): numbers, bools and strings as Python
# writes them, `sep` and `end` honored, tensors by their type.

import triton
import triton.language as tl


# CHECK: BLOCK 64 0.5 True
# CHECK-NEXT: (64, 2)|tensor int32[64];
# CHECK-NOT: {{.}}
@triton.jit
def k(X, BLOCK: tl.constexpr):
    tl.static_print("BLOCK", BLOCK, 0.5, BLOCK > 2)
    tl.static_print((BLOCK, 2), tl.arange(0, BLOCK), sep="|", end=";\n")
