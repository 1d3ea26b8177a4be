# RUN: tilec %s -k k -s "*fp32" --split-input-file --verify-diagnostics
# A nested def runs as a closure; what it cannot evaluate is an unknown
# value named at the construct inside it, and `nonlocal` (outside the
# subset) makes the enclosing function one tilec cannot read.
import torch
import triton
import triton.language as tl


def outer():
    def probe():
        return torch.cuda.mem_get_info()[0]

    return probe() // 2**30


FREE = tl.constexpr(outer())


@triton.jit
def k(x_ptr):
    # expected-error @+1 {{'FREE' is bound to a call of 'torch.cuda.mem_get_info'}}
    tl.store(x_ptr, FREE)

# -----
import triton
import triton.language as tl


def counter():
    n = 0

    def bump():
        nonlocal n
        n += 1

    bump()
    return n


N = tl.constexpr(counter())


@triton.jit
def k(x_ptr):
    # expected-error @+1 {{'N' is bound to the function 'counter' ('nonlocal' is not supported in tilec kernels)}}
    tl.store(x_ptr, N)
