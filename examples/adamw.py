"""A fused AdamW step over many tensors in one launch (multi-tensor apply).

Each parameter tensor t has five arrays of numel[t] elements: the fp32 master
weights, the bf16 copy of the parameters the model computes with, the bf16
gradient, and the fp32 first and second moments. Their addresses are one
row of `table` (int64 [n_tensors, 5], in that order). Tensors are cut into
CHUNK-element chunks; program i updates chunk block_chunk[i] of tensor
block_tensor[i] (the host lists every chunk of every tensor), so one launch
covers any mix of sizes. Per element, as torch.optim.AdamW:

    p  = p - lr * weight_decay * p
    m  = beta1 * m + (1 - beta1) * g
    v  = beta2 * v + (1 - beta2) * g * g
    p  = p - lr / (1 - beta1**step) * m / (sqrt(v) / sqrt(1 - beta2**step) + eps)

and the bf16 parameters are p rounded. The bias corrections are computed
in the kernel from `step`. Addresses must be 16-byte aligned (every
PyTorch allocation is): the kernel says so with tl.multiple_of, so the
loads and stores are 16 bytes wide. A chunk wholly inside its tensor runs
without a bound check; only a tensor's last chunk is masked at numel.

Grid: (number of chunks,).
"""
import triton
import triton.language as tl


@triton.jit
def _adamw_block(master, param, grad, exp_avg, exp_avg_sq, offs, bound,
                 lr, beta1, beta2, eps, weight_decay, step_size, rsqrt_bc2):
    mask = offs < bound
    p = tl.load(master + offs, mask=mask, other=0.0)
    g = tl.load(grad + offs, mask=mask, other=0.0).to(tl.float32)
    m = tl.load(exp_avg + offs, mask=mask, other=0.0)
    v = tl.load(exp_avg_sq + offs, mask=mask, other=0.0)
    p = p - lr * weight_decay * p
    m = beta1 * m + (1.0 - beta1) * g
    v = beta2 * v + (1.0 - beta2) * g * g
    denom = tl.sqrt(v) * rsqrt_bc2 + eps
    p = p - step_size * (m / denom)
    tl.store(master + offs, p, mask=mask)
    tl.store(param + offs, p.to(tl.bfloat16), mask=mask)
    tl.store(exp_avg + offs, m, mask=mask)
    tl.store(exp_avg_sq + offs, v, mask=mask)


@triton.jit
def adamw_kernel(table, numel, block_tensor, block_chunk, lr, beta1, beta2,
                 eps, weight_decay, step, CHUNK: tl.constexpr,
                 BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    t = tl.load(block_tensor + pid)
    chunk = tl.load(block_chunk + pid)
    n = tl.load(numel + t)
    row = table + t * 5
    master = tl.multiple_of(
        tl.load(row + 0).to(tl.pointer_type(tl.float32)), 16)
    param = tl.multiple_of(
        tl.load(row + 1).to(tl.pointer_type(tl.bfloat16)), 16)
    grad = tl.multiple_of(
        tl.load(row + 2).to(tl.pointer_type(tl.bfloat16)), 16)
    exp_avg = tl.multiple_of(
        tl.load(row + 3).to(tl.pointer_type(tl.float32)), 16)
    exp_avg_sq = tl.multiple_of(
        tl.load(row + 4).to(tl.pointer_type(tl.float32)), 16)

    # Bias corrections: beta**step as exp2(step * log2(beta)).
    stepf = step * 1.0  # a constexpr when step == 1 (Triton specializes 1)
    bc1 = 1.0 - tl.exp2(stepf * tl.log2(beta1))
    bc2 = 1.0 - tl.exp2(stepf * tl.log2(beta2))
    step_size = lr / bc1
    rsqrt_bc2 = 1.0 / tl.sqrt(bc2)

    start = chunk.to(tl.int64) * CHUNK
    cols = tl.arange(0, BLOCK)
    if start + CHUNK <= n:
        # Whole chunk in range: the bound is a multiple of CHUNK, so the
        # mask is constant over every 16-byte vector and never false.
        for i in range(0, CHUNK, BLOCK):
            _adamw_block(master, param, grad, exp_avg, exp_avg_sq,
                         start + i + cols, start + CHUNK, lr, beta1, beta2,
                         eps, weight_decay, step_size, rsqrt_bc2)
    else:
        for i in range(0, CHUNK, BLOCK):
            _adamw_block(master, param, grad, exp_avg, exp_avg_sq,
                         start + i + cols, n, lr, beta1, beta2, eps,
                         weight_decay, step_size, rsqrt_bc2)


# Signatures for tools that compile the samples (test/Frontend/Errors).
TILEC_SIGNATURES = {
    "adamw_kernel": ("*i64:16, *i64:16, *i32:16, *i32:16, fp32, fp32, fp32, "
                     "fp32, fp32, i32, 16384, 1024", 4),
}


def make_launch_tables(tensors, chunk, device):
    """The pointer table, numel and per-program (tensor, chunk) lists for
    a list of (master, param, grad, exp_avg, exp_avg_sq) tuples."""
    import torch

    rows, numel, block_tensor, block_chunk = [], [], [], []
    for t, arrays in enumerate(tensors):
        n = arrays[0].numel()
        for a in arrays:
            assert a.numel() == n and a.is_contiguous()
            assert a.data_ptr() % 16 == 0, "adamw_kernel needs 16-byte alignment"
        rows.append([a.data_ptr() for a in arrays])
        numel.append(n)
        for c in range(triton.cdiv(n, chunk)):
            block_tensor.append(t)
            block_chunk.append(c)
    i64 = dict(dtype=torch.int64, device=device)
    i32 = dict(dtype=torch.int32, device=device)
    return (torch.tensor(rows, **i64), torch.tensor(numel, **i64),
            torch.tensor(block_tensor, **i32), torch.tensor(block_chunk, **i32))


def adamw_reference(arrays, lr, beta1, beta2, eps, weight_decay, step):
    """One AdamW step in float64: (master, exp_avg, exp_avg_sq)."""
    p, _, g, m, v = (a.double() for a in arrays)
    p = p - lr * weight_decay * p
    m = beta1 * m + (1 - beta1) * g
    v = beta2 * v + (1 - beta2) * g * g
    bc1, bc2 = 1 - beta1 ** step, 1 - beta2 ** step
    p = p - lr / bc1 * m / (v.sqrt() / bc2 ** 0.5 + eps)
    return p, m, v


def make_tensors(sizes, device, seed=0):
    import torch

    gen = torch.Generator(device=device).manual_seed(seed)
    tensors = []
    for n in sizes:
        master = torch.randn(n, device=device, generator=gen)
        param = master.to(torch.bfloat16)
        grad = (torch.randn(n, device=device, generator=gen) * 0.1).to(torch.bfloat16)
        m = torch.randn(n, device=device, generator=gen) * 0.01
        v = torch.rand(n, device=device, generator=gen) * 1e-4
        tensors.append((master, param, grad, m, v))
    return tensors


def run_check(device="cuda"):
    """The kernel under Triton on a mix of tensor sizes vs float64."""
    import torch

    sizes = [1, 17, 4096, 65536 + 3, 300000]
    hyper = dict(lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01)
    results = []
    for step in (1, 1000):
        tensors = make_tensors(sizes, device)
        refs = [adamw_reference(a, step=step, **hyper) for a in tensors]
        tables = make_launch_tables(tensors, 16384, device)
        adamw_kernel[(tables[2].numel(),)](*tables, *hyper.values(), step,
                                           CHUNK=16384, BLOCK=1024)
        ok = True
        for (master, param, _, m, v), (pr, mr, vr) in zip(tensors, refs):
            for got, ref in ((master, pr), (m, mr), (v, vr)):
                err = ((got.double() - ref).abs().max() /
                       ref.abs().max().clamp_min(1e-30)).item()
                ok = ok and err < 1e-5
            ok = ok and torch.equal(param, master.to(torch.bfloat16))
        name = f"adamw step={step} sizes={sizes}"
        print(("PASS " if ok else "FAIL ") + name)
        results.append((name, ok))
    return results


if __name__ == "__main__":
    import sys

    res = run_check()
    sys.exit(0 if all(ok for _, ok in res) else 1)
