# tl.reshape / ravel, tl.permute, tl.flip, tl.cat and tl.swizzle2d for the
# differential harness.
#
# Every kernel is k(X, Y, M, N), one program, num_warps=4, X a contiguous
# M x N tensor (M=32, N=64) of the kernel's dtype; Y's shape is in the
# kernel's comment. Results must match Triton bit for bit.
import triton
import triton.language as tl


@triton.jit
def _tile(X, M: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    return offs, tl.load(X + offs)


@triton.jit
def k_reshape_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    # 2-D -> 1-D -> 3-D (8 x M/2 x the rest): Y is X + 1,
    # stored through the 3-D view with its own index math.
    offs, x = _tile(X, M, N)
    flat = tl.ravel(x) + 1
    A: tl.constexpr = 8
    B: tl.constexpr = M // 2
    C: tl.constexpr = (M * N) // (A * B)
    y = tl.reshape(flat, (A, B, C))
    ia = tl.arange(0, A)[:, None, None]
    ib = tl.arange(0, B)[None, :, None]
    ic = tl.arange(0, C)[None, None, :]
    tl.store(Y + (ia * B + ib) * C + ic, y)


@triton.jit
def k_reshape_fp32(X, Y, M: tl.constexpr, N: tl.constexpr):
    # M x N -> (M / 4) x (4 N): Y is X (row-major order is kept).
    offs, x = _tile(X, M, N)
    y = tl.reshape(x, (M // 4, 4 * N))
    offs2 = tl.arange(0, M // 4)[:, None] * (4 * N) + tl.arange(0, 4 * N)[None, :]
    tl.store(Y + offs2, y)


@triton.jit
def k_permute_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    # X read as A x B x C = 4 x (M / 4) x N, permuted (2, 0, 1) to
    # C x A x B; Y is that, row-major.
    A: tl.constexpr = 4
    B: tl.constexpr = M // 4
    C: tl.constexpr = N
    ia = tl.arange(0, A)[:, None, None]
    ib = tl.arange(0, B)[None, :, None]
    ic = tl.arange(0, C)[None, None, :]
    x = tl.load(X + (ia * B + ib) * C + ic)
    y = tl.permute(x, (2, 0, 1))
    jc = tl.arange(0, C)[:, None, None]
    ja = tl.arange(0, A)[None, :, None]
    jb = tl.arange(0, B)[None, None, :]
    tl.store(Y + (jc * A + ja) * B + jb, y)


@triton.jit
def k_trans_fp16(X, Y, M: tl.constexpr, N: tl.constexpr):
    # Y is N x M: X transposed.
    offs, x = _tile(X, M, N)
    offs_t = tl.arange(0, N)[:, None] * M + tl.arange(0, M)[None, :]
    tl.store(Y + offs_t, tl.trans(x))


@triton.jit
def k_flip1_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    # Y is M x N: each row reversed.
    offs, x = _tile(X, M, N)
    tl.store(Y + offs, tl.flip(x, 1))


@triton.jit
def k_flip0_fp32(X, Y, M: tl.constexpr, N: tl.constexpr):
    # Y is M x N: the rows in reverse order.
    offs, x = _tile(X, M, N)
    tl.store(Y + offs, tl.flip(x, 0))


@triton.jit
def k_flip_fp16(X, Y, M: tl.constexpr, N: tl.constexpr):
    # Y is M x N: the 1-D view reversed.
    offs = tl.arange(0, M * N)
    tl.store(Y + offs, tl.flip(tl.load(X + offs), 0))


@triton.jit
def k_cat_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    # cat may reorder: Y[0] is the sum of the concatenation of the first row
    # and the second row times 3, Y[1] its XOR-sum.
    r = tl.arange(0, N)
    a = tl.load(X + r)
    b = tl.load(X + N + r) * 3
    c = tl.cat(a, b, can_reorder=True)
    tl.store(Y, tl.sum(c, 0))
    tl.store(Y + 1, tl.xor_sum(c, 0))


@triton.jit
def k_swizzle2d_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    # Y is M x N: swizzle2d of every (i, j) of an M x N grid in groups of 4
    # rows, as the row-major index new_i * N + new_j (X is not read).
    i = tl.arange(0, M)[:, None]
    j = tl.arange(0, N)[None, :]
    ni, nj = tl.swizzle2d(i, j, M, N, 4)
    tl.store(Y + i * N + j, ni * N + nj)


# Reshapes here keep row-major order (can_reorder=False), so every result is
# exact.
SPECS = {
    "k_reshape_int32": dict(
        args=dict(X=dict(dtype="i32", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=[8, 16, 16], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_reshape_fp32": dict(
        args=dict(X=dict(dtype="fp32", shape=[32, 64]),
                  Y=dict(dtype="fp32", shape=[8, 256], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_permute_int32": dict(
        args=dict(X=dict(dtype="i32", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=[64, 4, 8], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_trans_fp16": dict(
        args=dict(X=dict(dtype="fp16", shape=[32, 64]),
                  Y=dict(dtype="fp16", shape=[64, 32], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_flip1_int32": dict(
        args=dict(X=dict(dtype="i32", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=[32, 64], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_flip0_fp32": dict(
        args=dict(X=dict(dtype="fp32", shape=[32, 64]),
                  Y=dict(dtype="fp32", shape=[32, 64], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_flip_fp16": dict(
        args=dict(X=dict(dtype="fp16", shape=2048),
                  Y=dict(dtype="fp16", shape=2048, role="out"),
                  M=32, N=64),
        compare="exact"),
    # Only the first two rows are read; the sum and XOR-sum of the
    # reorderable concatenation do not depend on its order: exact.
    "k_cat_int32": dict(
        args=dict(X=dict(dtype="i32", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=2, role="out"),
                  M=32, N=64),
        compare="exact"),
    # X is not read.
    "k_swizzle2d_int32": dict(
        args=dict(X=dict(dtype="i32", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=[32, 64], role="out"),
                  M=32, N=64),
        compare="exact"),
}
