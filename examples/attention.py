"""Flash-attention forward: Out = softmax(Q K^T * sm_scale [+ causal mask]) V.

Program ids: axis 0 = block of BLOCK_M queries, axis 1 = batch * heads.
Grid: (cdiv(N_CTX, BLOCK_M), Z * H). Each program keeps, for its BLOCK_M query
rows, a running max m_i, a running sum l_i (both fp32, in the log2 domain:
scores are multiplied by sm_scale * log2(e) and exponentiated with exp2) and
an fp32 output accumulator, and walks the keys in BLOCK_N blocks. When CAUSAL,
the key loop covers the blocks strictly left of the diagonal unmasked, then
the diagonal block with the mask offs_m >= offs_n; later blocks are skipped.
Keys and queries past N_CTX are masked, so N_CTX may be any length.
"""
import triton
import triton.language as tl


@triton.jit
def _attn_fwd_inner(acc, l_i, m_i, q, k_base, v_base,
                    stride_kn, stride_kk, stride_vn, stride_vk,
                    qk_scale, N_CTX, offs_m, offs_n, offs_d, lo, hi,
                    ON_DIAGONAL: tl.constexpr, BLOCK_N: tl.constexpr):
    for start_n in range(lo, hi, BLOCK_N):
        cols = start_n + offs_n
        key_ok = cols < N_CTX
        k = tl.load(k_base + cols[:, None] * stride_kn + offs_d[None, :] * stride_kk,
                    mask=key_ok[:, None], other=0.0)
        qk = tl.dot(q, tl.trans(k)) * qk_scale
        if ON_DIAGONAL:
            qk = tl.where((offs_m[:, None] >= cols[None, :]) & key_ok[None, :], qk, float("-inf"))
        else:
            qk = tl.where(key_ok[None, :], qk, float("-inf"))
        # Every row has at least one unmasked key in the first block it sees,
        # so m_new is finite and no exp2 sees (-inf) - (-inf).
        m_new = tl.maximum(m_i, tl.max(qk, axis=1))
        p = tl.exp2(qk - m_new[:, None])
        alpha = tl.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, axis=1)
        v = tl.load(v_base + cols[:, None] * stride_vn + offs_d[None, :] * stride_vk,
                    mask=key_ok[:, None], other=0.0)
        acc = acc * alpha[:, None]
        acc = tl.dot(p.to(v.dtype), v, acc=acc)
        m_i = m_new
    return acc, l_i, m_i


@triton.jit
def attn_fwd_kernel(Q, K, V, Out, sm_scale,
                    stride_qz, stride_qh, stride_qm, stride_qk,
                    stride_kz, stride_kh, stride_kn, stride_kk,
                    stride_vz, stride_vh, stride_vn, stride_vk,
                    stride_oz, stride_oh, stride_om, stride_ok,
                    H, N_CTX,
                    HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                    CAUSAL: tl.constexpr):
    tl.static_assert(BLOCK_M % BLOCK_N == 0)
    start_m = tl.program_id(0)
    off_hz = tl.program_id(1)
    off_z = (off_hz // H).to(tl.int64)
    off_h = (off_hz % H).to(tl.int64)
    q_base = Q + off_z * stride_qz + off_h * stride_qh
    k_base = K + off_z * stride_kz + off_h * stride_kh
    v_base = V + off_z * stride_vz + off_h * stride_vh
    o_base = Out + off_z * stride_oz + off_h * stride_oh

    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    row_ok = offs_m < N_CTX

    q = tl.load(q_base + offs_m[:, None] * stride_qm + offs_d[None, :] * stride_qk,
                mask=row_ok[:, None], other=0.0)
    m_i = tl.full([BLOCK_M], float("-inf"), tl.float32)
    l_i = tl.zeros([BLOCK_M], tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], tl.float32)
    qk_scale = sm_scale * 1.44269504  # log2(e): exp(x) == exp2(x * log2(e))

    if CAUSAL:
        diag_lo = start_m * BLOCK_M
        diag_hi = min(diag_lo + BLOCK_M, N_CTX)
        acc, l_i, m_i = _attn_fwd_inner(acc, l_i, m_i, q, k_base, v_base,
                                        stride_kn, stride_kk, stride_vn, stride_vk,
                                        qk_scale, N_CTX, offs_m, offs_n, offs_d, 0, diag_lo,
                                        False, BLOCK_N)
        acc, l_i, m_i = _attn_fwd_inner(acc, l_i, m_i, q, k_base, v_base,
                                        stride_kn, stride_kk, stride_vn, stride_vk,
                                        qk_scale, N_CTX, offs_m, offs_n, offs_d, diag_lo, diag_hi,
                                        True, BLOCK_N)
    else:
        acc, l_i, m_i = _attn_fwd_inner(acc, l_i, m_i, q, k_base, v_base,
                                        stride_kn, stride_kk, stride_vn, stride_vk,
                                        qk_scale, N_CTX, offs_m, offs_n, offs_d, 0, N_CTX,
                                        ON_DIAGONAL=False, BLOCK_N=BLOCK_N)

    out = acc / l_i[:, None]
    tl.store(o_base + offs_m[:, None] * stride_om + offs_d[None, :] * stride_ok,
             out.to(Out.dtype.element_ty), mask=row_ok[:, None])


# ---------------------------------------------------------------------------
# Host side (ignored by tilec).
# ---------------------------------------------------------------------------

TILEC_SIGNATURES = {
    "attn_fwd_kernel": (
        "*fp16:16, *fp16:16, *fp16:16, *fp16:16, fp32, "
        "i32:16, i32:16, i32:16, i32:1, "
        "i32:16, i32:16, i32:16, i32:1, "
        "i32:16, i32:16, i32:16, i32:1, "
        "i32:16, i32:16, i32:16, i32:1, "
        "i32, i32, 64, 128, 64, 1", 8),
}


def _check(name, out, ref, bound):
    err = ((out.double() - ref).norm() / ref.norm()).item()
    ok = err < bound
    print(f"{'PASS' if ok else 'FAIL'} attention {name}: rel_err={err:.3e} (bound {bound:g})")
    return ok


def attention(q, k, v, causal, sm_scale, block_m=128, block_n=64, num_warps=8, num_stages=3):
    """Launch attn_fwd_kernel under Triton on (Z, H, N_CTX, HEAD_DIM) tensors."""
    import torch

    Z, H, n_ctx, head_dim = q.shape
    o = torch.full_like(q, float("nan"))
    grid = (triton.cdiv(n_ctx, block_m), Z * H)
    attn_fwd_kernel[grid](q, k, v, o, sm_scale,
                          q.stride(0), q.stride(1), q.stride(2), q.stride(3),
                          k.stride(0), k.stride(1), k.stride(2), k.stride(3),
                          v.stride(0), v.stride(1), v.stride(2), v.stride(3),
                          o.stride(0), o.stride(1), o.stride(2), o.stride(3),
                          H, n_ctx,
                          HEAD_DIM=head_dim, BLOCK_M=block_m, BLOCK_N=block_n,
                          CAUSAL=causal, num_warps=num_warps, num_stages=num_stages)
    return o


def _reference(q, k, v, causal, sm_scale):
    import torch

    qd, kd, vd = q.double(), k.double(), v.double()
    s = (qd @ kd.transpose(-1, -2)) * sm_scale
    if causal:
        n = q.shape[2]
        future = torch.triu(torch.ones(n, n, dtype=torch.bool, device=q.device), diagonal=1)
        s = s.masked_fill(future, float("-inf"))
    return torch.softmax(s, dim=-1) @ vd


def run_check(device="cuda"):
    """attn_fwd_kernel under Triton vs. a float64 torch reference."""
    import torch

    torch.manual_seed(0)
    results = []
    cases = [
        # (dtype, Z, H, N_CTX, HEAD_DIM, BLOCK_M, BLOCK_N)
        (torch.float16, 2, 3, 1000, 64, 128, 64),
        (torch.float16, 1, 2, 1024, 128, 128, 64),
        (torch.bfloat16, 2, 2, 333, 64, 64, 32),
    ]
    for dtype, Z, H, n_ctx, head_dim, bm, bn in cases:
        for causal in (False, True):
            q = torch.randn(Z, H, n_ctx, head_dim, device=device, dtype=dtype)
            k = torch.randn(Z, H, n_ctx, head_dim, device=device, dtype=dtype)
            v = torch.randn(Z, H, n_ctx, head_dim, device=device, dtype=dtype)
            sm_scale = 1.0 / head_dim ** 0.5
            o = attention(q, k, v, causal, sm_scale, block_m=bm, block_n=bn)
            ref = _reference(q, k, v, causal, sm_scale)
            tname = str(dtype).replace("torch.", "")
            name = (f"{tname} Z={Z} H={H} N_CTX={n_ctx} D={head_dim} "
                    f"blocks={bm}x{bn} causal={causal}")
            results.append((name, _check(name, o, ref, 1e-2)))
    return results


if __name__ == "__main__":
    import sys

    res = run_check()
    sys.exit(0 if all(ok for _, ok in res) else 1)
