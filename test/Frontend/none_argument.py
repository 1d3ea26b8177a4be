# RUN: tilec %s -k scale -s "*fp32, None, i32" --emit=tile-raw | FileCheck %s
# RUN: tilec %s -k scale -s "*fp32, *fp32, i32" --emit=tile-raw | FileCheck %s --check-prefix=BIAS
# RUN: not tilec %s -k scale -s "*fp32, 3, i32" --emit=tile-raw 2>&1 | FileCheck %s --check-prefix=VALUE
#
# A `None` signature entry binds any parameter to None, as Triton makes a
# None argument a constexpr whatever the parameter's annotation: the branch
# on `is not None` folds and the parameter leaves the kernel's arguments.
# Other values still need a tl.constexpr parameter.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @scale(
# CHECK-SAME: %{{[^:]*}}: !tile.ptr<f32>, %{{[^:]*}}: i32)
# CHECK-COUNT-1: tile.load
# CHECK-NOT: tile.load
# BIAS-LABEL: func.func @scale(
# BIAS-SAME: !tile.ptr<f32>, %{{[^:]*}}: !tile.ptr<f32>, %{{[^:]*}}: i32)
# BIAS-COUNT-2: tile.load
# VALUE: error: parameter 'bias' is not a tl.constexpr but signature entry 2 is the value '3'
@triton.jit
def scale(out, bias, n):
    offs = tl.arange(0, 16)
    x = tl.load(out + offs, mask=offs < n)
    if bias is not None:
        x += tl.load(bias + offs, mask=offs < n)
    tl.store(out + offs, x * 2, mask=offs < n)
