# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# Calls of jit helpers and of tl functions: argument binding follows Python, and
# helpers are inlined, so recursion is an error.

import triton
import triton.language as tl


@triton.jit
def h(a, b):
    return a + b


@triton.jit
def k(X, N):
    # expected-error @+1 {{'h' is missing the argument 'b'}}
    x = h(N)


# -----
import triton
import triton.language as tl


@triton.jit
def h(a, b):
    return a + b


@triton.jit
def k(X, N):
    # expected-error @+1 {{'h' takes 2 arguments but 3 were given}}
    x = h(N, N, N)


# -----
import triton
import triton.language as tl


@triton.jit
def h(a, b):
    return a + b


@triton.jit
def k(X, N):
    # expected-error @+1 {{'h' got an unexpected keyword argument 'c'}}
    x = h(N, c=N)


# -----
import triton
import triton.language as tl


@triton.jit
def h(a, b):
    return a + b


@triton.jit
def k(X, N):
    # expected-error @+1 {{'h' got multiple values for argument 'a'}}
    x = h(N, a=N)


# -----
import triton
import triton.language as tl


@triton.jit
def h(a, b=2):
    return a + b


@triton.jit
def k(X, N):
    # expected-error @+1 {{keyword argument repeated: 'b'}}
    x = h(N, b=N, b=N)


# -----
import triton
import triton.language as tl


@triton.jit
def h(a):
    # expected-error @+1 {{recursive call to 'h' is not supported: helpers are inlined}}
    return h(a)


@triton.jit
def k(X, N):
    x = h(N)


# -----
import triton
import triton.language as tl


@triton.jit
def g(a):
    return h(a)


@triton.jit
def h(a):
    # expected-error @+1 {{recursive call to 'g' is not supported: helpers are inlined}}
    return g(a)


@triton.jit
def k(X, N):
    x = g(N)


# -----
import triton
import triton.language as tl


# A helper's tl.constexpr annotation binds a runtime argument (as Triton 3.6
# does); the use that needs a constexpr is the error.
@triton.jit
def h(a, B: tl.constexpr):
    # expected-error @+1 {{'tl.arange' end must be a constexpr integer, got scalar int32}}
    return tl.arange(0, B) + a


@triton.jit
def k(X, N):
    x = h(N, N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.arange' is missing the argument 'end'}}
    x = tl.arange(0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.load' got an unexpected keyword argument 'msk'}}
    x = tl.load(X, msk=N > 0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.load' is missing the argument 'pointer'}}
    x = tl.load()


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.load' got multiple values for argument 'pointer'}}
    x = tl.load(X, pointer=X)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.store' is missing the argument 'value'}}
    tl.store(X)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.sum' got an unexpected keyword argument 'foo'}}
    x = tl.sum(N, axis=0, foo=1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{scalar int32 is not callable}}
    x = N(1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{constexpr int 1 is not callable}}
    x = (1)(2)


# -----
import triton
import triton.language as tl


@triton.jit
def h(a):
    return


@triton.jit
def k(X, N):
    # expected-error @+1 {{unsupported operand types for '+': None and constexpr int 1}}
    x = h(N) + 1


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.program_id' takes at most 1 argument but 2 were given}}
    x = tl.program_id(0, 1)
