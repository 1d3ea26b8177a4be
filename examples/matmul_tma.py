"""Tiled matrix multiplication C = A @ B read and written through tensor
descriptors (TMA on Hopper), with an fp32 accumulator.

The same tiling as examples/matmul.py, but A, B and C are passed as Triton's
host-side TensorDescriptors: `a_desc.load([m, k])` moves a whole
BLOCK_M x BLOCK_K block from global to shared memory with one bulk tensor
copy (cp.async.bulk.tensor), which zero-fills what lies past the tensor's
edges, so the kernel needs no pointer arithmetic and no masks; `c_desc.store`
writes the tile back the same way, clipped to the tensor.

Grid: (cdiv(M, BLOCK_M) * cdiv(N, BLOCK_N),).
"""
import triton
import triton.language as tl


@triton.jit
def matmul_tma_kernel(a_desc, b_desc, c_desc, M, N, K,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                      GROUP_M: tl.constexpr):
    pid = tl.program_id(0)
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)

    # Grouped ordering, as in matmul.py: GROUP_M tile rows form a group.
    progs_per_group = GROUP_M * tiles_n
    group = pid // progs_per_group
    first_m = group * GROUP_M
    rows_in_group = min(tiles_m - first_m, GROUP_M)
    local = pid % progs_per_group
    off_m = (first_m + local % rows_in_group) * BLOCK_M
    off_n = (local // rows_in_group) * BLOCK_N

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for kt in range(0, tl.cdiv(K, BLOCK_K)):
        a = a_desc.load([off_m, kt * BLOCK_K])
        b = b_desc.load([kt * BLOCK_K, off_n])
        acc = tl.dot(a, b, acc=acc)

    c_desc.store([off_m, off_n], acc.to(c_desc.dtype))


# ---------------------------------------------------------------------------
# Host side (ignored by tilec).
# ---------------------------------------------------------------------------

# 128x256x64 tiles on 8 warps: wgmma m64n256k16 fed by TMA rings on sm_90a.
TILEC_SIGNATURES = {
    "matmul_tma_kernel": (
        "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 256]>, "
        "tensordesc<fp16[128, 256]>, i32, i32, i32, 128, 256, 64, 8", 8),
}


def matmul_tma(a, b, block_m=128, block_n=256, block_k=64, group_m=8, num_warps=8,
               num_stages=3):
    """Launch matmul_tma_kernel under Triton; returns a NaN-poisoned-then-filled C."""
    import torch
    from triton.tools.tensor_descriptor import TensorDescriptor

    M, K = a.shape
    K2, N = b.shape
    assert K == K2
    c = torch.full((M, N), float("nan"), device=a.device, dtype=a.dtype)
    a_desc = TensorDescriptor.from_tensor(a, [block_m, block_k])
    b_desc = TensorDescriptor.from_tensor(b, [block_k, block_n])
    c_desc = TensorDescriptor.from_tensor(c, [block_m, block_n])
    grid = (triton.cdiv(M, block_m) * triton.cdiv(N, block_n),)
    matmul_tma_kernel[grid](a_desc, b_desc, c_desc, M, N, K,
                            BLOCK_M=block_m, BLOCK_N=block_n, BLOCK_K=block_k,
                            GROUP_M=group_m, num_warps=num_warps, num_stages=num_stages)
    return c


def run_check(device="cuda"):
    """matmul_tma_kernel under Triton vs. a float64 torch reference."""
    import torch

    torch.manual_seed(0)
    results = []
    for dtype, M, N, K in [(torch.float16, 1000, 1000, 1000),
                           (torch.bfloat16, 4097, 2048, 512)]:
        a = torch.randn(M, K, device=device, dtype=dtype)
        b = torch.randn(K, N, device=device, dtype=dtype)
        c = matmul_tma(a, b)
        ref = a.double() @ b.double()
        err = ((c.double() - ref).norm() / ref.norm()).item()
        name = f"{str(dtype).replace('torch.', '')} {M}x{N}x{K}"
        ok = err < 1e-2
        print(f"{'PASS' if ok else 'FAIL'} matmul_tma {name}: rel_err={err:.3e}")
        results.append((name, ok))
    return results


if __name__ == "__main__":
    import sys

    res = run_check()
    sys.exit(0 if all(ok for _, ok in res) else 1)
