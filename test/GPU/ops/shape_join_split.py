# tl.join, tl.split and tl.interleave for the differential harness.
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
def k_join_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    # Y is M x N x 2: (x, x * 3 + 1).
    offs, x = _tile(X, M, N)
    j = tl.join(x, x * 3 + 1)
    k = tl.arange(0, 2)[None, None, :]
    tl.store(Y + offs[:, :, None] * 2 + k, j)


@triton.jit
def k_join_fp16(X, Y, M: tl.constexpr, N: tl.constexpr):
    # Y is M x N x 2: (x, -x).
    offs, x = _tile(X, M, N)
    j = tl.join(x, -x)
    k = tl.arange(0, 2)[None, None, :]
    tl.store(Y + offs[:, :, None] * 2 + k, j)


@triton.jit
def k_split_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    # X read as M x (N / 2) x 2; Y is 2 x M x (N / 2): the halves.
    H: tl.constexpr = N // 2
    offs = tl.arange(0, M)[:, None] * H + tl.arange(0, H)[None, :]
    k = tl.arange(0, 2)[None, None, :]
    x = tl.load(X + offs[:, :, None] * 2 + k)
    a, b = tl.split(x)
    tl.store(Y + offs, a)
    tl.store(Y + M * H + offs, b)


@triton.jit
def k_split_fp32(X, Y, M: tl.constexpr, N: tl.constexpr):
    # The same as k_split_int32, through the method spelling.
    H: tl.constexpr = N // 2
    offs = tl.arange(0, M)[:, None] * H + tl.arange(0, H)[None, :]
    k = tl.arange(0, 2)[None, None, :]
    x = tl.load(X + offs[:, :, None] * 2 + k)
    a, b = x.split()
    tl.store(Y + offs, a)
    tl.store(Y + M * H + offs, b)


@triton.jit
def k_joinsplit_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    # Y is M x N: split(join(x, y)) returns its operands; Y = a - b.
    offs, x = _tile(X, M, N)
    a, b = tl.split(tl.join(x + 1, x * 5))
    tl.store(Y + offs, a - b)


@triton.jit
def k_interleave_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    # Y is M x 2N: x and x + 100 interleaved along the rows.
    offs, x = _tile(X, M, N)
    z = tl.interleave(x, x + 100)
    offs2 = tl.arange(0, M)[:, None] * (2 * N) + tl.arange(0, 2 * N)[None, :]
    tl.store(Y + offs2, z)


@triton.jit
def k_interleave_fp32(X, Y, M: tl.constexpr, N: tl.constexpr):
    # Y is M x 2N.
    offs, x = _tile(X, M, N)
    z = tl.interleave(x, x * 0.5)
    offs2 = tl.arange(0, M)[:, None] * (2 * N) + tl.arange(0, 2 * N)[None, :]
    tl.store(Y + offs2, z)


# Data movement and elementwise ops only: exact.
SPECS = {
    "k_join_int32": dict(
        args=dict(X=dict(dtype="i32", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=[32, 64, 2], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_join_fp16": dict(
        args=dict(X=dict(dtype="fp16", shape=[32, 64]),
                  Y=dict(dtype="fp16", shape=[32, 64, 2], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_split_int32": dict(
        args=dict(X=dict(dtype="i32", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=[2, 32, 32], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_split_fp32": dict(
        args=dict(X=dict(dtype="fp32", shape=[32, 64]),
                  Y=dict(dtype="fp32", shape=[2, 32, 32], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_joinsplit_int32": dict(
        args=dict(X=dict(dtype="i32", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=[32, 64], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_interleave_int32": dict(
        args=dict(X=dict(dtype="i32", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=[32, 128], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_interleave_fp32": dict(
        args=dict(X=dict(dtype="fp32", shape=[32, 64]),
                  Y=dict(dtype="fp32", shape=[32, 128], role="out"),
                  M=32, N=64),
        compare="exact"),
}
