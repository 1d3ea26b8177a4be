# RUN: tilec %examples/attention.py -k attn_fwd_kernel -s "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, fp32, i32:16, i32:16, i32:16, i32:1, i32:16, i32:16, i32:16, i32:1, i32:16, i32:16, i32:16, i32:1, i32:16, i32:16, i32:16, i32:1, i32, i32, 64, 128, 64, 1" --num-warps 8 --emit=tile | FileCheck %s
#
# examples/attention.py with its TILEC_SIGNATURES entry (CAUSAL=1): the
# inlined inner helper gives two key loops (off-diagonal, then diagonal with
# the causal mask), each with QK^T and PV tile.dots, a max reduce and a sum
# reduce, and exp2 in the log2 domain; then the output and the row's
# log-sum-exp, (m_i + log2(l_i)) * ln(2), stored to LSE (fp32) under the row
# mask.

# CHECK: module attributes {tile.num_warps = 8 : i32}
# CHECK-LABEL: func.func @attn_fwd_kernel(
# CHECK-DAG: %[[LOG2E:.*]] = arith.constant 1.44269{{[0-9]*}} : f32
# CHECK: %[[Q:.*]] = tile.load %{{.*}} : tensor<128x64x!tile.ptr<f16>>
# CHECK: arith.mulf %{{.*}}, %[[LOG2E]] : f32
# CHECK: %[[L1:.*]]:3 = scf.for
# CHECK: %[[K:.*]] = tile.load %{{.*}} : tensor<64x64x!tile.ptr<f16>>
# CHECK: %[[KT:.*]] = tile.trans %[[K]] {order = array<i32: 1, 0>}
# CHECK: tile.dot %[[Q]], %[[KT]], %{{.*}} : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
# CHECK-NOT: arith.cmpi sge
# CHECK: tile.reduce(%{{.*}}) {axis = 1 : i32} : (tensor<128x64xf32>) -> tensor<128xf32>
# CHECK: arith.maxnumf
# CHECK: math.exp2 %{{.*}} : tensor<128x64xf32>
# CHECK: math.exp2 %{{.*}} : tensor<128xf32>
# CHECK: tile.reduce(%{{.*}}) {axis = 1 : i32} : (tensor<128x64xf32>) -> tensor<128xf32>
# CHECK: arith.addf
# CHECK: %[[P:.*]] = arith.truncf %{{.*}} : tensor<128x64xf32> to tensor<128x64xf16>
# CHECK: tile.dot %[[P]], %{{.*}}, %{{.*}} : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
# CHECK: scf.yield
# The diagonal loop continues from the first one's results.
# CHECK: %[[L2:.*]]:3 = scf.for %{{.*}} iter_args(%{{.*}} = %[[L1]]#0, %{{.*}} = %[[L1]]#1, %{{.*}} = %[[L1]]#2)
# CHECK: tile.dot %[[Q]]
# CHECK: arith.cmpi sge
# CHECK: tile.reduce
# CHECK: math.exp2
# CHECK: tile.dot
# CHECK: scf.yield
# CHECK: arith.divf %[[L2]]#1, %{{.*}} : tensor<128x64xf32>
# CHECK: %[[O:.*]] = arith.truncf %{{.*}} : tensor<128x64xf32> to tensor<128x64xf16>
# CHECK: tile.store %{{.*}}, %[[O]], %{{.*}} : tensor<128x64x!tile.ptr<f16>>
# CHECK: %[[LOG:.*]] = math.log2 %[[L2]]#0 : tensor<128xf32>
# CHECK: %[[SUM:.*]] = arith.addf %[[L2]]#2, %[[LOG]] : tensor<128xf32>
# CHECK: %[[LSE:.*]] = arith.mulf %[[SUM]], %{{.*}} : tensor<128xf32>
# CHECK: tile.store %{{.*}}, %[[LSE]], %{{.*}} : tensor<128x!tile.ptr<f32>>
# CHECK-NEXT: return
