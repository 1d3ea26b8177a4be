# RUN: tilec %s -k hints -s "*fp32, i32, 64" --emit=tile | FileCheck %s
# RUN: tilec %s -k hints2 -s "*fp32, 16, 32" --emit=tile | FileCheck %s --check-prefix=RANK2
#
# tl.multiple_of / tl.max_contiguous / tl.max_constancy -> tile.hint with
# divisibility / contiguity / constancy, on tiles, scalars and pointers; the
# hinted value is what later ops use.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @hints(
# CHECK-SAME: %{{[^:]*}}: !tile.ptr<f32>, %[[N:[^:]*]]: i32)
# CHECK: %[[OFFS:.*]] = arith.addi
# CHECK: %[[H1:.*]] = tile.hint %[[OFFS]] divisibility = [64] : tensor<64xi32>
# CHECK: %[[H2:.*]] = tile.hint %[[H1]] contiguity = [64] : tensor<64xi32>
# CHECK: %[[HN:.*]] = tile.hint %[[N]] divisibility = [16] : i32
# CHECK: tile.addptr %{{.*}}, %[[H2]]
# CHECK: %[[NS:.*]] = tile.splat %[[HN]]
# CHECK: arith.cmpi slt, %[[H2]], %[[NS]]
@triton.jit
def hints(x_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    offs = tl.max_contiguous(tl.multiple_of(offs, BLOCK), BLOCK)
    n = tl.multiple_of(n, 16)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(x_ptr + offs, x)


# RANK2-LABEL: func.func @hints2(
# RANK2-SAME: %[[P:[^:]*]]: !tile.ptr<f32>)
# RANK2: %[[H1:.*]] = tile.hint %{{.*}} divisibility = [16, 8] : tensor<16x32xi32>
# RANK2: %[[H2:.*]] = tile.hint %[[H1]] contiguity = [1, 32] : tensor<16x32xi32>
# RANK2: %[[H3:.*]] = tile.hint %[[H2]] constancy = [1, 1] : tensor<16x32xi32>
# RANK2: %[[HP:.*]] = tile.hint %[[P]] divisibility = [16] : !tile.ptr<f32>
# RANK2: tile.splat %[[HP]]
@triton.jit
def hints2(x_ptr, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    offs = rm[:, None] * N + rn[None, :]
    offs = tl.multiple_of(offs, [16, 8])
    offs = tl.max_contiguous(offs, (1, N))
    offs = tl.max_constancy(offs, [1, 1])
    p = tl.multiple_of(x_ptr, 16)
    tl.store(p + offs, 1.0)
