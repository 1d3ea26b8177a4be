# RUN: tilec %s -k atom -s "*fp32, *i32, i32, 64" --emit=tile | FileCheck %s
# RUN: tilec %s -k uatom -s "*u32, 64" --emit=tile | FileCheck %s --check-prefix=UNS
# RUN: tilec %s -k fmin -s "*fp64, fp64, i32" --emit=tile | FileCheck %s --check-prefix=FMIN
#
# Atomics: tl.atomic_add (fadd on floats, add on ints) with a mask, max/min
# (umax/umin on unsigned), xchg/and/or/xor, sem= and scope= (acq_rel and gpu
# by default), tl.atomic_cas on a scalar and on a tile. The old values are
# results.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @atom(
# CHECK-SAME: %[[F:[^:]*]]: !tile.ptr<f32>, %[[I:[^:]*]]: !tile.ptr<i32>, %{{[^:]*}}: i32)
# CHECK-DAG: %[[ONEF:.*]] = arith.constant dense<1.000000e+00> : tensor<64xf32>
# CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
# CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
# CHECK: %[[R:.*]] = tile.make_range 0 to 64
# CHECK: %[[M:.*]] = arith.cmpi slt, %[[R]]
# CHECK: %[[FP:.*]] = tile.addptr
# CHECK: %[[OLD:.*]] = tile.atomic_rmw fadd, acq_rel, gpu, %[[FP]], %[[ONEF]], %[[M]] : tensor<64x!tile.ptr<f32>>
# CHECK: %[[IP:.*]] = tile.addptr
# CHECK: tile.atomic_rmw add, acq_rel, gpu, %[[IP]], %[[R]], %[[M]] : tensor<64x!tile.ptr<i32>>
# CHECK: tile.atomic_rmw max, acq_rel, gpu, %[[IP]], %[[R]] : tensor<64x!tile.ptr<i32>>
# CHECK: tile.atomic_rmw min, relaxed, cta, %[[IP]], %[[R]] : tensor<64x!tile.ptr<i32>>
# Float max is Triton's split by sign: a signed max where the value is
# non-negative, an unsigned min where it is negative, on the bits.
# CHECK: %[[IFP:.*]] = tile.bitcast %[[FP]] : tensor<64x!tile.ptr<f32>> -> tensor<64x!tile.ptr<i32>>
# CHECK: %[[IOLD:.*]] = arith.bitcast %[[OLD]] : tensor<64xf32> to tensor<64xi32>
# CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[IOLD]]
# CHECK: %[[POS:.*]] = arith.xori %[[NEG]]
# CHECK: tile.atomic_rmw max, acq_rel, gpu, %[[IFP]], %[[IOLD]], %[[POS]] : tensor<64x!tile.ptr<i32>>
# CHECK: tile.atomic_rmw umin, acq_rel, gpu, %[[IFP]], %[[IOLD]], %[[NEG]] : tensor<64x!tile.ptr<i32>>
# CHECK: tile.atomic_rmw xchg, acq_rel, gpu, %[[IP]], %{{.*}} : tensor<64x!tile.ptr<i32>>
# CHECK: tile.atomic_rmw and, acq_rel, gpu, %[[IP]]
# CHECK: tile.atomic_rmw or, acquire, gpu, %[[IP]]
# CHECK: tile.atomic_rmw xor, release, sys, %[[IP]]
# CHECK: %[[PREV:.*]] = tile.atomic_cas acq_rel, gpu, %[[I]], %[[C0]], %[[C1]] : !tile.ptr<i32>
# CHECK: tile.store %{{.*}}, %[[PREV]] : !tile.ptr<i32>
# CHECK: %[[NEXT:.*]] = arith.addi %[[R]]
# CHECK: tile.atomic_cas acq_rel, gpu, %[[IP]], %[[R]], %[[NEXT]] : tensor<64x!tile.ptr<i32>>
@triton.jit
def atom(f_ptr, i_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    old = tl.atomic_add(f_ptr + offs, 1.0, mask=m)
    tl.atomic_add(i_ptr + offs, offs, mask=m)
    tl.atomic_max(i_ptr + offs, offs)
    tl.atomic_min(i_ptr + offs, offs, sem="relaxed", scope="cta")
    tl.atomic_max(f_ptr + offs, old)
    tl.atomic_xchg(i_ptr + offs, 3)
    tl.atomic_and(i_ptr + offs, 1)
    tl.atomic_or(i_ptr + offs, 1, sem="acquire")
    tl.atomic_xor(i_ptr + offs, 1, sem="release", scope="sys")
    prev = tl.atomic_cas(i_ptr, 0, 1)
    tl.store(i_ptr + 1, prev)
    tl.atomic_cas(i_ptr + offs, offs, offs + 1, sem="acq_rel")


# UNS-LABEL: func.func @uatom
# UNS: tile.atomic_rmw umax, acq_rel, gpu
# UNS: tile.atomic_rmw umin, acq_rel, gpu
@triton.jit
def uatom(u_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    v = tl.load(u_ptr + offs)
    tl.atomic_max(u_ptr + offs, v)
    tl.atomic_min(u_ptr + offs, v)


# Float min with a mask: the signed min runs where the mask holds and the
# value is non-negative, the unsigned max where it holds and the value is
# negative.
# FMIN-LABEL: func.func @fmin
# FMIN: %[[M:.*]] = arith.cmpi sgt
# FMIN: %[[IP:.*]] = tile.bitcast %{{.*}} : !tile.ptr<f64> -> !tile.ptr<i64>
# FMIN: %[[IV:.*]] = arith.bitcast %{{.*}} : f64 to i64
# FMIN: %[[NEG:.*]] = arith.cmpi slt, %[[IV]]
# FMIN: %[[POS:.*]] = arith.cmpi sge, %[[IV]]
# FMIN: %[[MP:.*]] = arith.andi %[[M]], %[[POS]]
# FMIN: %[[MN:.*]] = arith.andi %[[M]], %[[NEG]]
# FMIN: %[[SMIN:.*]] = tile.atomic_rmw min, acq_rel, gpu, %[[IP]], %[[IV]], %[[MP]] : !tile.ptr<i64>
# FMIN: %[[UMAX:.*]] = tile.atomic_rmw umax, acq_rel, gpu, %[[IP]], %[[IV]], %[[MN]] : !tile.ptr<i64>
# FMIN: %[[SEL:.*]] = arith.select %[[POS]], %[[SMIN]], %[[UMAX]] : i64
# FMIN: %[[OLD:.*]] = arith.bitcast %[[SEL]] : i64 to f64
# FMIN: tile.store %{{.*}}, %[[OLD]] : !tile.ptr<f64>
@triton.jit
def fmin(d_ptr, v, n):
    old = tl.atomic_min(d_ptr, v, mask=n > 0)
    tl.store(d_ptr + 1, old)
