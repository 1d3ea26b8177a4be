# RUN: tilec %s -k k -s "*i8, *u8" --split-input-file --verify-diagnostics
# `/`, `//` and `%` refuse operands of different signedness, in Triton's
# wording ("Cannot use ... because they have different signedness"), which
# code written for Triton matches on.

import triton
import triton.language as tl


@triton.jit
def k(X, Y):
    offs = tl.arange(0, 16)
    x = tl.load(X + offs)
    y = tl.load(Y + offs)
    # expected-error @+1 {{Cannot use /, // or % with int8 and uint8 because they have different signedness}}
    z = x // y


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, Y):
    offs = tl.arange(0, 16)
    x = tl.load(X + offs)
    y = tl.load(Y + offs)
    # expected-error @+1 {{Cannot use /, // or % with uint8 and int8 because they have different signedness}}
    z = y % x


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, Y):
    offs = tl.arange(0, 16)
    x = tl.load(X + offs)
    y = tl.load(Y + offs)
    # expected-error @+1 {{Cannot use /, // or % with int8 and uint8 because they have different signedness}}
    z = x / y
