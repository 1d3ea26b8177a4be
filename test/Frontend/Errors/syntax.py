# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# Lexer and parser errors: each names the token or construct it stopped at.

import triton
import triton.language as tl


@triton.jit
# expected-error @+1 {{expected ':' after function signature}}
def k(X, N)
    pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{unterminated string literal}}
    x = "abc


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{unterminated triple-quoted string literal}}
    x = """abc


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{invalid character '$' (U+0024)}}
    x = 1 $ 2


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{invalid hexadecimal literal}}
    x = 0x


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{invalid decimal literal}}
    x = 1e


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers}}
    x = 08


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{integer literal does not fit in 64 bits}}
    x = 99999999999999999999999


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{unexpected character after line continuation character}}
    x = N \ 1


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{cannot assign to a literal}}
    1 = N


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{cannot assign to a function call}}
    f(N) = 1


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{cannot assign to an expression}}
    N + 1 = 2


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{expected ',' or ')'}}
    x = (1, 2]


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{expected 'else' after 'if' expression}}
    x = 1 if N


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{expected ':' after 'if' condition}}
    if N > 0 x = 1


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{expected 'in' after the 'for' loop target}}
    for i range(N):
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{expected an attribute name after '.'}}
    x = N..a


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{positional argument follows keyword argument}}
    x = tl.load(mask=N, X)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{keyword argument repeated: 'mask'}}
    x = tl.load(X, mask=N > 0, mask=N > 0)


# -----
import triton
import triton.language as tl


@triton.jit
# expected-error @+1 {{duplicate parameter 'X' in function definition}}
def k(X, X):
    pass


# -----
import triton
import triton.language as tl


@triton.jit
# expected-error @+1 {{expected 'def' after the decorators of a jit function}}
x = 1
