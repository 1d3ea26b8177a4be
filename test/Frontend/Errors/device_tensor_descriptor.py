# RUN: tilec %s -k k -s "*fp32, i32, i64, *i8, *i1" --emit=tile --split-input-file --verify-diagnostics
# tl.make_tensor_descriptor in a kernel is refused where Triton 3.6 refuses
# it, at the call: 1 to 5 dimensions, one stride and one block dimension per
# dimension, a last stride of constexpr 1, a last block dimension of at
# least 16 bytes, power-of-two block dimensions, a pointer base, padding
# 'zero' or 'nan' ('nan' only for floats); and its loads and stores: one
# offset per dimension, a stored tensor of the block's shape.

import triton
import triton.language as tl


@triton.jit
def k(X, N, L, B, P):
    # expected-error @+1 {{'tl.make_tensor_descriptor' expects 1 to 5 dimensions, got 6}}
    d = tl.make_tensor_descriptor(X, [N, N, N, N, N, N], [N, N, N, N, N, 1], [1, 1, 1, 1, 1, 16])


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, B, P):
    # expected-error @+1 {{'tl.make_tensor_descriptor' expects 2 strides, got 1}}
    d = tl.make_tensor_descriptor(X, [N, N], [1], [16, 16])


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, B, P):
    # expected-error @+1 {{'tl.make_tensor_descriptor' expects block_shape to have 2 dimensions, got 1}}
    d = tl.make_tensor_descriptor(X, [N, N], [N, 1], [16])


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, B, P):
    # expected-error @+1 {{'tl.make_tensor_descriptor' last stride must be the constexpr 1, got scalar int32}}
    d = tl.make_tensor_descriptor(X, [N, N], [N, N], [16, 16])


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, B, P):
    # expected-error @+1 {{'tl.make_tensor_descriptor' block must have at least 16 bytes in the last dimension, got 2 * 4 = 8 bytes}}
    d = tl.make_tensor_descriptor(X, [N, N], [N, 1], [16, 2])


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, B, P):
    # expected-error @+1 {{'tl.make_tensor_descriptor' block must have at least 16 bytes in the last dimension, got 64 * 0 = 0 bytes}}
    d = tl.make_tensor_descriptor(P, [N, N], [N, 1], [16, 64])


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, B, P):
    # expected-error @+1 {{'tl.make_tensor_descriptor' block shape dimensions must be powers of two, got [16, 48]}}
    d = tl.make_tensor_descriptor(X, [N, N], [N, 1], [16, 48])


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, B, P):
    # expected-error @+1 {{'tl.make_tensor_descriptor' base must be a pointer, got scalar int32}}
    d = tl.make_tensor_descriptor(N, [N, N], [N, 1], [16, 16])


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, B, P):
    # expected-error @+1 {{'tl.make_tensor_descriptor' padding_option must be 'zero' or 'nan', got 'one'}}
    d = tl.make_tensor_descriptor(X, [N, N], [N, 1], [16, 16], padding_option="one")


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, B, P):
    # expected-error @+1 {{padding option 'nan' is not supported for integer blocks}}
    d = tl.make_tensor_descriptor(B, [N, N], [N, 1], [16, 16], padding_option="nan")


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, B, P):
    d = tl.make_tensor_descriptor(X, [N, N], [N, 1], [16, 16])
    # expected-error @+1 {{a tensor descriptor of rank 2 takes a list of 2 offsets, got a tuple of 1 elements}}
    x = d.load([0])


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, B, P):
    d = tl.make_tensor_descriptor(X, [N, N], [N, 1], [16, 16])
    # expected-error @+1 {{a tensor descriptor of fp32[16, 16] blocks stores a tensor of that shape, got tensor fp32[16]}}
    d.store([0, 0], tl.zeros([16], dtype=tl.float32))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, B, P):
    d = tl.make_tensor_descriptor(X, [N, N], [N, 1], [16, 16])
    # expected-error @+1 {{'tl.load' expects a pointer or a tensor of pointers, got tensor descriptor of fp32[16, 16] blocks}}
    x = tl.load(d)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N, L, B, P):
    # expected-error @+1 {{'tl.load_tensor_descriptor' expects a tensor descriptor, got scalar pointer<fp32>}}
    x = tl.load_tensor_descriptor(X, [0])


# -----
import triton
import triton.language as tl


# tl.tensor_descriptor is the class (isinstance works); calling it is no way
# to make one.
@triton.jit
def k(X, N, L, B, P):
    # expected-error @+1 {{'tl.tensor_descriptor' is not supported by tilec: calling the class is not supported: make a descriptor with tl.make_tensor_descriptor or pass one as an argument}}
    d = tl.tensor_descriptor(X, [N, 16], [16, 1], [16, 16])
