"""Fused cross-entropy: loss and gradient in one kernel, the gradient written
over the logits.

cross_entropy_kernel: one program per row (token) of V logits, walked in
BLOCK_V chunks twice:
  1. online log-sum-exp, lane by lane: each lane keeps a running max m and
     a sum of exp(x - m), rescaled when its max grows, with one exp per
     element and no reduction inside the loop (so nothing stops the loads of
     the next chunk from being issued early); the sum of the logits too (for
     label smoothing). After the loop, lse = M + log(sum(acc * exp(m - M)))
     with M the row's max.
  2. the gradient of the row's loss, stored over the logits:
         dL/dx_j = scale * (softmax_j - (1 - s) [j == t] - s / V)
     with t the target, s the label smoothing and scale 1/n (mean over the
     n rows not ignored: `inv_count` = 1/n) or 1 (sum: `inv_count` = 1).
The row's loss, scale * ((1 - s) (lse - x_t) + s (lse - sum(x) / V)) (torch's
CrossEntropyLoss with label_smoothing=s), is stored to Loss[row] in fp32; the
reduction is the sum of Loss. A row whose target is `ignore_index` has loss 0
and a zero gradient. The gradient is that of the reduced loss times
d(reduced loss) = 1, as a fused training step uses it.

Logits are bf16 (or fp16, fp32); all arithmetic is fp32. Targets are int64.
UNROLL unrolls both loops (tl.range's loop_unroll_factor): more loads in
flight per thread for more registers.
"""
import triton
import triton.language as tl


@triton.jit
def cross_entropy_kernel(Logits, stride, Targets, Loss, V, ignore_index, label_smoothing,
                         inv_count, BLOCK_V: tl.constexpr, UNROLL: tl.constexpr = 1):
    row = tl.program_id(0)
    base = Logits + row.to(tl.int64) * stride
    cols = tl.arange(0, BLOCK_V)
    target = tl.load(Targets + row)
    if target == ignore_index:
        zero = tl.zeros([BLOCK_V], tl.float32).to(Logits.dtype.element_ty)
        for start in range(0, V, BLOCK_V):
            offs = start + cols
            tl.store(base + offs, zero, mask=offs < V)
        tl.store(Loss + row, 0.0)
    else:
        # Pass 1: per-lane online log-sum-exp (no reduction in the loop):
        # each lane keeps its own max m and sum acc of exp(x - m); one exp
        # per element, e = exp(-|x - m|), is the rescale factor when x is a
        # new max (acc * e + 1) and the new term otherwise (acc + e).
        m = tl.full([BLOCK_V], -1.0e30, tl.float32)
        acc = tl.zeros([BLOCK_V], tl.float32)
        xsum = tl.zeros([BLOCK_V], tl.float32)
        for start in tl.range(0, V, BLOCK_V, loop_unroll_factor=UNROLL):
            offs = start + cols
            mask = offs < V
            x = tl.load(base + offs, mask=mask, other=float("-inf")).to(tl.float32)
            e = tl.exp(-tl.abs(x - m))
            acc = tl.where(x > m, acc * e + 1.0, acc + e)
            m = tl.maximum(m, x)
            xsum += tl.where(mask, x, 0.0)
        m_row = tl.max(m, axis=0)
        lse = m_row + tl.log(tl.sum(acc * tl.exp(m - m_row), axis=0))
        x_t = tl.load(base + target).to(tl.float32)
        smooth = label_smoothing / V
        loss = (1.0 - label_smoothing) * (lse - x_t) + label_smoothing * lse \
            - smooth * tl.sum(xsum, axis=0)
        tl.store(Loss + row, loss * inv_count)

        # Pass 2: the gradient, over the logits (x_t was read above).
        hit = 1.0 - label_smoothing
        for start in tl.range(0, V, BLOCK_V, loop_unroll_factor=UNROLL):
            offs = start + cols
            mask = offs < V
            x = tl.load(base + offs, mask=mask, other=0.0).to(tl.float32)
            g = tl.exp(x - lse) - smooth - tl.where(offs == target, hit, 0.0)
            tl.store(base + offs, (g * inv_count).to(Logits.dtype.element_ty), mask=mask)


# ---------------------------------------------------------------------------
# Host side (ignored by tilec).
# ---------------------------------------------------------------------------

TILEC_SIGNATURES = {
    "cross_entropy_kernel": ("*bf16:16, i32:16, *i64:16, *fp32:16, i32:16, i32, fp32, fp32, 4096", 8),
}

BLOCK_V = 4096
NUM_WARPS = 8


def cross_entropy(logits, targets, ignore_index=-100, label_smoothing=0.0, reduction="mean",
                  kernel=None, unroll=1):
    """(loss, grad): the reduced loss and its gradient, which overwrites
    `logits` (the tensor returned as grad)."""
    import torch
    kernel = kernel or cross_entropy_kernel
    M, V = logits.shape
    if reduction == "mean":
        n = int((targets != ignore_index).sum().item())
        inv_count = 1.0 / max(n, 1)
    else:
        inv_count = 1.0
    loss = torch.full((M,), float("nan"), device=logits.device, dtype=torch.float32)
    kernel[(M,)](logits, logits.stride(0), targets, loss, V, ignore_index, label_smoothing,
                 inv_count, BLOCK_V=BLOCK_V, UNROLL=unroll, num_warps=NUM_WARPS)
    return loss.sum(), logits


def reference(logits, targets, ignore_index, label_smoothing, reduction):
    """float64 loss and gradient through torch's own cross-entropy."""
    import torch
    x = logits.double().requires_grad_(True)
    loss = torch.nn.functional.cross_entropy(x, targets, ignore_index=ignore_index,
                                             label_smoothing=label_smoothing,
                                             reduction=reduction)
    loss.backward()
    return loss.detach(), x.grad


def _check(name, out, ref, bound):
    err = ((out.double() - ref).norm() / ref.norm()).item()
    ok = err < bound
    print(f"{'PASS' if ok else 'FAIL'} cross_entropy {name}: rel_err={err:.3e} (bound {bound:g})")
    return ok


def run_check(device="cuda"):
    """Loss and gradient under Triton vs. float64 torch, with ignored rows,
    label smoothing, mean and sum; a vocabulary that is not a multiple of
    the block."""
    import torch

    torch.manual_seed(0)
    results = []
    for dtype, bound in ((torch.bfloat16, 2e-2), (torch.float16, 1e-2)):
        for M, V, unroll in ((67, 32000, 1), (67, 50257, 2), (33, 128256, 1), (33, 128256, 2)):
            for smoothing, reduction in ((0.0, "mean"), (0.1, "sum"), (0.1, "mean")):
                logits = (torch.randn(M, V, device=device) * 3.0).to(dtype)
                targets = torch.randint(0, V, (M,), device=device)
                targets[::7] = -100
                loss_ref, grad_ref = reference(logits, targets, -100, smoothing, reduction)
                loss, grad = cross_entropy(logits.clone(), targets, -100, smoothing, reduction,
                                           unroll=unroll)
                base = (f"{str(dtype).replace('torch.', '')} {M}x{V} s={smoothing} {reduction} "
                        f"UNROLL={unroll}")
                ok = _check(base + " loss", loss.reshape(1), loss_ref.reshape(1), 1e-4)
                ok = _check(base + " grad", grad, grad_ref, bound) and ok
                results.append((base, ok))
    return results


if __name__ == "__main__":
    import sys

    res = run_check()
    sys.exit(0 if all(ok for _, ok in res) else 1)
