# RUN: tilec %s -k k -s "*i64" --split-input-file --verify-diagnostics
# Python's errors in constexpr arithmetic are located diagnostics with
# Python's text; an exact integer too large for the kernel is refused where
# it meets a machine integer.

import triton
import triton.language as tl


@triton.jit
def k(P):
    # expected-error @+1 {{ZeroDivisionError: integer division or modulo by zero}}
    x = 1 // 0


# -----
import triton
import triton.language as tl


@triton.jit
def k(P):
    # expected-error @+1 {{ZeroDivisionError: integer modulo by zero}}
    x = 1 % 0


# -----
import triton
import triton.language as tl


@triton.jit
def k(P):
    # expected-error @+1 {{ZeroDivisionError: division by zero}}
    x = 1 / 0


# -----
import triton
import triton.language as tl


@triton.jit
def k(P):
    # expected-error @+1 {{ZeroDivisionError: 0.0 cannot be raised to a negative power}}
    x = 0 ** -1


# -----
import triton
import triton.language as tl


@triton.jit
def k(P):
    # expected-error @+1 {{OverflowError: (34, 'Numerical result out of range')}}
    x = 2.0 ** 10000


# -----
import triton
import triton.language as tl


@triton.jit
def k(P):
    # expected-error @+1 {{ValueError: negative shift count}}
    x = 1 << -1


# -----
import triton
import triton.language as tl


@triton.jit
def k(P):
    # expected-error @+1 {{ValueError: negative shift count}}
    x = 1 >> -1


# -----
import triton
import triton.language as tl


@triton.jit
def k(P):
    # expected-error @+1 {{constexpr integer exceeds tilec's limit of 65536 bits}}
    x = 1 << 100000


# -----
import triton
import triton.language as tl


@triton.jit
def k(P):
    # expected-error @+1 {{ZeroDivisionError: float floor division by zero}}
    x = 1.0 // 0


# -----
import triton
import triton.language as tl


@triton.jit
def k(P):
    # expected-error @+1 {{ZeroDivisionError: float modulo}}
    x = 1.5 % 0.0


# -----
import triton
import triton.language as tl


@triton.jit
def k(P):
    # expected-error @+1 {{OverflowError: cannot convert float infinity to integer}}
    x = int(float("inf"))


# -----
import triton
import triton.language as tl


@triton.jit
def k(P):
    # expected-error @+1 {{OverflowError: int too large to convert to float}}
    x = float(2**1024)


# -----
import triton
import triton.language as tl


@triton.jit
def k(P):
    # expected-error @+1 {{nonrepresentable integer 18446744073709551616: a runtime integer must fit in int64 or uint64}}
    tl.store(P, 2**64)


# -----
import triton
import triton.language as tl


@triton.jit
def k(P):
    x = tl.load(P)
    # expected-error @+1 {{nonrepresentable integer -9223372036854775809: a runtime integer must fit in int64 or uint64}}
    y = x + (-2**63 - 1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(P):
    # expected-error @+1 {{'tl.arange' end must fit in int64, got 18446744073709551616}}
    x = tl.arange(0, 2**64)
