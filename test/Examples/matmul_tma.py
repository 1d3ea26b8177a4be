# The PTX of examples/matmul_tma.py for sm_90a: the operands arrive by TMA
# (cp.async.bulk.tensor completing on mbarriers) in the layout wgmma reads,
# and C leaves by a TMA store.
#
# 128x256x64 on 8 warps, 3 stages: the A block (128x64 fp16, rows of 128
# bytes) is one box, the B block (64x256, rows of 512 bytes) is four 64x64
# boxes, one per 128-byte swizzle atom; 48 KiB per stage. The prologue
# initializes one mbarrier per slot (thread 0 only), then issues two stages;
# each iteration waits on its slot's mbarrier with the phase parity it
# carries, synchronizes once (no proxy fence: TMA and wgmma are both async
# proxy), issues its wgmmas, then the copies of the iteration 2 ahead.
# RUN: tilec %examples/matmul_tma.py -k matmul_tma_kernel -s "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 256]>, tensordesc<fp16[128, 256]>, i32, i32, i32, 128, 256, 64, 8" --num-warps 8 --arch=sm_90a --emit=ptx --no-cache | FileCheck %s
# CHECK-LABEL: .entry matmul_tma_kernel(
# CHECK-NEXT: .param .align 64 .b8 matmul_tma_kernel_param_0[128],
# CHECK-NEXT: .param .align 64 .b8 matmul_tma_kernel_param_1[128],
# CHECK-NEXT: .param .align 64 .b8 matmul_tma_kernel_param_2[128],
# CHECK: cvta.param.u64
# CHECK-COUNT-4: mbarrier.init.shared.b64 [{{.*}}], 1;
# CHECK: bar.sync 0;
# CHECK: mbarrier.arrive.expect_tx.shared.b64 _, [{{.*}}], 49152;
# CHECK-COUNT-5: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
# CHECK: mbarrier.arrive.expect_tx.shared.b64 _, [{{.*}}], 49152;
# CHECK-COUNT-5: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
# CHECK: mbarrier.try_wait.parity.shared.b64
# CHECK-NOT: fence.proxy.async
# CHECK: bar.sync 0;
# CHECK: wgmma.fence.sync.aligned;
# CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
# CHECK: wgmma.commit_group.sync.aligned;
# CHECK: mbarrier.arrive.expect_tx.shared.b64 _, [{{.*}}], 49152;
# CHECK-COUNT-5: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
# CHECK: wgmma.wait_group.sync.aligned 1;
# CHECK-COUNT-4: mbarrier.inval.shared::cta.b64
# CHECK: wgmma.wait_group.sync.aligned 0;
# The epilogue stores C to a swizzled tile, fences it for the async proxy,
# and thread 0 stores it with four 128x64 boxes, then waits for them to read.
# CHECK: fence.proxy.async.shared::cta;
# CHECK: bar.sync 0;
# CHECK-COUNT-4: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
# CHECK: cp.async.bulk.commit_group;
# CHECK: cp.async.bulk.wait_group.read 0;
# CHECK-NOT: cp.async.bulk.tensor

# ptxas accepts it, with no spills: 4 slots of 48 KiB and the 4 mbarriers in
# dynamic shared memory (the C tile reuses the rings).
# RUN: %if ptxas %{ tilec %examples/matmul_tma.py -k matmul_tma_kernel -s "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 256]>, tensordesc<fp16[128, 256]>, i32, i32, i32, 128, 256, 64, 8" --num-warps 8 --arch=sm_90a --emit=cubin --print-resources --no-cache -o %t.cubin 2>&1 | FileCheck %s --check-prefix=RES %}
# RES: matmul_tma_kernel: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads, 0 bytes stack, 0 bytes shared memory, 196640 bytes dynamic shared memory, 256 threads

# bf16 and a smaller tile (64-byte rows: the 64-byte swizzle, 32x32 A boxes)
# on sm_90 without wgmma: TMA still moves the operands, ldmatrix reads them.
# RUN: tilec %examples/matmul_tma.py -k matmul_tma_kernel -s "tensordesc<bf16[64, 32]>, tensordesc<bf16[32, 64]>, tensordesc<bf16[64, 64]>, i32, i32, i32, 64, 64, 32, 8" --num-warps 4 --arch=sm_90 --emit=ptx --no-cache | FileCheck %s --check-prefix=SYNC
# SYNC-LABEL: .entry matmul_tma_kernel(
# SYNC: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
# SYNC: mbarrier.try_wait.parity.shared.b64
# SYNC: ldmatrix.sync.aligned
# SYNC: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
# SYNC: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group

# Below sm_90 there is no TMA: refused at the line of each descriptor access.
# RUN: not tilec %examples/matmul_tma.py -k matmul_tma_kernel -s "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 256]>, tensordesc<fp16[128, 256]>, i32, i32, i32, 128, 256, 64, 8" --num-warps 8 --arch=sm_80 --emit=ptx --no-cache 2>&1 | FileCheck %s --check-prefix=SM80
# SM80: matmul_tma.py:36:13: error: tensor descriptors need TMA, which compute capability 9.0 (sm_90) introduced; this kernel targets 8.0
# SM80-NEXT: a = a_desc.load([off_m, kt * BLOCK_K])
# SM80-NEXT: ^
# SM80: matmul_tma.py:37:13: error: tensor descriptors need TMA
# SM80: matmul_tma.py:40:5: error: tensor descriptors need TMA
