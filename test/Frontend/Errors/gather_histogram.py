# RUN: tilec %s -k k -s "*i32, *fp32" --split-input-file --verify-diagnostics
# Errors of tl.gather and tl.histogram: Triton's checks, and what Triton
# 3.6's histogram lowering handles (32-bit values, power-of-two bins).

import triton
import triton.language as tl


@triton.jit
def k(X, F):
    x = tl.load(F + tl.arange(0, 16))
    i = tl.load(X + tl.arange(0, 16)[:, None] + tl.arange(0, 4)[None, :])
    # expected-error @+1 {{'tl.gather' source and index must have the same rank, got fp32[16] and int32[16, 4]}}
    tl.gather(x, i, 0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, F):
    x = tl.load(F + tl.arange(0, 16))
    i = tl.load(F + tl.arange(0, 16))
    # expected-error @+1 {{'tl.gather' index must be an integer tensor, got tensor fp32[16]}}
    tl.gather(x, i, 0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, F):
    x = tl.load(F + tl.arange(0, 16))
    i = tl.load(X + tl.arange(0, 16))
    # expected-error @+1 {{'tl.gather' axis 1 must be < source rank (1)}}
    tl.gather(x, i, 1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, F):
    r = tl.arange(0, 16)
    x = tl.load(F + r[:, None] * 16 + r[None, :])
    i = tl.load(X + tl.arange(0, 8)[:, None] * 16 + r[None, :])
    # expected-error @+1 {{'tl.gather' index dimension 0 must match the source: got int32[8, 16] for source fp32[16, 16]}}
    tl.gather(x, i, 1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, F):
    i = tl.load(X + tl.arange(0, 16))
    # expected-error @+1 {{'tl.gather' source must be a tensor, got constexpr int 3}}
    tl.gather(3, i, 0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, F):
    i = tl.load(X + tl.arange(0, 16))
    # expected-error @+1 {{'tl.gather' is missing the argument 'axis'}}
    tl.gather(i, i)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, F):
    x = tl.load(F + tl.arange(0, 16))
    # expected-error @+1 {{'tl.histogram' only supports integer input, got fp32[16]}}
    tl.histogram(x, 16)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, F):
    r = tl.arange(0, 16)
    x = tl.load(X + r[:, None] * 16 + r[None, :])
    # expected-error @+1 {{'tl.histogram' only supports 1D input, got tensor int32[16, 16]}}
    tl.histogram(x, 16)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, F):
    x = tl.load(X + tl.arange(0, 16)).to(tl.int64)
    # expected-error @+1 {{'tl.histogram' input must be int32 or uint32 (Triton's lowering takes 32-bit values), got int64[16]}}
    tl.histogram(x, 16)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, F):
    x = tl.load(X + tl.arange(0, 16))
    # expected-error @+1 {{'tl.histogram' num_bins must be a power of two, got 48}}
    tl.histogram(x, 48)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, F):
    x = tl.load(X + tl.arange(0, 16))
    # expected-error @+1 {{'tl.histogram' num_bins must be a constexpr integer}}
    tl.histogram(x, tl.program_id(0))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, F):
    x = tl.load(X + tl.arange(0, 16))
    # expected-error @+1 {{'tl.histogram' mask must have boolean scalar type, got tensor int32[16]}}
    tl.histogram(x, 16, mask=x)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, F):
    x = tl.load(X + tl.arange(0, 16))
    m = tl.arange(0, 8) > 2
    # expected-error @+1 {{cannot broadcast}}
    tl.histogram(x, 16, mask=m)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, F):
    x = tl.load(X + tl.arange(0, 16)) > 0
    # expected-error @+1 {{'tl.histogram' input must be int32 or uint32 (Triton's lowering takes 32-bit values), got int1[16]}}
    tl.histogram(x, 16)
