# RUN: tilec %s -k k -s "*fp8e5, *fp8e4nv, *i32, *fp64, *fp16" --split-input-file --verify-diagnostics
# fp8 conversions Triton 3.6 cannot compile either: its `cast` has no rule
# between fp8 and integers, and its lowering has no fp8 <-> fp64 or
# fp8 <-> fp8 conversion. Refused at the call, by name (bitcasts to and from
# 8-bit integers are fine: fp8_casts.py). Round toward zero into fp8 is
# fp32 -> fp8e5 only (rounding.py checks the others).

import triton
import triton.language as tl


@triton.jit
def k(A, B, I, D, H):
    a = tl.load(A)
    # expected-error @+1 {{cannot convert fp8e5 to fp8e4nv: fp8 converts only to and from fp16, bf16 and fp32 (convert through one of them)}}
    b = a.to(tl.float8e4nv)


# -----
import triton
import triton.language as tl


@triton.jit
def k(A, B, I, D, H):
    b = tl.load(B)
    # expected-error @+1 {{cannot convert fp8e4nv to fp64: fp8 converts only to and from fp16, bf16 and fp32 (convert through one of them)}}
    d = b.to(tl.float64)


# -----
import triton
import triton.language as tl


@triton.jit
def k(A, B, I, D, H):
    d = tl.load(D)
    # expected-error @+1 {{cannot convert fp64 to fp8e5: fp8 converts only to and from fp16, bf16 and fp32 (convert through one of them)}}
    a = d.to(tl.float8e5)


# -----
import triton
import triton.language as tl


@triton.jit
def k(A, B, I, D, H):
    a = tl.load(A)
    # expected-error @+1 {{cannot convert fp8e5 to int32: fp8 converts only to and from fp16, bf16 and fp32 (convert through one of them)}}
    i = a.to(tl.int32)


# -----
import triton
import triton.language as tl


@triton.jit
def k(A, B, I, D, H):
    i = tl.load(I)
    # expected-error @+1 {{cannot convert int32 to fp8e4nv: fp8 converts only to and from fp16, bf16 and fp32 (convert through one of them)}}
    b = i.to(tl.float8e4nv)


# -----
import triton
import triton.language as tl


@triton.jit
def k(A, B, I, D, H):
    a = tl.load(A)
    # expected-error @+1 {{cannot convert fp8e5 to int1: fp8 converts only to and from fp16, bf16 and fp32 (convert through one of them)}}
    c = a.to(tl.int1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(A, B, I, D, H):
    h = tl.load(H)
    # expected-error @+1 {{rounding mode 'rtz' from fp16 to fp8e5 is not supported; it is supported from fp32 to fp16, bf16 and fp8e5}}
    a = h.to(tl.float8e5, fp_downcast_rounding="rtz")


# -----
import triton
import triton.language as tl


@triton.jit
def k(A, B, I, D, H):
    # Storing int32 values through an fp8 pointer converts them: refused too.
    i = tl.load(I)
    # expected-error @+1 {{cannot convert int32 to fp8e5: fp8 converts only to and from fp16, bf16 and fp32 (convert through one of them)}}
    tl.store(A, i)
