"""Kernels that exercise the differential harness itself (bench/opsuite):
scalar arguments of each kind, a 2-D grid, several outputs, an in-place
tensor, 16-bit and 8-bit tensors, a boolean scalar, a kernel that leaves part of its output
unwritten. They use only what tilec lowered before the op suite existed, so
a failure here is the harness's, not an op's. Also the example of the SPECS
format (bench/opsuite/README.md)."""
import triton
import triton.language as tl


@triton.jit
def k_selfcheck_axpy_fp32(X, Y, O, N, alpha, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    y = tl.load(Y + offs, mask=mask)
    tl.store(O + offs, alpha * x + y, mask=mask)


@triton.jit
def k_selfcheck_grid2d_i32(O, stride, BLOCK: tl.constexpr):
    row = tl.program_id(1)
    cols = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(O + row * stride + cols, row * 1000 + cols)


@triton.jit
def k_selfcheck_two_outputs_fp16(X, LO, HI, N, flag, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    if flag:
        x = -x
    tl.store(LO + offs, tl.minimum(x, 0.0), mask=mask)
    tl.store(HI + offs, tl.maximum(x, 0.0), mask=mask)


@triton.jit
def k_selfcheck_inplace_i64(P, N, big, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < N
    p = tl.load(P + offs, mask=mask)
    tl.store(P + offs, p * 3 + big, mask=mask)


@triton.jit
def k_selfcheck_widen_u8(X, O, N, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(O + offs, x.to(tl.int32) * 5, mask=mask)


@triton.jit
def k_selfcheck_even_only_fp64(X, O, N, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    # Odd elements stay poisoned on both sides: NaN-poisoned outputs compare
    # equal where neither compiler writes.
    mask = (offs < N) & (offs % 2 == 0)
    tl.store(O + offs, tl.load(X + offs, mask=mask) * 2.0, mask=mask)


SPECS = {
    "k_selfcheck_axpy_fp32": dict(
        args=dict(X=dict(dtype="fp32", shape=1000),
                  Y=dict(dtype="fp32", shape=1000),
                  O=dict(dtype="fp32", shape=1000, role="out"),
                  N=1000, alpha=0.5, BLOCK=256),
        grid=4,
        # Both compilers fuse alpha * x + y into one fma (fp fusion is on
        # by default in both), so the results agree bit for bit.
        compare="exact"),
    "k_selfcheck_grid2d_i32": dict(
        args=dict(O=dict(dtype="i32", shape=[3, 512], role="out"),
                  stride=512, BLOCK=128),
        grid=(4, 3)),
    "k_selfcheck_two_outputs_fp16": dict(
        args=dict(X=dict(dtype="fp16", shape=200),
                  LO=dict(dtype="fp16", shape=200, role="out"),
                  HI=dict(dtype="fp16", shape=200, role="out"),
                  N=200, flag=True, BLOCK=256),
        compare="exact"),
    "k_selfcheck_inplace_i64": dict(
        args=dict(P=dict(dtype="i64", shape=100, role="inout"),
                  N=100, big=2 ** 40, BLOCK=128)),
    "k_selfcheck_widen_u8": dict(
        args=dict(X=dict(dtype="u8", shape=64),
                  O=dict(dtype="i32", shape=64, role="out"),
                  N=60, BLOCK=64)),
    "k_selfcheck_even_only_fp64": dict(
        args=dict(X=dict(dtype="fp64", shape=128, fill="normal"),
                  O=dict(dtype="fp64", shape=128, role="out"),
                  N=128, BLOCK=128),
        compare="bits"),
}
