# RUN: tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 64, 8" --num-warps 8 --emit=tile | FileCheck %s
#
# examples/matmul.py with 128x128x64 tiles on 8 warps: grouped program
# ordering, hinted offsets, a K loop carrying the f32 accumulator and both
# pointer tiles with tile.dot on f16 operands, and the accumulator narrowed to
# f16 before the masked store. The unit strides (i32:1) fold away.

# CHECK: module attributes {tile.num_warps = 8 : i32}
# CHECK-LABEL: func.func @matmul_kernel(
# CHECK-SAME: %{{[^:]*}}: i32 {tile.equal_to_1}
# CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
# CHECK: %[[PID:.*]] = tile.program_id 0 : i32
# CHECK: arith.minsi
# CHECK: tile.hint %{{.*}} divisibility = [128] : tensor<128xi32>
# CHECK: tile.hint %{{.*}} contiguity = [128] : tensor<128xi32>
# CHECK: %[[APTRS:.*]] = tile.addptr %{{.*}} : tensor<128x64x!tile.ptr<f16>>, tensor<128x64xi32>
# CHECK: %[[BPTRS:.*]] = tile.addptr %{{.*}} : tensor<64x128x!tile.ptr<f16>>, tensor<64x128xi32>
# CHECK: %[[LOOP:.*]]:3 = scf.for %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]], %[[AP:.*]] = %[[APTRS]], %[[BP:.*]] = %[[BPTRS]]) -> (tensor<128x128xf32>, tensor<128x64x!tile.ptr<f16>>, tensor<64x128x!tile.ptr<f16>>)
# CHECK: %[[A:.*]] = tile.load %[[AP]], %{{.*}}, %{{.*}} : tensor<128x64x!tile.ptr<f16>>
# CHECK: %[[B:.*]] = tile.load %[[BP]], %{{.*}}, %{{.*}} : tensor<64x128x!tile.ptr<f16>>
# CHECK: %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[ACC]] : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
# CHECK: %[[NAP:.*]] = tile.addptr %[[AP]]
# CHECK: %[[NBP:.*]] = tile.addptr %[[BP]]
# CHECK: scf.yield %[[D]], %[[NAP]], %[[NBP]]
# CHECK: %[[C:.*]] = arith.truncf %[[LOOP]]#0 : tensor<128x128xf32> to tensor<128x128xf16>
# CHECK: tile.store %{{.*}}, %[[C]], %{{.*}} : tensor<128x128x!tile.ptr<f16>>
