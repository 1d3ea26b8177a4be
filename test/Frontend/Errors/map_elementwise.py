# RUN: tilec %s -k k -s "*i32, i32" --emit=tile --split-input-file --verify-diagnostics
# tl.map_elementwise is refused at the call, by name, where its function or
# arguments cannot make one: no @jit function, a function taking another
# number of arguments than the tensors times pack give it, a pack that does
# not divide the elements, results that are not scalars or whose packed
# elements differ in type, pointer arguments, an unknown keyword.

import triton
import triton.language as tl


@triton.jit
def k(X, N):
    x = tl.load(X + tl.arange(0, 64))
    # expected-error @+1 {{'tl.map_elementwise' needs a @triton.jit function first, got scalar int32}}
    y = tl.map_elementwise(N, x)


# -----
import triton
import triton.language as tl


@triton.jit
def two(a, b):
    return a + b


@triton.jit
def k(X, N):
    x = tl.load(X + tl.arange(0, 64))
    # expected-error @+1 {{'tl.map_elementwise' function 'two' takes 2 arguments; 1 tensor(s) with pack 1 pass 1}}
    y = tl.map_elementwise(two, x)


# -----
import triton
import triton.language as tl


@triton.jit
def three(a, b, c):
    return a, b, c


@triton.jit
def k(X, N):
    x = tl.load(X + tl.arange(0, 64))
    # expected-error @+1 {{'tl.map_elementwise' pack 3 does not divide the 64 elements of its arguments}}
    y = tl.map_elementwise(three, x, pack=3)


# -----
import triton
import triton.language as tl


@triton.jit
def pair(a, b):
    return a + b


@triton.jit
def k(X, N):
    x = tl.load(X + tl.arange(0, 64))
    # expected-error @+1 {{'tl.map_elementwise' function 'pair' returns 1 values; with pack 2 it must return a multiple of 2}}
    y = tl.map_elementwise(pair, x, pack=2)


# -----
import triton
import triton.language as tl


@triton.jit
def mixed(a, b):
    return a, b.to(tl.float32)


@triton.jit
def k(X, N):
    x = tl.load(X + tl.arange(0, 64))
    # expected-error @+1 {{'tl.map_elementwise' function 'mixed' returns values of different types for the packed elements of one result}}
    y = tl.map_elementwise(mixed, x, pack=2)


# -----
import triton
import triton.language as tl


@triton.jit
def ident(p):
    return p


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.map_elementwise' maps over tensors and numbers, got}}
    y = tl.map_elementwise(ident, X + tl.arange(0, 64))


# -----
import triton
import triton.language as tl


@triton.jit
def ident(a):
    return a


@triton.jit
def k(X, N):
    x = tl.load(X + tl.arange(0, 64))
    # expected-error @+1 {{'tl.map_elementwise' got an unexpected keyword argument 'packs'}}
    y = tl.map_elementwise(ident, x, packs=2)


# -----
import triton
import triton.language as tl


@triton.jit
def ident(a):
    return a


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.map_elementwise' needs at least one tensor to map over}}
    y = tl.map_elementwise(ident)
