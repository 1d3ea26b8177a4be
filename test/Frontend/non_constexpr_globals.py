# RUN: env TRITON_ALLOW_NON_CONSTEXPR_GLOBALS=1 tilec %s -k k -s "*fp32" --emit=tile | FileCheck %s
# RUN: env TRITON_ALLOW_NON_CONSTEXPR_GLOBALS=yes tilec %s -k k -s "*fp32" --emit=tile | FileCheck %s
#
# Triton 3.6's knob TRITON_ALLOW_NON_CONSTEXPR_GLOBALS ("1", "y", "on",
# "yes", "true"): a kernel may read a plain global, whose value it takes as
# a constexpr. Without it, reading one is an error (Errors/names.py).

import math

import triton
import triton.language as tl

sqrt2 = math.sqrt(2.0)


# CHECK-LABEL: func.func @k(
# CHECK: arith.constant 1.41421{{[0-9]*}} : f32
@triton.jit
def k(x_ptr):
    tl.store(x_ptr, sqrt2)
