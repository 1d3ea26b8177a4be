"""Flash attention, forward and backward.

Forward (attn_fwd_kernel): Out = softmax(Q K^T * sm_scale [+ causal mask]) V,
and LSE, each query row's log-sum-exp of its scaled scores,
LSE[i] = log(sum_j exp(Q[i] . K[j] * sm_scale)) over the keys it sees, in
the natural-log domain (fp32, [Z * H, N_CTX]), which the backward uses to
recompute P without a second softmax pass.
Program ids: axis 0 = block of BLOCK_M queries, axis 1 = batch * heads.
Grid: (cdiv(N_CTX, BLOCK_M), Z * H). Each program keeps, for its BLOCK_M query
rows, a running max m_i, a running sum l_i (both fp32, in the log2 domain:
scores are multiplied by sm_scale * log2(e) and exponentiated with exp2) and
an fp32 output accumulator, and walks the keys in BLOCK_N blocks. When CAUSAL,
the key loop covers the blocks strictly left of the diagonal unmasked, then
the diagonal block with the mask offs_m >= offs_n; later blocks are skipped.
Keys and queries past N_CTX are masked, so N_CTX may be any length.

Backward, given dO (the gradient of Out), in three launches:
  attn_bwd_preprocess  Delta[i] = sum_c dO[i, c] * Out[i, c] (fp32), the
                       row term of the softmax gradient;
  attn_bwd_dkdv        one program per BLOCK_N keys of one (z, h): walks the
                       query blocks that see them, recomputing
                       P^T = exp(K Q^T * sm_scale - LSE), and accumulates
                       dV = P^T dO and dK = dS^T Q * sm_scale, where
                       dS = P * (dO V^T - Delta);
  attn_bwd_dq          one program per BLOCK_M queries: walks the key blocks
                       they see and accumulates dQ = dS K * sm_scale.
The backward kernels take one set of strides for all their [Z, H, N_CTX,
HEAD_DIM] tensors (Q, K, V, dO, Out and the gradients: the host passes them
contiguous). Dots take the 16-bit operands with fp32 accumulators; P and dS
are rounded to the operands' type before their dots, as in the forward.
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
def attn_fwd_kernel(Q, K, V, Out, LSE, sm_scale,
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
    # m_i + log2(l_i) is log2 of the row's sum of exp(scores); * ln(2) gives
    # the natural-log LSE the backward (and torch) take.
    lse = (m_i + tl.log2(l_i)) * 0.69314718
    tl.store(LSE + off_hz.to(tl.int64) * N_CTX + offs_m, lse, mask=row_ok)


@triton.jit
def attn_bwd_preprocess(O, DO, Delta,
                        stride_z, stride_h, stride_tok, stride_d,
                        H, N_CTX,
                        HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr):
    """Delta[z * H + h, i] = sum_c O[z, h, i, c] * dO[z, h, i, c] in fp32.
    Grid: (cdiv(N_CTX, BLOCK_M), Z * H)."""
    off_hz = tl.program_id(1)
    base = (off_hz // H).to(tl.int64) * stride_z + (off_hz % H).to(tl.int64) * stride_h
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, HEAD_DIM)
    row_ok = offs_m < N_CTX
    offs = base + offs_m[:, None] * stride_tok + offs_d[None, :] * stride_d
    o = tl.load(O + offs, mask=row_ok[:, None], other=0.0).to(tl.float32)
    do = tl.load(DO + offs, mask=row_ok[:, None], other=0.0).to(tl.float32)
    delta = tl.sum(o * do, axis=1)
    tl.store(Delta + off_hz.to(tl.int64) * N_CTX + offs_m, delta, mask=row_ok)


@triton.jit
def _attn_bwd_dkdv_inner(dk, dv, k, v, q_base, do_base, lse_base, delta_base,
                         stride_tok, stride_d, qk_scale, N_CTX,
                         offs_n, offs_d, lo, hi,
                         ON_DIAGONAL: tl.constexpr, BLOCK_M: tl.constexpr):
    # Transposed throughout: rows are this program's keys, columns queries,
    # so that dK and dV accumulate by rows.
    for start_m in range(lo, hi, BLOCK_M):
        offs_m = start_m + tl.arange(0, BLOCK_M)
        row_ok = offs_m < N_CTX
        ptrs = offs_m[:, None] * stride_tok + offs_d[None, :] * stride_d
        q = tl.load(q_base + ptrs, mask=row_ok[:, None], other=0.0)
        do = tl.load(do_base + ptrs, mask=row_ok[:, None], other=0.0)
        # LSE in the log2 domain, as the scores are.
        lse2 = tl.load(lse_base + offs_m, mask=row_ok, other=0.0) * 1.44269504
        delta = tl.load(delta_base + offs_m, mask=row_ok, other=0.0)
        qk_t = tl.dot(k, tl.trans(q))
        p_t = tl.exp2(qk_t * qk_scale - lse2[None, :])
        # Padded queries (zeros, LSE 0) would get P = 1: zeroed here rather
        # than left to vanish against dO's zero padding. Padded keys (this
        # program's rows past N_CTX) only reach rows of dK and dV that are
        # never stored.
        if ON_DIAGONAL:
            keep = (offs_m[None, :] >= offs_n[:, None]) & row_ok[None, :]
        else:
            keep = row_ok[None, :]
        p_t = tl.where(keep, p_t, 0.0)
        dv = tl.dot(p_t.to(do.dtype), do, acc=dv)
        dp_t = tl.dot(v, tl.trans(do))
        ds_t = p_t * (dp_t - delta[None, :])
        dk = tl.dot(ds_t.to(q.dtype), q, acc=dk)
    return dk, dv


@triton.jit
def attn_bwd_dkdv(Q, K, V, DO, DK, DV, LSE, Delta, sm_scale,
                  stride_z, stride_h, stride_tok, stride_d,
                  H, N_CTX,
                  HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  CAUSAL: tl.constexpr):
    """dK and dV for BLOCK_N keys of one (z, h). Grid: (cdiv(N_CTX, BLOCK_N),
    Z * H). Queries before the block see none of its keys when CAUSAL: the
    query loop starts at the block's first key, masks the causal triangle
    while the query blocks overlap the keys, then runs unmasked to N_CTX."""
    tl.static_assert(BLOCK_N % BLOCK_M == 0)
    start_n = tl.program_id(0) * BLOCK_N
    off_hz = tl.program_id(1)
    base = (off_hz // H).to(tl.int64) * stride_z + (off_hz % H).to(tl.int64) * stride_h
    rows = off_hz.to(tl.int64) * N_CTX
    offs_n = start_n + tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    key_ok = offs_n < N_CTX
    kv_ptrs = base + offs_n[:, None] * stride_tok + offs_d[None, :] * stride_d
    k = tl.load(K + kv_ptrs, mask=key_ok[:, None], other=0.0)
    v = tl.load(V + kv_ptrs, mask=key_ok[:, None], other=0.0)
    dk = tl.zeros([BLOCK_N, HEAD_DIM], tl.float32)
    dv = tl.zeros([BLOCK_N, HEAD_DIM], tl.float32)
    qk_scale = sm_scale * 1.44269504  # log2(e)

    if CAUSAL:
        diag_hi = min(start_n + BLOCK_N, N_CTX)
        dk, dv = _attn_bwd_dkdv_inner(dk, dv, k, v, Q + base, DO + base, LSE + rows,
                                      Delta + rows, stride_tok, stride_d, qk_scale,
                                      N_CTX, offs_n, offs_d, start_n, diag_hi,
                                      True, BLOCK_M)
        dk, dv = _attn_bwd_dkdv_inner(dk, dv, k, v, Q + base, DO + base, LSE + rows,
                                      Delta + rows, stride_tok, stride_d, qk_scale,
                                      N_CTX, offs_n, offs_d, start_n + BLOCK_N, N_CTX,
                                      False, BLOCK_M)
    else:
        dk, dv = _attn_bwd_dkdv_inner(dk, dv, k, v, Q + base, DO + base, LSE + rows,
                                      Delta + rows, stride_tok, stride_d, qk_scale,
                                      N_CTX, offs_n, offs_d, 0, N_CTX,
                                      False, BLOCK_M)

    tl.store(DV + kv_ptrs, dv.to(DV.dtype.element_ty), mask=key_ok[:, None])
    dk = dk * sm_scale
    tl.store(DK + kv_ptrs, dk.to(DK.dtype.element_ty), mask=key_ok[:, None])


@triton.jit
def _attn_bwd_dq_inner(dq, q, do, lse2, delta, k_base, v_base,
                       stride_tok, stride_d, qk_scale, N_CTX,
                       offs_m, offs_d, lo, hi,
                       ON_DIAGONAL: tl.constexpr, BLOCK_N: tl.constexpr):
    for start_n in range(lo, hi, BLOCK_N):
        offs_n = start_n + tl.arange(0, BLOCK_N)
        key_ok = offs_n < N_CTX
        ptrs = offs_n[:, None] * stride_tok + offs_d[None, :] * stride_d
        k = tl.load(k_base + ptrs, mask=key_ok[:, None], other=0.0)
        v = tl.load(v_base + ptrs, mask=key_ok[:, None], other=0.0)
        qk = tl.dot(q, tl.trans(k))
        p = tl.exp2(qk * qk_scale - lse2[:, None])
        # Padded keys must be zeroed: their score is 0, so exp2 overflows
        # when a row's LSE is very negative, and inf * 0 (K's zero padding)
        # in dS K would be NaN in a row that is stored.
        if ON_DIAGONAL:
            keep = (offs_m[:, None] >= offs_n[None, :]) & key_ok[None, :]
        else:
            keep = key_ok[None, :]
        p = tl.where(keep, p, 0.0)
        dp = tl.dot(do, tl.trans(v))
        ds = p * (dp - delta[:, None])
        dq = tl.dot(ds.to(k.dtype), k, acc=dq)
    return dq


@triton.jit
def attn_bwd_dq(Q, K, V, DO, DQ, LSE, Delta, sm_scale,
                stride_z, stride_h, stride_tok, stride_d,
                H, N_CTX,
                HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                CAUSAL: tl.constexpr):
    """dQ for BLOCK_M queries of one (z, h). Grid: (cdiv(N_CTX, BLOCK_M),
    Z * H). When CAUSAL, the key blocks left of the diagonal unmasked, then
    the diagonal with the causal mask; later keys are skipped."""
    tl.static_assert(BLOCK_M % BLOCK_N == 0)
    start_m = tl.program_id(0) * BLOCK_M
    off_hz = tl.program_id(1)
    base = (off_hz // H).to(tl.int64) * stride_z + (off_hz % H).to(tl.int64) * stride_h
    rows = off_hz.to(tl.int64) * N_CTX
    offs_m = start_m + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, HEAD_DIM)
    row_ok = offs_m < N_CTX
    ptrs = base + offs_m[:, None] * stride_tok + offs_d[None, :] * stride_d
    q = tl.load(Q + ptrs, mask=row_ok[:, None], other=0.0)
    do = tl.load(DO + ptrs, mask=row_ok[:, None], other=0.0)
    lse2 = tl.load(LSE + rows + offs_m, mask=row_ok, other=0.0) * 1.44269504
    delta = tl.load(Delta + rows + offs_m, mask=row_ok, other=0.0)
    dq = tl.zeros([BLOCK_M, HEAD_DIM], tl.float32)
    qk_scale = sm_scale * 1.44269504  # log2(e)

    if CAUSAL:
        diag_hi = min(start_m + BLOCK_M, N_CTX)
        dq = _attn_bwd_dq_inner(dq, q, do, lse2, delta, K + base, V + base,
                                stride_tok, stride_d, qk_scale, N_CTX, offs_m, offs_d,
                                0, start_m, False, BLOCK_N)
        dq = _attn_bwd_dq_inner(dq, q, do, lse2, delta, K + base, V + base,
                                stride_tok, stride_d, qk_scale, N_CTX, offs_m, offs_d,
                                start_m, diag_hi, True, BLOCK_N)
    else:
        dq = _attn_bwd_dq_inner(dq, q, do, lse2, delta, K + base, V + base,
                                stride_tok, stride_d, qk_scale, N_CTX, offs_m, offs_d,
                                0, N_CTX, False, BLOCK_N)

    dq = dq * sm_scale
    tl.store(DQ + ptrs, dq.to(DQ.dtype.element_ty), mask=row_ok[:, None])


# ---------------------------------------------------------------------------
# Host side (ignored by tilec).
# ---------------------------------------------------------------------------

# Literals only: scripts/compile_examples.py, fuzz/make_corpus.py and the
# lit tests read this dict with ast.literal_eval.
TILEC_SIGNATURES = {
    "attn_fwd_kernel": (
        "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, fp32, "
        "i32:16, i32:16, i32:16, i32:1, "
        "i32:16, i32:16, i32:16, i32:1, "
        "i32:16, i32:16, i32:16, i32:1, "
        "i32:16, i32:16, i32:16, i32:1, "
        "i32, i32, 64, 128, 64, 1", 8),
    "attn_bwd_preprocess": (
        "*fp16:16, *fp16:16, *fp32:16, "
        "i32:16, i32:16, i32:16, i32:1, "
        "i32, i32, 64, 64", 4),
    "attn_bwd_dkdv": (
        "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, "
        "*fp32:16, *fp32:16, fp32, "
        "i32:16, i32:16, i32:16, i32:1, "
        "i32, i32, 64, 32, 64, 1", 4),
    "attn_bwd_dq": (
        "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, fp32, "
        "i32:16, i32:16, i32:16, i32:1, "
        "i32, i32, 64, 64, 32, 1", 4),
}


def _check(name, out, ref, bound):
    err = ((out.double() - ref).norm() / ref.norm()).item()
    ok = err < bound
    print(f"{'PASS' if ok else 'FAIL'} attention {name}: rel_err={err:.3e} (bound {bound:g})")
    return ok


def attention(q, k, v, causal, sm_scale, block_m=128, block_n=64, num_warps=8, num_stages=3):
    """Launch attn_fwd_kernel under Triton on (Z, H, N_CTX, HEAD_DIM) tensors;
    returns (Out, LSE), LSE fp32 (Z, H, N_CTX) in the natural-log domain."""
    import torch

    Z, H, n_ctx, head_dim = q.shape
    o = torch.full_like(q, float("nan"))
    lse = torch.full((Z, H, n_ctx), float("nan"), device=q.device, dtype=torch.float32)
    grid = (triton.cdiv(n_ctx, block_m), Z * H)
    attn_fwd_kernel[grid](q, k, v, o, lse, sm_scale,
                          q.stride(0), q.stride(1), q.stride(2), q.stride(3),
                          k.stride(0), k.stride(1), k.stride(2), k.stride(3),
                          v.stride(0), v.stride(1), v.stride(2), v.stride(3),
                          o.stride(0), o.stride(1), o.stride(2), o.stride(3),
                          H, n_ctx,
                          HEAD_DIM=head_dim, BLOCK_M=block_m, BLOCK_N=block_n,
                          CAUSAL=causal, num_warps=num_warps, num_stages=num_stages)
    return o, lse


def attention_backward(q, k, v, o, lse, do, causal, sm_scale,
                       dkdv_blocks=(32, 64), dq_blocks=(64, 32), num_warps=4):
    """The gradients (dQ, dK, dV) of attention() given dO, from its Out and LSE:
    attn_bwd_preprocess, attn_bwd_dkdv and attn_bwd_dq under Triton."""
    import torch

    q, k, v, o, do = (t.contiguous() for t in (q, k, v, o, do))
    lse = lse.contiguous()
    Z, H, n_ctx, head_dim = q.shape
    dq, dk, dv = (torch.full_like(q, float("nan")) for _ in range(3))
    delta = torch.full((Z, H, n_ctx), float("nan"), device=q.device, dtype=torch.float32)
    strides = q.stride()
    pre_block = 64
    attn_bwd_preprocess[(triton.cdiv(n_ctx, pre_block), Z * H)](
        o, do, delta, *strides, H, n_ctx,
        HEAD_DIM=head_dim, BLOCK_M=pre_block, num_warps=4)
    bm, bn = dkdv_blocks
    attn_bwd_dkdv[(triton.cdiv(n_ctx, bn), Z * H)](
        q, k, v, do, dk, dv, lse, delta, sm_scale, *strides, H, n_ctx,
        HEAD_DIM=head_dim, BLOCK_M=bm, BLOCK_N=bn, CAUSAL=causal, num_warps=num_warps)
    bm, bn = dq_blocks
    attn_bwd_dq[(triton.cdiv(n_ctx, bm), Z * H)](
        q, k, v, do, dq, lse, delta, sm_scale, *strides, H, n_ctx,
        HEAD_DIM=head_dim, BLOCK_M=bm, BLOCK_N=bn, CAUSAL=causal, num_warps=num_warps)
    return dq, dk, dv


def _reference(q, k, v, causal, sm_scale):
    """float64 softmax(Q K^T * scale [+ causal mask]) V and its log-sum-exp."""
    import torch

    qd, kd, vd = q.double(), k.double(), v.double()
    s = (qd @ kd.transpose(-1, -2)) * sm_scale
    if causal:
        n = q.shape[2]
        future = torch.triu(torch.ones(n, n, dtype=torch.bool, device=q.device), diagonal=1)
        s = s.masked_fill(future, float("-inf"))
    return torch.softmax(s, dim=-1) @ vd, torch.logsumexp(s, dim=-1)


def _reference_grads(q, k, v, do, causal, sm_scale):
    """float64 (dQ, dK, dV) by torch autograd through _reference."""
    import torch

    qd, kd, vd = (t.detach().double().requires_grad_() for t in (q, k, v))
    out, _ = _reference(qd, kd, vd, causal, sm_scale)
    return torch.autograd.grad(out, (qd, kd, vd), do.double())


def run_check(device="cuda"):
    """attn_fwd_kernel (Out and LSE) and the backward kernels (dQ, dK, dV)
    under Triton vs. float64 torch references (autograd for the gradients),
    on ragged sequence lengths, causal and not."""
    import torch

    torch.manual_seed(0)
    results = []
    cases = [
        # (dtype, Z, H, N_CTX, HEAD_DIM, BLOCK_M, BLOCK_N)
        (torch.float16, 2, 3, 1000, 64, 128, 64),
        (torch.float16, 1, 2, 1024, 128, 128, 64),
        (torch.float16, 1, 2, 200, 64, 128, 64),
        (torch.bfloat16, 2, 2, 333, 64, 64, 32),
    ]
    for dtype, Z, H, n_ctx, head_dim, bm, bn in cases:
        for causal in (False, True):
            q = torch.randn(Z, H, n_ctx, head_dim, device=device, dtype=dtype)
            k = torch.randn(Z, H, n_ctx, head_dim, device=device, dtype=dtype)
            v = torch.randn(Z, H, n_ctx, head_dim, device=device, dtype=dtype)
            do = torch.randn(Z, H, n_ctx, head_dim, device=device, dtype=dtype)
            sm_scale = 1.0 / head_dim ** 0.5
            o, lse = attention(q, k, v, causal, sm_scale, block_m=bm, block_n=bn)
            ref, ref_lse = _reference(q, k, v, causal, sm_scale)
            tname = str(dtype).replace("torch.", "")
            name = (f"{tname} Z={Z} H={H} N_CTX={n_ctx} D={head_dim} "
                    f"blocks={bm}x{bn} causal={causal}")
            results.append((name, _check(name, o, ref, 1e-2)))
            results.append((name + " lse", _check(name + " lse", lse, ref_lse, 1e-4)))
            # The backward from the kernel's own Out and LSE. P and dS are
            # rounded to the type before their dots, and dS K cancels (dS's
            # rows sum to zero): a looser bound than the forward's
            # (test/GPU/AttentionSample.h derives its per-element ones).
            grads = attention_backward(q, k, v, o, lse, do, causal, sm_scale)
            refs = _reference_grads(q, k, v, do, causal, sm_scale)
            bound = 5e-2 if dtype == torch.bfloat16 else 2e-2
            for gname, g, r in zip(("dq", "dk", "dv"), grads, refs):
                results.append((f"{name} {gname}", _check(f"{name} {gname}", g, r, bound)))
    return results


if __name__ == "__main__":
    import sys

    res = run_check()
    sys.exit(0 if all(ok for _, ok in res) else 1)
