"""Layer normalisation, backward: dX, dW and dB of y = (x - mean) * rstd * w + b
(the forward pass, with the mean and rstd it saves, is examples/layernorm.py).

For a row, with xh = (x - mean) * rstd and g = dy * w,
    dx = rstd * (g - xh * sum(g * xh) / N - sum(g) / N),
and dW, dB are the column sums of dy * xh and dy over the rows. Two ways to
get those sums:

layernorm_bwd_kernel       partial sums per program: grid = (P,), each program
                           takes rows_per_program contiguous rows, writes
                           their dx and keeps fp32 sums of dy * xh and dy in
                           registers, stored as row `pid` of PartialDW and
                           PartialDB ([P, N]) at the end.
layernorm_bwd_lock_kernel  one program per row; the row's dy * xh and dy are
                           added into row `row % GROUP` of PartialDW and
                           PartialDB under a spin lock (atomic_cas on
                           Locks[lock]); the first program to take a lock
                           stores instead of adding (Counts[lock] says
                           whether the slot holds data yet), so the partial
                           buffers need no clearing; Locks and Counts
                           (int32, GROUP each) must start at zero.
layernorm_bwd_dwdb_kernel  dW and dB: the sums of the P (or GROUP) partial
                           rows, one program per BLOCK_N columns.

All arithmetic is fp32; X, DY, DX, W are fp16 or bf16 (or fp32), DW and DB of
W's type. X, DY and DX share the row stride.
"""
import triton
import triton.language as tl


@triton.jit
def layernorm_bwd_kernel(X, DY, DX, W, Mean, Rstd, PartialDW, PartialDB, stride, M, N,
                         rows_per_program, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < N
    w = tl.load(W + cols, mask=mask, other=0.0).to(tl.float32)
    dw = tl.zeros([BLOCK_N], tl.float32)
    db = tl.zeros([BLOCK_N], tl.float32)
    row_start = pid * rows_per_program
    row_end = tl.minimum(row_start + rows_per_program, M)
    for row in range(row_start, row_end):
        # The row's offset in 64 bits once, the columns in 32 (fewer
        # registers than a 64-bit offset per element).
        row_off = row.to(tl.int64) * stride
        x = tl.load(X + row_off + cols, mask=mask, other=0.0).to(tl.float32)
        dy = tl.load(DY + row_off + cols, mask=mask, other=0.0).to(tl.float32)
        mean = tl.load(Mean + row)
        rstd = tl.load(Rstd + row)
        xh = tl.where(mask, (x - mean) * rstd, 0.0)
        g = dy * w
        c1 = tl.sum(g * xh, axis=0) / N
        c2 = tl.sum(g, axis=0) / N
        dx = (g - (xh * c1 + c2)) * rstd
        tl.store(DX + row_off + cols, dx.to(DX.dtype.element_ty), mask=mask)
        dw += dy * xh
        db += dy
    part = pid.to(tl.int64) * N + cols
    tl.store(PartialDW + part, dw, mask=mask)
    tl.store(PartialDB + part, db, mask=mask)


@triton.jit
def layernorm_bwd_lock_kernel(X, DY, DX, W, Mean, Rstd, PartialDW, PartialDB, Locks, Counts,
                              stride, N, GROUP: tl.constexpr, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < N
    row_off = row.to(tl.int64) * stride
    x = tl.load(X + row_off + cols, mask=mask, other=0.0).to(tl.float32)
    dy = tl.load(DY + row_off + cols, mask=mask, other=0.0).to(tl.float32)
    w = tl.load(W + cols, mask=mask, other=0.0).to(tl.float32)
    mean = tl.load(Mean + row)
    rstd = tl.load(Rstd + row)
    xh = tl.where(mask, (x - mean) * rstd, 0.0)
    g = dy * w
    c1 = tl.sum(g * xh, axis=0) / N
    c2 = tl.sum(g, axis=0) / N
    dx = (g - (xh * c1 + c2)) * rstd
    tl.store(DX + row_off + cols, dx.to(DX.dtype.element_ty), mask=mask)

    # Add this row's contribution into slot `lock` under its lock.
    lock = row % GROUP
    part = lock * N + cols
    dw = dy * xh
    db = dy
    while tl.atomic_cas(Locks + lock, 0, 1) == 1:
        pass
    if tl.load(Counts + lock) == 0:
        tl.atomic_xchg(Counts + lock, 1)
    else:
        dw += tl.load(PartialDW + part, mask=mask, other=0.0)
        db += tl.load(PartialDB + part, mask=mask, other=0.0)
    tl.store(PartialDW + part, dw, mask=mask)
    tl.store(PartialDB + part, db, mask=mask)
    # Every thread's stores must be done before the lock is given back.
    tl.debug_barrier()
    tl.atomic_xchg(Locks + lock, 0)


@triton.jit
def layernorm_bwd_dwdb_kernel(PartialDW, PartialDB, DW, DB, P, N, BLOCK_M: tl.constexpr,
                              BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * BLOCK_N + tl.arange(0, BLOCK_N)
    rows = tl.arange(0, BLOCK_M)
    acc_w = tl.zeros([BLOCK_M, BLOCK_N], tl.float32)
    acc_b = tl.zeros([BLOCK_M, BLOCK_N], tl.float32)
    for start in range(0, P, BLOCK_M):
        r = start + rows
        mask = (r[:, None] < P) & (cols[None, :] < N)
        # 32-bit offsets: the partial buffers hold at most a few million
        # elements.
        offs = r[:, None] * N + cols[None, :]
        acc_w += tl.load(PartialDW + offs, mask=mask, other=0.0)
        acc_b += tl.load(PartialDB + offs, mask=mask, other=0.0)
    tl.store(DW + cols, tl.sum(acc_w, axis=0).to(DW.dtype.element_ty), mask=cols < N)
    tl.store(DB + cols, tl.sum(acc_b, axis=0).to(DB.dtype.element_ty), mask=cols < N)


# ---------------------------------------------------------------------------
# Host side (ignored by tilec).
# ---------------------------------------------------------------------------

TILEC_SIGNATURES = {
    "layernorm_bwd_kernel": (
        "*bf16:16, *bf16:16, *bf16:16, *bf16:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, "
        "i32:16, i32, i32:16, i32, 4096", 8),
    "layernorm_bwd_lock_kernel": (
        "*bf16:16, *bf16:16, *bf16:16, *bf16:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, "
        "*i32:16, *i32:16, i32:16, i32:16, 64, 4096", 8),
    "layernorm_bwd_dwdb_kernel": ("*fp32:16, *fp32:16, *bf16:16, *bf16:16, i32, i32:16, 128, 16", 4),
}


def warps_for(block_n):
    """num_warps the samples use for a row of BLOCK_N elements."""
    return 4 if block_n <= 1024 else 8 if block_n <= 4096 else 16


def partial_programs(block_n, sm_count):
    """Programs of layernorm_bwd_kernel: as many as fit on the GPU at once
    (one wave; examples/rmsnorm.py's partial_programs says why)."""
    return sm_count * {1024: 6, 2048: 3, 4096: 2}.get(block_n, 1)


def group_for(n):
    """Lock slots for the lock variant: fewer for long rows (each slot is a
    fp32 row of dW and one of dB)."""
    return 64 if n > 4096 else 128 if n > 1024 else 256


def layernorm_backward(x, w, mean, rstd, dy, programs, kernels=None):
    """dx, dw, db through the partial-sum kernel; `programs` partial rows."""
    import torch
    bwd, red = kernels or (layernorm_bwd_kernel, layernorm_bwd_dwdb_kernel)
    M, N = x.shape
    programs = min(programs, M)
    rows_per_program = triton.cdiv(M, programs)
    programs = triton.cdiv(M, rows_per_program)
    dx = torch.full_like(x, float("nan"))
    pdw = torch.full((programs, N), float("nan"), device=x.device, dtype=torch.float32)
    pdb = torch.full_like(pdw, float("nan"))
    dw = torch.full_like(w, float("nan"))
    db = torch.full_like(w, float("nan"))
    block = triton.next_power_of_2(N)
    bwd[(programs,)](x, dy, dx, w, mean, rstd, pdw, pdb, x.stride(0), M, N, rows_per_program,
                     BLOCK_N=block, num_warps=warps_for(block))
    red[(triton.cdiv(N, 16),)](pdw, pdb, dw, db, programs, N, BLOCK_M=128, BLOCK_N=16,
                                num_warps=4)
    return dx, dw, db


def layernorm_backward_lock(x, w, mean, rstd, dy, kernels=None):
    """dx, dw, db through the lock-and-atomics kernel."""
    import torch
    bwd, red = kernels or (layernorm_bwd_lock_kernel, layernorm_bwd_dwdb_kernel)
    M, N = x.shape
    group = group_for(N)
    dx = torch.full_like(x, float("nan"))
    pdw = torch.full((group, N), float("nan"), device=x.device, dtype=torch.float32)
    pdb = torch.full_like(pdw, float("nan"))
    locks = torch.zeros(2 * group, device=x.device, dtype=torch.int32)
    dw = torch.full_like(w, float("nan"))
    db = torch.full_like(w, float("nan"))
    block = triton.next_power_of_2(N)
    bwd[(M,)](x, dy, dx, w, mean, rstd, pdw, pdb, locks, locks[group:], x.stride(0), N,
              GROUP=group, BLOCK_N=block, num_warps=warps_for(block))
    # Slots no row reached (M < GROUP) were never written: sum min(M, GROUP).
    red[(triton.cdiv(N, 16),)](pdw, pdb, dw, db, min(M, group), N, BLOCK_M=128,
                               BLOCK_N=16, num_warps=4)
    return dx, dw, db


def reference(x, w, b, dy, eps):
    """float64: mean, rstd, dx, dw, db."""
    import torch
    xd, wd, bd = x.double().requires_grad_(True), w.double().requires_grad_(True), \
        b.double().requires_grad_(True)
    mean = xd.mean(dim=1)
    rstd = torch.rsqrt(((xd - mean[:, None]) ** 2).mean(dim=1) + eps)
    y = (xd - mean[:, None]) * rstd[:, None] * wd + bd
    y.backward(dy.double())
    return mean.detach(), rstd.detach(), xd.grad, wd.grad, bd.grad


def _check(name, out, ref, bound):
    err = ((out.double() - ref).norm() / ref.norm()).item()
    ok = err < bound
    print(f"{'PASS' if ok else 'FAIL'} layernorm_bwd {name}: rel_err={err:.3e} (bound {bound:g})")
    return ok


def run_check(device="cuda"):
    """Both backward variants under Triton vs. float64 autograd (mean and
    rstd from the float64 forward, rounded to fp32 as the forward stores
    them), outputs poisoned with NaN first."""
    import torch

    torch.manual_seed(0)
    results = []
    eps = 1e-5
    for dtype, bound in ((torch.float16, 1e-2), (torch.bfloat16, 2e-2)):
        for M, N in ((301, 1000), (1024, 4096), (300, 8192)):
            x = (torch.randn(M, N, device=device) * 2.0 + 0.5).to(dtype)
            w = (torch.rand(N, device=device) + 0.5).to(dtype)
            b = torch.randn(N, device=device).to(dtype)
            dy = torch.randn(M, N, device=device).to(dtype)
            mean, rstd, dx_ref, dw_ref, db_ref = reference(x, w, b, dy, eps)
            mean, rstd = mean.float(), rstd.float()
            base = f"{str(dtype).replace('torch.', '')} {M}x{N}"
            for name, fn in (("partial", lambda: layernorm_backward(x, w, mean, rstd, dy, 64)),
                             ("lock", lambda: layernorm_backward_lock(x, w, mean, rstd, dy))):
                dx, dw, db = fn()
                ok = _check(f"{name} {base} dx", dx, dx_ref, bound)
                ok = _check(f"{name} {base} dw", dw, dw_ref, bound) and ok
                ok = _check(f"{name} {base} db", db, db_ref, bound) and ok
                results.append((f"{name} {base}", ok))
    return results


if __name__ == "__main__":
    import sys

    res = run_check()
    sys.exit(0 if all(ok for _, ok in res) else 1)
