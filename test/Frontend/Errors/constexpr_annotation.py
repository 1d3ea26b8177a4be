# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# A name annotated tl.constexpr cannot be bound again, nor can an existing
# name be annotated (Triton: "x is already defined. constexpr cannot be
# reassigned."); in an unrolled loop the second iteration rebinds it.

import triton
import triton.language as tl


@triton.jit
def k(X, N):
    x: tl.constexpr = 1
    # expected-error @+1 {{'x' is already defined; a constexpr cannot be reassigned}}
    x: tl.constexpr = 2


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'N' is already defined; a constexpr cannot be reassigned}}
    N: tl.constexpr = 2


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    for i in tl.static_range(2):
        # expected-error @+1 {{'y' is already defined; a constexpr cannot be reassigned}}
        y: tl.constexpr = i
