# RUN: tilec %s -k k -s "*fp32, i32, 4" --split-input-file --emit=tile-raw | FileCheck %s
#
# isinstance in a kernel is answered at compile time, as Triton 3.6's code
# generator answers it: it unwraps constexprs before calling Python's
# isinstance, so a constexpr parameter is its Python value (an int, never a
# tl.constexpr), and runtime scalars, tensors and block pointers are
# tl.tensor. Each tl.static_assert fails the compile on a wrong answer.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @k
@triton.jit
def k(x_ptr, n, N: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    tl.static_assert(isinstance(x, tl.tensor))
    tl.static_assert(isinstance(n, tl.tensor))
    tl.static_assert(isinstance(x_ptr, tl.tensor))
    tl.static_assert(not isinstance(N, tl.constexpr))
    tl.static_assert(isinstance(N, int) and not isinstance(N, float))
    tl.static_assert(not isinstance(N, tl.tensor))
    tl.static_assert(isinstance(True, int) and isinstance(True, bool))
    tl.static_assert(isinstance(0.5, float))
    tl.static_assert(isinstance("rtz", str))
    tl.static_assert(isinstance(x.dtype, tl.dtype))
    tl.static_assert(not isinstance(x.dtype, tl.pointer_type))
    tl.static_assert(isinstance(x_ptr.dtype, tl.pointer_type))
    tl.static_assert(isinstance(x.type, tl.block_type))
    tl.static_assert(isinstance(x.type, tl.dtype))
    tl.static_assert(isinstance(N, (float, int)))
    tl.static_assert(not isinstance(None, (int, tl.tensor)))
    tl.store(x_ptr + tl.arange(0, 16), x)

# -----

import triton
import triton.language as tl


# A helper that takes a Python number or a tensor, the way library code
# uses isinstance: the branch is chosen at compile time per call.
# CHECK-LABEL: func.func @k
# CHECK: %[[X:.*]] = tile.load
# CHECK-NOT: scf.if
# CHECK: arith.mulf %[[X]], %[[X]]
# CHECK: arith.addf
@triton.jit
def scale(v, s):
    if isinstance(s, tl.tensor):
        return v * s
    else:
        return v + s


@triton.jit
def k(x_ptr, n, N: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    y = scale(x, x)
    z = scale(y, 2.0)
    tl.store(x_ptr + tl.arange(0, 16), z)

# -----

import triton
import triton.language as tl


# A tensor descriptor made in the kernel is a tl.tensor_descriptor (Triton's
# tutorial attention branches on it), and no tl.tensor.
# CHECK-LABEL: func.func @k
@triton.jit
def k(x_ptr, n, N: tl.constexpr):
    desc = tl.make_tensor_descriptor(x_ptr, shape=[n, 16], strides=[16, 1],
                                     block_shape=[16, 16])
    tl.static_assert(isinstance(desc, tl.tensor_descriptor))
    tl.static_assert(isinstance(desc, (tl.tensor, tl.tensor_descriptor)))
    tl.static_assert(not isinstance(desc, tl.tensor))
    tl.static_assert(not isinstance(x_ptr, tl.tensor_descriptor))
    desc.store([0, 0], desc.load([0, 0]))
