"""Dropout with a seed: y = x * keep / (1 - p), the mask never stored.

The keep mask comes from Philox (tl.randint4x) on (seed, counter), so the
backward pass regenerates exactly the mask of the forward pass from the same
seed and computes dx = dy * keep / (1 - p) without reading a saved mask. Both
directions are the same arithmetic on different tensors; the two kernels
share `_dropout_block`.

One Philox call yields four 32-bit numbers. A program covers BLOCK elements
as four quarters of BLOCK // 4: counter c = pid * (BLOCK // 4) + o drives
elements base + j * (BLOCK // 4) + o for j = 0..3, so every load and store is
a contiguous run and a quarter of the Philox work of one call per element.
An element is kept when the top 31 bits of its number are >= `threshold`,
the host's floor(p * 2**31); `scale` is 1 / (1 - p). The mask is a function of
(seed, BLOCK, element index); the same seed and BLOCK give the same mask
under tilec and Triton.

Grid: (cdiv(n, BLOCK),).
"""
import triton
import triton.language as tl


@triton.jit
def _dropout_quarter(X, Y, offs, n, r, threshold, scale):
    mask = offs < n
    x = tl.load(X + offs, mask=mask, other=0.0)
    keep = (r >> 1).to(tl.int32, bitcast=True) >= threshold
    y = tl.where(keep, x.to(tl.float32) * scale, 0.0)
    tl.store(Y + offs, y.to(Y.dtype.element_ty), mask=mask)


@triton.jit
def _dropout_block(X, Y, n, threshold, scale, seed, BLOCK: tl.constexpr):
    QUARTER: tl.constexpr = BLOCK // 4
    pid = tl.program_id(0)
    counter = pid * QUARTER + tl.arange(0, QUARTER)
    r0, r1, r2, r3 = tl.randint4x(seed, counter)
    base = pid.to(tl.int64) * BLOCK + tl.arange(0, QUARTER)
    _dropout_quarter(X, Y, base, n, r0, threshold, scale)
    _dropout_quarter(X, Y, base + QUARTER, n, r1, threshold, scale)
    _dropout_quarter(X, Y, base + 2 * QUARTER, n, r2, threshold, scale)
    _dropout_quarter(X, Y, base + 3 * QUARTER, n, r3, threshold, scale)


@triton.jit
def dropout_fwd_kernel(X, Y, n, threshold, scale, seed,
                       BLOCK: tl.constexpr):
    _dropout_block(X, Y, n, threshold, scale, seed, BLOCK)


@triton.jit
def dropout_bwd_kernel(DY, DX, n, threshold, scale, seed,
                       BLOCK: tl.constexpr):
    _dropout_block(DY, DX, n, threshold, scale, seed, BLOCK)


# Signatures for tools that compile the samples (test/Frontend/Errors).
TILEC_SIGNATURES = {
    "dropout_fwd_kernel": ("*bf16:16, *bf16:16, i32:16, i32, fp32, i32, 1024", 4),
}


def dropout_params(p):
    """(threshold, scale) for drop probability p in [0, 1)."""
    return int(p * 2**31), 1.0 / (1.0 - p)


def keep_mask_reference(seed, n, block, p):
    """The keep mask on the host, in pure Python (Philox-4x32-10, as
    tl.randint4x computes it): a list of n bools. Slow; for small n."""
    m0, m1 = 0xD2511F53, 0xCD9E8D57
    w0, w1 = 0x9E3779B9, 0xBB67AE85
    mask32 = 0xFFFFFFFF
    threshold, _ = dropout_params(p)
    quarter = block // 4
    keep = [False] * n
    for pid in range((n + block - 1) // block):
        for o in range(quarter):
            c = [(pid * quarter + o) & mask32, 0, 0, 0]
            k0, k1 = seed & mask32, (seed >> 32) & mask32
            for _ in range(10):
                a, b = c[0], c[2]
                hi_b, lo_b = divmod(m1 * b, 1 << 32)
                hi_a, lo_a = divmod(m0 * a, 1 << 32)
                c = [hi_b ^ c[1] ^ k0, lo_b, hi_a ^ c[3] ^ k1, lo_a]
                k0, k1 = (k0 + w0) & mask32, (k1 + w1) & mask32
            for j in range(4):
                e = pid * block + j * quarter + o
                if e < n:
                    keep[e] = (c[j] >> 1) >= threshold
    return keep


def run_check(device="cuda"):
    """Both kernels under Triton: the forward's kept elements against the
    Python Philox mask, the backward reusing the same mask."""
    import torch

    results = []
    for dtype in (torch.float32, torch.float16, torch.bfloat16):
        for n, block, p in ((1000, 1024, 0.5), (4099, 512, 0.1)):
            seed = 12345
            threshold, scale = dropout_params(p)
            x = torch.randn(n, device=device).to(dtype)
            y = torch.full_like(x, float("nan"))
            grid = (triton.cdiv(n, block),)
            dropout_fwd_kernel[grid](x, y, n, threshold, scale, seed,
                                     BLOCK=block)
            keep = torch.tensor(keep_mask_reference(seed, n, block, p),
                                device=device)
            ref = torch.where(keep, x.double() * scale, 0.0)
            dy = torch.randn(n, device=device).to(dtype)
            dx = torch.full_like(dy, float("nan"))
            dropout_bwd_kernel[grid](dy, dx, n, threshold, scale, seed,
                                     BLOCK=block)
            dref = torch.where(keep, dy.double() * scale, 0.0)
            tol = 1e-6 if dtype == torch.float32 else 1e-2
            ok = bool(torch.allclose(y.double(), ref, rtol=tol, atol=0)
                      and torch.allclose(dx.double(), dref, rtol=tol, atol=0)
                      and torch.equal(y != 0, keep & (x != 0)))
            name = f"dropout {dtype} n={n} block={block} p={p}"
            print(("PASS " if ok else "FAIL ") + name)
            results.append((name, ok))
    return results


if __name__ == "__main__":
    import sys

    res = run_check()
    sys.exit(0 if all(ok for _, ok in res) else 1)
