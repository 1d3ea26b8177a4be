# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# Indentation errors: an unexpected or inconsistent indent, or a missing block.

import triton
import triton.language as tl


@triton.jit
def k(X, N):
    x = 1
    # expected-error @+1 {{unexpected indent}}
        y = 2


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    x = 1
    # expected-error @+1 {{unindent does not match any outer indentation level}}
   y = 2


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    if N:
        x = 1
    # expected-error @+1 {{unindent does not match any outer indentation level}}
      y = 2


# -----
import triton
import triton.language as tl


@triton.jit
# expected-error @+1 {{unexpected indent}}
  def k(X, N):
    pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    if N > 0:
    # expected-error @+1 {{expected an indented block after 'if' statement on line 8}}
    x = 1


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    for i in range(N):
    # expected-error @+1 {{expected an indented block after 'for' statement on line 8}}
    pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    if N:
        pass
    else:
    # expected-error @+1 {{expected an indented block after 'else' statement on line 10}}
    x = 1


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
	x = 1
    # expected-error @+1 {{inconsistent use of tabs and spaces in indentation}}
        y = 2
