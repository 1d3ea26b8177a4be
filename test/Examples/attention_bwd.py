# RUN: tilec %examples/attention.py -k attn_bwd_preprocess -s "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:1, i32, i32, 64, 64" --num-warps 4 --emit=tile | FileCheck %s --check-prefix=PRE
# RUN: tilec %examples/attention.py -k attn_bwd_dkdv -s "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, fp32, i32:16, i32:16, i32:16, i32:1, i32, i32, 64, 32, 64, 1" --num-warps 4 --emit=tile | FileCheck %s --check-prefix=DKDV
# RUN: tilec %examples/attention.py -k attn_bwd_dq -s "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, fp32, i32:16, i32:16, i32:16, i32:1, i32, i32, 64, 64, 32, 1" --num-warps 4 --emit=tile | FileCheck %s --check-prefix=DQ
# RUN: tilec %examples/attention.py -k attn_bwd_dkdv -s "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, fp32, i32:16, i32:16, i32:16, i32:1, i32, i32, 64, 32, 64, 1" --num-warps 4 --arch=sm_90a --emit=ptx --no-cache | FileCheck %s --check-prefix=DKDV90
# RUN: tilec %examples/attention.py -k attn_bwd_dq -s "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, fp32, i32:16, i32:16, i32:16, i32:1, i32, i32, 64, 64, 32, 1" --num-warps 4 --arch=sm_90a --emit=ptx --no-cache | FileCheck %s --check-prefix=DQ90
# RUN: tilec %examples/attention.py -k attn_bwd_dkdv -s "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, fp32, i32:16, i32:16, i32:16, i32:1, i32, i32, 64, 32, 64, 1" --num-warps 4 --arch=sm_80 --emit=ptx --no-cache | FileCheck %s --check-prefix=DKDV80
# RUN: tilec %examples/attention.py -k attn_bwd_dq -s "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, fp32, i32:16, i32:16, i32:16, i32:1, i32, i32, 64, 64, 32, 1" --num-warps 4 --arch=sm_80 --emit=ptx --no-cache | FileCheck %s --check-prefix=DQ80
#
# The backward kernels of examples/attention.py with their TILEC_SIGNATURES
# entries (fp16, head dim 64, CAUSAL=1, 4 warps): the delta preprocess, and
# dK/dV and dQ, each with a causal split of its loop (the diagonal blocks
# with the mask, the rest without) that recomputes P with exp2 from the
# saved log-sum-exp and runs its dots (P^T dO, dO V^T, dS^T Q in dkdv;
# Q K^T, dO V^T, dS K in dq) as wgmma on sm_90a, mma.sync on sm_80.

# Delta: two masked fp16 loads widened to fp32, their product summed along
# the head dimension, one fp32 store per row.
# PRE-LABEL: func.func @attn_bwd_preprocess(
# PRE: %[[O:.*]] = tile.load %{{.*}} : tensor<64x64x!tile.ptr<f16>>
# PRE: %[[OF:.*]] = arith.extf %[[O]] : tensor<64x64xf16> to tensor<64x64xf32>
# PRE: %[[DO:.*]] = tile.load %{{.*}} : tensor<64x64x!tile.ptr<f16>>
# PRE: %[[DOF:.*]] = arith.extf %[[DO]] : tensor<64x64xf16> to tensor<64x64xf32>
# PRE: %[[PROD:.*]] = arith.mulf %[[OF]], %[[DOF]] : tensor<64x64xf32>
# PRE: %[[DELTA:.*]] = tile.reduce(%[[PROD]]) {axis = 1 : i32} : (tensor<64x64xf32>) -> tensor<64xf32>
# PRE: arith.addf
# PRE: tile.store %{{.*}}, %[[DELTA]], %{{.*}} : tensor<64x!tile.ptr<f32>>

# dK/dV: K and V loaded once; the diagonal loop (causal mask) then the rest,
# carrying dV and dK; dK scaled by sm_scale at the end.
# DKDV-LABEL: func.func @attn_bwd_dkdv(
# DKDV: %[[K:.*]] = tile.load %{{.*}} : tensor<64x64x!tile.ptr<f16>>
# DKDV: %[[V:.*]] = tile.load %{{.*}} : tensor<64x64x!tile.ptr<f16>>
# DKDV: %[[L1:.*]]:2 = scf.for
# DKDV: %[[Q:.*]] = tile.load %{{.*}} : tensor<32x64x!tile.ptr<f16>>
# DKDV: %[[DO:.*]] = tile.load %{{.*}} : tensor<32x64x!tile.ptr<f16>>
# DKDV: %[[QT:.*]] = tile.trans %[[Q]] {order = array<i32: 1, 0>} : tensor<32x64xf16> -> tensor<64x32xf16>
# DKDV: tile.dot %[[K]], %[[QT]], %{{.*}} : tensor<64x64xf16> * tensor<64x32xf16> -> tensor<64x32xf32>
# DKDV: math.exp2 %{{.*}} : tensor<64x32xf32>
# DKDV: arith.cmpi sge
# DKDV: %[[PT:.*]] = arith.select
# DKDV: %[[PT16:.*]] = arith.truncf %[[PT]] : tensor<64x32xf32> to tensor<64x32xf16>
# DKDV: %[[DV:.*]] = tile.dot %[[PT16]], %[[DO]], %{{.*}} : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
# DKDV: %[[DOT:.*]] = tile.trans %[[DO]] {order = array<i32: 1, 0>}
# DKDV: %[[DPT:.*]] = tile.dot %[[V]], %[[DOT]], %{{.*}} : tensor<64x64xf16> * tensor<64x32xf16> -> tensor<64x32xf32>
# DKDV: %[[DIFF:.*]] = arith.subf %[[DPT]], %{{.*}} : tensor<64x32xf32>
# DKDV: %[[DST:.*]] = arith.mulf %[[PT]], %[[DIFF]] : tensor<64x32xf32>
# DKDV: %[[DST16:.*]] = arith.truncf %[[DST]] : tensor<64x32xf32> to tensor<64x32xf16>
# DKDV: %[[DK:.*]] = tile.dot %[[DST16]], %[[Q]], %{{.*}} : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
# DKDV: scf.yield %[[DV]], %[[DK]]
# The second loop, past the diagonal: no causal compare.
# DKDV: %[[L2:.*]]:2 = scf.for %{{.*}} iter_args(%{{.*}} = %[[L1]]#0, %{{.*}} = %[[L1]]#1)
# DKDV-NOT: arith.cmpi sge
# DKDV: tile.dot
# DKDV-NOT: arith.cmpi sge
# DKDV: math.exp2
# DKDV-NOT: arith.cmpi sge
# DKDV-COUNT-3: tile.dot
# DKDV-NOT: arith.cmpi sge
# DKDV: scf.yield
# DKDV: %[[DV16:.*]] = arith.truncf %[[L2]]#0 : tensor<64x64xf32> to tensor<64x64xf16>
# DKDV: tile.store %{{.*}}, %[[DV16]], %{{.*}} : tensor<64x64x!tile.ptr<f16>>
# DKDV: %[[DKS:.*]] = arith.mulf %[[L2]]#1, %{{.*}} : tensor<64x64xf32>
# DKDV: %[[DK16:.*]] = arith.truncf %[[DKS]] : tensor<64x64xf32> to tensor<64x64xf16>
# DKDV: tile.store %{{.*}}, %[[DK16]], %{{.*}} : tensor<64x64x!tile.ptr<f16>>

# dQ: Q, dO, LSE (times log2(e)) and delta loaded once; the blocks left of
# the diagonal unmasked, then the diagonal with the causal mask.
# DQ-LABEL: func.func @attn_bwd_dq(
# DQ: %[[Q:.*]] = tile.load %{{.*}} : tensor<64x64x!tile.ptr<f16>>
# DQ: %[[DO:.*]] = tile.load %{{.*}} : tensor<64x64x!tile.ptr<f16>>
# DQ: %[[L1:.*]] = scf.for
# DQ-NOT: arith.cmpi sge
# DQ: %[[K:.*]] = tile.load %{{.*}} : tensor<32x64x!tile.ptr<f16>>
# DQ: %[[KT:.*]] = tile.trans %[[K]]
# DQ: tile.dot %[[Q]], %[[KT]], %{{.*}} : tensor<64x64xf16> * tensor<64x32xf16> -> tensor<64x32xf32>
# DQ: math.exp2 %{{.*}} : tensor<64x32xf32>
# DQ: tile.dot %[[DO]], %{{.*}}, %{{.*}} : tensor<64x64xf16> * tensor<64x32xf16> -> tensor<64x32xf32>
# DQ: %[[DS16:.*]] = arith.truncf %{{.*}} : tensor<64x32xf32> to tensor<64x32xf16>
# DQ: %[[DQ:.*]] = tile.dot %[[DS16]], %[[K]], %{{.*}} : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
# DQ: scf.yield %[[DQ]]
# DQ: %[[L2:.*]] = scf.for %{{.*}} iter_args(%{{.*}} = %[[L1]])
# DQ: tile.dot
# DQ: math.exp2
# DQ: arith.cmpi sge
# DQ-COUNT-2: tile.dot
# DQ: scf.yield
# DQ: %[[DQS:.*]] = arith.mulf %[[L2]], %{{.*}} : tensor<64x64xf32>
# DQ: %[[DQ16:.*]] = arith.truncf %[[DQS]] : tensor<64x64xf32> to tensor<64x64xf16>
# DQ: tile.store %{{.*}}, %[[DQ16]], %{{.*}} : tensor<64x64x!tile.ptr<f16>>

# sm_90a: every dot is a wgmma (M = 64 rows, one warpgroup): per loop
# K Q^T and V dO^T (n32, 4 k-steps each), P^T dO and dS^T Q (n64, 2 each).
# DKDV90-LABEL: .entry attn_bwd_dkdv(
# DKDV90-NOT: mma.sync
# DKDV90-COUNT-4: wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16
# DKDV90-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
# DKDV90-COUNT-4: wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16
# DKDV90-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
# DKDV90-NOT: mma.sync
# DKDV90: ret;

# dq: Q K^T and dO V^T (n32), dS K (n64); V arrives by cp.async.
# DQ90-LABEL: .entry attn_bwd_dq(
# DQ90-NOT: mma.sync
# DQ90: cp.async.cg.shared.global
# DQ90-COUNT-8: wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16
# DQ90-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
# DQ90-NOT: mma.sync
# DQ90: ret;

# sm_80: mma.sync m16n8k16 with fp32 accumulators, no wgmma.
# DKDV80-LABEL: .entry attn_bwd_dkdv(
# DKDV80-NOT: wgmma
# DKDV80: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# DKDV80-NOT: wgmma
# DKDV80: ret;
# DQ80-LABEL: .entry attn_bwd_dq(
# DQ80-NOT: wgmma
# DQ80: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# DQ80-NOT: wgmma
# DQ80: ret;
