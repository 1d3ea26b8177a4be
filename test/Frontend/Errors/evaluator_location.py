# RUN: not tilec %s -k k -s "*fp32" 2>&1 | FileCheck %s
#
# An unknown value names the construct and where it is: the kernel's use is
# the error's location, the construct's file and line are in the message.
import torch
import triton
import triton.language as tl

SCALE = tl.constexpr(torch.finfo(torch.float16).max)


@triton.jit
def k(x_ptr):
    tl.store(x_ptr, SCALE)

# CHECK: evaluator_location.py:14:21: error: 'SCALE' is bound to a call of 'torch.finfo' (evaluator_location.py:9), which tilec cannot evaluate without running Python
# CHECK-NEXT: tl.store(x_ptr, SCALE)
