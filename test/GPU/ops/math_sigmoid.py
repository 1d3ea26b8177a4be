# tl.sigmoid (1 / (1 + exp(-x)): ex2.approx and div.full on fp32) and
# tl.softmax (max, exp, sum, fdiv) on fp32.
#
# Kernels for the GPU differential harness (bench/opsuite/README.md): each
# runs unchanged under Triton 3.6, and SPECS says how the harness runs it.
# test/Target/math_sigmoid.py compiles them for sm_80 and sm_90a, checks the key
# instructions of the PTX and assembles it with ptxas.

import triton
import triton.language as tl


@triton.jit
def k_sigmoid_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, tl.sigmoid(x), mask=mask)


@triton.jit
def k_sigmoid_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, tl.sigmoid(x), mask=mask)


@triton.jit
def k_softmax_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask, other=-float("inf"))
    tl.store(Y + offs, tl.softmax(x), mask=mask)


@triton.jit
def k_softmax_fp32_dim1(X, Y, N, BLOCK: tl.constexpr):
    rows = tl.arange(0, 16)
    cols = tl.arange(0, BLOCK // 16)
    offs = rows[:, None] * (BLOCK // 16) + cols[None, :]
    mask = offs < N
    x = tl.load(X + offs, mask=mask, other=-float("inf"))
    tl.store(Y + offs, tl.softmax(x, dim=1, keep_dims=True), mask=mask)


SPECS = {
    "k_sigmoid_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_sigmoid_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_softmax_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000, fill="normal"),
            Y=dict(dtype="fp32", shape=1000, role="out", compare=dict(rtol=1e-5, atol=1e-7)),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_softmax_fp32_dim1": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000, fill="normal"),
            Y=dict(dtype="fp32", shape=1000, role="out", compare=dict(rtol=1e-5, atol=1e-7)),
            N=1000,
            BLOCK=1024,
        ),
    ),
}
