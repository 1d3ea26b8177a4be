"""tl.dot beyond the tensor-core defaults (issue 12): fp32 with
input_precision="ieee" (an FMA loop, no tensor core: the summation order
differs from Triton's, so rtol 1e-5), with allow_tf32=False (the same),
with "tf32x3" (three tf32 products; fp32-level accuracy), and fp16 operands
with out_dtype=tl.float16 (fp16 accumulators: tilec's mma.sync against
Triton's wgmma on the H200, so an fp16-accumulation tolerance)."""
import triton
import triton.language as tl


@triton.jit
def k_dot_fp32_ieee(A, B, C, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    k = tl.arange(0, K)
    a = tl.load(A + m[:, None] * K + k[None, :])
    b = tl.load(B + k[:, None] * N + n[None, :])
    tl.store(C + m[:, None] * N + n[None, :], tl.dot(a, b, input_precision="ieee"))


@triton.jit
def k_dot_fp32_ieee_acc(A, B, C, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    k = tl.arange(0, K)
    a = tl.load(A + m[:, None] * K + k[None, :])
    b = tl.load(B + k[:, None] * N + n[None, :])
    acc = tl.load(C + m[:, None] * N + n[None, :])
    acc = tl.dot(a, b, acc, input_precision="ieee")
    tl.store(C + m[:, None] * N + n[None, :], acc)


@triton.jit
def k_dot_fp32_no_tf32(A, B, C, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    k = tl.arange(0, K)
    a = tl.load(A + m[:, None] * K + k[None, :])
    b = tl.load(B + k[:, None] * N + n[None, :])
    tl.store(C + m[:, None] * N + n[None, :], tl.dot(a, b, allow_tf32=False))


@triton.jit
def k_dot_fp32_ieee_loop(A, B, C, M: tl.constexpr, N: tl.constexpr,
                         K: tl.constexpr, BK: tl.constexpr):
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    k = tl.arange(0, BK)
    acc = tl.zeros((M, N), dtype=tl.float32)
    for k0 in range(0, K, BK):
        a = tl.load(A + m[:, None] * K + (k0 + k)[None, :])
        b = tl.load(B + (k0 + k)[:, None] * N + n[None, :])
        acc = tl.dot(a, b, acc, input_precision="ieee")
    tl.store(C + m[:, None] * N + n[None, :], acc)


@triton.jit
def k_dot_fp32_tf32x3(A, B, C, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    k = tl.arange(0, K)
    a = tl.load(A + m[:, None] * K + k[None, :])
    b = tl.load(B + k[:, None] * N + n[None, :])
    tl.store(C + m[:, None] * N + n[None, :], tl.dot(a, b, input_precision="tf32x3"))


@triton.jit
def k_dot_fp16_out_fp16(A, B, C, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    k = tl.arange(0, K)
    a = tl.load(A + m[:, None] * K + k[None, :])
    b = tl.load(B + k[:, None] * N + n[None, :])
    tl.store(C + m[:, None] * N + n[None, :], tl.dot(a, b, out_dtype=tl.float16))


@triton.jit
def k_dot_fp16_out_fp16_acc(A, B, C, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    k = tl.arange(0, K)
    a = tl.load(A + m[:, None] * K + k[None, :])
    b = tl.load(B + k[:, None] * N + n[None, :])
    acc = tl.load(C + m[:, None] * N + n[None, :])
    acc = tl.dot(a, b, acc, out_dtype=tl.float16)
    tl.store(C + m[:, None] * N + n[None, :], acc)


SPECS = {
    "k_dot_fp32_ieee": dict(
        args=dict(A=dict(dtype="fp32", shape=64 * 32, fill="uniform", low=-1, high=1),
                  B=dict(dtype="fp32", shape=32 * 64, fill="uniform", low=-1, high=1),
                  C=dict(dtype="fp32", shape=64 * 64, role="out"),
                  M=64, N=64, K=32),
        compare=dict(rtol=1e-5, atol=1e-5)),
    "k_dot_fp32_ieee_acc": dict(
        args=dict(A=dict(dtype="fp32", shape=32 * 16, fill="uniform", low=-1, high=1),
                  B=dict(dtype="fp32", shape=16 * 64, fill="uniform", low=-1, high=1),
                  C=dict(dtype="fp32", shape=32 * 64, role="inout", fill="uniform",
                         low=-1, high=1),
                  M=32, N=64, K=16),
        num_warps=2,
        compare=dict(rtol=1e-5, atol=1e-5)),
    "k_dot_fp32_no_tf32": dict(
        args=dict(A=dict(dtype="fp32", shape=32 * 32, fill="uniform", low=-1, high=1),
                  B=dict(dtype="fp32", shape=32 * 32, fill="uniform", low=-1, high=1),
                  C=dict(dtype="fp32", shape=32 * 32, role="out"),
                  M=32, N=32, K=32),
        compare=dict(rtol=1e-5, atol=1e-5)),
    "k_dot_fp32_ieee_loop": dict(
        args=dict(A=dict(dtype="fp32", shape=32 * 128, fill="uniform", low=-1, high=1),
                  B=dict(dtype="fp32", shape=128 * 32, fill="uniform", low=-1, high=1),
                  C=dict(dtype="fp32", shape=32 * 32, role="out"),
                  M=32, N=32, K=128, BK=16),
        compare=dict(rtol=1e-5, atol=1e-5)),
    "k_dot_fp32_tf32x3": dict(
        args=dict(A=dict(dtype="fp32", shape=64 * 32, fill="uniform", low=-1, high=1),
                  B=dict(dtype="fp32", shape=32 * 64, fill="uniform", low=-1, high=1),
                  C=dict(dtype="fp32", shape=64 * 64, role="out"),
                  M=64, N=64, K=32),
        compare=dict(rtol=1e-4, atol=1e-4)),
    # fp16 accumulation: sums of 32 products of [-1, 1) values, each rounded
    # to fp16 (about 2e-3 relative) at points that differ between mma.sync
    # and wgmma; atol covers the results near zero.
    "k_dot_fp16_out_fp16": dict(
        args=dict(A=dict(dtype="fp16", shape=64 * 32, fill="uniform", low=-1, high=1),
                  B=dict(dtype="fp16", shape=32 * 64, fill="uniform", low=-1, high=1),
                  C=dict(dtype="fp16", shape=64 * 64, role="out"),
                  M=64, N=64, K=32),
        compare=dict(rtol=1e-2, atol=5e-2)),
    "k_dot_fp16_out_fp16_acc": dict(
        args=dict(A=dict(dtype="fp16", shape=64 * 32, fill="uniform", low=-1, high=1),
                  B=dict(dtype="fp16", shape=32 * 64, fill="uniform", low=-1, high=1),
                  C=dict(dtype="fp16", shape=64 * 64, role="inout", fill="uniform",
                         low=-1, high=1),
                  M=64, N=64, K=32),
        compare=dict(rtol=1e-2, atol=5e-2)),
}
