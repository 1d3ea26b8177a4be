# num_warps must be a power of two from 1 to 32 (at most 1024 threads, what a
# CUDA block can have) and num_stages from 1 to 16, on the command line as
# in an autotune config (test/Frontend/Errors/autotune.py). --num-warps=64
# used to give a kernel of 2048 threads that could not launch.
#
# RUN: not tilec %s -k k -s "*fp32" --num-warps=64 --emit=ptx --no-cache 2>&1 | FileCheck %s --check-prefix=W64 --match-full-lines
# W64: tilec: error: invalid --num-warps: num_warps must be a power of two from 1 to 32, got 64
# RUN: not tilec %s -k k -s "*fp32" --num-warps=3 --emit=tile 2>&1 | FileCheck %s --check-prefix=W3 --match-full-lines
# W3: tilec: error: invalid --num-warps: num_warps must be a power of two from 1 to 32, got 3
# RUN: not tilec %s -k k -s "*fp32" --num-warps=0 --emit=tile 2>&1 | FileCheck %s --check-prefix=W0 --match-full-lines
# W0: tilec: error: invalid --num-warps: num_warps must be a power of two from 1 to 32, got 0
# RUN: not tilec %s -k k -s "*fp32" --num-stages=0 --emit=tile 2>&1 | FileCheck %s --check-prefix=S0 --match-full-lines
# S0: tilec: error: invalid --num-stages: num_stages must be from 1 to 16, got 0
# RUN: not tilec %s -k k -s "*fp32" --num-stages=17 --emit=tile 2>&1 | FileCheck %s --check-prefix=S17 --match-full-lines
# S17: tilec: error: invalid --num-stages: num_stages must be from 1 to 16, got 17
#
# The largest values are fine: 32 warps are 1024 threads.
# RUN: tilec %s -k k -s "*fp32" --num-warps=32 --num-stages=16 --emit=ptx --no-cache | FileCheck %s --check-prefix=W32
# W32: .reqntid 1024, 1, 1
import triton
import triton.language as tl


@triton.jit
def k(X):
    offs = tl.arange(0, 1024)
    tl.store(X + offs, 1.0)
