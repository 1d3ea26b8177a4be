# RUN: tilec %s -k k -s "*fp32, *fp32, 'j0'" --split-input-file --emit=tile-raw | FileCheck %s
#
# getattr(object, name[, default]) in a kernel: Triton 3.6 runs Python's
# getattr on the constexpr name, so it reaches whatever `object.name` does:
# a libdevice function chosen by a constexpr parameter (Triton's
# test_libdevice), a tl function or dtype, a tensor's dtype and shape; with a
# default, a missing attribute gives the default.

import triton
import triton.language as tl
from triton.language.extra import libdevice


# CHECK-LABEL: func.func @k(
# CHECK: %[[V:.*]] = tile.load
# CHECK: tile.extern_elementwise "__nv_j0f" pure(%[[V]])
# CHECK: arith.maxnumf
# CHECK: arith.constant 16 : i32
@triton.jit
def k(X, Y, fn: tl.constexpr):
    offs = tl.arange(0, 16)
    x = tl.load(X + offs)
    y = getattr(libdevice, fn)(x)
    y = getattr(tl, "maximum")(y, x)
    tl.static_assert(getattr(x, "dtype") == getattr(tl, "float32"))
    tl.static_assert(getattr(x, "shape") == (16,))
    n = getattr(x, "numel")
    tl.store(Y + offs, y + n)

# -----
import triton
import triton.language as tl


# The three-argument form: the attribute when there is one, else the default.
# CHECK-LABEL: func.func @k(
# CHECK: arith.constant 3.000000e+00 : f32
@triton.jit
def k(X, Y, fn: tl.constexpr):
    offs = tl.arange(0, 16)
    x = tl.load(X + offs)
    tl.static_assert(getattr(x, "dtype", None) == tl.float32)
    tl.static_assert(getattr(tl.float16, "primitive_bitwidth", 0) == 16)
    q = getattr(x, "no_such_attribute", 3.0)
    tl.store(Y + offs, x + q)
