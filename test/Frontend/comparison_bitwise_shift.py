# RUN: tilec %s -k cmp_bits -s "*i32, *i32, *i32, 64" --emit=tile | FileCheck %s --check-prefix=INT
# RUN: tilec %s -k cmp_float -s "*fp32, *i32, 64" --emit=tile | FileCheck %s --check-prefix=FLT
# RUN: tilec %s -k scalar_logic -s "*i32, i32, i32" --emit=tile | FileCheck %s --check-prefix=LOGIC
# RUN: tilec %s -k chain -s "*i32, i32, i32, i32" --emit=tile | FileCheck %s --check-prefix=CHAIN
# RUN: tilec %s -k neg -s "*fp32, 64" --emit=tile | FileCheck %s --check-prefix=NEGF
#
# Comparisons, bitwise operators, shifts, `and`/`or`/`not`, chained
# comparisons and unary minus.

import triton
import triton.language as tl


# INT-LABEL: func.func @cmp_bits
# INT: %[[M1:.*]] = arith.constant dense<-1> : tensor<64xi32>
# INT: %[[X:.*]] = tile.load
# INT: %[[Y:.*]] = tile.load
# INT: %[[LT:.*]] = arith.cmpi slt, %[[X]], %[[Y]]
# INT: %[[NE:.*]] = arith.cmpi ne, %[[X]], %{{.*}}
# INT: arith.andi %[[LT]], %[[NE]] : tensor<64xi1>
# INT: %[[GE:.*]] = arith.cmpi sge, %[[X]], %[[Y]]
# INT: %[[EQ:.*]] = arith.cmpi eq, %[[X]], %{{.*}}
# INT: arith.ori %[[GE]], %[[EQ]] : tensor<64xi1>
# INT: %[[LE:.*]] = arith.cmpi sle, %[[X]], %{{.*}}
# INT: %[[GT:.*]] = arith.cmpi sgt, %[[X]], %{{.*}}
# INT: arith.xori %[[LE]], %[[GT]] : tensor<64xi1>
# INT: arith.andi %[[X]], %[[Y]] : tensor<64xi32>
# INT: arith.xori %[[X]], %[[Y]] : tensor<64xi32>
# `~x` is x xor -1.
# INT: arith.xori %[[X]], %[[M1]] : tensor<64xi32>
# INT: arith.shli %[[X]], %{{.*}} : tensor<64xi32>
# INT: arith.shrsi %[[Y]], %{{.*}} : tensor<64xi32>
# INT: arith.select
@triton.jit
def cmp_bits(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    a = (x < y) & (x != 0)
    b = (x >= y) | (x == 3)
    c = (x <= 1) ^ (x > 2)
    v = (x & y) | (x ^ y) | ~x
    s = (x << 2) + (y >> 1)
    t = tl.where(a | b | c, v, s)
    tl.store(out_ptr + offs, t)


# Float comparisons are ordered, except != which is unordered (une).
# FLT-LABEL: func.func @cmp_float
# FLT: %[[X:.*]] = tile.load
# FLT: arith.cmpf olt, %[[X]]
# FLT: arith.cmpf une, %[[X]]
# FLT: arith.cmpf oge, %[[X]]
# FLT: arith.extui %{{.*}} : tensor<64xi1> to tensor<64xi32>
@triton.jit
def cmp_float(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    m = (x < 0.5) & (x != 1.0) | (x >= 2.0)
    tl.store(out_ptr + offs, m.to(tl.int32))


# `and`, `or`, `not` on runtime scalars.
# LOGIC-LABEL: func.func @scalar_logic(
# LOGIC-SAME: %{{[^:]*}}: !tile.ptr<i32>, %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32)
# LOGIC: %[[A0:.*]] = arith.cmpi sgt, %[[A]]
# LOGIC: %[[B0:.*]] = arith.cmpi sgt, %[[B]]
# LOGIC: %[[AND:.*]] = arith.andi %[[A0]], %[[B0]] : i1
# LOGIC: scf.if %[[AND]]
# LOGIC: arith.cmpi eq, %[[A]], %[[B]]
# LOGIC: %[[OR:.*]] = arith.ori %{{.*}}, %{{.*}} : i1
# LOGIC: scf.if %[[OR]]
@triton.jit
def scalar_logic(out_ptr, a, b):
    if a > 0 and b > 0:
        tl.store(out_ptr, 1)
    if not (a == b) or b < 0:
        tl.store(out_ptr, 2)


# a < b < c is (a < b) and (b < c).
# CHAIN-LABEL: func.func @chain(
# CHAIN-SAME: %{{[^:]*}}: !tile.ptr<i32>, %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32, %[[C:[^:]*]]: i32)
# CHAIN: %[[L:.*]] = arith.cmpi slt, %[[A]], %[[B]] : i32
# CHAIN: %[[R:.*]] = arith.cmpi slt, %[[B]], %[[C]] : i32
# CHAIN: arith.andi %[[L]], %[[R]] : i1
@triton.jit
def chain(out_ptr, a, b, c):
    tl.store(out_ptr, (a < b < c).to(tl.int32))


# Triton negates floats as 0 - x (so -(+0.0) is +0.0, bit for bit with
# Triton on the H200), not with a sign flip.
# NEGF-LABEL: func.func @neg
# NEGF: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf32>
# NEGF: %[[X:.*]] = tile.load
# NEGF: arith.subf %[[Z]], %[[X]] : tensor<64xf32>
# NEGF-NOT: arith.negf
@triton.jit
def neg(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, -x)
