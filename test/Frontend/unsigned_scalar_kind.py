# RUN: tilec %s -k k -s "*u32, *u32" --emit=tile | FileCheck %s
#
# Triton 3.6 has one kind for signed and unsigned integers (core.py's
# dtype.KIND: bool < integral < floating), so a Python int next to a uint32
# tile takes the tile's type: `u % 16` and `u // 16` are unsigned, with no
# signedness error (semantic.py computation_type_impl, rule 0).

import triton
import triton.language as tl


# CHECK-LABEL: func.func @k(
# CHECK: arith.remui {{.*}} : tensor<16xi32>
# CHECK: arith.divui {{.*}} : tensor<16xi32>
@triton.jit
def k(x_ptr, o_ptr):
    offs = tl.arange(0, 16)
    u = tl.load(x_ptr + offs)
    tl.store(o_ptr + offs, (u % 16) + (u // 16))
