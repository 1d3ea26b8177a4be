# RUN: tilec %examples/vector_add.py -k add_kernel -s "*fp32:16, *fp32:16, *fp32:16, i32, 1024" --num-warps 4 --emit=tile | FileCheck %s
#
# examples/vector_add.py with its TILEC_SIGNATURES entry: one masked block of
# 1024 elements per program.

# CHECK: module attributes {tile.num_warps = 4 : i32}
# CHECK-LABEL: func.func @add_kernel(
# CHECK-SAME: %[[X:[^:]*]]: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %[[Y:[^:]*]]: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %[[OUT:[^:]*]]: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %[[N:[^:]*]]: i32)
# CHECK: %[[PID:.*]] = tile.program_id 0 : i32
# CHECK: %[[START:.*]] = arith.muli %[[PID]], %{{.*}} : i32
# CHECK: %[[R:.*]] = tile.make_range 0 to 1024 : tensor<1024xi32>
# CHECK: %[[OFFS:.*]] = arith.addi %{{.*}}, %[[R]] : tensor<1024xi32>
# CHECK: %[[NS:.*]] = tile.splat %[[N]] : i32 -> tensor<1024xi32>
# CHECK: %[[M:.*]] = arith.cmpi slt, %[[OFFS]], %[[NS]] : tensor<1024xi32>
# CHECK: %[[XS:.*]] = tile.splat %[[X]]
# CHECK: %[[XP:.*]] = tile.addptr %[[XS]], %[[OFFS]]
# CHECK: %[[XV:.*]] = tile.load %[[XP]], %[[M]] : tensor<1024x!tile.ptr<f32>>
# CHECK: %[[YV:.*]] = tile.load %{{.*}}, %[[M]] : tensor<1024x!tile.ptr<f32>>
# CHECK: %[[OS:.*]] = tile.splat %[[OUT]]
# CHECK: %[[OP:.*]] = tile.addptr %[[OS]], %[[OFFS]]
# CHECK: %[[S:.*]] = arith.addf %[[XV]], %[[YV]] : tensor<1024xf32>
# CHECK: tile.store %[[OP]], %[[S]], %[[M]] : tensor<1024x!tile.ptr<f32>>
