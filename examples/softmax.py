"""Fused row-wise softmax, two variants.

softmax_kernel        one pass: the whole row sits in one block
                      (BLOCK_SIZE = next power of two >= n_cols); the padding
                      lanes load -inf so they contribute exp(-inf) = 0.
softmax_online_kernel rows longer than one block: a first loop over the row in
                      BLOCK_SIZE chunks keeps a running max and a running sum
                      (the sum is rescaled by exp(m_old - m_new) whenever the
                      max grows), then a second loop writes exp(x - m) / sum.

Grid: one program per row, grid = (n_rows,), for both kernels.
All math is done in fp32; the result is stored in the output's dtype.
"""
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_row_stride, out_row_stride, n_cols,
                   BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    row_in = in_ptr + row.to(tl.int64) * in_row_stride
    x = tl.load(row_in + cols, mask=mask, other=float("-inf")).to(tl.float32)
    shifted = x - tl.max(x, axis=0)
    numer = tl.exp(shifted)
    denom = tl.sum(numer, axis=0)
    y = numer / denom
    row_out = out_ptr + row.to(tl.int64) * out_row_stride
    tl.store(row_out + cols, y.to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def softmax_online_kernel(out_ptr, in_ptr, in_row_stride, out_row_stride, n_cols,
                          BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    row_in = in_ptr + row.to(tl.int64) * in_row_stride
    row_out = out_ptr + row.to(tl.int64) * out_row_stride

    # Pass 1: running max (same value in every lane) and per-lane running sums,
    # all relative to the current running max.
    run_max = tl.full([BLOCK_SIZE], float("-inf"), tl.float32)
    run_sum = tl.zeros([BLOCK_SIZE], tl.float32)
    for start in range(0, n_cols, BLOCK_SIZE):
        offs = start + cols
        x = tl.load(row_in + offs, mask=offs < n_cols, other=float("-inf")).to(tl.float32)
        # The first chunk always holds a real element, so new_max is finite
        # from the first iteration on and exp(run_max - new_max) never sees
        # (-inf) - (-inf).
        new_max = tl.maximum(run_max, tl.max(x, axis=0))
        run_sum = run_sum * tl.exp(run_max - new_max) + tl.exp(x - new_max)
        run_max = new_max
    row_max = tl.max(run_max, axis=0)
    inv_sum = 1.0 / tl.sum(run_sum, axis=0)

    # Pass 2: normalise and store.
    for start in range(0, n_cols, BLOCK_SIZE):
        offs = start + cols
        mask = offs < n_cols
        x = tl.load(row_in + offs, mask=mask, other=float("-inf")).to(tl.float32)
        y = tl.exp(x - row_max) * inv_sum
        tl.store(row_out + offs, y.to(out_ptr.dtype.element_ty), mask=mask)


# ---------------------------------------------------------------------------
# Host side (ignored by tilec).
# ---------------------------------------------------------------------------

TILEC_SIGNATURES = {
    "softmax_kernel": ("*fp32:16, *fp32:16, i32:16, i32:16, i32, 1024", 4),
    "softmax_online_kernel": ("*fp32:16, *fp32:16, i32:16, i32:16, i32, 1024", 4),
}


def _check(name, out, ref, bound):
    err = ((out.double() - ref).norm() / ref.norm()).item()
    ok = err < bound
    print(f"{'PASS' if ok else 'FAIL'} softmax {name}: rel_err={err:.3e} (bound {bound:g})")
    return ok


def _warps_for(block):
    if block <= 2048:
        return 4
    if block <= 4096:
        return 8
    return 16


def run_check(device="cuda"):
    """Both softmax kernels under Triton vs. a float64 torch reference."""
    import torch

    torch.manual_seed(0)
    results = []
    n_rows = 823
    for dtype, bound in ((torch.float32, 1e-5), (torch.float16, 1e-2)):
        for n_cols in (1000, 1024, 4097):
            # A padded buffer so that the row stride differs from n_cols.
            buf = torch.randn(n_rows, n_cols + 7, device=device, dtype=dtype) * 3.0
            x = buf[:, :n_cols]
            ref = torch.softmax(x.double(), dim=1)
            tname = str(dtype).replace("torch.", "")

            out = torch.full((n_rows, n_cols), float("nan"), device=device, dtype=dtype)
            block = triton.next_power_of_2(n_cols)
            softmax_kernel[(n_rows,)](out, x, x.stride(0), out.stride(0), n_cols,
                                      BLOCK_SIZE=block, num_warps=_warps_for(block))
            name = f"one-pass {tname} {n_rows}x{n_cols}"
            results.append((name, _check(name, out, ref, bound)))

            out = torch.full((n_rows, n_cols), float("nan"), device=device, dtype=dtype)
            block = 512
            softmax_online_kernel[(n_rows,)](out, x, x.stride(0), out.stride(0), n_cols,
                                             BLOCK_SIZE=block, num_warps=4)
            name = f"online {tname} {n_rows}x{n_cols} block={block}"
            results.append((name, _check(name, out, ref, bound)))
    return results


if __name__ == "__main__":
    import sys

    res = run_check()
    sys.exit(0 if all(ok for _, ok in res) else 1)
