# RUN: tilec %s -k k -s "*u8, *u8, *u8, *u8" --arch=sm_90a --split-input-file --verify-diagnostics
# tl.dot_scaled's checks, reported at the call (the decomposition is
# tilec's prelude): Triton 3.6's asserts on formats, ranks and scale shapes,
# and e4m3 below sm_89, which Triton cannot convert either.

import triton
import triton.language as tl


@triton.jit
def k(A, AS, B, BS):
    r = tl.arange(0, 32)
    a = tl.load(A + r[:, None] * 32 + r[None, :])
    b = tl.load(B + r[:, None] * 32 + r[None, :])
    # expected-error @+1 {{'tl.static_assert' failed: dot_scaled: lhs_format must be 'e2m1', 'e4m3', 'e5m2', 'bf16' or 'fp16'}}
    c = tl.dot_scaled(a, None, "e3m2", b, None, "e5m2")


# -----
import triton
import triton.language as tl


@triton.jit
def k(A, AS, B, BS):
    r = tl.arange(0, 32)
    a = tl.load(A + r[:, None] * 32 + r[None, :])
    b = tl.load(B + r[:, None] * 32 + r[None, :])
    sa = tl.load(AS + r)
    # expected-error @+1 {{'tl.static_assert' failed: dot_scaled: a scale must have the operand's rank}}
    c = tl.dot_scaled(a, sa, "e5m2", b, None, "e5m2")


# -----
import triton
import triton.language as tl


@triton.jit
def k(A, AS, B, BS):
    r = tl.arange(0, 32)
    a = tl.load(A + r[:, None] * 32 + r[None, :])
    b = tl.load(B + r[:, None] * 32 + r[None, :])
    sb = tl.load(BS + r[:, None] * 2 + tl.arange(0, 2)[None, :])
    # expected-error @+1 {{'tl.static_assert' failed: dot_scaled: a scale must be [M, K // 32] for lhs and [N, K // 32] for rhs}}
    c = tl.dot_scaled(a, None, "e5m2", b, sb, "e5m2")


# -----
import triton
import triton.language as tl


@triton.jit
def k(A, AS, B, BS):
    r = tl.arange(0, 32)
    a = tl.load(A + r[:, None] * 32 + r[None, :])
    b = tl.load(B + r[:, None] * 32 + r[None, :])
    # expected-error @+1 {{'tl.static_assert' failed: dot_scaled: only e2m1 operands can be packed along a dimension other than K}}
    c = tl.dot_scaled(a, None, "e5m2", b, None, "e5m2", lhs_k_pack=False)


# -----
import triton
import triton.language as tl


@triton.jit
def k(A, AS, B, BS):
    r = tl.arange(0, 32)
    a = tl.load(A + r[:, None] * 32 + r[None, :])
    b = tl.load(B + r[:, None] * 32 + r[None, :])
    # e2m1 lhs packs 64 elements of K in 32 bytes; the e5m2 rhs has 32.
    # expected-error @+1 {{'tl.static_assert' failed: dot_scaled: lhs and rhs must pack the same number of elements along K}}
    c = tl.dot_scaled(a, None, "e2m1", b, None, "e5m2")
