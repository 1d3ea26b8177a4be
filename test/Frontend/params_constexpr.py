# RUN: tilec %s -k kern -s "*i32, 1" --emit=tile | FileCheck %s --check-prefix=DEFAULTS
# RUN: tilec %s -k kern -s "*i32, 1, 2, 4" --emit=tile | FileCheck %s --check-prefix=SIG
# RUN: tilec %s -k kern -s "*i32" -D A=7 --emit=tile | FileCheck %s --check-prefix=DA
# RUN: tilec %s -k kern -s "*i32, 1" -D B=9 --emit=tile | FileCheck %s --check-prefix=DB
# RUN: tilec %s -k kern -s "*i32" -D A=2 -D C=8 --emit=tile | FileCheck %s --check-prefix=DAC
# RUN: tilec %s -k shape -s "*fp32:16" -D BLOCK=256 --emit=tile | FileCheck %s --check-prefix=SHAPE
#
# Constexpr parameters get their values from the signature, from -D, or from
# their defaults; -D overrides a default, and a -D'd parameter has no entry in
# the signature. The kernel stores A*100 + B*10 + C, folded to one constant.
#

import triton
import triton.language as tl


# DEFAULTS-LABEL: func.func @kern(%{{.*}}: !tile.ptr<i32>)
# DEFAULTS: %[[C:.*]] = arith.constant 135 : i32
# DEFAULTS: tile.store %{{.*}}, %[[C]]
# SIG-LABEL: func.func @kern(%{{.*}}: !tile.ptr<i32>)
# SIG: %[[C:.*]] = arith.constant 124 : i32
# SIG: tile.store %{{.*}}, %[[C]]
# DA-LABEL: func.func @kern(%{{.*}}: !tile.ptr<i32>)
# DA: %[[C:.*]] = arith.constant 735 : i32
# DA: tile.store %{{.*}}, %[[C]]
# DB-LABEL: func.func @kern(%{{.*}}: !tile.ptr<i32>)
# DB: %[[C:.*]] = arith.constant 195 : i32
# DB: tile.store %{{.*}}, %[[C]]
# DAC-LABEL: func.func @kern(%{{.*}}: !tile.ptr<i32>)
# DAC: %[[C:.*]] = arith.constant 238 : i32
# DAC: tile.store %{{.*}}, %[[C]]
@triton.jit
def kern(out_ptr, A: tl.constexpr, B: tl.constexpr = 3, C: tl.constexpr = 5):
    tl.store(out_ptr, A * 100 + B * 10 + C)


# A -D value used as a shape.
# SHAPE-LABEL: func.func @shape(%{{.*}}: !tile.ptr<f32> {tile.divisibility = 16 : i32})
# SHAPE: tile.make_range 0 to 256 : tensor<256xi32>
# SHAPE: tile.store {{.*}} : tensor<256x!tile.ptr<f32>>
@triton.jit
def shape(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) + 1.0)
