# RUN: tilec %examples/softmax.py -k softmax_kernel -s "*fp32:16, *fp32:16, i32:16, i32:16, i32, 1024" --num-warps 4 --emit=tile | FileCheck %s
# RUN: tilec %examples/softmax.py -k softmax_online_kernel -s "*fp32:16, *fp32:16, i32:16, i32:16, i32, 1024" --num-warps 4 --emit=tile | FileCheck %s --check-prefix=ONLINE
#
# examples/softmax.py, both kernels, with their TILEC_SIGNATURES entries.

# One pass: max-reduce, exp of the shifted row, sum-reduce, divide.
# CHECK: module attributes {tile.num_warps = 4 : i32}
# CHECK-LABEL: func.func @softmax_kernel(
# CHECK-SAME: %{{[^:]*}}: i32 {tile.divisibility = 16 : i32}, %{{[^:]*}}: i32 {tile.divisibility = 16 : i32}, %{{[^:]*}}: i32)
# CHECK: %[[NEGINF:.*]] = arith.constant dense<0xFF800000> : tensor<1024xf32>
# CHECK: %[[ROW:.*]] = tile.program_id 0
# The row offset is computed in i64.
# CHECK: %[[ROW64:.*]] = arith.extsi %[[ROW]] : i32 to i64
# CHECK: %[[X:.*]] = tile.load %{{.*}}, %{{.*}}, %[[NEGINF]] : tensor<1024x!tile.ptr<f32>>
# CHECK: %[[MAX:.*]] = tile.reduce(%[[X]]) {axis = 0 : i32} : (tensor<1024xf32>) -> f32 {
# CHECK: arith.maxnumf
# CHECK: %[[MAXS:.*]] = tile.splat %[[MAX]]
# CHECK: %[[SH:.*]] = arith.subf %[[X]], %[[MAXS]]
# CHECK: %[[E:.*]] = math.exp %[[SH]] : tensor<1024xf32>
# CHECK: %[[SUM:.*]] = tile.reduce(%[[E]]) {axis = 0 : i32} : (tensor<1024xf32>) -> f32 {
# CHECK: arith.addf
# CHECK: %[[SUMS:.*]] = tile.splat %[[SUM]]
# CHECK: %[[Y:.*]] = arith.divf %[[E]], %[[SUMS]] : tensor<1024xf32>
# CHECK: tile.store %{{.*}}, %[[Y]], %{{.*}} : tensor<1024x!tile.ptr<f32>>

# Online: a loop carrying the running sum and max, then a normalising loop.
# ONLINE-LABEL: func.func @softmax_online_kernel(
# ONLINE-SAME: %[[NCOLS:[^:]*]]: i32) attributes
# ONLINE: %[[LOOP:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %[[NCOLS]] step %{{.*}} iter_args(%[[RSUM:.*]] = %{{.*}}, %[[RMAX:.*]] = %{{.*}}) -> (tensor<1024xf32>, tensor<1024xf32>)
# ONLINE: %[[X:.*]] = tile.load
# ONLINE: tile.reduce(%[[X]]) {axis = 0 : i32}
# ONLINE: arith.maxnumf
# ONLINE: %[[NEWMAX:.*]] = arith.maxnumf %[[RMAX]], %{{.*}} : tensor<1024xf32>
# ONLINE: %[[D:.*]] = arith.subf %[[RMAX]], %[[NEWMAX]]
# ONLINE: %[[ALPHA:.*]] = math.exp %[[D]]
# ONLINE: arith.mulf %[[RSUM]], %[[ALPHA]]
# ONLINE: math.exp
# ONLINE: scf.yield %{{.*}}, %[[NEWMAX]] : tensor<1024xf32>, tensor<1024xf32>
# ONLINE: %[[ROWMAX:.*]] = tile.reduce(%[[LOOP]]#1) {axis = 0 : i32}
# ONLINE: arith.maxnumf
# ONLINE: %[[TOT:.*]] = tile.reduce(%[[LOOP]]#0) {axis = 0 : i32}
# ONLINE: arith.addf
# ONLINE: %[[INV:.*]] = arith.divf %{{.*}}, %[[TOT]] : f32
# ONLINE: scf.for %{{.*}} = %{{.*}} to %[[NCOLS]] step
# ONLINE: tile.splat %[[ROWMAX]]
# ONLINE: math.exp
# ONLINE: tile.splat %[[INV]]
# ONLINE: arith.mulf
# ONLINE: tile.store
