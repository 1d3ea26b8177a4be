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
    # expected-error @+1 {{unterminated string literal (detected at line 9)}}
    x = "abc


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{unterminated triple-quoted string literal (detected at line 11)}}
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
    # expected-error @+1 {{cannot assign to literal here. Maybe you meant '==' instead of '='?}}
    1 = N


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{cannot assign to function call here. Maybe you meant '==' instead of '='?}}
    f(N) = 1


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{cannot assign to expression here. Maybe you meant '==' instead of '='?}}
    N + 1 = 2


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{closing parenthesis ']' does not match opening parenthesis '('}}
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


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'(' was never closed}}
    x = (1 +


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{unmatched ']'}}
    x = ]


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{unmatched ')'}}
    x = 1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{expected an expression after '+'}}
    x = N +


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{expected an expression after '+'}}
    x = 1 +* 2


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{expected an expression after 'not'}}
    x = not


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'else' without a matching 'if'}}
    else:
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{expected an argument before ','}}
    x = tl.load(X,, N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # The bracket is reported, not the line the parser stopped at.
    # expected-error @+1 {{'[' was never closed}}
    x = tl.load(X + tl.arange(0, [16,
    y = 2


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'{' was never closed}}
    x = tl.load({


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    x = tl.load(X,
                # expected-error @+1 {{closing parenthesis ']' does not match opening parenthesis '(' on line 8}}
                mask=N > 0]


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{expected an expression after '*'}}
    x = (N * )


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{expected an expression after '<='}}
    if N <=:
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{expected an expression after 'and'}}
    x = N > 0 and


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{expected an expression after '='}}
    x =


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{expected an expression after 'if'}}
    if :
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{expected an expression after 'else'}}
    x = N if N > 0 else


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    if N > 0:
        pass
    else:
        pass
    # expected-error @+1 {{'else' without a matching 'if'}}
    else:
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'elif' without a matching 'if'}}
    elif N > 0:
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{invalid syntax. Perhaps you forgot a comma?}}
    x = 1 2


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{invalid syntax. Perhaps you forgot a comma?}}
    x = tl.load(X N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{invalid syntax. Perhaps you forgot a comma?}}
    x = tl.zeros((16 32), dtype=tl.float32)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{expected an expression before ','}}
    x = (1,, 2)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{expected a value for keyword argument 'mask'}}
    x = tl.load(X, mask=)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{expected an index or a slice after '['}}
    x = X[]


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    x = N
    # expected-error @+1 {{augmented assignment cannot be chained}}
    x += N += 1


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{annotated assignment cannot be chained}}
    x: tl.int32 = y = N


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{cannot assign to literal}}
    x = 1 = N


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'function call' is an illegal expression for augmented assignment}}
    f(N) += 1


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{illegal target for annotation}}
    N + 1: tl.int32 = 2


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{expected ':' after 'while' condition}}
    while N > 0
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    if N > 0:
        pass
    # expected-error @+1 {{expected ':' after 'else'}}
    else
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{invalid syntax. Maybe you meant '==' instead of '='?}}
    if N = 0:
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{expected a loop target after 'for'}}
    for in range(N):
        pass


# -----
import triton
import triton.language as tl


@triton.jit
# expected-error @+1 {{expected a default value after '='}}
def k(X, N=):
    pass


# -----
import triton
import triton.language as tl


@triton.jit
# expected-error @+1 {{expected a return annotation after '->'}}
def k(X, N) -> :
    pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{unterminated triple-quoted string literal (detected at line 9)}}
    x = """abc
