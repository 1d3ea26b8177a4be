# RUN: tilec %s -k k -s "*i32, i32, *fp32" --emit=tile --split-input-file --verify-diagnostics
# tl.inline_asm_elementwise is refused at the call, by name, where LLVM's
# assembler or Triton would refuse it later: strings that are not constexpr,
# a constraint string that does not name the registers the packing makes,
# a pack that does not divide the elements, bools packed several to an
# invocation, and
# args that cannot broadcast.

import triton
import triton.language as tl


@triton.jit
def k(X, N, F):
    x = tl.load(X + tl.arange(0, 64))
    # expected-error @+1 {{'tl.inline_asm_elementwise' asm must be a constexpr string, got scalar int32}}
    y = tl.inline_asm_elementwise(N, "=r,r", [x], tl.int32, True, 1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, F):
    x = tl.load(X + tl.arange(0, 64))
    # expected-error @+1 {{'tl.inline_asm_elementwise' constraints must be a constexpr string, got constexpr int 3}}
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", 3, [x], tl.int32, True, 1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, F):
    x = tl.load(X + tl.arange(0, 64))
    # expected-error @+1 {{'tl.inline_asm_elementwise' constraints name 1 outputs and 2 inputs; with 1 result(s), 1 arg(s) and pack 1 the asm has 1 output and 1 input registers}}
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r,r", [x], tl.int32, True, 1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, F):
    x = tl.load(X + tl.arange(0, 64))
    # Four int32 need four input registers and give four outputs.
    # expected-error @+1 {{'tl.inline_asm_elementwise' constraints name 1 outputs and 1 inputs; with 1 result(s), 1 arg(s) and pack 4 the asm has 4 output and 4 input registers}}
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [x], tl.int32, True, 4)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, F):
    x = tl.load(X + tl.arange(0, 2))
    # expected-error @+1 {{'tl.inline_asm_elementwise' pack 4 does not divide the 2 elements of its arguments}}
    y = tl.inline_asm_elementwise("", "=r,=r,=r,=r,r,r,r,r", [x], tl.int32, True, 4)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, F):
    x = tl.load(X + tl.arange(0, 64))
    # expected-error @+1 {{'tl.inline_asm_elementwise' pack must be a constexpr integer, got scalar int32}}
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [x], tl.int32, True, N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, F):
    x = tl.load(X + tl.arange(0, 64))
    # expected-error @+1 {{'tl.inline_asm_elementwise' is_pure must be a constexpr bool, got scalar int32}}
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [x], tl.int32, N, 1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, F):
    x = tl.load(X + tl.arange(0, 64))
    # expected-error @+1 {{'tl.inline_asm_elementwise' bool (int1) args need pack 1: a predicate register holds one; convert it with .to(tl.int32)}}
    y = tl.inline_asm_elementwise("", "=r,=r,b,b", [x > 0], tl.int32, True, 2)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, F):
    x = tl.load(X + tl.arange(0, 64))
    # expected-error @+1 {{'tl.inline_asm_elementwise' bool (int1) results need pack 1: a predicate register holds one}}
    y = tl.inline_asm_elementwise("", "=b,=b,r,r", [x], tl.int1, True, 2)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, F):
    x = tl.load(X + tl.arange(0, 64))
    # expected-error @+1 {{'tl.inline_asm_elementwise' needs at least one result dtype}}
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "r", [x], (), True, 1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, F):
    x = tl.load(X + tl.arange(0, 64))
    z = tl.load(F + tl.arange(0, 32))
    # expected-error @+1 {{cannot broadcast shapes [64] and [32]: dimension 0 is 64 and 32}}
    y = tl.inline_asm_elementwise("add.s32 $0, $1, $2;", "=r,r,r", [x, z], tl.int32, True, 1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, F):
    x = tl.load(X + tl.arange(0, 64))
    # expected-error @+1 {{'tl.inline_asm_elementwise' is missing the argument 'pack'}}
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [x], tl.int32, True)
