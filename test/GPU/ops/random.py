"""GPU differential kernels: triton.language's random numbers (tilec's
prelude, lib/Frontend/Prelude/random.py) against Triton 3.6, bit for bit.
Spec format: bench/opsuite/README.md."""
import triton
import triton.language as tl


@triton.jit
def k_randint_i32(Y, seed, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(Y + offs, tl.randint(seed, offs), mask=offs < N)


@triton.jit
def k_randint_i64_offsets(Y, seed, base, N, BLOCK: tl.constexpr):
    # 64-bit offsets: the high word becomes the second counter.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    big = offs.to(tl.int64) + base
    tl.store(Y + offs, tl.randint(seed, big), mask=offs < N)


@triton.jit
def k_randint4x_i32(Y0, Y1, Y2, Y3, seed, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    a, b, c, d = tl.randint4x(seed, offs, 7)
    m = offs < N
    tl.store(Y0 + offs, a, mask=m)
    tl.store(Y1 + offs, b, mask=m)
    tl.store(Y2 + offs, c, mask=m)
    tl.store(Y3 + offs, d, mask=m)


@triton.jit
def k_rand_fp32(Y, seed, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(Y + offs, tl.rand(seed, offs), mask=offs < N)


@triton.jit
def k_rand4x_fp32(Y0, Y3, seed, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    a, b, c, d = tl.rand4x(seed, offs)
    m = offs < N
    tl.store(Y0 + offs, a, mask=m)
    tl.store(Y3 + offs, d, mask=m)


@triton.jit
def k_randn_fp32(Y, seed, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(Y + offs, tl.randn(seed, offs), mask=offs < N)


@triton.jit
def k_randn4x_fp32(Y1, Y2, seed, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    a, b, c, d = tl.randn4x(seed, offs)
    m = offs < N
    tl.store(Y1 + offs, b, mask=m)
    tl.store(Y2 + offs, c, mask=m)


@triton.jit
def k_philox_u32(C, Y0, Y1, seed, N, BLOCK: tl.constexpr):
    # Counters from memory, 3 rounds.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    c = tl.load(C + offs, mask=m, other=0)
    a, b, _, _ = tl.philox(seed, c, c ^ 0x55, c * 3, offs, 3)
    tl.store(Y0 + offs, a, mask=m)
    tl.store(Y1 + offs, b, mask=m)


@triton.jit
def k_dropout_fp32(X, Y, p, seed, N, BLOCK: tl.constexpr):
    # Triton's low-memory dropout tutorial, seeded form.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m)
    keep = tl.rand(seed, offs) > p
    tl.store(Y + offs, tl.where(keep, x / (1 - p), 0.0), mask=m)


SPECS = {
    "k_randint_i32": dict(
        args=dict(Y=dict(dtype="i32", shape=5000, role="out"), seed=1234567, N=5000,
                  BLOCK=1024),
        grid=(5,), compare="exact"),
    "k_randint_i64_offsets": dict(
        args=dict(Y=dict(dtype="i32", shape=3000, role="out"), seed=-77,
                  base=2**33 + 12345, N=3000, BLOCK=512),
        grid=(6,), compare="exact"),
    "k_randint4x_i32": dict(
        args=dict(Y0=dict(dtype="i32", shape=2048, role="out"),
                  Y1=dict(dtype="i32", shape=2048, role="out"),
                  Y2=dict(dtype="i32", shape=2048, role="out"),
                  Y3=dict(dtype="i32", shape=2048, role="out"),
                  seed=2**40 + 3, N=2000, BLOCK=256),
        grid=(8,), compare="exact"),
    "k_rand_fp32": dict(
        args=dict(Y=dict(dtype="fp32", shape=4096, role="out"), seed=42, N=4000, BLOCK=1024),
        grid=(4,), compare="exact"),
    "k_rand4x_fp32": dict(
        args=dict(Y0=dict(dtype="fp32", shape=1024, role="out"),
                  Y3=dict(dtype="fp32", shape=1024, role="out"), seed=9, N=1000, BLOCK=512),
        grid=(2,), compare="exact"),
    "k_randn_fp32": dict(
        args=dict(Y=dict(dtype="fp32", shape=4096, role="out"), seed=31337, N=4096,
                  BLOCK=1024),
        grid=(4,), compare="exact"),
    "k_randn4x_fp32": dict(
        args=dict(Y1=dict(dtype="fp32", shape=2048, role="out"),
                  Y2=dict(dtype="fp32", shape=2048, role="out"), seed=5, N=2048, BLOCK=1024),
        grid=(2,), compare="exact"),
    "k_philox_u32": dict(
        args=dict(C=dict(dtype="u32", shape=1024, fill="bits"),
                  Y0=dict(dtype="u32", shape=1024, role="out"),
                  Y1=dict(dtype="u32", shape=1024, role="out"), seed=123, N=1000, BLOCK=256),
        grid=(4,), compare="exact"),
    "k_dropout_fp32": dict(
        args=dict(X=dict(dtype="fp32", shape=10000, fill="normal"),
                  Y=dict(dtype="fp32", shape=10000, role="out"), p=0.3, seed=123, N=10000,
                  BLOCK=1024),
        grid=(10,), compare="exact"),
}
