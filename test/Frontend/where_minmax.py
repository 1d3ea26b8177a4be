# RUN: tilec %s -k wm -s "*fp32, *fp32, *i32, 64" --emit=tile | FileCheck %s
# RUN: tilec %s -k wscalar -s "*fp32, i32, fp32, fp32" --emit=tile | FileCheck %s --check-prefix=SCALAR
#
# tl.where (tensors, numbers, scalars), tl.maximum / tl.minimum on floats
# (maxnumf/minnumf) and ints (maxsi/minsi), tl.clamp.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @wm
# CHECK-DAG: %[[ONEF:.*]] = arith.constant dense<1.000000e+00> : tensor<64xf32>
# CHECK-DAG: %[[TWO:.*]] = arith.constant dense<2> : tensor<64xi32>
# CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1> : tensor<64xi32>
# CHECK-DAG: %[[ZEROF:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf32>
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<f32>>
# CHECK: %[[Y:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<f32>>
# CHECK: %[[I:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<i32>>
# CHECK: %[[C:.*]] = arith.cmpf ogt, %[[X]], %[[Y]]
# CHECK: arith.select %[[C]], %[[X]], %[[Y]] : tensor<64xi1>, tensor<64xf32>
# CHECK: %[[C2:.*]] = arith.cmpf ogt, %[[X]], %[[ZEROF]]
# CHECK: arith.select %[[C2]], %[[X]], %[[ZEROF]] : tensor<64xi1>, tensor<64xf32>
# CHECK: arith.maxnumf %[[X]], %[[Y]] : tensor<64xf32>
# CHECK: arith.minnumf %[[X]], %[[Y]] : tensor<64xf32>
# CHECK: arith.minsi %[[I]], %{{.*}} : tensor<64xi32>
# CHECK: arith.maxsi %[[I]], %{{.*}} : tensor<64xi32>
# CHECK: %[[C3:.*]] = arith.cmpi sgt, %[[I]]
# CHECK: arith.select %[[C3]], %[[ONE]], %[[TWO]] : tensor<64xi1>, tensor<64xi32>
# clamp(x, 0.0, 1.0) = min(max(x, 0.0), 1.0)
# CHECK: %[[LO:.*]] = arith.maxnumf %[[X]], %[[ZEROF]]
# CHECK: arith.minnumf %[[LO]], %[[ONEF]]
@triton.jit
def wm(x_ptr, y_ptr, i_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    i = tl.load(i_ptr + offs)
    a = tl.where(x > y, x, y)
    b = tl.where(x > 0, x, 0.0)
    c = tl.maximum(x, y)
    d = tl.minimum(x, y)
    f = tl.minimum(i, 3)
    g = tl.maximum(i, 0)
    h = tl.where(i > 0, 1, 2)
    k = tl.clamp(x, 0.0, 1.0)
    tl.store(y_ptr + offs, a + b + c + d + k)
    tl.store(i_ptr + offs, f + g + h)


# SCALAR-LABEL: func.func @wscalar(
# SCALAR-SAME: %{{[^:]*}}: !tile.ptr<f32>, %[[C:[^:]*]]: i32, %[[A:[^:]*]]: f32, %[[B:[^:]*]]: f32)
# SCALAR: %[[P:.*]] = arith.cmpi sgt, %[[C]]
# SCALAR: arith.select %[[P]], %[[A]], %[[B]] : f32
@triton.jit
def wscalar(out_ptr, c, a, b):
    tl.store(out_ptr, tl.where(c > 0, a, b))
