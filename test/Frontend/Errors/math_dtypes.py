# RUN: tilec %s -k k -s "*fp32, *fp16, *fp64, *i32" --split-input-file --verify-diagnostics
# The math functions check their dtypes as Triton does (math.py's
# _check_dtype), and libdevice functions exist for the dtypes libdevice
# declares them for: each refusal names the function at its line.

import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def k(X, H, D, I):
    h = tl.load(H)
    # expected-error @+1 {{'libdevice.tanh' has no form for (fp16) arguments}}
    y = libdevice.tanh(h)


# -----
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def k(X, H, D, I):
    x = tl.load(X)
    d = tl.load(D)
    # expected-error @+1 {{'libdevice.pow' has no form for (fp32, fp64) arguments}}
    y = libdevice.pow(x, d)


# -----
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def k(X, H, D, I):
    x = tl.load(X)
    # expected-error @+1 {{'libdevice.sine' is not a libdevice function}}
    y = tl.extra.cuda.libdevice.sine(x)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, H, D, I):
    x = tl.load(X)
    # expected-error @+1 {{'tl.umulhi' expects int32, int64, uint32 or uint64, got fp32}}
    y = tl.umulhi(x, x)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, H, D, I):
    d = tl.load(D)
    # expected-error @+1 {{'tl.div_rn' expects fp32, got fp64}}
    y = tl.div_rn(d, d)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, H, D, I):
    d = tl.load(D)
    # expected-error @+1 {{'tl.sqrt_rn' expects fp32, got fp64}}
    y = tl.sqrt_rn(d)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, H, D, I):
    i = tl.load(I)
    # expected-error @+1 {{both operands of 'tl.fdiv' must have a floating-point dtype, got int32}}
    y = tl.fdiv(i, 2.0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, H, D, I):
    h = tl.load(H)
    # expected-error @+1 {{'tl.sin' expects fp32 or fp64, got fp16; convert with .to(tl.float32)}}
    y = tl.sin(h)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, H, D, I):
    h = tl.load(H + tl.arange(0, 16))
    # expected-error @+1 {{'tl.exp' expects fp32 or fp64, got fp16; convert with .to(tl.float32)}}
    y = tl.softmax(h)
