"""tl.load and tl.store with each cache_modifier, eviction_policy and
volatile (issue 12: "honored in the PTX"). The hints change how the
caches treat the accesses, never the values: every output must match
Triton's bit for bit. Masked (a ragged N) and unmasked, fp32 (one .f32 per
element, v4) and fp16 (packed .b32 words)."""
import triton
import triton.language as tl


@triton.jit
def k_load_fp32_ca(X, O, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    tl.store(O + offs, tl.load(X + offs, mask=mask, cache_modifier=".ca"), mask=mask)


@triton.jit
def k_load_fp32_cg(X, O, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    tl.store(O + offs, tl.load(X + offs, mask=mask, cache_modifier=".cg"), mask=mask)


@triton.jit
def k_load_fp32_cv(X, O, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    tl.store(O + offs, tl.load(X + offs, mask=mask, cache_modifier=".cv"), mask=mask)


@triton.jit
def k_load_fp32_volatile(X, O, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    tl.store(O + offs, tl.load(X + offs, mask=mask, other=1.5, volatile=True), mask=mask)


@triton.jit
def k_load_fp32_evict_first(X, O, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask, eviction_policy="evict_first")
    tl.store(O + offs, x, mask=mask)


@triton.jit
def k_load_fp32_evict_last(X, O, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask, eviction_policy="evict_last")
    tl.store(O + offs, x, mask=mask)


@triton.jit
def k_load_fp16_cg_unmasked(X, O, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(O + offs, tl.load(X + offs, cache_modifier=".cg"))


@triton.jit
def k_load_fp16_evict_last_unmasked(X, O, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(O + offs, tl.load(X + offs, eviction_policy="evict_last"))


@triton.jit
def k_load_i32_volatile_unmasked(X, O, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(O + offs, tl.load(X + offs, volatile=True))


@triton.jit
def k_store_fp32_wb(X, O, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    tl.store(O + offs, tl.load(X + offs, mask=mask), mask=mask, cache_modifier=".wb")


@triton.jit
def k_store_fp32_cg(X, O, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    tl.store(O + offs, tl.load(X + offs, mask=mask), mask=mask, cache_modifier=".cg")


@triton.jit
def k_store_fp32_cs(X, O, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    tl.store(O + offs, tl.load(X + offs, mask=mask), mask=mask, cache_modifier=".cs")


@triton.jit
def k_store_fp32_wt(X, O, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    tl.store(O + offs, tl.load(X + offs, mask=mask), mask=mask, cache_modifier=".wt")


@triton.jit
def k_store_fp32_evict_first(X, O, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    tl.store(O + offs, tl.load(X + offs, mask=mask), mask=mask,
             eviction_policy="evict_first")


@triton.jit
def k_store_fp32_evict_last(X, O, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    tl.store(O + offs, tl.load(X + offs, mask=mask), mask=mask,
             eviction_policy="evict_last")


@triton.jit
def k_store_fp16_cs_unmasked(X, O, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(O + offs, tl.load(X + offs), cache_modifier=".cs")


@triton.jit
def k_store_fp16_evict_first_unmasked(X, O, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(O + offs, tl.load(X + offs), eviction_policy="evict_first")


SPECS = {
    "k_load_fp32_ca": dict(
        args=dict(X=dict(dtype="fp32", shape=1000),
                  O=dict(dtype="fp32", shape=1000, role="out"),
                  N=1000, BLOCK=256),
        grid=4, compare="exact"),
    "k_load_fp32_cg": dict(
        args=dict(X=dict(dtype="fp32", shape=1000),
                  O=dict(dtype="fp32", shape=1000, role="out"),
                  N=1000, BLOCK=256),
        grid=4, compare="exact"),
    "k_load_fp32_cv": dict(
        args=dict(X=dict(dtype="fp32", shape=1000),
                  O=dict(dtype="fp32", shape=1000, role="out"),
                  N=1000, BLOCK=256),
        grid=4, compare="exact"),
    "k_load_fp32_volatile": dict(
        args=dict(X=dict(dtype="fp32", shape=1000),
                  O=dict(dtype="fp32", shape=1000, role="out"),
                  N=1000, BLOCK=256),
        grid=4, compare="exact"),
    "k_load_fp32_evict_first": dict(
        args=dict(X=dict(dtype="fp32", shape=1000),
                  O=dict(dtype="fp32", shape=1000, role="out"),
                  N=1000, BLOCK=256),
        grid=4, compare="exact"),
    "k_load_fp32_evict_last": dict(
        args=dict(X=dict(dtype="fp32", shape=1000),
                  O=dict(dtype="fp32", shape=1000, role="out"),
                  N=1000, BLOCK=256),
        grid=4, compare="exact"),
    "k_load_fp16_cg_unmasked": dict(
        args=dict(X=dict(dtype="fp16", shape=2048),
                  O=dict(dtype="fp16", shape=2048, role="out"),
                  BLOCK=1024),
        grid=2, compare="exact"),
    "k_load_fp16_evict_last_unmasked": dict(
        args=dict(X=dict(dtype="fp16", shape=2048),
                  O=dict(dtype="fp16", shape=2048, role="out"),
                  BLOCK=1024),
        grid=2, compare="exact"),
    "k_load_i32_volatile_unmasked": dict(
        args=dict(X=dict(dtype="i32", shape=1024),
                  O=dict(dtype="i32", shape=1024, role="out"),
                  BLOCK=512),
        grid=2, compare="exact"),
    "k_store_fp32_wb": dict(
        args=dict(X=dict(dtype="fp32", shape=1000),
                  O=dict(dtype="fp32", shape=1000, role="out"),
                  N=1000, BLOCK=256),
        grid=4, compare="exact"),
    "k_store_fp32_cg": dict(
        args=dict(X=dict(dtype="fp32", shape=1000),
                  O=dict(dtype="fp32", shape=1000, role="out"),
                  N=1000, BLOCK=256),
        grid=4, compare="exact"),
    "k_store_fp32_cs": dict(
        args=dict(X=dict(dtype="fp32", shape=1000),
                  O=dict(dtype="fp32", shape=1000, role="out"),
                  N=1000, BLOCK=256),
        grid=4, compare="exact"),
    "k_store_fp32_wt": dict(
        args=dict(X=dict(dtype="fp32", shape=1000),
                  O=dict(dtype="fp32", shape=1000, role="out"),
                  N=1000, BLOCK=256),
        grid=4, compare="exact"),
    "k_store_fp32_evict_first": dict(
        args=dict(X=dict(dtype="fp32", shape=1000),
                  O=dict(dtype="fp32", shape=1000, role="out"),
                  N=1000, BLOCK=256),
        grid=4, compare="exact"),
    "k_store_fp32_evict_last": dict(
        args=dict(X=dict(dtype="fp32", shape=1000),
                  O=dict(dtype="fp32", shape=1000, role="out"),
                  N=1000, BLOCK=256),
        grid=4, compare="exact"),
    "k_store_fp16_cs_unmasked": dict(
        args=dict(X=dict(dtype="fp16", shape=2048),
                  O=dict(dtype="fp16", shape=2048, role="out"),
                  BLOCK=1024),
        grid=2, compare="exact"),
    "k_store_fp16_evict_first_unmasked": dict(
        args=dict(X=dict(dtype="fp16", shape=2048),
                  O=dict(dtype="fp16", shape=2048, role="out"),
                  BLOCK=1024),
        grid=2, compare="exact"),
}
