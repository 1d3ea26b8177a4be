# tl.div_rn (div.rn.f32), tl.fdiv and `/` (div.full.f32 on fp32), tl.umulhi
# (__nv_umulhi, __nv_umul64hi), tl.fma and tl.cdiv.
#
# Kernels for the GPU differential harness (bench/opsuite/README.md): each
# runs unchanged under Triton 3.6, and SPECS says how the harness runs it.
# test/Target/math_div.py compiles every one of them for sm_80 and sm_90a, checks
# the key instructions of the PTX and assembles it with ptxas.

import triton
import triton.language as tl


@triton.jit
def k_div_rn_fp32(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, tl.div_rn(x, z), mask=mask)


@triton.jit
def k_fdiv_fp32(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, tl.fdiv(x, z), mask=mask)


@triton.jit
def k_fdiv_fp64(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, tl.fdiv(x, z), mask=mask)


@triton.jit
def k_fdiv_fp16(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, tl.fdiv(x, z), mask=mask)


@triton.jit
def k_div_fp32(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, x / z, mask=mask)


@triton.jit
def k_umulhi_i32(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, tl.umulhi(x, z), mask=mask)


@triton.jit
def k_umulhi_u32(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, tl.umulhi(x, z), mask=mask)


@triton.jit
def k_umulhi_i64(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, tl.umulhi(x, z), mask=mask)


@triton.jit
def k_umulhi_u64(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, tl.umulhi(x, z), mask=mask)


@triton.jit
def k_fma_fp32(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, tl.fma(x, z, x), mask=mask)


@triton.jit
def k_fma_fp64(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, tl.fma(x, z, x), mask=mask)


@triton.jit
def k_cdiv_i32(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, tl.cdiv(x, z), mask=mask)


SPECS = {
    "k_div_rn_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Z=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_fdiv_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Z=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_fdiv_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Z=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_fdiv_fp16": dict(
        args=dict(
            X=dict(dtype="fp16", shape=1000),
            Z=dict(dtype="fp16", shape=1000),
            Y=dict(dtype="fp16", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_div_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Z=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_umulhi_i32": dict(
        args=dict(
            X=dict(dtype="i32", shape=1000),
            Z=dict(dtype="i32", shape=1000),
            Y=dict(dtype="i32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_umulhi_u32": dict(
        args=dict(
            X=dict(dtype="u32", shape=1000),
            Z=dict(dtype="u32", shape=1000),
            Y=dict(dtype="u32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_umulhi_i64": dict(
        args=dict(
            X=dict(dtype="i64", shape=1000),
            Z=dict(dtype="i64", shape=1000),
            Y=dict(dtype="i64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_umulhi_u64": dict(
        args=dict(
            X=dict(dtype="u64", shape=1000),
            Z=dict(dtype="u64", shape=1000),
            Y=dict(dtype="u64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_fma_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Z=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_fma_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Z=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_cdiv_i32": dict(
        args=dict(
            X=dict(dtype="i32", shape=1000),
            Z=dict(dtype="i32", shape=1000, fill="uniform", low=1, high=1000),
            Y=dict(dtype="i32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
}
