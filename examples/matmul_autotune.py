"""Tiled matrix multiplication C = A @ B, autotuned over tile shapes.

The kernel of examples/matmul.py (read its docstring for the algorithm)
under `@triton.autotune`: each config binds the tile shape and the group
size, and sets num_warps and num_stages; `key` says that a choice is made
once per (M, N, K). The same file runs under Triton (`python3
matmul_autotune.py` on a GPU machine) and compiles with tilec:

    tilec matmul_autotune.py --list-configs
    tilec matmul_autotune.py --config=0 --emit=cubin -o c0.cubin \
        -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, i32, i32, i32"

From C++, tilec::autotune::Autotuner times the configs and keeps the best
(docs/embedding.md, "Autotuning"; test/GPU/autotune_matmul.cpp).

The configs are ones tilec compiles today without spilling (tilec
--print-resources with each --config); bigger tiles wait for the matmul
lowering work (issue #5). Grid: (cdiv(M, BLOCK_M) * cdiv(N, BLOCK_N),).
"""
import triton
import triton.language as tl

CONFIGS = [
    triton.Config({'BLOCK_M': 64, 'BLOCK_N': 64, 'BLOCK_K': 32, 'GROUP_M': 8},
                  num_warps=4, num_stages=3),
    triton.Config({'BLOCK_M': 64, 'BLOCK_N': 128, 'BLOCK_K': 32, 'GROUP_M': 8},
                  num_warps=8, num_stages=3),
    triton.Config({'BLOCK_M': 128, 'BLOCK_N': 64, 'BLOCK_K': 32, 'GROUP_M': 8},
                  num_warps=8, num_stages=3),
]


@triton.autotune(configs=CONFIGS, key=['M', 'N', 'K'])
@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                  GROUP_M: tl.constexpr):
    pid = tl.program_id(0)
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)

    # Grouped ordering: GROUP_M tile rows form a group; inside a group the
    # program id runs down the rows first.
    progs_per_group = GROUP_M * tiles_n
    group = pid // progs_per_group
    first_m = group * GROUP_M
    rows_in_group = min(tiles_m - first_m, GROUP_M)
    local = pid % progs_per_group
    pid_m = first_m + local % rows_in_group
    pid_n = local // rows_in_group

    # The starts are multiples of the block and the ranges are contiguous,
    # so these hints hold even for the ragged last tile (masks handle it).
    offs_m = tl.max_contiguous(tl.multiple_of(pid_m * BLOCK_M + tl.arange(0, BLOCK_M), BLOCK_M), BLOCK_M)
    offs_n = tl.max_contiguous(tl.multiple_of(pid_n * BLOCK_N + tl.arange(0, BLOCK_N), BLOCK_N), BLOCK_N)
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
        acc = tl.dot(a, b, acc=acc)
        a_ptrs = a_ptrs + BLOCK_K * stride_ak
        b_ptrs = b_ptrs + BLOCK_K * stride_bk

    c = acc.to(c_ptr.dtype.element_ty)
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.store(c_ptrs, c, mask=m_ok[:, None] & n_ok[None, :])


# ---------------------------------------------------------------------------
# Host side (ignored by tilec).
# ---------------------------------------------------------------------------

# For scripts/compile_examples.py and the truncation test: config 0 given
# in the signature (tilec --config=N binds any config instead).
TILEC_SIGNATURES = {
    "matmul_kernel": (
        "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, "
        "i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 64, 64, 32, 8", 4),
}


def matmul(a, b):
    """Launch the autotuned kernel under Triton; returns C."""
    import torch

    M, K = a.shape
    K2, N = b.shape
    assert K == K2
    c = torch.full((M, N), float("nan"), device=a.device, dtype=a.dtype)
    grid = lambda META: (triton.cdiv(M, META['BLOCK_M']) * triton.cdiv(N, META['BLOCK_N']),)
    matmul_kernel[grid](a, b, c, M, N, K,
                        a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                        c.stride(0), c.stride(1))
    return c


if __name__ == "__main__":
    import sys
    import torch

    torch.manual_seed(0)
    a = torch.randn(1000, 1000, device="cuda", dtype=torch.float16)
    b = torch.randn(1000, 1000, device="cuda", dtype=torch.float16)
    ref = a.double() @ b.double()
    err = ((matmul(a, b).double() - ref).norm() / ref.norm()).item()
    print(f"{'PASS' if err < 1e-2 else 'FAIL'} autotuned matmul: rel_err={err:.3e}, "
          f"best config {matmul_kernel.best_config}")
    sys.exit(0 if err < 1e-2 else 1)
