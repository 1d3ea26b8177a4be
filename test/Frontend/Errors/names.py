# RUN: env -u TRITON_ALLOW_NON_CONSTEXPR_GLOBALS tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# Name resolution: undefined names, globals a kernel cannot see, and functions
# of triton.language that do not exist or that tilec does not support.

import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{name 'foo' is not defined}}
    x = foo + 1


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{name 'y' is not defined}}
    x = y
    y = 1


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    if N > 0:
        z = 1
    # expected-error @+1 {{name 'z' is not defined}}
    w = z


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{name 'math' is not defined}}
    x = math.sqrt(2.0)


# -----
import triton
import triton.language as tl


G = 3


@triton.jit
def k(X, N):
    # expected-error @+1 {{cannot access global 'G' from a jit function: only @jit functions and tl.constexpr globals are visible, in Triton 3.6 too; define it as 'G = tl.constexpr(...)' or set TRITON_ALLOW_NON_CONSTEXPR_GLOBALS=1}}
    x = G + 1


# -----
import triton
import triton.language as tl


import numpy as np


@triton.jit
def k(X, N):
    # expected-error @+1 {{module 'numpy' is not available in tilec kernels (only triton and triton.language are)}}
    x = np.zeros(3)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.frobnicate' is not defined in triton.language}}
    x = tl.frobnicate(N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.tensor_descriptor' is not supported by tilec: calling the class is not supported}}
    p = tl.tensor_descriptor(X, [N], [1], [16])


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # Not a function of Triton 3.6's triton.language: the generic error.
    # expected-error @+1 {{'tl.atomic_rmw' is not defined in triton.language}}
    p = tl.atomic_rmw(X, N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.slice' is not supported by tilec: slice objects are not values in tilec}}
    p = tl.slice(None, None, None)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'libdevice.exp' has no form for (int32) arguments}}
    x = tl.extra.cuda.libdevice.exp(N)


# -----
import triton
import triton.language as tl


from triton.language.extra import libdevice


@triton.jit
def k(X, N):
    # expected-error @+1 {{'libdevice.no_such_function' is not a libdevice function}}
    x = libdevice.no_such_function(N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{Python builtin 'open' is not supported in tilec kernels}}
    x = open("f")


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{Python builtin 'zip' is not supported in tilec kernels}}
    x = zip(N, N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'int' of a runtime value is not supported; use .to(dtype)}}
    x = int(N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{tensor int32[16] has no method 'foo'}}
    x = tl.arange(0, 16).foo()


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.math.frob' is not a function of triton.language}}
    x = tl.math.frob(N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.libdevice.exp' is not a function of triton.language}}
    x = tl.math.libdevice.exp(N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.float17' is not defined in triton.language}}
    x = tl.zeros((16,), dtype=tl.float17)


# -----
import triton
import triton.language as tl


def plain(a):
    return a


@triton.jit
def k(X, N):
    # expected-error @+1 {{'plain' is not a @triton.jit function}}
    x = plain(N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{scalar pointer<fp32> has no attribute 'foo'}}
    x = X.foo
