"""Layer normalisation, forward: y = (x - mean) / sqrt(var + eps) * w + b per row.

One program per row (grid = (n_rows,)). The row is walked in BLOCK_SIZE chunks
three times: to sum for the mean, to sum squared deviations for the variance
(two passes, in fp32, for accuracy), and to normalise and apply weight and
bias. Mean and 1/std of every row are stored (fp32) for a backward pass.
X and Y share the row stride.
"""
import triton
import triton.language as tl


@triton.jit
def layernorm_fwd_kernel(X, Y, W, B, Mean, Rstd, stride, N, eps,
                         BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    x_row = X + row.to(tl.int64) * stride
    y_row = Y + row.to(tl.int64) * stride
    cols = tl.arange(0, BLOCK_SIZE)

    # Mean.
    acc = tl.zeros([BLOCK_SIZE], tl.float32)
    for start in range(0, N, BLOCK_SIZE):
        offs = start + cols
        x = tl.load(x_row + offs, mask=offs < N, other=0.0).to(tl.float32)
        acc = acc + x
    mean = tl.sum(acc, axis=0) / N

    # Variance around the mean.
    acc = tl.zeros([BLOCK_SIZE], tl.float32)
    for start in range(0, N, BLOCK_SIZE):
        offs = start + cols
        mask = offs < N
        x = tl.load(x_row + offs, mask=mask, other=0.0).to(tl.float32)
        dev = tl.where(mask, x - mean, 0.0)
        acc = acc + dev * dev
    var = tl.sum(acc, axis=0) / N
    rstd = 1.0 / tl.sqrt(var + eps)
    tl.store(Mean + row, mean)
    tl.store(Rstd + row, rstd)

    # Normalise, scale, shift.
    for start in range(0, N, BLOCK_SIZE):
        offs = start + cols
        mask = offs < N
        w = tl.load(W + offs, mask=mask, other=0.0).to(tl.float32)
        b = tl.load(B + offs, mask=mask, other=0.0).to(tl.float32)
        x = tl.load(x_row + offs, mask=mask, other=0.0).to(tl.float32)
        y = (x - mean) * rstd * w + b
        tl.store(y_row + offs, y.to(Y.dtype.element_ty), mask=mask)


@triton.jit
def layernorm_fwd_fused_kernel(X, Y, W, B, Mean, Rstd, stride, N, eps,
                               BLOCK_SIZE: tl.constexpr):
    # One pass for rows that fit one block (N <= BLOCK_SIZE): the row stays
    # in registers, so x is read from memory once and mean and variance come
    # from the registers. Same arguments and results as layernorm_fwd_kernel.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < N
    x = tl.load(X + row.to(tl.int64) * stride + cols, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / N
    xc = tl.where(mask, x - mean, 0.0)
    var = tl.sum(xc * xc, axis=0) / N
    rstd = 1.0 / tl.sqrt(var + eps)
    tl.store(Mean + row, mean)
    tl.store(Rstd + row, rstd)
    w = tl.load(W + cols, mask=mask, other=0.0).to(tl.float32)
    b = tl.load(B + cols, mask=mask, other=0.0).to(tl.float32)
    y = xc * rstd * w + b
    tl.store(Y + row.to(tl.int64) * stride + cols, y.to(Y.dtype.element_ty), mask=mask)


# ---------------------------------------------------------------------------
# Host side (ignored by tilec).
# ---------------------------------------------------------------------------

TILEC_SIGNATURES = {
    "layernorm_fwd_kernel": (
        "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, i32:16, i32, fp32, 512", 4),
    "layernorm_fwd_fused_kernel": (
        "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, i32:16, i32:16, fp32, 4096", 8),
}


def _check(name, out, ref, bound):
    err = ((out.double() - ref).norm() / ref.norm()).item()
    ok = err < bound
    print(f"{'PASS' if ok else 'FAIL'} layernorm {name}: rel_err={err:.3e} (bound {bound:g})")
    return ok


def run_check(device="cuda"):
    """Both layer norm kernels under Triton vs. a float64 torch reference
    (output, mean and rstd are all checked)."""
    import torch

    torch.manual_seed(0)
    results = []
    n_rows, eps = 301, 1e-5
    for dtype, bound in ((torch.float32, 1e-5), (torch.float16, 1e-2)):
        for N in (512, 1000, 4096):
            x = (torch.randn(n_rows, N, device=device) * 2.0 + 0.5).to(dtype)
            w = (torch.rand(N, device=device) + 0.5).to(dtype)
            b = torch.randn(N, device=device).to(dtype)
            xd = x.double()
            mean_ref = xd.mean(dim=1)
            var_ref = ((xd - mean_ref[:, None]) ** 2).mean(dim=1)
            rstd_ref = 1.0 / torch.sqrt(var_ref + eps)
            y_ref = (xd - mean_ref[:, None]) * rstd_ref[:, None] * w.double() + b.double()
            tname = str(dtype).replace("torch.", "")
            # The looping kernel on 512-wide chunks, the fused one on the row.
            for name, kernel, block in (
                    ("layernorm_fwd_kernel", layernorm_fwd_kernel, min(512, triton.next_power_of_2(N))),
                    ("layernorm_fwd_fused_kernel", layernorm_fwd_fused_kernel, triton.next_power_of_2(N))):
                y = torch.full_like(x, float("nan"))
                mean = torch.full((n_rows,), float("nan"), device=device, dtype=torch.float32)
                rstd = torch.full((n_rows,), float("nan"), device=device, dtype=torch.float32)
                kernel[(n_rows,)](x, y, w, b, mean, rstd, x.stride(0), N, eps,
                                  BLOCK_SIZE=block, num_warps=4)
                base = f"{name} {tname} {n_rows}x{N} block={block}"
                ok = _check(base + " y", y, y_ref, bound)
                ok = _check(base + " mean", mean, mean_ref, 1e-5) and ok
                ok = _check(base + " rstd", rstd, rstd_ref, 1e-5) and ok
                results.append((base, ok))
    return results


if __name__ == "__main__":
    import sys

    res = run_check()
    sys.exit(0 if all(ok for _, ok in res) else 1)
