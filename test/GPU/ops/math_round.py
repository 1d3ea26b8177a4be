# tl.floor and tl.ceil (libdevice) on fp32 and fp64; tl.abs on floats (fp8:
# the sign bit cleared) and ints.
#
# Kernels for the GPU differential harness (bench/opsuite/README.md): each
# runs unchanged under Triton 3.6, and SPECS says how the harness runs it.
# test/Target/math_round.py compiles every one of them for sm_80 and sm_90a, checks
# the key instructions of the PTX and assembles it with ptxas.

import triton
import triton.language as tl


@triton.jit
def k_floor_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, tl.floor(x), mask=mask)


@triton.jit
def k_floor_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, tl.floor(x), mask=mask)


@triton.jit
def k_ceil_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, tl.ceil(x), mask=mask)


@triton.jit
def k_ceil_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, tl.ceil(x), mask=mask)


@triton.jit
def k_abs_fp16(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, tl.abs(x), mask=mask)


@triton.jit
def k_abs_bf16(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, tl.abs(x), mask=mask)


@triton.jit
def k_abs_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, tl.abs(x), mask=mask)


@triton.jit
def k_abs_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, tl.abs(x), mask=mask)


@triton.jit
def k_abs_i32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, tl.abs(x), mask=mask)


@triton.jit
def k_abs_i64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, tl.abs(x), mask=mask)



@triton.jit
def k_abs_fp8e4nv(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, tl.abs(x), mask=mask)

SPECS = {
    "k_floor_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_floor_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_ceil_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_ceil_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_abs_fp16": dict(
        args=dict(
            X=dict(dtype="fp16", shape=1000),
            Y=dict(dtype="fp16", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_abs_bf16": dict(
        args=dict(
            X=dict(dtype="bf16", shape=1000),
            Y=dict(dtype="bf16", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_abs_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_abs_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_abs_i32": dict(
        args=dict(
            X=dict(dtype="i32", shape=1000),
            Y=dict(dtype="i32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_abs_i64": dict(
        args=dict(
            X=dict(dtype="i64", shape=1000),
            Y=dict(dtype="i64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_abs_fp8e4nv": dict(
        args=dict(
            X=dict(dtype="fp8e4nv", shape=1000),
            Y=dict(dtype="fp8e4nv", shape=1000, role="out", compare="bits"),
            N=1000,
            BLOCK=1024,
        ),
    ),
}
