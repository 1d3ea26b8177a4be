# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# Compile-time (tl.constexpr) evaluation: values that must be known at compile
# time, limits on shapes, failed static asserts, and constant folding errors.

import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.arange' range must be a power of two, got 100}}
    x = tl.arange(0, 100)


# -----
import triton
import triton.language as tl


B = tl.constexpr(3)


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.arange' range must be a power of two, got 6}}
    x = tl.arange(0, B * 2)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.arange' end must be a constexpr integer, got scalar int32}}
    x = tl.arange(0, N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.arange' end (0) must be greater than start (16)}}
    x = tl.arange(16, 0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.arange' bounds must fit in int32}}
    x = tl.arange(0, 1 << 40)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.arange' range 1073741824 exceeds the maximum tile size of 1048576}}
    x = tl.arange(0, 1 << 30)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.program_id' axis must be a constexpr integer, got scalar int32}}
    x = tl.program_id(N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.program_id' axis must be 0, 1 or 2, got 3}}
    x = tl.program_id(3)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.zeros' shape must be a constexpr shape (a tuple or list of integers), but an element is scalar int32}}
    x = tl.zeros((N,), dtype=tl.float32)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.zeros' shape dimensions must be powers of two, got [16, 3]}}
    x = tl.zeros((16, 3), dtype=tl.float32)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.zeros' shape [1048576, 1048576] has more than 1048576 elements}}
    x = tl.zeros((1 << 20, 1 << 20), dtype=tl.float32)


# -----
import triton
import triton.language as tl


B = tl.constexpr(48)


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.static_assert' failed: B must be a multiple of 32}}
    tl.static_assert(B % 32 == 0, "B must be a multiple of 32")


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.static_assert' needs a constexpr condition, got scalar int1}}
    tl.static_assert(N > 0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{ZeroDivisionError: integer division or modulo by zero}}
    x = 4 // 0


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{ZeroDivisionError: float division by zero}}
    x = 4.0 / 0.0


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{ZeroDivisionError: integer modulo by zero}}
    x = 4 % 0


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.arange' end must fit in int64, got 1267650600228229401496703205376}}
    x = tl.arange(0, 1 << 100)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{constexpr integer exceeds tilec's limit of 65536 bits}}
    x = 2 ** 100000


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    t = (1, 2)
    # expected-error @+1 {{tuple index 2 out of range for a tuple of 2 elements}}
    x = t[2]


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    t = (1, 2)
    # expected-error @+1 {{tuple index -3 out of range for a tuple of 2 elements}}
    x = t[-3]


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    t = (1, 2)
    # expected-error @+1 {{a tuple index must be a constexpr integer, got scalar int32}}
    x = t[N]


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{range step must not be zero}}
    for i in range(0, N, 0):
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{tl.static_range unrolls 100000000 iterations; at most 4096 are allowed}}
    for i in tl.static_range(0, 100000000):
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.zeros' dtype must be a dtype such as tl.float32, got scalar int32}}
    x = tl.zeros((16,), dtype=N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.static_range' bounds must be constexpr, got scalar int32}}
    for i in tl.static_range(N):
        pass
