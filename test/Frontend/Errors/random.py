# RUN: tilec %s -k k -s "*fp32, fp32" --split-input-file --verify-diagnostics
# tilec's prelude functions are builtins to the user: errors inside them are
# reported at the kernel's call of the tl function.

import triton
import triton.language as tl


@triton.jit
def k(Y, seed):
    offs = tl.arange(0, 16)
    # expected-error @+1 {{the philox seed must be an integer}}
    tl.store(Y + offs, tl.rand(seed, offs))


# -----
import triton
import triton.language as tl


@triton.jit
def k(Y, seed):
    offs = tl.arange(0, 16)
    # expected-error @+1 {{'rand' got an unexpected keyword argument 'rounds'}}
    tl.store(Y + offs, tl.rand(1, offs, rounds=3))
