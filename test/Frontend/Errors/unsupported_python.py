# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# Python that parses but that a tilec kernel may not use: each error names the
# construct.

import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'lambda' is not supported in tilec kernels}}
    f = lambda a: a + 1


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{nested 'class' definitions are not supported in tilec kernels}}
    class A:
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'try' is not supported in tilec kernels}}
    try:
        x = 1
    except Exception:
        x = 2


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'with' is not supported in tilec kernels}}
    with open("f") as f:
        x = 1


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    x = 1
    # expected-error @+1 {{'del' is not supported in tilec kernels}}
    del x


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'global' is not supported in tilec kernels}}
    global G


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'nonlocal' is not supported in tilec kernels}}
    nonlocal N


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{dict comprehensions are not supported in tilec kernels}}
    x = {i: i for i in range(3)}


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{generator expressions are not supported in tilec kernels}}
    x = (i for i in range(3))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{dict displays are not supported in tilec kernels}}
    x = {1: 2}


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{set displays are not supported in tilec kernels}}
    x = {1, 2}


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{f-strings are not supported in tilec kernels}}
    x = f"{N}"


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{bytes literals are not supported in tilec kernels}}
    x = b"abc"


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{imaginary literals are not supported in tilec kernels}}
    x = 1j


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{starred expressions are not supported in tilec kernels}}
    a, *b = (1, 2, 3)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{':=' assignment expressions are not supported in tilec kernels}}
    if (x := N) > 0:
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    for i in range(N):
        # expected-error @+1 {{'break' is not supported in tilec kernels}}
        break


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    while N > 0:
        # expected-error @+1 {{'continue' is not supported in tilec kernels}}
        continue


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    for i in range(N):
        pass
    # expected-error @+1 {{'for ... else' is not supported in tilec kernels}}
    else:
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    while N > 0:
        N = N - 1
    # expected-error @+1 {{'while ... else' is not supported in tilec kernels}}
    else:
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{nested 'def' is not supported in tilec kernels; define a separate jit function}}
    def inner(a):
        return a


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'import' is not supported inside tilec kernels; import at module level}}
    import math


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'from ... import' is not supported inside tilec kernels; import at module level}}
    from math import sqrt


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'yield' is not supported in tilec kernels}}
    yield N


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'await' is not supported in tilec kernels}}
    await N


# -----
import triton
import triton.language as tl


@triton.jit
# expected-error @+1 {{'async' is not supported in tilec kernels}}
async def k(X, N):
    pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'async' is not supported in tilec kernels}}
    async for i in N:
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'match' is not supported in tilec kernels}}
    match N:
        case 1:
            pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{assignment to a subscript is not supported; tiles are immutable values}}
    X[0] = 1


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{assignment to an attribute is not supported; tiles are immutable values}}
    X.foo = 1


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'...' is not supported here}}
    x = ...


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{range() can only be the iterable of a 'for' loop}}
    x = range(N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'for' loop target must be a single name in tilec kernels}}
    for i, j in range(N):
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'for' loops must iterate over range(), tl.range() or tl.static_range()}}
    for i in N:
        pass
