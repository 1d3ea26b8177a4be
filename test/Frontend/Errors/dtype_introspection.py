# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# What Triton 3.6's dtype classes do not have: attributes a class does not
# set, methods that do not exist (is_signed), and dtype methods that need an
# integer type.

import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{dtype pointer<fp32> has no attribute 'primitive_bitwidth'}}
    tl.static_assert(X.dtype.primitive_bitwidth == 64)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{dtype fp32 has no attribute 'is_signed'}}
    tl.static_assert(tl.float32.is_signed())


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'element_ty' is only defined for pointer and block types, got dtype int32}}
    t = N.dtype.element_ty


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'get_int_max_value' needs an integer dtype, got dtype fp32}}
    m = tl.float32.get_int_max_value()


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    x = tl.load(X + tl.arange(0, 16))
    # expected-error @+1 {{block type fp32[16] has no attribute 'int_bitwidth'}}
    b = x.type.int_bitwidth


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    x = tl.load(X + tl.arange(0, 16))
    # expected-error @+1 {{'tl.zeros' dtype must be a dtype such as tl.float32, got block type fp32[16]}}
    z = tl.zeros((16,), x.type)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'is_fp16' takes no arguments}}
    b = tl.float32.is_fp16(1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'kind' returns a Python enum, which tilec kernels do not support; use is_floating(), is_int() or is_bool()}}
    b = tl.float32.kind()
