# RUN: tilec %s -k k -s "*fp32, i32, i64, fp32, *i32" --emit=tile --split-input-file --verify-diagnostics
# Block pointers are refused where Triton 3.6 refuses them, at the line of
# the call and by name: make_block_ptr's checks (a scalar pointer base,
# constexpr power-of-two block_shape, order a permutation, equal lengths,
# 64-bit shapes and strides, 32-bit offsets), load/store through a block
# pointer (no mask or other, padding_option '', 'zero' or 'nan' and not
# 'nan' for integers, boundary_check distinct dimensions of the block, a
# stored value of exactly the block's shape and type), advance, arithmetic
# on a block pointer, and a block pointer whose block changes across a loop
# or an if.

import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    # expected-error @+1 {{'tl.make_block_ptr' block_shape must be constexpr integers, got scalar int32}}
    p = tl.make_block_ptr(X, (N,), (1,), (0,), (N,), (0,))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    # expected-error @+1 {{'tl.make_block_ptr' block shape dimensions must be powers of two, got [48]}}
    p = tl.make_block_ptr(X, (N,), (1,), (0,), (48,), (0,))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    # expected-error @+1 {{'tl.make_block_ptr' order must be a permutation of 0 .. 1, got [1, 1]}}
    p = tl.make_block_ptr(X, (N, N), (N, 1), (0, 0), (16, 16), (1, 1))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    # expected-error @+1 {{'tl.make_block_ptr' shape, strides, offsets, block_shape and order must have the same length, got 2, 1, 1, 1 and 1}}
    p = tl.make_block_ptr(X, (N, N), (1,), (0,), (16,), (0,))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    # expected-error @+1 {{'tl.make_block_ptr' block_shape must not be empty: a 0-d block is forbidden}}
    p = tl.make_block_ptr(X, (), (), (), (), ())


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    # expected-error @+1 {{'tl.make_block_ptr' base must be a pointer (not a block pointer or a tensor of pointers), got scalar int32}}
    p = tl.make_block_ptr(N, (N,), (1,), (0,), (16,), (0,))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    # expected-error @+1 {{'tl.make_block_ptr' base must be a pointer (not a block pointer or a tensor of pointers), got tensor pointer<fp32>[16]}}
    p = tl.make_block_ptr(X + tl.arange(0, 16), (N,), (1,), (0,), (16,), (0,))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    p = tl.make_block_ptr(X, (N,), (1,), (0,), (16,), (0,))
    # expected-error @+1 {{'tl.make_block_ptr' base must be a pointer (not a block pointer or a tensor of pointers), got block pointer to fp32[16] blocks}}
    q = tl.make_block_ptr(p, (N,), (1,), (0,), (16,), (0,))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    # expected-error @+1 {{block pointers only support 32-bit offsets, got scalar int64; convert it with .to(tl.int32) or use a tensor of pointers for 64-bit offsets}}
    p = tl.make_block_ptr(X, (N,), (1,), (L,), (16,), (0,))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    # expected-error @+1 {{block pointers only support 32-bit offsets, got 2147483648}}
    p = tl.make_block_ptr(X, (N,), (1,), (2**31,), (16,), (0,))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    # expected-error @+1 {{block pointers only support 64-bit shapes, got 9223372036854775808}}
    p = tl.make_block_ptr(X, (2**63,), (1,), (0,), (16,), (0,))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    # expected-error @+1 {{a block pointer's strides must be integer scalars, got scalar fp32}}
    p = tl.make_block_ptr(X, (N,), (F,), (0,), (16,), (0,))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    # expected-error @+1 {{a block pointer's shapes must be integer scalars, got tensor int32[16]}}
    p = tl.make_block_ptr(X, (tl.arange(0, 16),), (1,), (0,), (16,), (0,))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    # expected-error @+1 {{'tl.make_block_ptr' argument 'order' cannot be None}}
    p = tl.make_block_ptr(X, (N,), (1,), (0,), (16,), None)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    p = tl.make_block_ptr(X, (N,), (1,), (0,), (16,), (0,))
    # expected-error @+1 {{'mask' and 'other' cannot be given when loading through a block pointer; use 'boundary_check' and 'padding_option'}}
    x = tl.load(p, mask=tl.arange(0, 16) < N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    p = tl.make_block_ptr(X, (N,), (1,), (0,), (16,), (0,))
    # expected-error @+1 {{'tl.load' got an unexpected keyword argument 'padding'}}
    x = tl.load(p, padding="zero")


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    p = tl.make_block_ptr(X, (N,), (1,), (0,), (16,), (0,))
    # expected-error @+1 {{'padding_option' must be '', 'zero' or 'nan', got 'one'}}
    x = tl.load(p, boundary_check=(0,), padding_option="one")


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    p = tl.make_block_ptr(I, (N,), (1,), (0,), (16,), (0,))
    # expected-error @+1 {{padding option 'nan' is not supported for a block pointer to int32 (an integer type)}}
    x = tl.load(p, boundary_check=(0,), padding_option="nan")


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    p = tl.make_block_ptr(X, (N, N), (N, 1), (0, 0), (16, 16), (1, 0))
    # expected-error @+1 {{'boundary_check' dimension must be an integer in [0, 2) for a block pointer of rank 2, got constexpr int 2}}
    x = tl.load(p, boundary_check=(0, 2))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    p = tl.make_block_ptr(X, (N, N), (N, 1), (0, 0), (16, 16), (1, 0))
    # expected-error @+1 {{duplicate dimension 1 in 'boundary_check'}}
    tl.store(p, tl.zeros((16, 16), tl.float32), boundary_check=(1, 1))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    p = tl.make_block_ptr(X, (N, N), (N, 1), (0, 0), (16, 16), (1, 0))
    # expected-error @+1 {{'boundary_check' must be constexpr dimensions, got scalar int32}}
    x = tl.load(p, boundary_check=N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    p = tl.make_block_ptr(X, (N, N), (N, 1), (0, 0), (16, 16), (1, 0))
    # expected-error @+1 {{a block pointer to fp32[16, 16] blocks stores a tensor of that shape, got tensor fp32[16]}}
    tl.store(p, tl.zeros((16,), tl.float32))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    p = tl.make_block_ptr(X, (N,), (1,), (0,), (16,), (0,))
    # expected-error @+1 {{a block pointer to fp32[16] blocks stores fp32 values, got tensor int32[16] (convert it with .to())}}
    tl.store(p, 1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    p = tl.make_block_ptr(X, (N,), (1,), (0,), (16,), (0,))
    # expected-error @+1 {{'mask' cannot be given when storing through a block pointer; use 'boundary_check'}}
    tl.store(p, 1.0, mask=tl.arange(0, 16) < N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    p = tl.make_block_ptr(X, (N,), (1,), (0,), (16,), (0,))
    # expected-error @+1 {{operator '+' is not supported on a block pointer; move it with tl.advance}}
    q = p + 1


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    # expected-error @+1 {{'tl.advance' expects a block pointer made by tl.make_block_ptr, got scalar pointer<fp32>}}
    q = tl.advance(X, (1,))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    p = tl.make_block_ptr(X, (N,), (1,), (0,), (16,), (0,))
    # expected-error @+1 {{'tl.advance' of a block pointer of rank 1 takes 1 offsets, got 2}}
    q = tl.advance(p, (1, 2))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    p = tl.make_block_ptr(X, (N,), (1,), (0,), (16,), (0,))
    # expected-error @+1 {{block pointer to fp32[16] blocks has no method 'to'}}
    q = p.to(tl.float16)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    p = tl.make_block_ptr(X, (N,), (1,), (0,), (16,), (0,))
    # expected-error @+1 {{block pointer to fp32[16] blocks has no attribute 'shape'}}
    s = p.shape


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    # expected-error @+1 {{'boundary_check' and 'padding_option' are only supported for block pointers (tl.make_block_ptr): the bounds of a tensor of pointers are unknown}}
    x = tl.load(X + tl.arange(0, 16), boundary_check=(0,))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    # expected-error @+1 {{'boundary_check' and 'padding_option' are only supported for block pointers (tl.make_block_ptr): the bounds of a tensor of pointers are unknown}}
    x = tl.load(X, padding_option="zero")


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    # expected-error @+1 {{'boundary_check' is only supported for block pointers (tl.make_block_ptr): the bounds of a tensor of pointers are unknown}}
    tl.store(X, 1.0, boundary_check=(0,))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    p = tl.make_block_ptr(X, (N,), (1,), (0,), (16,), (0,))
    # expected-error @+1 {{loop-carried variable 'p' enters the loop as block pointer to fp32[16] blocks but is block pointer to fp32[32] blocks at the end of an iteration; its type must not change}}
    for i in range(N):
        p = tl.make_block_ptr(X, (N,), (1,), (0,), (32,), (0,))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, F, I):
    p = tl.make_block_ptr(X, (N,), (1,), (0,), (16,), (0,))
    # expected-error @+1 {{variable 'p' is block pointer to fp32[32] blocks on one path and block pointer to fp32[16] blocks on the other; the block and order must agree}}
    if N > 3:
        p = tl.make_block_ptr(X, (N,), (1,), (0,), (32,), (0,))
