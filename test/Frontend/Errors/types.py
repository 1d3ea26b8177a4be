# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# Type errors: shapes that do not broadcast, operands of the wrong kind, and
# values whose type changes across a loop or an if.

import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.arange(0, 16)
    b = tl.arange(0, 32)
    # expected-error @+1 {{cannot broadcast shapes [16] and [32]: dimension 0 is 16 and 32}}
    c = a + b


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.zeros((16, 32), dtype=tl.float32)
    b = tl.zeros((32, 16), dtype=tl.float32)
    # expected-error @+1 {{cannot broadcast shapes [16, 32] and [32, 16]: dimension 0 is 16 and 32}}
    c = a * b


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.arange(0, 16)
    # expected-error @+1 {{'tl.where' has incompatible operand types tensor pointer<fp32>[16] and tensor int32[16]}}
    c = tl.where(a > 0, X + a, a)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.zeros((16, 32), dtype=tl.float16)
    b = tl.zeros((16, 32), dtype=tl.float16)
    # expected-error @+1 {{'tl.dot' inner dimensions must match: input is fp16[16, 32] and other is fp16[16, 32]}}
    c = tl.dot(a, b)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.zeros((16, 32), dtype=tl.float16)
    b = tl.zeros((32, 16), dtype=tl.float32)
    # expected-error @+1 {{'tl.dot' operands must have the same element type, got fp16 and fp32}}
    c = tl.dot(a, b)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.zeros((8, 8), dtype=tl.float16)
    b = tl.zeros((8, 8), dtype=tl.float16)
    # expected-error @+1 {{'tl.dot' needs M, N and K of at least 16, got M=8 N=8 K=8}}
    c = tl.dot(a, b)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.zeros((16,), dtype=tl.float16)
    b = tl.zeros((16, 16), dtype=tl.float16)
    # expected-error @+1 {{'tl.dot' operands must be tensors of numbers of rank 2 or more, got tensor fp16[16]}}
    c = tl.dot(a, b)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.zeros((16, 16), dtype=tl.float32)
    # allow_tf32 is the deprecated spelling of input_precision: one or the
    # other, as Triton asserts.
    # expected-error @+1 {{'tl.dot' takes only one of input_precision and allow_tf32}}
    c = tl.dot(a, a, input_precision="tf32", allow_tf32=True)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.zeros((16,), dtype=tl.float32)
    # expected-error @+1 {{floor division '//' is not supported for floating-point operands (tensor fp32[16] and tensor fp32[16])}}
    c = a // a


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.zeros((16,), dtype=tl.float32)
    # expected-error @+1 {{invalid operands of type tensor fp32[16] and constexpr int 1: operator '&' needs integer operands}}
    c = a & 1


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.zeros((16,), dtype=tl.float32)
    # expected-error @+1 {{invalid operands of type tensor fp32[16] and constexpr int 1: operator '<<' needs integer operands}}
    c = a << 1


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.zeros((16,), dtype=tl.float32)
    # expected-error @+1 {{operator '~' needs an integer operand, got tensor fp32[16]}}
    c = ~a


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.zeros((16,), dtype=tl.float16)
    # expected-error @+1 {{'tl.exp' expects fp32 or fp64, got fp16; convert with .to(tl.float32)}}
    c = tl.exp(a)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.exp' expects fp32 or fp64, got int32}}
    y = tl.exp(N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    acc = tl.zeros((16,), dtype=tl.float32)
    # expected-error @+1 {{loop-carried variable 'acc' enters the loop as tensor fp32[16] but is tensor fp32[32] at the end of an iteration; its type must not change}}
    for i in range(N):
        acc = tl.zeros((32,), dtype=tl.float32)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    acc = N
    # expected-error @+1 {{loop-carried variable 'acc' enters the loop as scalar int32 but is scalar pointer<fp32> at the end of an iteration; its type must not change}}
    for i in range(N):
        acc = X


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{variable 'x' has type fp32[16] on one path and fp32[32] on the other}}
    if N > 0:
        x = tl.zeros((16,), dtype=tl.float32)
    else:
        x = tl.zeros((32,), dtype=tl.float32)
    tl.store(X, x)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{variable 'x' has type pointer<fp32> on one path and int32 on the other}}
    if N > 0:
        x = X
    else:
        x = N
    tl.store(X, x)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{operator '+' is not supported between two pointers}}
    p = X + X


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{unsupported operand types for '*': scalar pointer<fp32> and constexpr int 2 (pointers take + and - with integers)}}
    x = X * 2


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{comparing pointers is not supported}}
    c = X < X


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.arange(0, 16)
    # expected-error @+1 {{the condition of 'if' must be a scalar, got tensor int1[16]; use tl.where for tensors}}
    if a > 0:
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.load' expects a pointer or a tensor of pointers, got scalar int32}}
    x = tl.load(N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{storing pointers is not supported}}
    tl.store(X, X)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{reductions expect a tensor, got scalar int32}}
    x = tl.sum(N, axis=0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.arange(0, 16)
    # expected-error @+1 {{'tl.reshape' cannot reshape int32[16] to [8, 4]: 16 elements vs 32}}
    x = tl.reshape(a, (8, 4))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.arange(0, 16)
    # expected-error @+1 {{too many indices for a tensor of rank 1}}
    x = a[:, :, None]


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.zeros((16,), dtype=tl.float32)
    # expected-error @+1 {{'tl.to' dtype must be a dtype such as tl.float32, got scalar pointer<fp32>}}
    x = a.to(X)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{cannot unpack scalar int32 into 2 names}}
    a, b = N


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{cannot unpack a tuple of 3 elements into 2 names}}
    a, b = (1, 2, 3)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{len() of scalar int32 is not defined}}
    x = len(N)

# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # A Python int adapts to the tile's type only if it fits (Triton checks
    # the range too), so 2**40 never wraps silently to 0.
    # expected-error @+1 {{integer constant 1099511627776 is out of range for int32}}
    tl.store(X, N + 2**40)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{variable 'x' is constexpr float 1.0 on one path and scalar int32 on the other; the types must agree}}
    if N > 0:
        x = 1.0
    else:
        x = N
    tl.store(X, x)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.arange(0, 16)
    # expected-error @+1 {{the condition of 'if' must be a scalar}}
    if a > 0:
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'in' needs a constexpr on its left, got scalar int32}}
    x = N in (1, 2)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.arange(0, 16)
    # expected-error @+1 {{'tl.store' mask must be boolean (int1), got tensor int32[16]}}
    tl.store(X + a, a.to(tl.float32), mask=a)
