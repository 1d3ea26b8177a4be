# RUN: tilec %s -k k -s "*fp32, *i64, *bf16, *u8, *i1, i32" --split-input-file --emit=tile-raw | FileCheck %s
#
# Compile-time questions about types, answered as Triton 3.6's dtype classes
# answer them: predicates (`is_int64()`, `is_fp16()`, `is_floating()`, ...),
# attributes (`primitive_bitwidth`, `element_ty`, `scalar`, ...), a tensor's
# `.type` (a block_type), dtype comparisons, and `if` statements on them
# selecting code at compile time. Each tl.static_assert fails the compile if
# the answer is wrong; the CHECK lines show which branch was emitted.

import triton
import triton.language as tl


# Predicates of scalar dtypes: by name; int1 is unsigned, as in Triton.
# CHECK-LABEL: func.func @k
@triton.jit
def k(f_ptr, l_ptr, b_ptr, u_ptr, p_ptr, n):
    offs = tl.arange(0, 16)
    f = tl.load(f_ptr + offs)
    l = tl.load(l_ptr + offs)
    h = tl.load(b_ptr + offs)
    u = tl.load(u_ptr + offs)
    tl.static_assert(f.dtype.is_fp32() and not f.dtype.is_fp16())
    tl.static_assert(f.dtype.is_floating() and f.dtype.is_standard_floating())
    tl.static_assert(not f.dtype.is_int() and not f.dtype.is_fp8())
    tl.static_assert(l.dtype.is_int64() and l.dtype.is_int())
    tl.static_assert(l.dtype.is_int_signed() and not l.dtype.is_int_unsigned())
    tl.static_assert(h.dtype.is_bf16() and not h.dtype.is_fp32())
    tl.static_assert(u.dtype.is_uint8() and u.dtype.is_int_unsigned())
    tl.static_assert(tl.int1.is_int_unsigned() and tl.int1.is_bool())
    tl.static_assert(tl.float8e4nv.is_fp8() and tl.float8e4nv.is_fp8e4nv())
    tl.static_assert(tl.float64.is_fp64() and not tl.float64.is_fp8e5())
    tl.static_assert(n.dtype.is_int32())
    tl.store(f_ptr + offs, f)

# -----

import triton
import triton.language as tl


# Attributes: bit widths, sizes, float parameters, names, integer ranges.
# CHECK-LABEL: func.func @k
@triton.jit
def k(f_ptr, l_ptr, b_ptr, u_ptr, p_ptr, n):
    tl.static_assert(tl.float32.primitive_bitwidth == 32)
    tl.static_assert(tl.bfloat16.itemsize == 2)
    tl.static_assert(tl.int64.int_bitwidth == 64)
    tl.static_assert(tl.float16.fp_mantissa_width == 10)
    tl.static_assert(tl.bfloat16.exponent_bias == 127)
    tl.static_assert(tl.float32.name == "fp32")
    tl.static_assert(tl.uint8.name == "uint8")
    tl.static_assert(tl.int8.get_int_max_value() == 127)
    tl.static_assert(tl.int8.get_int_min_value() == -128)
    tl.static_assert(tl.uint32.get_int_max_value() == 4294967295)
    tl.static_assert(tl.int64.get_int_min_value() == -9223372036854775808)
    tl.static_assert(tl.float32.scalar == tl.float32)
    tl.static_assert(tl.float32.with_element_ty(tl.int8) == tl.int8)

# -----

import triton
import triton.language as tl


# Pointers: `p.dtype` and `p.type` are pointer types; `element_ty` is the
# pointee; name predicates are false on them.
# CHECK-LABEL: func.func @k
@triton.jit
def k(f_ptr, l_ptr, b_ptr, u_ptr, p_ptr, n):
    tl.static_assert(f_ptr.type.element_ty == tl.float32)
    tl.static_assert(f_ptr.dtype.element_ty == tl.float32)
    tl.static_assert(b_ptr.type.element_ty.is_bf16())
    tl.static_assert(f_ptr.dtype.is_ptr() and not f_ptr.dtype.is_floating())
    tl.static_assert(not f_ptr.dtype.is_fp32() and not f_ptr.dtype.is_block())
    tl.static_assert(f_ptr.dtype == tl.pointer_type(tl.float32))
    tl.static_assert(f_ptr.dtype != tl.pointer_type(tl.float16))
    tl.static_assert(f_ptr.dtype != tl.float32)
    tl.static_assert(f_ptr.dtype.name == "pointer<fp32>")
    tl.static_assert(f_ptr.dtype.address_space == 1)
    ptrs = f_ptr + tl.arange(0, 8)
    tl.static_assert(ptrs.dtype.element_ty == tl.float32)
    tl.static_assert(ptrs.type.element_ty == tl.pointer_type(tl.float32))
    tl.static_assert(ptrs.type.scalar.element_ty == tl.float32)

# -----

import triton
import triton.language as tl


# A tensor's `.type` is a block_type: element type and shape, compared by
# both; a scalar's `.type` is its dtype.
# CHECK-LABEL: func.func @k
@triton.jit
def k(f_ptr, l_ptr, b_ptr, u_ptr, p_ptr, n):
    x = tl.load(f_ptr + tl.arange(0, 16)[:, None] * 8 + tl.arange(0, 8)[None, :])
    tl.static_assert(x.type.is_block() and not x.dtype.is_block())
    tl.static_assert(x.type.element_ty == tl.float32)
    tl.static_assert(x.type.scalar == x.dtype)
    tl.static_assert(x.type.shape == (16, 8))
    tl.static_assert(x.type.numel == 128)
    tl.static_assert(x.type.nbytes == 512)
    tl.static_assert(x.type.name == "<(16, 8), fp32>")
    tl.static_assert(not x.type.is_fp32() and x.type != tl.float32)
    tl.static_assert(x.type == (x + 1.0).type)
    tl.static_assert(x.type != x.to(tl.float16).type)
    tl.static_assert(x.type.with_element_ty(tl.int8) == x.to(tl.int8).type)
    tl.static_assert(n.type == tl.int32)

# -----

import triton
import triton.language as tl


# `if` on a predicate or a dtype comparison selects code at compile time:
# only the taken branch is emitted.
# CHECK-LABEL: func.func @k
# CHECK: tile.load {{.*}}bf16
# CHECK-NOT: scf.if
# CHECK: arith.extf {{.*}}bf16{{.*}} to {{.*}}f32
# CHECK-NOT: arith.extsi
# CHECK: tile.load {{.*}}i64
# CHECK-NOT: arith.sitofp
# CHECK: arith.addi
@triton.jit
def k(f_ptr, l_ptr, b_ptr, u_ptr, p_ptr, n):
    offs = tl.arange(0, 16)
    h = tl.load(b_ptr + offs)
    if h.dtype.is_bf16() or h.dtype.is_fp16():
        h = h.to(tl.float32)
    elif h.dtype.is_int():
        h = h.to(tl.int64)
    tl.store(f_ptr + offs, h)
    v = tl.load(l_ptr + offs)
    if tl.constexpr(v.dtype.is_int64()) or tl.constexpr(v.dtype.is_uint64()):
        v = v + 1
    else:
        v = v.to(tl.float32) + 1.0
    if l_ptr.dtype.element_ty == tl.int64:
        tl.store(l_ptr + offs, v)

# -----

import triton
import triton.language as tl


# `dtype.value` (a constexpr's Python value), as FlagGems' get_dtype_min
# reaches a dtype's methods, and annotated constexprs in a helper.
@triton.jit
def dtype_min(dtype):
    dtype_ = dtype.value
    if dtype_.is_floating():
        value: tl.constexpr = float("-inf")
        return value
    if dtype_.is_int_signed():
        width: tl.constexpr = dtype_.int_bitwidth
        value: tl.constexpr = -1 * 2 ** (width - 1)
        return value
    if dtype_.is_int_unsigned():
        value: tl.constexpr = 0
        return value


# CHECK-LABEL: func.func @k
@triton.jit
def k(f_ptr, l_ptr, b_ptr, u_ptr, p_ptr, n):
    tl.static_assert(dtype_min(f_ptr.type.element_ty) == float("-inf"))
    tl.static_assert(dtype_min(l_ptr.type.element_ty) == -2**63)
    tl.static_assert(dtype_min(u_ptr.type.element_ty) == 0)
    tl.static_assert(n.dtype.value == tl.int32)
