# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# A constexpr function must compute a compile-time value, and its body must
# be in the Python subset tilec runs (a body outside it is an error only
# where a kernel calls the function). A plain Python function is not
# callable from a kernel, as in Triton.

import triton
import triton.language as tl


@triton.constexpr_function
def plus_one(x):
    return x + 1


@triton.jit
def k(X, N):
    # expected-error @+1 {{constexpr function 'plus_one' must compute a compile-time value; it computes on runtime values (scalar int32)}}
    y = plus_one(N)


# -----
import triton
import triton.language as tl


@triton.constexpr_function
def names(x):
    return {k: 1 for k in x}


@triton.constexpr_function
def fine(x):
    return x * 2


@triton.jit
def k(X, N):
    tl.static_assert(fine(2) == 4)
    # expected-error-re @+1 {{constexpr function 'names' (line {{[0-9]+}}) is outside the Python that tilec runs at compile time: line {{[0-9]+}}: {{.*}}}}
    y = names((1, 2))


# -----
import triton
import triton.language as tl


def helper(x):
    return x + 1


@triton.jit
def k(X, N):
    # expected-error @+1 {{'helper' is not a @triton.jit function; only @jit functions can be called from a kernel}}
    y = helper(1)
