# Scans for the differential harness: tl.cumsum and tl.cumprod on 2-D tiles.
#
# Every kernel is k(X, Y, M, N), one program, num_warps=4: X and Y are
# contiguous M x N tensors (M=32, N=64), Y[m, n] = the scan of X at (m, n)
# (the int8 kernel reads int8 and writes int32). Integer results must match
# Triton bit for bit (inputs wrap the same way); float results follow
# Triton's association order (see docs/language.md).
import triton
import triton.language as tl


@triton.jit
def _tile(X, M: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    return offs, tl.load(X + offs)


@triton.jit
def k_cumsum0_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    offs, x = _tile(X, M, N)
    tl.store(Y + offs, tl.cumsum(x, axis=0))


@triton.jit
def k_cumsum1_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    offs, x = _tile(X, M, N)
    tl.store(Y + offs, tl.cumsum(x, axis=1))


@triton.jit
def k_cumsum0rev_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    offs, x = _tile(X, M, N)
    tl.store(Y + offs, tl.cumsum(x, axis=0, reverse=True))


@triton.jit
def k_cumsum1rev_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    offs, x = _tile(X, M, N)
    tl.store(Y + offs, tl.cumsum(x, axis=1, reverse=True))


@triton.jit
def k_cumsum0_fp32(X, Y, M: tl.constexpr, N: tl.constexpr):
    offs, x = _tile(X, M, N)
    tl.store(Y + offs, tl.cumsum(x, axis=0))


@triton.jit
def k_cumsum1_fp32(X, Y, M: tl.constexpr, N: tl.constexpr):
    offs, x = _tile(X, M, N)
    tl.store(Y + offs, tl.cumsum(x, axis=1))


@triton.jit
def k_cumsum1rev_fp32(X, Y, M: tl.constexpr, N: tl.constexpr):
    offs, x = _tile(X, M, N)
    tl.store(Y + offs, x.cumsum(1, reverse=True))


@triton.jit
def k_cumsum1_int8(X, Y, M: tl.constexpr, N: tl.constexpr):
    # int8 sums in int32 (Triton's _pick_sum_dtype).
    offs, x = _tile(X, M, N)
    tl.store(Y + offs, tl.cumsum(x, axis=1))


@triton.jit
def k_cumprod0_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    offs, x = _tile(X, M, N)
    tl.store(Y + offs, tl.cumprod(x, axis=0))


@triton.jit
def k_cumprod1_int32(X, Y, M: tl.constexpr, N: tl.constexpr):
    offs, x = _tile(X, M, N)
    tl.store(Y + offs, tl.cumprod(x, axis=1))


@triton.jit
def k_cumprod1rev_fp32(X, Y, M: tl.constexpr, N: tl.constexpr):
    offs, x = _tile(X, M, N)
    tl.store(Y + offs, tl.cumprod(x, axis=1, reverse=True))


@triton.jit
def k_cumprod0_fp32(X, Y, M: tl.constexpr, N: tl.constexpr):
    offs, x = _tile(X, M, N)
    tl.store(Y + offs, tl.cumprod(x, axis=0))


# Integer scans wrap identically: exact. Float scans may associate differently
# from Triton, so they get finite inputs and a relative tolerance.
SPECS = {
    "k_cumsum0_int32": dict(
        args=dict(X=dict(dtype="i32", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=[32, 64], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_cumsum1_int32": dict(
        args=dict(X=dict(dtype="i32", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=[32, 64], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_cumsum0rev_int32": dict(
        args=dict(X=dict(dtype="i32", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=[32, 64], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_cumsum1rev_int32": dict(
        args=dict(X=dict(dtype="i32", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=[32, 64], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_cumsum0_fp32": dict(
        args=dict(X=dict(dtype="fp32", shape=[32, 64], fill="normal"),
                  Y=dict(dtype="fp32", shape=[32, 64], role="out"),
                  M=32, N=64),
        compare=dict(rtol=1e-5, atol=1e-5)),
    "k_cumsum1_fp32": dict(
        args=dict(X=dict(dtype="fp32", shape=[32, 64], fill="normal"),
                  Y=dict(dtype="fp32", shape=[32, 64], role="out"),
                  M=32, N=64),
        compare=dict(rtol=1e-5, atol=1e-5)),
    "k_cumsum1rev_fp32": dict(
        args=dict(X=dict(dtype="fp32", shape=[32, 64], fill="normal"),
                  Y=dict(dtype="fp32", shape=[32, 64], role="out"),
                  M=32, N=64),
        compare=dict(rtol=1e-5, atol=1e-5)),
    "k_cumsum1_int8": dict(
        args=dict(X=dict(dtype="i8", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=[32, 64], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_cumprod0_int32": dict(
        args=dict(X=dict(dtype="i32", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=[32, 64], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_cumprod1_int32": dict(
        args=dict(X=dict(dtype="i32", shape=[32, 64]),
                  Y=dict(dtype="i32", shape=[32, 64], role="out"),
                  M=32, N=64),
        compare="exact"),
    "k_cumprod1rev_fp32": dict(
        args=dict(X=dict(dtype="fp32", shape=[32, 64], fill="normal"),
                  Y=dict(dtype="fp32", shape=[32, 64], role="out"),
                  M=32, N=64),
        compare=dict(rtol=1e-5, atol=1e-5)),
    "k_cumprod0_fp32": dict(
        args=dict(X=dict(dtype="fp32", shape=[32, 64], fill="normal"),
                  Y=dict(dtype="fp32", shape=[32, 64], role="out"),
                  M=32, N=64),
        compare=dict(rtol=1e-5, atol=1e-5)),
}
