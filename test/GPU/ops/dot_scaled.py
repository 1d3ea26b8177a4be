"""tl.dot_scaled (issue 12): Triton 3.6 decomposes it on sm_80 and sm_90
(operands upcast to bf16, or fp16 when a side is fp16, multiplied by their
e8m0 scales, NaN where a scale is 0xFF unless fast_math, then a plain dot
accumulating in fp32); tilec's prelude does the same. The operands before
the dot are the same numbers in both, so only the dot's summation order can
differ: rtol 1e-5, and where an fp16 operand makes the products too wide
for the fp32 partial sums to be exact, an atol of one fp32 ulp of the
largest product (a sum that cancels keeps that ulp as its error).

Inputs avoid fp8 NaN and infinity encodings: fp8 bytes below 0x78 (positive,
finite), e2m1 any byte, scales 120..135 (2^-7..2^8), the NaN kernel
scales up to 0xFF."""
import triton
import triton.language as tl


@triton.jit
def _scaled(A, AS, B, BS, C, M: tl.constexpr, N: tl.constexpr,
            K: tl.constexpr, fa: tl.constexpr, fb: tl.constexpr,
            scale_a: tl.constexpr, scale_b: tl.constexpr,
            fast: tl.constexpr, with_acc: tl.constexpr):
    PA: tl.constexpr = 2 if fa == "e2m1" else 1
    PB: tl.constexpr = 2 if fb == "e2m1" else 1
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    g = tl.arange(0, K // 32)
    a = tl.load(A + m[:, None] * (K // PA) + tl.arange(0, K // PA)[None, :])
    b = tl.load(B + tl.arange(0, K // PB)[:, None] * N + n[None, :])
    if scale_a:
        sa = tl.load(AS + m[:, None] * (K // 32) + g[None, :])
    else:
        sa = None
    if scale_b:
        sb = tl.load(BS + n[:, None] * (K // 32) + g[None, :])
    else:
        sb = None
    c_ptr = C + m[:, None] * N + n[None, :]
    if with_acc:
        acc = tl.load(c_ptr)
    else:
        acc = None
    c = tl.dot_scaled(a, sa, fa, b, sb, fb, acc, fast_math=fast)
    tl.store(c_ptr, c)


@triton.jit
def k_dot_scaled_e2m1_bf16(A, AS, B, BS, C, M: tl.constexpr, N: tl.constexpr,
                           K: tl.constexpr):
    _scaled(A, AS, B, BS, C, M, N, K, "e2m1", "bf16", True, False, False,
            False)


@triton.jit
def k_dot_scaled_fp16_e4m3(A, AS, B, BS, C, M: tl.constexpr, N: tl.constexpr,
                           K: tl.constexpr):
    _scaled(A, AS, B, BS, C, M, N, K, "fp16", "e4m3", False, True, False,
            False)


@triton.jit
def k_dot_scaled_e5m2_e4m3(A, AS, B, BS, C, M: tl.constexpr, N: tl.constexpr,
                           K: tl.constexpr):
    _scaled(A, AS, B, BS, C, M, N, K, "e5m2", "e4m3", True, True, False,
            False)


@triton.jit
def k_dot_scaled_e4m3_e2m1_acc(A, AS, B, BS, C, M: tl.constexpr,
                               N: tl.constexpr, K: tl.constexpr):
    _scaled(A, AS, B, BS, C, M, N, K, "e4m3", "e2m1", True, True, False,
            True)


@triton.jit
def k_dot_scaled_e2m1_fp16(A, AS, B, BS, C, M: tl.constexpr, N: tl.constexpr,
                           K: tl.constexpr):
    _scaled(A, AS, B, BS, C, M, N, K, "e2m1", "fp16", True, False, False,
            False)


@triton.jit
def k_dot_scaled_e5m2_bf16_nan(A, AS, B, BS, C, M: tl.constexpr,
                               N: tl.constexpr, K: tl.constexpr):
    _scaled(A, AS, B, BS, C, M, N, K, "e5m2", "bf16", True, False, False,
            False)


@triton.jit
def k_dot_scaled_e4m3_e5m2_fast(A, AS, B, BS, C, M: tl.constexpr,
                                N: tl.constexpr, K: tl.constexpr):
    _scaled(A, AS, B, BS, C, M, N, K, "e4m3", "e5m2", True, True, True,
            False)


SPECS = {
    "k_dot_scaled_e2m1_bf16": dict(
        args=dict(A=dict(dtype="u8", shape=2048, fill="uniform", low=0, high=256),
                  AS=dict(dtype="u8", shape=128, fill="uniform", low=120, high=136),
                  B=dict(dtype="bf16", shape=2048, fill="uniform", low=-2, high=2),
                  BS=dict(dtype="u8", shape=64, fill="uniform", low=120, high=136),
                  C=dict(dtype="fp32", shape=2048, role="out"),
                  M=64, N=32, K=64),
        num_warps=4,
        compare=dict(rtol=1e-5, atol=1e-5)),
    "k_dot_scaled_fp16_e4m3": dict(
        args=dict(A=dict(dtype="fp16", shape=4096, fill="uniform", low=-2, high=2),
                  AS=dict(dtype="u8", shape=128, fill="uniform", low=124, high=132),
                  B=dict(dtype="u8", shape=2048, fill="uniform", low=0, high=0x78),
                  BS=dict(dtype="u8", shape=64, fill="uniform", low=124, high=132),
                  C=dict(dtype="fp32", shape=2048, role="out"),
                  M=64, N=32, K=64),
        num_warps=4,
        # |a| <= 2 and |b| <= 256 * 2^4: products up to 2^13, whose fp32
        # ulp (2^-10) bounds what a different summation order changes in
        # a sum that cancels (seen: 1.2e-4 on 4 of 2048 elements).
        compare=dict(rtol=1e-5, atol=1e-3)),
    "k_dot_scaled_e5m2_e4m3": dict(
        args=dict(A=dict(dtype="u8", shape=4096, fill="uniform", low=0, high=0x78),
                  AS=dict(dtype="u8", shape=128, fill="uniform", low=120, high=136),
                  B=dict(dtype="u8", shape=8192, fill="uniform", low=0, high=0x78),
                  BS=dict(dtype="u8", shape=256, fill="uniform", low=120, high=136),
                  C=dict(dtype="fp32", shape=2048, role="out"),
                  M=32, N=64, K=128),
        num_warps=4,
        compare=dict(rtol=1e-5, atol=1e-5)),
    "k_dot_scaled_e4m3_e2m1_acc": dict(
        args=dict(A=dict(dtype="u8", shape=4096, fill="uniform", low=0, high=0x78),
                  AS=dict(dtype="u8", shape=128, fill="uniform", low=120, high=136),
                  B=dict(dtype="u8", shape=1024, fill="uniform", low=0, high=256),
                  BS=dict(dtype="u8", shape=64, fill="uniform", low=120, high=136),
                  C=dict(dtype="fp32", shape=2048, role="inout", fill="uniform", low=-1, high=1),
                  M=64, N=32, K=64),
        num_warps=4,
        compare=dict(rtol=1e-5, atol=1e-5)),
    "k_dot_scaled_e2m1_fp16": dict(
        args=dict(A=dict(dtype="u8", shape=2048, fill="uniform", low=0, high=256),
                  AS=dict(dtype="u8", shape=128, fill="uniform", low=124, high=132),
                  B=dict(dtype="fp16", shape=2048, fill="uniform", low=-2, high=2),
                  BS=dict(dtype="u8", shape=64, fill="uniform", low=124, high=132),
                  C=dict(dtype="fp32", shape=2048, role="out"),
                  M=64, N=32, K=64),
        num_warps=4,
        compare=dict(rtol=1e-5, atol=1e-5)),
    "k_dot_scaled_e5m2_bf16_nan": dict(
        args=dict(A=dict(dtype="u8", shape=4096, fill="uniform", low=0, high=0x78),
                  AS=dict(dtype="u8", shape=128, fill="uniform", low=240, high=256),
                  B=dict(dtype="bf16", shape=2048, fill="uniform", low=-2, high=2),
                  BS=dict(dtype="u8", shape=64, fill="uniform", low=240, high=256),
                  C=dict(dtype="fp32", shape=2048, role="out"),
                  M=64, N=32, K=64),
        num_warps=4,
        compare=dict(rtol=1e-5, atol=1e-5)),
    "k_dot_scaled_e4m3_e5m2_fast": dict(
        args=dict(A=dict(dtype="u8", shape=8192, fill="uniform", low=0, high=0x78),
                  AS=dict(dtype="u8", shape=256, fill="uniform", low=120, high=136),
                  B=dict(dtype="u8", shape=4096, fill="uniform", low=0, high=0x78),
                  BS=dict(dtype="u8", shape=128, fill="uniform", low=120, high=136),
                  C=dict(dtype="fp32", shape=8192, role="out"),
                  M=128, N=64, K=64),
        num_warps=8,
        compare=dict(rtol=1e-5, atol=1e-5)),
}
