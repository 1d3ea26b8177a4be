"""Batched matrix multiplication C[b] = A[b] @ B[b] with an fp32 accumulator.

The held-out check of issue 15: the same kernel launched on sizes that are
multiples of 16 and on sizes that are not, so that the specialization (which
strides are divisible by 16, hence how wide the loads can be) differs while
the source does not. Program (pid, b) computes one BLOCK_M x BLOCK_N tile of
batch b; programs of one batch are numbered in groups of GROUP_M tile rows,
as in matmul.py, so that neighbours share A rows and B columns in L2. Every
stride is an argument: A, B and C may be any strided views (a transposed B
included). Loads and the store are masked, so M, N and K are arbitrary.

Grid: (cdiv(M, BLOCK_M) * cdiv(N, BLOCK_N), BATCH).
"""
import triton
import triton.language as tl


@triton.jit
def bmm_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
               stride_ab, stride_am, stride_ak,
               stride_bb, stride_bk, stride_bn,
               stride_cb, stride_cm, stride_cn,
               BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
               GROUP_M: tl.constexpr):
    pid = tl.program_id(0)
    batch = tl.program_id(1)
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    progs_per_group = GROUP_M * tiles_n
    group = pid // progs_per_group
    first_m = group * GROUP_M
    rows_in_group = min(tiles_m - first_m, GROUP_M)
    pid_m = first_m + (pid % progs_per_group) % rows_in_group
    pid_n = (pid % progs_per_group) // rows_in_group

    # 64-bit batch offsets: a batch of large matrices passes 2^31 elements.
    a_ptr += batch.to(tl.int64) * stride_ab
    b_ptr += batch.to(tl.int64) * stride_bb
    c_ptr += batch.to(tl.int64) * stride_cb

    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        k_left = K - k * BLOCK_K
        a = tl.load(a_ptrs, mask=(offs_m[:, None] < M) & (offs_k[None, :] < k_left), other=0.0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_left) & (offs_n[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk

    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.store(c_ptrs, acc.to(c_ptr.dtype.element_ty),
             mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


# ---------------------------------------------------------------------------
# Host side (ignored by tilec).
# ---------------------------------------------------------------------------

# The unaligned case of bench/bmm_unaligned.py: no size or leading stride
# divisible by 16 (2-byte loads), unit inner strides; bmm()'s default block
# config on 8 warps.
TILEC_SIGNATURES = {
    "bmm_kernel": (
        "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32:1, "
        "i32, i32, i32:1, i32, i32, i32:1, 128, 128, 64, 8", 8),
}

def bmm(kernel, a, b, block_m=128, block_n=128, block_k=64, group_m=8,
        num_warps=8, num_stages=3):
    """Launches `kernel` (bmm_kernel under Triton, or tilec.jit of it) on
    [BATCH, M, K] x [BATCH, K, N]; returns a NaN-poisoned-then-filled C."""
    import torch

    batch, M, K = a.shape
    _, K2, N = b.shape
    assert K == K2 and b.shape[0] == batch
    c = torch.full((batch, M, N), float("nan"), device=a.device, dtype=a.dtype)
    grid = (triton.cdiv(M, block_m) * triton.cdiv(N, block_n), batch)
    kernel[grid](a, b, c, M, N, K, *a.stride(), *b.stride(), *c.stride(),
                 BLOCK_M=block_m, BLOCK_N=block_n, BLOCK_K=block_k,
                 GROUP_M=group_m, num_warps=num_warps, num_stages=num_stages)
    return c


def run_check(device="cuda"):
    """bmm_kernel under Triton against a float64 torch reference."""
    import torch

    torch.manual_seed(0)
    ok = True
    for dtype, batch, M, N, K in [(torch.float16, 3, 256, 256, 256),
                                  (torch.float16, 2, 1000, 999, 1001),
                                  (torch.bfloat16, 4, 77, 513, 130)]:
        a = torch.randn(batch, M, K, device=device, dtype=dtype)
        b = torch.randn(batch, K, N, device=device, dtype=dtype)
        c = bmm(bmm_kernel, a, b)
        ref = a.double() @ b.double()
        err = ((c.double() - ref).norm() / ref.norm()).item()
        print(f"{'PASS' if err < 1e-2 else 'FAIL'} bmm {dtype} {batch}x{M}x{N}x{K}: "
              f"rel_err={err:.3e}")
        ok &= err < 1e-2
    return ok


if __name__ == "__main__":
    import sys

    sys.exit(0 if run_check() else 1)
