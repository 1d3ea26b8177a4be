# XFAIL: *
# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# Diagnostics that are vague, misleading or point at the wrong place today. Each
# case states the wanted message (a substring of it); once tilec produces them all
# this file XPASSes: drop the XFAIL line and move the cases to their theme file.

import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # Today: "unexpected end of file inside parentheses" at the end of the file.
    # expected-error @+1 {{'(' was never closed}}
    x = (1 +


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # Today: "invalid syntax".
    # expected-error @+1 {{unmatched ']'}}
    x = ]


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # Today: "invalid syntax".
    # expected-error @+1 {{unmatched ')'}}
    x = 1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # Today: "invalid syntax".
    # expected-error @+1 {{expected an expression after '+'}}
    x = N +


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # Today: "starred expressions are not supported in tilec kernels".
    # expected-error @+1 {{expected an expression after '+'}}
    x = 1 +* 2


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # Today: "invalid syntax".
    # expected-error @+1 {{expected an expression after 'not'}}
    x = not


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # Today: "invalid syntax".
    # expected-error @+1 {{'else' without a matching 'if'}}
    else:
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # Today: "invalid syntax".
    # expected-error @+1 {{expected an argument before ','}}
    x = tl.load(X,, N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # Today: "'tl.frob' is not a function of triton.language" (drops '.math').
    # expected-error @+1 {{'tl.math.frob' is not a function of triton.language}}
    x = tl.math.frob(N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # Today: "function 'triton.language.math.libdevice' has no attribute 'exp'".
    # expected-error @+1 {{(libdevice and other extern functions) is not supported by tilec}}
    x = tl.math.libdevice.exp(N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # Today: "... got function 'triton.language.float17'": it is no function.
    # expected-error @+1 {{'tl.float17' is not a member of triton.language}}
    x = tl.zeros((16,), dtype=tl.float17)


# -----
import triton
import triton.language as tl


def plain(a):
    return a


@triton.jit
def k(X, N):
    # Today: "cannot access global 'plain' ...; define it as 'plain = tl.constexpr(...)'".
    # expected-error @+1 {{'plain' is not a @triton.jit function}}
    x = plain(N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # Today: "tensor has no attribute 'foo' (methods must be called)": X is a
    # scalar pointer, and foo is no method.
    # expected-error @+1 {{scalar pointer<fp32> has no attribute 'foo'}}
    x = X.foo


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # Today: "cannot convert constexpr float 1 to int32 implicitly; use an integer
    # or .to()": names no variable, and prints 1.0 as 1.
    # expected-error @+1 {{variable 'x' has type fp32 on one path and int32 on the other}}
    if N > 0:
        x = 1.0
    else:
        x = N
    tl.store(X, x)


# -----
import triton
import triton.language as tl


@triton.jit
def h(a):
    if a > 0:
        # Today: "cannot convert constexpr float 1.5 to int32 implicitly; ...".
        # expected-error @+1 {{the returned value is scalar int32 on one path and constexpr float 1.5 on the other}}
        return a
    else:
        return 1.5


@triton.jit
def k(X, N):
    x = h(N)


# -----
import triton
import triton.language as tl


@triton.jit
def h(a):
    if a > 0:
        # Today: "this function returns ...": name the function.
        # expected-error @+1 {{'h' returns a value on one path and None on another}}
        return a


@triton.jit
def k(X, N):
    x = h(N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # Today: "takes at most 1 arguments".
    # expected-error @+1 {{'tl.program_id' takes at most 1 argument but 2 were given}}
    x = tl.program_id(0, 1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.arange(0, 16)
    # Today: "the condition of 'if'/'while' ...": say which one.
    # expected-error @+1 {{the condition of 'if' must be a scalar}}
    if a > 0:
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # Today: "'in' is only supported on constexpr tuples": the tuple is one; N
    # is the runtime operand.
    # expected-error @+1 {{got scalar int32}}
    x = N in (1, 2)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # Today: "tl.static_range bounds must be constexpr" (no quotes, no type).
    # expected-error @+1 {{'tl.static_range' bounds must be constexpr integers, got scalar int32}}
    for i in tl.static_range(N):
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.arange(0, 16)
    # Today: accepted (compared with 0); Triton rejects a non-boolean mask.
    # expected-error @+1 {{mask must have boolean scalar type}}
    tl.store(X + a, a.to(tl.float32), mask=a)
