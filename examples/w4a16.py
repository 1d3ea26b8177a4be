"""W4A16 decoding: y = x @ W with W stored as 4-bit integers.

Layout (GPTQ's, with fp16 zeros): K x N weights, packed along K, 8 to an
int32: qweight[r, n] holds W[8r + j, n] in bits 4j..4j+3 (j = 0..7), an
unsigned 4-bit q. Groups of GROUP = 128 consecutive k share one fp16 scale
and one fp16 zero per column: scales[k // GROUP, n], zeros[k // GROUP, n],
and W[k, n] = (q - zero) * scale. x is fp16 [M, K], y is fp32 [M, N]
(row-major, contiguous). The dequantization is fused into the loads: W is
never written out in fp16.

w4a16_gemv_kernel, batch M = 1: a program owns BLOCK_N columns and
K / SPLIT_K rows; per group it loads the 16 x BLOCK_N int32 words, and for
each of the 8 nibbles accumulates x[k] * q in fp32. A nibble becomes a float
without a conversion instruction: OR-ed into the mantissa of 2**23 and
reinterpreted, then 2**23 subtracted, both exact. The zero and scale are
applied once per group and column, as scale * (sum x q - zero * sum x).
With SPLIT_K > 1 the programs of a column add into y atomically (y must be
zero first); with SPLIT_K = 1 they store.

w4a16_gemm_kernel, batch M <= BLOCK_M (2..16 in decoding): a program owns
BLOCK_M x BLOCK_N outputs; per group and nibble j, the 16 x BLOCK_N words
give the fp16 weights of rows 8r + j, (q - zero) * scale, and tl.dot
multiplies them with x's columns 8r + j (16 of them) on the tensor cores.
Split-K as above.

Grids: (cdiv(N, BLOCK_N), SPLIT_K) and (cdiv(N, BLOCK_N), SPLIT_K,
cdiv(M, BLOCK_M)). K must be a multiple of GROUP * SPLIT_K and N of BLOCK_N.
"""
import triton
import triton.language as tl


@triton.jit
def _nibble_f32(src, P: tl.constexpr):
    # The nibble at bits P..P+3 of src (P <= 16) as fp32, with no conversion
    # instruction: kept in place in the mantissa under the exponent of
    # 2**(23 - P), the float is exactly 2**(23 - P) + q.
    bits = (src & (0xF << P)) | ((150 - P) << 23)
    return bits.to(tl.float32, bitcast=True) - (2.0 ** (23 - P))


@triton.jit
def _nibble_f16(src, P: tl.constexpr):
    # The same in fp16 for a nibble at bits P..P+3 (P <= 4) of a 16-bit
    # half: 2**(10 - P) + q, exact.
    bits = ((src & (0xF << P)) | ((25 - P) << 10)).to(tl.int16)
    return bits.to(tl.float16, bitcast=True) - (2.0 ** (10 - P))


@triton.jit
def w4a16_gemv_kernel(x_ptr, qweight_ptr, scales_ptr, zeros_ptr, y_ptr, K, N,
                      GROUP: tl.constexpr, BLOCK_N: tl.constexpr,
                      SPLIT_K: tl.constexpr):
    tl.static_assert(GROUP % 8 == 0)
    ROWS: tl.constexpr = GROUP // 8
    pid_n = tl.program_id(0)
    pid_k = tl.program_id(1)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rows = tl.arange(0, ROWS)
    groups_per_split = K // (GROUP * SPLIT_K)
    g0 = pid_k * groups_per_split
    acc = tl.zeros([BLOCK_N], tl.float32)
    for g in range(g0, g0 + groups_per_split):
        words = tl.load(qweight_ptr + (g * ROWS + rows)[:, None] * N +
                        offs_n[None, :])
        scale = tl.load(scales_ptr + g * N + offs_n).to(tl.float32)
        zero = tl.load(zeros_ptr + g * N + offs_n).to(tl.float32)
        x_g = x_ptr + g * GROUP + rows * 8
        xq = tl.zeros([ROWS, BLOCK_N], tl.float32)
        xsum = tl.zeros([ROWS], tl.float32)
        # Nibbles 0..4 where they are; 5..7 from the word shifted by 20.
        for j in tl.static_range(5):
            xj = tl.load(x_g + j).to(tl.float32)
            xq += xj[:, None] * _nibble_f32(words, 4 * j)
            xsum += xj
        high = words >> 20
        for j in tl.static_range(3):
            xj = tl.load(x_g + 5 + j).to(tl.float32)
            xq += xj[:, None] * _nibble_f32(high, 4 * j)
            xsum += xj
        dot = tl.sum(xq, axis=0)
        acc += scale * (dot - zero * tl.sum(xsum, axis=0))
    if SPLIT_K == 1:
        tl.store(y_ptr + offs_n, acc)
    else:
        tl.atomic_add(y_ptr + offs_n, acc, sem="relaxed")


@triton.jit
def _gemm_nibble(acc, x_ptr, offs_m, m_mask, K, k0, rows, src,
                 P: tl.constexpr, J: tl.constexpr, scale, zero_scale):
    # Rows 8r + J of the group: fp16 weights q * scale - zero * scale, times
    # x's columns k0 + 8r + J.
    w = _nibble_f16(src, P) * scale[None, :] - zero_scale[None, :]
    xj = tl.load(x_ptr + offs_m[:, None] * K + k0 + rows[None, :] * 8 + J,
                 mask=m_mask[:, None], other=0.0)
    return tl.dot(xj, w, acc)


@triton.jit
def w4a16_gemm_kernel(x_ptr, qweight_ptr, scales_ptr, zeros_ptr, y_ptr, M, K,
                      N, GROUP: tl.constexpr, BLOCK_M: tl.constexpr,
                      BLOCK_N: tl.constexpr, SPLIT_K: tl.constexpr):
    tl.static_assert(GROUP % 8 == 0)
    ROWS: tl.constexpr = GROUP // 8
    pid_n = tl.program_id(0)
    pid_k = tl.program_id(1)
    pid_m = tl.program_id(2)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rows = tl.arange(0, ROWS)
    m_mask = offs_m < M
    groups_per_split = K // (GROUP * SPLIT_K)
    g0 = pid_k * groups_per_split
    acc = tl.zeros([BLOCK_M, BLOCK_N], tl.float32)
    for g in range(g0, g0 + groups_per_split):
        words = tl.load(qweight_ptr + (g * ROWS + rows)[:, None] * N +
                        offs_n[None, :])
        scale = tl.load(scales_ptr + g * N + offs_n)
        zero = tl.load(zeros_ptr + g * N + offs_n)
        zero_scale = (zero.to(tl.float32) * scale.to(tl.float32)).to(tl.float16)
        k0 = g * GROUP
        # Each 16-bit half of a word holds 4 nibbles; those at bits 0 and 4
        # of a half convert in place, those at 8 and 12 after a shift by 8.
        for h in tl.static_range(2):
            half = words >> (16 * h)
            upper = half >> 8
            acc = _gemm_nibble(acc, x_ptr, offs_m, m_mask, K, k0, rows, half,
                               0, 4 * h, scale, zero_scale)
            acc = _gemm_nibble(acc, x_ptr, offs_m, m_mask, K, k0, rows, half,
                               4, 4 * h + 1, scale, zero_scale)
            acc = _gemm_nibble(acc, x_ptr, offs_m, m_mask, K, k0, rows, upper,
                               0, 4 * h + 2, scale, zero_scale)
            acc = _gemm_nibble(acc, x_ptr, offs_m, m_mask, K, k0, rows, upper,
                               4, 4 * h + 3, scale, zero_scale)
    y_ptrs = y_ptr + offs_m[:, None] * N + offs_n[None, :]
    if SPLIT_K == 1:
        tl.store(y_ptrs, acc, mask=m_mask[:, None])
    else:
        tl.atomic_add(y_ptrs, acc, mask=m_mask[:, None], sem="relaxed")


# Signatures for tools that compile the samples (test/Frontend/Errors).
TILEC_SIGNATURES = {
    "w4a16_gemv_kernel": ("*fp16:16, *i32:16, *fp16:16, *fp16:16, *fp32:16, "
                          "i32:16, i32:16, 128, 256, 4", 4),
}

GROUP = 128


def quantize(w, group=GROUP):
    """(qweight, scales, zeros) of an fp32 K x N matrix, asymmetric 4-bit
    per group of `group` rows; also the dequantized fp16 matrix."""
    import torch

    K, N = w.shape
    wg = w.reshape(K // group, group, N)
    lo, hi = wg.amin(dim=1), wg.amax(dim=1)
    scales = ((hi - lo) / 15).clamp_min(1e-6).to(torch.float16)
    zeros = (-lo / scales.float()).to(torch.float16)
    q = torch.round(wg / scales.float()[:, None, :] +
                    zeros.float()[:, None, :]).clamp(0, 15).to(torch.int32)
    q = q.reshape(K, N)
    packed = torch.zeros(K // 8, N, dtype=torch.int32, device=w.device)
    for j in range(8):
        packed |= q[j::8] << (4 * j)
    deq = ((q.reshape(K // group, group, N).float() - zeros.float()[:, None, :])
           * scales.float()[:, None, :]).reshape(K, N)
    return packed, scales, zeros, deq


def w4a16(x, qweight, scales, zeros, block_n=None, split_k=1, block_m=16,
          num_warps=4, gemv=None, launcher=None):
    """y = x @ W (fp32), through the GEMV kernel for M = 1 unless gemv is
    False. `launcher(kernel)` wraps a kernel (tilec.jit); default Triton."""
    import torch

    M, K = x.shape
    N = qweight.shape[1]
    gemv = M == 1 if gemv is None else gemv
    block_n = block_n or (256 if gemv else 64)
    y = (torch.zeros if split_k > 1 else torch.empty)(
        M, N, device=x.device, dtype=torch.float32)
    wrap = launcher or (lambda k: k)
    if gemv:
        assert M == 1
        wrap(w4a16_gemv_kernel)[(N // block_n, split_k)](
            x, qweight, scales, zeros, y, K, N, GROUP=GROUP, BLOCK_N=block_n,
            SPLIT_K=split_k, num_warps=num_warps)
    else:
        wrap(w4a16_gemm_kernel)[(N // block_n, split_k,
                                 triton.cdiv(M, block_m))](
            x, qweight, scales, zeros, y, M, K, N, GROUP=GROUP,
            BLOCK_M=block_m, BLOCK_N=block_n, SPLIT_K=split_k,
            num_warps=num_warps)
    return y


def run_check(device="cuda"):
    """Both kernels under Triton against x @ dequantized W in float64."""
    import torch

    torch.manual_seed(0)
    results = []
    K, N = 1024, 512
    w = torch.randn(K, N, device=device) * 0.05
    qweight, scales, zeros, deq = quantize(w)
    for M, split_k in ((1, 1), (1, 4), (3, 1), (16, 2)):
        x = torch.randn(M, K, device=device).to(torch.float16)
        ref = x.double() @ deq.double()
        y = w4a16(x, qweight, scales, zeros, split_k=split_k)
        err = ((y.double() - ref).norm() / ref.norm()).item()
        ok = err < (1e-5 if M == 1 else 2e-3)
        name = f"w4a16 M={M} K={K} N={N} split_k={split_k}: rel_err={err:.2e}"
        print(("PASS " if ok else "FAIL ") + name)
        results.append((name, ok))
    return results


if __name__ == "__main__":
    import sys

    res = run_check()
    sys.exit(0 if all(ok for _, ok in res) else 1)
