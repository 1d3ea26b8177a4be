"""Element-wise vector addition: out[i] = x[i] + y[i].

One program handles BLOCK_SIZE consecutive elements; the last program masks
the tail so n_elements need not be a multiple of BLOCK_SIZE.

Runs under Triton as is (`python3 examples/vector_add.py`) and is compiled by
tilec, which reads only the @triton.jit function below.
"""
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    in_bounds = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=in_bounds)
    y = tl.load(y_ptr + offsets, mask=in_bounds)
    tl.store(out_ptr + offsets, x + y, mask=in_bounds)


# ---------------------------------------------------------------------------
# Host side (ignored by tilec).
# ---------------------------------------------------------------------------

# kernel name -> (Triton-AOT style launch signature, num_warps)
TILEC_SIGNATURES = {
    "add_kernel": ("*fp32:16, *fp32:16, *fp32:16, i32, 1024", 4),
}


def _check(name, out, ref, bound):
    err = ((out.double() - ref).norm() / ref.norm()).item()
    ok = err < bound  # NaN (an unwritten, poisoned element) fails too
    print(f"{'PASS' if ok else 'FAIL'} vector_add {name}: rel_err={err:.3e} (bound {bound:g})")
    return ok


def run_check(device="cuda"):
    """Run add_kernel under Triton against a float64 torch reference.

    Returns a list of (case name, passed) pairs."""
    import torch

    torch.manual_seed(0)
    results = []
    for dtype, bound in ((torch.float32, 1e-5), (torch.float16, 1e-2)):
        for n in (98433, 4096, 1):
            x = torch.randn(n, device=device, dtype=dtype)
            y = torch.randn(n, device=device, dtype=dtype)
            out = torch.full_like(x, float("nan"))
            block = 1024
            grid = (triton.cdiv(n, block),)
            add_kernel[grid](x, y, out, n, BLOCK_SIZE=block, num_warps=4)
            ref = x.double() + y.double()
            name = f"{str(dtype).replace('torch.', '')} n={n}"
            results.append((name, _check(name, out, ref, bound)))
    return results


if __name__ == "__main__":
    import sys

    res = run_check()
    sys.exit(0 if all(ok for _, ok in res) else 1)
