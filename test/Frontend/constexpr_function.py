# RUN: tilec %s -k k -s "*fp32, *bf16, *i8" --split-input-file --emit=tile-raw | FileCheck %s
#
# Functions decorated @triton.constexpr_function (or @tl.constexpr, which
# makes a function a constexpr global, as library code does) are plain
# Python that a kernel calls at compile time: the body runs on constexprs,
# dtypes and the attributes of tensors, its loops are Python loops, and the
# result is a constexpr. They are not @jit functions and never emit code.

import triton
import triton.language as tl
from triton import constexpr_function


@triton.constexpr_function
def block_for(n):
    b = 1
    while b < n:
        b *= 2
    return b


@constexpr_function
def make_shape(m, n=2):
    return (m, n * 4)


@triton.constexpr_function
def total(shape):
    s = 0
    for i in range(len(shape)):
        s += shape[i]
    return s


# CHECK-LABEL: func.func @k
# CHECK: tile.make_range 0 to 64 : tensor<64xi32>
# CHECK: tile.make_range 0 to 16 : tensor<16xi32>
@triton.jit
def k(f_ptr, b_ptr, i_ptr):
    BLOCK: tl.constexpr = block_for(50)
    x = tl.load(f_ptr + tl.arange(0, BLOCK))
    shape: tl.constexpr = make_shape(4)
    tl.static_assert(shape[0] == 4 and shape[1] == 8)
    tl.static_assert(make_shape(2, n=1) == (2, 4))
    y = tl.arange(0, total(shape) + 4)
    tl.store(f_ptr + tl.arange(0, BLOCK), x)

# -----

import triton
import triton.language as tl


# @tl.constexpr on a function (FlagGems' get_scan_accum_type): a dtype in,
# a dtype out, chosen by the dtype's predicates.
@tl.constexpr
def accum_type(dt: tl.dtype) -> tl.dtype:
    if dt.is_bf16() or dt.is_fp16():
        return tl.float32
    if dt.is_int():
        return tl.int64
    else:
        return dt


# CHECK-LABEL: func.func @k
# CHECK: arith.extf {{.*}} : tensor<16xbf16> to tensor<16xf32>
# CHECK: arith.extsi {{.*}} : tensor<16xi8> to tensor<16xi64>
@triton.jit
def k(f_ptr, b_ptr, i_ptr):
    offs = tl.arange(0, 16)
    acc_dtype: tl.constexpr = accum_type(b_ptr.type.element_ty)
    h = tl.load(b_ptr + offs).to(acc_dtype)
    i = tl.load(i_ptr + offs).to(accum_type(i_ptr.dtype.element_ty))
    tl.static_assert(accum_type(tl.float32) == tl.float32)
    tl.store(f_ptr + offs, h + i.to(tl.float32))

# -----

import triton
import triton.language as tl


# A constexpr function reads a tensor's attributes (shape, dtype); it is
# given the tensor itself, as Triton passes it.
@triton.constexpr_function
def half_rows(t):
    return t.shape[0] // 2


# CHECK-LABEL: func.func @k
# CHECK: tile.make_range 0 to 8 : tensor<8xi32>
@triton.jit
def k(f_ptr, b_ptr, i_ptr):
    x = tl.load(f_ptr + tl.arange(0, 16))
    r = tl.arange(0, half_rows(x))
    tl.store(f_ptr + r, r.to(tl.float32))
