"""Kernels for test_tutorial_api.py: the patterns of Triton's tutorials
that reach the package's API rather than the compiler (a constexpr
parameter named as a launch option, a static_assert an autotune config
fails, a tile too large for shared memory, a libdevice call)."""

import tilec
import tilec.language as tl


@tilec.jit
def rows_kernel(out_ptr, in_ptr, in_stride, out_stride, n_rows, n_cols,
                BLOCK: tl.constexpr, num_stages: tl.constexpr):
    # A persistent loop over rows whose depth is the constexpr parameter
    # `num_stages`, which the launch also passes as the option.
    for row in tl.range(tl.program_id(0), n_rows, tl.num_programs(0),
                        num_stages=num_stages):
        cols = tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(in_ptr + row * in_stride + cols, mask=mask, other=0.0)
        tl.store(out_ptr + row * out_stride + cols, x * 2.0, mask=mask)


@tilec.jit
def bounded_kernel(x_ptr, BLOCK: tl.constexpr, LIMIT: tl.constexpr):
    tl.static_assert(BLOCK <= LIMIT)
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) + 1.0)


@tilec.jit
def tiled_dot_kernel(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr,
                     BN: tl.constexpr, BK: tl.constexpr):
    # Row-major A (BM x K), B (K x BN), C (BM x BN): the pipelined operand
    # buffers take num_stages * (BM + BN) * BK * 2 bytes of shared memory.
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * BN + rn[None, :])
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc.to(tl.float16))


@tilec.jit
def asin_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, tl.extra.cuda.libdevice.asin(x), mask=mask)
