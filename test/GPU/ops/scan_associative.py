# Scans and reductions with user combine functions, for the differential
# harness.
#
# Every kernel is k(X, Y, M, N), one program, num_warps=4, X and Y
# contiguous M x N tensors (M=32, N=64) unless its comment says otherwise.
import triton
import triton.language as tl


@triton.jit
def _max(a, b):
    return tl.maximum(a, b)


@triton.jit
def _add(a, b):
    return a + b


@triton.jit
def _first_max(v0, i0, v1, i1):
    # Max with the smaller index on ties (associative and commutative).
    take1 = (v1 > v0) | ((v1 == v0) & (i1 < i0))
    return tl.where(take1, v1, v0), tl.where(take1, i1, i0)


@triton.jit
def _tile(X, M: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    return offs, tl.load(X + offs)


@triton.jit
def k_assocscan_max0_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    offs, x = _tile(X, M, N)
    tl.store(Y + offs, tl.associative_scan(x, 0, _max))


@triton.jit
def k_assocscan_max1_fp32(X, Y, M: tl.constexpr, N: tl.constexpr):
    offs, x = _tile(X, M, N)
    tl.store(Y + offs, tl.associative_scan(x, 1, _max))


@triton.jit
def k_assocscan_add1rev_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    offs, x = _tile(X, M, N)
    tl.store(Y + offs, tl.associative_scan(x, 1, _add, reverse=True))


@triton.jit
def k_assocscan_add0rev_fp32(X, Y, M: tl.constexpr, N: tl.constexpr):
    offs, x = _tile(X, M, N)
    tl.store(Y + offs, tl.associative_scan(x, 0, _add, reverse=True))


@triton.jit
def k_assocscan_pair0_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    # Two operands: the running maximum and its first offset; Y is
    # 2 x M x N, the maxima then the offsets.
    offs, x = _tile(X, M, N)
    s, i = tl.associative_scan((x, offs), 0, _first_max)
    tl.store(Y + offs, s)
    tl.store(Y + M * N + offs, i)


@triton.jit
def k_assocscan_pair1rev_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    offs, x = _tile(X, M, N)
    s, i = tl.associative_scan((x, offs), 1, _first_max, reverse=True)
    tl.store(Y + offs, s)
    tl.store(Y + M * N + offs, i)


@triton.jit
def k_cumsum_1d_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    # 1-D over all M * N elements.
    offs = tl.arange(0, M * N)
    tl.store(Y + offs, tl.cumsum(tl.load(X + offs), 0))


@triton.jit
def k_reduce_firstmax1_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    # Y is 2 x M: the row maxima, then their first column.
    offs, x = _tile(X, M, N)
    cols = tl.broadcast_to(tl.arange(0, N)[None, :], (M, N))
    v, i = tl.reduce((x, cols), 1, _first_max)
    rows = tl.arange(0, M)
    tl.store(Y + rows, v)
    tl.store(Y + M + rows, i)


@triton.jit
def k_reduce_add0_fp32(X, Y, M: tl.constexpr, N: tl.constexpr):
    # Y is N: the column sums.
    offs, x = _tile(X, M, N)
    tl.store(Y + tl.arange(0, N), tl.reduce(x, 0, _add))


@triton.jit
def k_xorsum1_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    # Y is M: the XOR of each row.
    offs, x = _tile(X, M, N)
    tl.store(Y + tl.arange(0, M), tl.xor_sum(x, axis=1))


# Integer results are exact (the pair combines are associative and
# commutative); float scans and reductions may associate differently from
# Triton, so they get finite inputs and a relative tolerance.
SPECS = {
    "k_assocscan_max0_int32": dict(
        args=dict(X=dict(dtype="i32", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=[32, 64], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_assocscan_max1_fp32": dict(
        args=dict(X=dict(dtype="fp32", shape=[32, 64], fill="normal"),
                  Y=dict(dtype="fp32", shape=[32, 64], role="out"),
                  M=32, N=64),
        compare=dict(rtol=1e-5, atol=1e-5)),
    "k_assocscan_add1rev_int32": dict(
        args=dict(X=dict(dtype="i32", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=[32, 64], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_assocscan_add0rev_fp32": dict(
        args=dict(X=dict(dtype="fp32", shape=[32, 64], fill="normal"),
                  Y=dict(dtype="fp32", shape=[32, 64], role="out"),
                  M=32, N=64),
        compare=dict(rtol=1e-5, atol=1e-5)),
    "k_assocscan_pair0_int32": dict(
        args=dict(X=dict(dtype="i32", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=[2, 32, 64], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_assocscan_pair1rev_int32": dict(
        args=dict(X=dict(dtype="i32", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=[2, 32, 64], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_cumsum_1d_int32": dict(
        args=dict(X=dict(dtype="i32", shape=2048),
                  Y=dict(dtype="i32", shape=2048, role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_reduce_firstmax1_int32": dict(
        args=dict(X=dict(dtype="i32", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=[2, 32], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_reduce_add0_fp32": dict(
        args=dict(X=dict(dtype="fp32", shape=[32, 64], fill="normal"),
                  Y=dict(dtype="fp32", shape=64, role="out"),
                  M=32, N=64),
        compare=dict(rtol=1e-5, atol=1e-5)),
    "k_xorsum1_int32": dict(
        args=dict(X=dict(dtype="i32", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=32, role="out"),
                  M=32, N=64),
        compare="exact"),
}
