"""Tiled matrix multiplication on the other mma.sync element types.

matmul_tf32_kernel: C = A @ B for fp32 A, B and C. tl.dot on fp32 operands
multiplies in tf32 by default (input_precision="tf32", as in Triton): the
operands are rounded to 10 mantissa bits, products are summed in fp32
(mma.sync m16n8k8 .tf32).

matmul_int8_kernel: C = A @ B for int8 A and B with an int32 accumulator
and int32 C (mma.sync m16n8k32 .s8): exact while the sums fit in int32.

Each program computes one BLOCK_M x BLOCK_N tile of C, stepping over K in
BLOCK_K slices; M, N and K need not be multiples of the blocks (loads and
the store are masked), and every stride is an argument.

Grid: (cdiv(M, BLOCK_M) * cdiv(N, BLOCK_N),), programs along N first.
"""
import triton
import triton.language as tl


@triton.jit
def matmul_tf32_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                       stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    tiles_n = tl.cdiv(N, BLOCK_N)
    offs_m = (pid // tiles_n) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = (pid % tiles_n) * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    m_ok = offs_m < M
    n_ok = offs_n < N
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for kt in range(0, tl.cdiv(K, BLOCK_K)):
        k_left = K - kt * BLOCK_K
        a = tl.load(a_ptrs, mask=m_ok[:, None] & (offs_k[None, :] < k_left), other=0.0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_left) & n_ok[None, :], other=0.0)
        acc = tl.dot(a, b, acc)  # fp32 operands: tf32 by default
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk

    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.store(c_ptrs, acc, mask=m_ok[:, None] & n_ok[None, :])


@triton.jit
def matmul_int8_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                       stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    tiles_n = tl.cdiv(N, BLOCK_N)
    offs_m = (pid // tiles_n) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = (pid % tiles_n) * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    m_ok = offs_m < M
    n_ok = offs_n < N
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.int32)
    for kt in range(0, tl.cdiv(K, BLOCK_K)):
        k_left = K - kt * BLOCK_K
        a = tl.load(a_ptrs, mask=m_ok[:, None] & (offs_k[None, :] < k_left), other=0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_left) & n_ok[None, :], other=0)
        acc = tl.dot(a, b, acc)  # int8 operands: an int32 accumulator
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk

    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.store(c_ptrs, acc, mask=m_ok[:, None] & n_ok[None, :])


# ---------------------------------------------------------------------------
# Host side (ignored by tilec).
# ---------------------------------------------------------------------------

TILEC_SIGNATURES = {
    "matmul_tf32_kernel": (
        "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, "
        "i32, i32, i32, i32, i32, i32, 64, 64, 32", 4),
    "matmul_int8_kernel": (
        "*i8:16, *i8:16, *i32:16, i32, i32, i32, "
        "i32, i32, i32, i32, i32, i32, 64, 64, 32", 4),
}


def run_check(device="cuda"):
    """Both kernels under Triton against float64 / int64 torch references."""
    import torch

    torch.manual_seed(0)
    ok = True
    for M, N, K in [(1000, 1000, 1000), (333, 517, 245)]:
        grid = (triton.cdiv(M, 64) * triton.cdiv(N, 64),)
        a = torch.randn(M, K, device=device)
        b = torch.randn(K, N, device=device)
        c = torch.full((M, N), float("nan"), device=device)
        matmul_tf32_kernel[grid](a, b, c, M, N, K, *a.stride(), *b.stride(), *c.stride(),
                                 BLOCK_M=64, BLOCK_N=64, BLOCK_K=32, num_warps=4)
        ref = a.double() @ b.double()
        err = ((c.double() - ref).norm() / ref.norm()).item()
        print(f"{'PASS' if err < 1e-2 else 'FAIL'} tf32 {M}x{N}x{K}: rel_err={err:.3e}")
        ok &= err < 1e-2
        ai = torch.randint(-128, 128, (M, K), device=device, dtype=torch.int8)
        bi = torch.randint(-128, 128, (K, N), device=device, dtype=torch.int8)
        ci = torch.full((M, N), -(2**31), device=device, dtype=torch.int32)
        matmul_int8_kernel[grid](ai, bi, ci, M, N, K, *ai.stride(), *bi.stride(), *ci.stride(),
                                 BLOCK_M=64, BLOCK_N=64, BLOCK_K=32, num_warps=4)
        exact = torch.equal(ci.cpu().long(), ai.cpu().long() @ bi.cpu().long())
        print(f"{'PASS' if exact else 'FAIL'} int8 {M}x{N}x{K}: exact={exact}")
        ok &= exact
    return ok


if __name__ == "__main__":
    import sys

    sys.exit(0 if run_check() else 1)
