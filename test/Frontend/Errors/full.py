# RUN: tilec %s -k k -s "*i8" --split-input-file --verify-diagnostics
# tl.full refuses what Triton's constant builders refuse: a nonzero float
# for an integer type, an int beyond int64 for a signed type, a negative int
# or one beyond uint64 for an unsigned type.

import triton
import triton.language as tl


@triton.jit
def k(P):
    # expected-error @+1 {{'tl.full' value constexpr float 1.5 is not an integer, which int8 needs}}
    x = tl.full([16], 1.5, tl.int8)


# -----
import triton
import triton.language as tl


@triton.jit
def k(P):
    # expected-error @+1 {{'tl.full' value 9223372036854775808 is out of range for int8 constants (int64 values, truncated to the type)}}
    x = tl.full([16], 2**63, tl.int8)


# -----
import triton
import triton.language as tl


@triton.jit
def k(P):
    # expected-error @+1 {{'tl.full' value -1 is out of range for uint8 constants (uint64 values, truncated to the type)}}
    x = tl.full([16], -1, tl.uint8)


# -----
import triton
import triton.language as tl


@triton.jit
def k(P):
    # expected-error @+1 {{'tl.full' value 18446744073709551616 is out of range for uint64 constants (uint64 values, truncated to the type)}}
    x = tl.full([16], 2**64, tl.uint64)
