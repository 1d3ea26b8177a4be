"""RMS normalisation, forward and backward: y = x / sqrt(mean(x^2) + eps) * w.

rmsnorm_fwd_kernel     one program per row, the row held in registers
                       (BLOCK_N >= N); stores y and rstd = 1/sqrt(mean(x^2)
                       + eps) (fp32) for the backward pass.
rmsnorm_bwd_kernel     dX and partial dW: grid = (P,) programs, each taking
                       a contiguous run of rows_per_program rows. For a row,
                       with xh = x * rstd and g = dy * w,
                           dx = rstd * (g - xh * sum(g * xh) / N),
                       and the program adds dy * xh to its own fp32 partial
                       dW, stored as row `pid` of PartialDW ([P, N]) at the
                       end: no atomics, no second pass over the rows.
rmsnorm_bwd_dw_kernel  dW = sum over the P partial rows, one program per
                       BLOCK_N columns, BLOCK_M partial rows at a time.

All arithmetic is fp32; X, Y, DY, DX and W are fp16 or bf16 (or fp32).
X, Y, DY and DX share the row stride.
"""
import triton
import triton.language as tl


@triton.jit
def rmsnorm_fwd_kernel(X, Y, W, Rstd, stride, N, eps, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < N
    x = tl.load(X + row.to(tl.int64) * stride + cols, mask=mask, other=0.0).to(tl.float32)
    rstd = 1.0 / tl.sqrt(tl.sum(x * x, axis=0) / N + eps)
    tl.store(Rstd + row, rstd)
    w = tl.load(W + cols, mask=mask, other=0.0).to(tl.float32)
    y = x * rstd * w
    tl.store(Y + row.to(tl.int64) * stride + cols, y.to(Y.dtype.element_ty), mask=mask)


@triton.jit
def rmsnorm_bwd_kernel(X, DY, DX, W, Rstd, PartialDW, stride, M, N, rows_per_program,
                       BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < N
    w = tl.load(W + cols, mask=mask, other=0.0).to(tl.float32)
    dw = tl.zeros([BLOCK_N], tl.float32)
    row_start = pid * rows_per_program
    row_end = tl.minimum(row_start + rows_per_program, M)
    for row in range(row_start, row_end):
        # The row's offset in 64 bits once, the columns in 32 (fewer
        # registers than a 64-bit offset per element).
        row_off = row.to(tl.int64) * stride
        x = tl.load(X + row_off + cols, mask=mask, other=0.0).to(tl.float32)
        dy = tl.load(DY + row_off + cols, mask=mask, other=0.0).to(tl.float32)
        rstd = tl.load(Rstd + row)
        xh = x * rstd
        g = dy * w
        c = tl.sum(g * xh, axis=0) / N
        dx = (g - xh * c) * rstd
        tl.store(DX + row_off + cols, dx.to(DX.dtype.element_ty), mask=mask)
        dw += dy * xh
    tl.store(PartialDW + pid.to(tl.int64) * N + cols, dw, mask=mask)


@triton.jit
def rmsnorm_bwd_dw_kernel(PartialDW, DW, P, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * BLOCK_N + tl.arange(0, BLOCK_N)
    rows = tl.arange(0, BLOCK_M)
    acc = tl.zeros([BLOCK_M, BLOCK_N], tl.float32)
    for start in range(0, P, BLOCK_M):
        r = start + rows
        mask = (r[:, None] < P) & (cols[None, :] < N)
        # 32-bit offsets: the partial buffer holds at most a few million
        # elements.
        acc += tl.load(PartialDW + r[:, None] * N + cols[None, :], mask=mask, other=0.0)
    dw = tl.sum(acc, axis=0)
    tl.store(DW + cols, dw.to(DW.dtype.element_ty), mask=cols < N)


# ---------------------------------------------------------------------------
# Host side (ignored by tilec).
# ---------------------------------------------------------------------------

TILEC_SIGNATURES = {
    "rmsnorm_fwd_kernel": ("*bf16:16, *bf16:16, *bf16:16, *fp32:16, i32:16, i32:16, fp32, 4096", 8),
    "rmsnorm_bwd_kernel": (
        "*bf16:16, *bf16:16, *bf16:16, *bf16:16, *fp32:16, *fp32:16, i32:16, i32, i32:16, i32, 4096", 8),
    "rmsnorm_bwd_dw_kernel": ("*fp32:16, *bf16:16, i32, i32:16, 128, 16", 4),
}


def warps_for(block_n):
    """num_warps the samples use for a row of BLOCK_N elements."""
    return 4 if block_n <= 1024 else 8 if block_n <= 4096 else 16


def partial_programs(block_n, sm_count):
    """Programs of the backward kernel: as many as fit on the GPU at once
    (one wave), so that each SM keeps enough rows in flight to hide memory
    latency: the row kernels' registers allow about 6, 3, 2 and 1 CTAs per
    SM at BLOCK_N 1024, 2048, 4096 and 8192."""
    return sm_count * {1024: 6, 2048: 3, 4096: 2}.get(block_n, 1)


def rmsnorm_forward(x, w, eps, kernel=None):
    """y, rstd for a 2-D x (rows contiguous in the last dimension)."""
    import torch
    kernel = kernel or rmsnorm_fwd_kernel
    M, N = x.shape
    y = torch.full_like(x, float("nan"))
    rstd = torch.full((M,), float("nan"), device=x.device, dtype=torch.float32)
    block = triton.next_power_of_2(N)
    kernel[(M,)](x, y, w, rstd, x.stride(0), N, eps, BLOCK_N=block,
                 num_warps=warps_for(block))
    return y, rstd


def rmsnorm_backward(x, w, rstd, dy, programs, kernels=None):
    """dx, dw; `programs` partial rows (e.g. twice the SM count)."""
    import torch
    bwd, red = kernels or (rmsnorm_bwd_kernel, rmsnorm_bwd_dw_kernel)
    M, N = x.shape
    programs = min(programs, M)
    rows_per_program = triton.cdiv(M, programs)
    programs = triton.cdiv(M, rows_per_program)
    dx = torch.full_like(x, float("nan"))
    partial = torch.full((programs, N), float("nan"), device=x.device, dtype=torch.float32)
    dw = torch.full_like(w, float("nan"))
    block = triton.next_power_of_2(N)
    bwd[(programs,)](x, dy, dx, w, rstd, partial, x.stride(0), M, N, rows_per_program,
                     BLOCK_N=block, num_warps=warps_for(block))
    red[(triton.cdiv(N, 16),)](partial, dw, programs, N, BLOCK_M=128, BLOCK_N=16,
                                num_warps=4)
    return dx, dw


def reference(x, w, dy, eps):
    """float64: y, rstd, dx, dw."""
    import torch
    xd, wd, dyd = x.double(), w.double(), dy.double()
    xd.requires_grad_(True)
    wd.requires_grad_(True)
    rstd = torch.rsqrt((xd * xd).mean(dim=1) + eps)
    y = xd * rstd[:, None] * wd
    y.backward(dyd)
    return y.detach(), rstd.detach(), xd.grad, wd.grad


def _check(name, out, ref, bound):
    err = ((out.double() - ref).norm() / ref.norm()).item()
    ok = err < bound
    print(f"{'PASS' if ok else 'FAIL'} rmsnorm {name}: rel_err={err:.3e} (bound {bound:g})")
    return ok


def run_check(device="cuda"):
    """Forward and backward under Triton vs. float64 autograd, outputs
    poisoned with NaN first."""
    import torch

    torch.manual_seed(0)
    results = []
    eps = 1e-6
    for dtype, bound in ((torch.float16, 1e-2), (torch.bfloat16, 2e-2)):
        for M, N in ((301, 1000), (1024, 4096), (257, 8192)):
            x = (torch.randn(M, N, device=device) * 2.0 + 0.5).to(dtype)
            w = (torch.rand(N, device=device) + 0.5).to(dtype)
            dy = torch.randn(M, N, device=device).to(dtype)
            y_ref, rstd_ref, dx_ref, dw_ref = reference(x, w, dy, eps)
            y, rstd = rmsnorm_forward(x, w, eps)
            dx, dw = rmsnorm_backward(x, w, rstd, dy, programs=64)
            base = f"{str(dtype).replace('torch.', '')} {M}x{N}"
            ok = _check(base + " y", y, y_ref, bound)
            ok = _check(base + " rstd", rstd, rstd_ref, 1e-5) and ok
            ok = _check(base + " dx", dx, dx_ref, bound) and ok
            ok = _check(base + " dw", dw, dw_ref, bound) and ok
            results.append((base, ok))
    return results


if __name__ == "__main__":
    import sys

    res = run_check()
    sys.exit(0 if all(ok for _, ok in res) else 1)
