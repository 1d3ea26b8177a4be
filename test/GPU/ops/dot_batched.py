"""tl.dot forms Triton 3.6 accepts beyond 2-D fp16/bf16/fp32/int8/fp8
(issue 12): batched operands ([B, M, K] x [B, K, N], and rank 4 folded into
one batch as Triton folds it), fp64 operands (FMA in tilec, DMMA in Triton
on the H200: fp64 rounding, in another order), fp32 with
input_precision="bf16x3" and "bf16x6" (Triton's split into bf16 parts), and
int8 operands with out_dtype=tl.int8 (Triton ignores out_dtype there: the
result is int32). Tensor-core sums may be ordered differently from Triton's
wgmma, hence the tolerances; int32 results are exact."""
import triton
import triton.language as tl


@triton.jit
def _dot3d(X, Y, O, B: tl.constexpr, M: tl.constexpr, N: tl.constexpr,
           K: tl.constexpr, prec: tl.constexpr, out_dtype: tl.constexpr):
    b = tl.arange(0, B)
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    k = tl.arange(0, K)
    x = tl.load(X + b[:, None, None] * M * K + m[None, :, None] * K + k[None, None, :])
    y = tl.load(Y + b[:, None, None] * K * N + k[None, :, None] * N + n[None, None, :])
    z = tl.dot(x, y, input_precision=prec, out_dtype=out_dtype)
    tl.store(O + b[:, None, None] * M * N + m[None, :, None] * N + n[None, None, :], z)


@triton.jit
def k_dot3d_fp16(X, Y, O, B: tl.constexpr, M: tl.constexpr, N: tl.constexpr,
                 K: tl.constexpr):
    _dot3d(X, Y, O, B, M, N, K, "ieee", tl.float32)


@triton.jit
def k_dot3d_fp16_out_fp16(X, Y, O, B: tl.constexpr, M: tl.constexpr,
                          N: tl.constexpr, K: tl.constexpr):
    _dot3d(X, Y, O, B, M, N, K, "ieee", tl.float16)


@triton.jit
def k_dot3d_fp32_tf32(X, Y, O, B: tl.constexpr, M: tl.constexpr,
                      N: tl.constexpr, K: tl.constexpr):
    _dot3d(X, Y, O, B, M, N, K, "tf32", tl.float32)


@triton.jit
def k_dot3d_i8_out_i8(X, Y, O, B: tl.constexpr, M: tl.constexpr,
                      N: tl.constexpr, K: tl.constexpr):
    _dot3d(X, Y, O, B, M, N, K, "ieee", tl.int8)


@triton.jit
def k_dot3d_fp64(X, Y, O, B: tl.constexpr, M: tl.constexpr, N: tl.constexpr,
                 K: tl.constexpr):
    _dot3d(X, Y, O, B, M, N, K, "ieee", tl.float64)


@triton.jit
def k_dot4d_bf16_trans(X, Y, O):
    # test_dot_multidim's shape: [2, 2, 32, 32], tl.trans swapping the last
    # two dimensions.
    x = tl.load(X + tl.arange(0, 4096)).reshape([2, 2, 32, 32])
    y = tl.load(Y + tl.arange(0, 4096)).reshape([2, 2, 32, 32])
    z = tl.dot(tl.trans(x), y)
    tl.store(O + tl.arange(0, 4096), z.reshape([4096]))


@triton.jit
def k_dot_fp64_acc(X, Y, O, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    k = tl.arange(0, K)
    x = tl.load(X + m[:, None] * K + k[None, :])
    y = tl.load(Y + k[:, None] * N + n[None, :])
    acc = tl.load(O + m[:, None] * N + n[None, :])
    tl.store(O + m[:, None] * N + n[None, :], tl.dot(x, y, acc))


@triton.jit
def _dot_prec(X, Y, O, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
              prec: tl.constexpr):
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    k = tl.arange(0, K)
    x = tl.load(X + m[:, None] * K + k[None, :])
    y = tl.load(Y + k[:, None] * N + n[None, :])
    acc = tl.load(O + m[:, None] * N + n[None, :])
    tl.store(O + m[:, None] * N + n[None, :], tl.dot(x, y, acc, input_precision=prec))


@triton.jit
def k_dot_fp32_bf16x3(X, Y, O, M: tl.constexpr, N: tl.constexpr,
                      K: tl.constexpr):
    _dot_prec(X, Y, O, M, N, K, "bf16x3")


@triton.jit
def k_dot_fp32_bf16x6(X, Y, O, M: tl.constexpr, N: tl.constexpr,
                      K: tl.constexpr):
    _dot_prec(X, Y, O, M, N, K, "bf16x6")


SPECS = {
    "k_dot3d_fp16": dict(
        args=dict(X=dict(dtype="fp16", shape=4 * 32 * 32, fill="uniform", low=-1, high=1),
                  Y=dict(dtype="fp16", shape=4 * 32 * 64, fill="uniform", low=-1, high=1),
                  O=dict(dtype="fp32", shape=4 * 32 * 64, role="out"),
                  B=4, M=32, N=64, K=32),
        compare=dict(rtol=1e-5, atol=1e-5)),
    "k_dot3d_fp16_out_fp16": dict(
        args=dict(X=dict(dtype="fp16", shape=2 * 64 * 64, fill="uniform", low=-1, high=1),
                  Y=dict(dtype="fp16", shape=2 * 64 * 64, fill="uniform", low=-1, high=1),
                  O=dict(dtype="fp16", shape=2 * 64 * 64, role="out"),
                  B=2, M=64, N=64, K=64),
        num_warps=8,
        compare=dict(rtol=1e-2, atol=5e-2)),
    "k_dot3d_fp32_tf32": dict(
        args=dict(X=dict(dtype="fp32", shape=8 * 32 * 32, fill="uniform", low=-1, high=1),
                  Y=dict(dtype="fp32", shape=8 * 32 * 32, fill="uniform", low=-1, high=1),
                  O=dict(dtype="fp32", shape=8 * 32 * 32, role="out"),
                  B=8, M=32, N=32, K=32),
        num_warps=2,
        compare=dict(rtol=1e-2, atol=1e-2)),
    "k_dot3d_i8_out_i8": dict(
        args=dict(X=dict(dtype="i8", shape=2 * 32 * 32, fill="uniform", low=-128, high=128),
                  Y=dict(dtype="i8", shape=2 * 32 * 32, fill="uniform", low=-128, high=128),
                  O=dict(dtype="i32", shape=2 * 32 * 32, role="out"),
                  B=2, M=32, N=32, K=32),
        compare="exact"),
    "k_dot3d_fp64": dict(
        args=dict(X=dict(dtype="fp64", shape=2 * 32 * 32, fill="uniform", low=-1, high=1),
                  Y=dict(dtype="fp64", shape=2 * 32 * 32, fill="uniform", low=-1, high=1),
                  O=dict(dtype="fp64", shape=2 * 32 * 32, role="out"),
                  B=2, M=32, N=32, K=32),
        compare=dict(rtol=1e-12, atol=1e-12)),
    "k_dot4d_bf16_trans": dict(
        args=dict(X=dict(dtype="bf16", shape=4096, fill="uniform", low=-4, high=5),
                  Y=dict(dtype="bf16", shape=4096, fill="uniform", low=-4, high=5),
                  O=dict(dtype="fp32", shape=4096, role="out")),
        compare=dict(rtol=1e-5, atol=1e-5)),
    "k_dot_fp64_acc": dict(
        args=dict(X=dict(dtype="fp64", shape=64 * 32, fill="uniform", low=-1, high=1),
                  Y=dict(dtype="fp64", shape=32 * 32, fill="uniform", low=-1, high=1),
                  O=dict(dtype="fp64", shape=64 * 32, role="inout", fill="uniform",
                         low=-1, high=1),
                  M=64, N=32, K=32),
        compare=dict(rtol=1e-12, atol=1e-12),
        xfail="Triton 3.6 refuses it (CompilationError at tl.dot, "
              "bench/results/2026-12-07-session17/run1/ops)"),
    "k_dot_fp32_bf16x3": dict(
        args=dict(X=dict(dtype="fp32", shape=64 * 32, fill="uniform", low=-1, high=1),
                  Y=dict(dtype="fp32", shape=32 * 64, fill="uniform", low=-1, high=1),
                  O=dict(dtype="fp32", shape=64 * 64, role="inout", fill="uniform",
                         low=-1, high=1),
                  M=64, N=64, K=32),
        compare=dict(rtol=1e-4, atol=1e-4)),
    "k_dot_fp32_bf16x6": dict(
        args=dict(X=dict(dtype="fp32", shape=64 * 32, fill="uniform", low=-1, high=1),
                  Y=dict(dtype="fp32", shape=32 * 64, fill="uniform", low=-1, high=1),
                  O=dict(dtype="fp32", shape=64 * 64, role="inout", fill="uniform",
                         low=-1, high=1),
                  M=64, N=64, K=32),
        compare=dict(rtol=1e-5, atol=1e-5)),
}
