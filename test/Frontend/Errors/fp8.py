# RUN: tilec %s -k k -s "*fp8e5, *fp8e4nv, *i32" --split-input-file --verify-diagnostics
# fp8 arithmetic: Triton keeps one fp8 type in its own type, which neither
# Triton's lowering nor tilec's computes; tilec refuses it by name rather than
# computing in another type. fp8 with an integer tile is Triton's TypeError.

import triton
import triton.language as tl


@triton.jit
def k(A, B, I):
    a = tl.load(A)
    # expected-error @+1 {{operator '+' on fp8e5 is not supported; convert the operands to fp16 or fp32 with .to() first}}
    c = a + a


# -----
import triton
import triton.language as tl


@triton.jit
def k(A, B, I):
    b = tl.load(B)
    # expected-error @+1 {{operator '*' on fp8e4nv is not supported; convert the operands to fp16 or fp32 with .to() first}}
    c = b * 2.0


# -----
import triton
import triton.language as tl


@triton.jit
def k(A, B, I):
    a = tl.load(A)
    # expected-error @+1 {{operator '<' on fp8e5 is not supported; convert the operands to fp16 or fp32 with .to() first}}
    c = a < a


# -----
import triton
import triton.language as tl


@triton.jit
def k(A, B, I):
    a = tl.load(A)
    # expected-error @+1 {{operator '-' on fp8e5 is not supported; convert the operands to fp16 or fp32 with .to() first}}
    c = -a


# -----
import triton
import triton.language as tl


@triton.jit
def k(A, B, I):
    a = tl.load(A)
    i = tl.load(I)
    # expected-error @+1 {{unexpected types fp8e5 and int32: fp8 does not combine with integers}}
    c = a + i
