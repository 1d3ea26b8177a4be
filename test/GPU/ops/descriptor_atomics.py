# Reductions through a descriptor made in the kernel (desc.atomic_add and
# the others, Triton 3.6's TMA reductions) for the differential harness: each
# program reduces an 8x32 block of A into Out through a descriptor over the
# 12x48 tensor Out, so the last row and column blocks are partial and their
# out-of-bounds elements must not be touched. Every element of Out is
# reduced once: the results are exact. Floats are normal values: tilec's
# elementwise atom.add and the TMA reduction may treat subnormals apart.

import triton
import triton.language as tl


@triton.jit
def _desc_reduce(Out, A, M, N, KIND: tl.constexpr):
    MB: tl.constexpr = 8
    NB: tl.constexpr = 32
    moff = tl.program_id(0) * MB
    noff = tl.program_id(1) * NB
    # A is the padded 16x64 grid of blocks, row-major.
    rows = moff + tl.arange(0, MB)[:, None]
    cols = noff + tl.arange(0, NB)[None, :]
    val = tl.load(A + rows * (2 * NB) + cols)
    desc = tl.make_tensor_descriptor(Out, shape=[M, N], strides=[N, 1],
                                     block_shape=[MB, NB])
    if KIND == "add":
        desc.atomic_add([moff, noff], val)
    elif KIND == "min":
        desc.atomic_min([moff, noff], val)
    elif KIND == "max":
        desc.atomic_max([moff, noff], val)
    elif KIND == "and":
        desc.atomic_and([moff, noff], val)
    elif KIND == "or":
        desc.atomic_or([moff, noff], val)
    else:
        tl.static_assert(KIND == "xor")
        desc.atomic_xor([moff, noff], val)


@triton.jit
def k_desc_atomic_add_i32(Out, A, M, N):
    _desc_reduce(Out, A, M, N, "add")


@triton.jit
def k_desc_atomic_add_u64(Out, A, M, N):
    _desc_reduce(Out, A, M, N, "add")


@triton.jit
def k_desc_atomic_add_fp32(Out, A, M, N):
    _desc_reduce(Out, A, M, N, "add")


@triton.jit
def k_desc_atomic_add_fp16(Out, A, M, N):
    _desc_reduce(Out, A, M, N, "add")


@triton.jit
def k_desc_atomic_add_bf16(Out, A, M, N):
    _desc_reduce(Out, A, M, N, "add")


@triton.jit
def k_desc_atomic_min_i32(Out, A, M, N):
    _desc_reduce(Out, A, M, N, "min")


@triton.jit
def k_desc_atomic_max_u32(Out, A, M, N):
    _desc_reduce(Out, A, M, N, "max")


@triton.jit
def k_desc_atomic_max_i64(Out, A, M, N):
    _desc_reduce(Out, A, M, N, "max")


@triton.jit
def k_desc_atomic_min_fp16(Out, A, M, N):
    _desc_reduce(Out, A, M, N, "min")


@triton.jit
def k_desc_atomic_max_bf16(Out, A, M, N):
    _desc_reduce(Out, A, M, N, "max")


@triton.jit
def k_desc_atomic_and_i32(Out, A, M, N):
    _desc_reduce(Out, A, M, N, "and")


@triton.jit
def k_desc_atomic_or_u64(Out, A, M, N):
    _desc_reduce(Out, A, M, N, "or")


@triton.jit
def k_desc_atomic_xor_i64(Out, A, M, N):
    _desc_reduce(Out, A, M, N, "xor")


SPECS = {
    "k_desc_atomic_add_i32": dict(
        args=dict(Out=dict(dtype="i32", shape=576, role="inout"),
                  A=dict(dtype="i32", shape=1024), M=12, N=48),
        grid=(2, 2), compare="exact"),
    "k_desc_atomic_add_u64": dict(
        args=dict(Out=dict(dtype="u64", shape=576, role="inout"),
                  A=dict(dtype="u64", shape=1024), M=12, N=48),
        grid=(2, 2), compare="exact"),
    "k_desc_atomic_add_fp32": dict(
        args=dict(Out=dict(dtype="fp32", shape=576, role="inout", fill="normal"),
                  A=dict(dtype="fp32", shape=1024, fill="normal"), M=12, N=48),
        grid=(2, 2), compare="exact"),
    "k_desc_atomic_add_fp16": dict(
        args=dict(Out=dict(dtype="fp16", shape=576, role="inout", fill="normal"),
                  A=dict(dtype="fp16", shape=1024, fill="normal"), M=12, N=48),
        grid=(2, 2), compare="exact"),
    "k_desc_atomic_add_bf16": dict(
        args=dict(Out=dict(dtype="bf16", shape=576, role="inout", fill="normal"),
                  A=dict(dtype="bf16", shape=1024, fill="normal"), M=12, N=48),
        grid=(2, 2), compare="exact"),
    "k_desc_atomic_min_i32": dict(
        args=dict(Out=dict(dtype="i32", shape=576, role="inout"),
                  A=dict(dtype="i32", shape=1024), M=12, N=48),
        grid=(2, 2), compare="exact"),
    "k_desc_atomic_max_u32": dict(
        args=dict(Out=dict(dtype="u32", shape=576, role="inout"),
                  A=dict(dtype="u32", shape=1024), M=12, N=48),
        grid=(2, 2), compare="exact"),
    "k_desc_atomic_max_i64": dict(
        args=dict(Out=dict(dtype="i64", shape=576, role="inout"),
                  A=dict(dtype="i64", shape=1024), M=12, N=48),
        grid=(2, 2), compare="exact"),
    # sm_90 only (Triton: TMA reductions; tilec: compare-and-swap loops).
    "k_desc_atomic_min_fp16": dict(
        args=dict(Out=dict(dtype="fp16", shape=576, role="inout", fill="normal"),
                  A=dict(dtype="fp16", shape=1024, fill="normal"), M=12, N=48),
        grid=(2, 2), compare="exact"),
    "k_desc_atomic_max_bf16": dict(
        args=dict(Out=dict(dtype="bf16", shape=576, role="inout", fill="normal"),
                  A=dict(dtype="bf16", shape=1024, fill="normal"), M=12, N=48),
        grid=(2, 2), compare="exact"),
    "k_desc_atomic_and_i32": dict(
        args=dict(Out=dict(dtype="i32", shape=576, role="inout"),
                  A=dict(dtype="i32", shape=1024), M=12, N=48),
        grid=(2, 2), compare="exact"),
    "k_desc_atomic_or_u64": dict(
        args=dict(Out=dict(dtype="u64", shape=576, role="inout"),
                  A=dict(dtype="u64", shape=1024), M=12, N=48),
        grid=(2, 2), compare="exact"),
    "k_desc_atomic_xor_i64": dict(
        args=dict(Out=dict(dtype="i64", shape=576, role="inout"),
                  A=dict(dtype="i64", shape=1024), M=12, N=48),
        grid=(2, 2), compare="exact",
        xfail="Triton 3.6 itself faults on it on the H100 (illegal instruction, "
              "bench/results/2026-12-07-session17/run1/ops)"),
}
