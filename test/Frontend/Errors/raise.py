# RUN: tilec %s -k k -s "*fp32, i32, 0" --split-input-file --verify-diagnostics
# A `raise` that code would be generated for is refused where it stands,
# naming the exception: straight-line, in a branch on a runtime condition,
# in the branch a constexpr condition takes, in a called jit function.
# (A raise in a branch a constexpr condition removes is accepted: see
# ../raise_dead_branch.py.)

import triton
import triton.language as tl


@triton.jit
def k(X, N, MODE: tl.constexpr):
    # expected-error @+1 {{'raise ValueError("bad")' is not supported in generated code: a tilec kernel cannot raise at run time (a raise is accepted only in a branch that a constexpr condition removes)}}
    raise ValueError("bad")


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, MODE: tl.constexpr):
    if N > 0:
        tl.store(X, 1.0)
    else:
        # expected-error @+1 {{'raise RuntimeError(f"n is {N}")' is not supported in generated code}}
        raise RuntimeError(f"n is {N}")


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, MODE: tl.constexpr):
    if MODE == 0:
        # expected-error @+1 {{'raise ValueError('unknown mode', MODE)' is not supported in generated code}}
        raise ValueError('unknown mode',
                         MODE)
    tl.store(X, 1.0)


# -----
import triton
import triton.language as tl


@triton.jit
def helper(MODE: tl.constexpr):
    if MODE == 1:
        return 1.0
    # expected-error @+1 {{'raise' is not supported in generated code}}
    raise


@triton.jit
def k(X, N, MODE: tl.constexpr):
    tl.store(X, helper(MODE))
