# RUN: tilec %examples/layernorm.py -k layernorm_fwd_kernel -s "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, i32:16, i32, fp32, 512" --num-warps 4 --emit=tile | FileCheck %s
#
# examples/layernorm.py with its TILEC_SIGNATURES entry: three loops over the
# row (sum, squared deviations, normalise), fp16 loads widened to f32,
# rstd = 1 / sqrt(var + eps), mean and rstd stored, fp16 output.

# CHECK-LABEL: func.func @layernorm_fwd_kernel(
# CHECK-SAME: %[[N:[^:]*]]: i32, %[[EPS:[^:]*]]: f32) attributes
# CHECK: %[[SUMV:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (tensor<512xf32>)
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<512x!tile.ptr<f16>>
# CHECK: %[[XF:.*]] = arith.extf %[[X]] : tensor<512xf16> to tensor<512xf32>
# CHECK: arith.addf %[[A]], %[[XF]]
# CHECK: %[[SUM:.*]] = tile.reduce(%[[SUMV]]) {axis = 0 : i32}
# CHECK: %[[NF:.*]] = arith.sitofp %[[N]] : i32 to f32
# CHECK: %[[MEAN:.*]] = arith.divf %[[SUM]], %[[NF]] : f32
# CHECK: %[[VARV:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[B:.*]] = %{{.*}}) -> (tensor<512xf32>)
# CHECK: %[[DEV:.*]] = arith.select
# CHECK: %[[SQ:.*]] = arith.mulf %[[DEV]], %[[DEV]]
# CHECK: arith.addf %[[B]], %[[SQ]]
# CHECK: %[[VS:.*]] = tile.reduce(%[[VARV]]) {axis = 0 : i32}
# CHECK: %[[VAR:.*]] = arith.divf %[[VS]], %[[NF]] : f32
# CHECK: %[[VE:.*]] = arith.addf %[[VAR]], %[[EPS]] : f32
# CHECK: %[[SD:.*]] = math.sqrt %[[VE]] : f32
# CHECK: %[[RSTD:.*]] = arith.divf %{{.*}}, %[[SD]] : f32
# CHECK: tile.store %{{.*}}, %[[MEAN]] : !tile.ptr<f32>
# CHECK: tile.store %{{.*}}, %[[RSTD]] : !tile.ptr<f32>
# CHECK: scf.for %{{.*}} = %{{.*}} to %[[N]] step
# CHECK: tile.splat %[[MEAN]]
# CHECK: tile.splat %[[RSTD]]
# CHECK: %[[Y:.*]] = arith.truncf %{{.*}} : tensor<512xf32> to tensor<512xf16>
# CHECK: tile.store %{{.*}}, %[[Y]], %{{.*}} : tensor<512x!tile.ptr<f16>>
