# RUN: tilec %s -k k -s "*u8, *bf16" --split-input-file --verify-diagnostics
# tl.float8e4b15 converts only to and from fp16 and fp32, as in Triton 3.6,
# and has no arithmetic.

import triton
import triton.language as tl


@triton.jit
def k(B, X):
    x = tl.load(X)
    # expected-error @+1 {{cannot convert bf16 to fp8e4b15: Triton 3.6 converts to fp8e4b15 only from fp16 and fp32 (convert through one of them)}}
    y = x.to(tl.float8e4b15)


# -----
import triton
import triton.language as tl


@triton.jit
def k(B, X):
    b = tl.load(B).to(tl.float8e4b15, bitcast=True)
    # expected-error @+1 {{cannot convert fp8e4b15 to bf16: Triton 3.6 converts fp8e4b15 only to fp16 and fp32 (convert through one of them)}}
    y = b.to(tl.bfloat16)


# -----
import triton
import triton.language as tl


@triton.jit
def k(B, X):
    b = tl.load(B).to(tl.float8e4b15, bitcast=True)
    # expected-error @+1 {{cannot convert fp8e4b15 to int32}}
    y = b.to(tl.int32)


# -----
import triton
import triton.language as tl


@triton.jit
def k(B, X):
    b = tl.load(B).to(tl.float8e4b15, bitcast=True)
    # expected-error @+1 {{operator '+' on fp8e4b15 is not supported; convert the operands to fp16 or fp32 with .to() first}}
    y = b + b


# -----
import triton
import triton.language as tl


@triton.jit
def k(B, X):
    b = tl.load(B + tl.arange(0, 16)).to(tl.float8e4b15, bitcast=True)
    # expected-error @+1 {{'tl.maximum' on fp8e4b15 is not supported; convert the operands to fp16 or fp32 with .to() first}}
    y = tl.maximum(b, b)


# -----
import triton
import triton.language as tl


@triton.jit
def k(B, X):
    b = tl.load(B + tl.arange(0, 16)).to(tl.float8e4b15, bitcast=True)
    # expected-error @+1 {{built-in reductions (tl.sum, tl.argmax, ...) on fp8e4b15 are not supported}}
    y = tl.sum(b, 0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(B, X):
    b = tl.load(B + tl.arange(0, 16)).to(tl.float8e4b15, bitcast=True)
    # expected-error @+1 {{'tl.cumsum'/'tl.cumprod' on fp8e4b15 are not supported}}
    y = tl.cumsum(b, 0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(B, X):
    b = tl.load(B + tl.arange(0, 16)).to(tl.float8e4b15, bitcast=True)
    # expected-error @+1 {{'tl.fma' on fp8e4b15 is not supported}}
    y = tl.fma(b, b, b)
