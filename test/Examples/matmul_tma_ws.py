# examples/matmul_tma.py with its K loop as tl.range(..., warp_specialize=True)
# (what bench/ws_matmul.py runs on the GPU), for sm_90a: 8 consumer warps
# and a producer warpgroup, 384 threads starting at 168 registers. The
# producer gives registers back (setmaxnreg.dec 40); its first thread alone
# (256) waits for each slot to be handed back and issues its copies; the
# consumers take 232 registers, wait for full slots, hand slots back one
# arrival per warp, and synchronize among themselves only (bar.sync 1, 256).
# No CTA barrier in the consumers' loop; after it the 8 mbarriers (4 slots:
# 3 stages and the wgmma in flight) are invalidated, so that the C tile
# reuses the rings. Below sm_90a the flag is a hint, as in Triton: the loop
# is pipelined as before.
# RUN: sed 's/for kt in range(0, tl.cdiv(K, BLOCK_K)):/for kt in tl.range(0, tl.cdiv(K, BLOCK_K), warp_specialize=True):/' %examples/matmul_tma.py > %t.py
# RUN: tilec %t.py -k matmul_tma_kernel -s "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 256]>, tensordesc<fp16[128, 256]>, i32, i32, i32, 128, 256, 64, 8" --num-warps 8 --arch=sm_90a --emit=ptx --no-cache --print-pipeline-remarks -o %t.ptx 2>&1 | FileCheck %s --check-prefix=REMARK
# RUN: FileCheck %s < %t.ptx
# RUN: tilec %t.py -k matmul_tma_kernel -s "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 256]>, tensordesc<fp16[128, 256]>, i32, i32, i32, 128, 256, 64, 8" --num-warps 8 --arch=sm_90a --emit=cubin --print-resources --no-cache -o %t.cubin 2>&1 | FileCheck %s --check-prefix=RES
# RUN: tilec %t.py -k matmul_tma_kernel -s "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 256]>, tensordesc<fp16[128, 256]>, i32, i32, i32, 128, 256, 64, 8" --num-warps 8 --arch=sm_90 --emit=ptx --no-cache --print-pipeline-remarks -o %t90.ptx 2>&1 | FileCheck %s --check-prefix=SM90
# REMARK: remark: loop warp-specialized: a producer warpgroup issues 2 TMA load(s) in 3 stages for 8 consumer warps
# CHECK-LABEL: .entry matmul_tma_kernel(
# CHECK: .reqntid 384, 1, 1
# CHECK-NEXT: .maxnreg 168
# CHECK-COUNT-4: mbarrier.init.shared.b64 [{{.*}}], 1;
# CHECK-COUNT-4: mbarrier.init.shared.b64 [{{.*}}], 8;
# CHECK: bar.sync 0;
# CHECK: setp.lt.u32 %p{{[0-9]+}}, %r{{[0-9]+}}, 256;
# CHECK: setmaxnreg.dec.sync.aligned.u32 40;
# CHECK: setp.ne.b32 %p{{[0-9]+}}, %r{{[0-9]+}}, 256;
# CHECK: mbarrier.try_wait.parity.shared.b64
# CHECK: mbarrier.arrive.expect_tx.shared.b64 _, [{{.*}}], 49152;
# CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
# CHECK: setmaxnreg.inc.sync.aligned.u32 232;
# CHECK-NOT: bar.sync 0;
# CHECK: mbarrier.try_wait.parity.shared.b64
# CHECK: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
# CHECK: wgmma.wait_group.sync.aligned 1;
# CHECK: mbarrier.arrive.shared.b64
# CHECK: wgmma.wait_group.sync.aligned 0;
# CHECK: bar.sync 1, 256;
# CHECK-COUNT-8: mbarrier.inval.shared::cta.b64
# CHECK: bar.sync 1, 256;
# CHECK: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
# CHECK-NOT: bar.sync 0;
# RES: matmul_tma_kernel: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads, {{.*}} 384 threads
# SM90-NOT: warp-specialized
# SM90: remark: loop pipelined in 3 stages
