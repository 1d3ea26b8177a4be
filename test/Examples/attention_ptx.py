# RUN: tilec %examples/attention.py -k attn_fwd_kernel -s "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, fp32, i32:16, i32:16, i32:16, i32:1, i32:16, i32:16, i32:16, i32:1, i32:16, i32:16, i32:16, i32:1, i32:16, i32:16, i32:16, i32:1, i32, i32, 64, 128, 64, 1" --num-warps 8 --arch=sm_90a --emit=ptx --no-cache | FileCheck %s
# RUN: tilec %examples/attention.py -k attn_fwd_kernel -s "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, fp32, i32:16, i32:16, i32:16, i32:1, i32:16, i32:16, i32:16, i32:1, i32:16, i32:16, i32:16, i32:1, i32:16, i32:16, i32:16, i32:1, i32, i32, 64, 128, 64, 1" --num-warps 8 --arch=sm_90a --emit=tilegpu --print-pipeline-remarks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
#
# examples/attention.py (CAUSAL=1, head dim 64, 128x64 blocks) on sm_90a:
# both key loops are pipelined. Q is loaded once and stored to shared
# memory before the loops (4 ld.global.v4 per thread, the only global loads);
# in each loop K (transposed, stored K-major) and V arrive by cp.async into
# 3-slot rings, two iterations ahead, and each iteration waits for its own
# group, fences the async proxy and synchronizes once before the wgmmas.

# CHECK-LABEL: .entry attn_fwd_kernel(
# CHECK-COUNT-4: ld.global.v4.b32
# CHECK-NOT: ld.global
# First loop: prologue of two groups, then the loop.
# CHECK: cp.async.commit_group
# CHECK: cp.async.commit_group
# CHECK: $L__BB0_[[LOOP1:[0-9]+]]:
# CHECK: cp.async.wait_group 1;
# CHECK-NEXT: fence.proxy.async.shared::cta;
# CHECK-NEXT: bar.sync 0;
# CHECK-NOT: ld.global
# CHECK: cp.async.cg.shared.global
# CHECK-NOT: ld.global
# CHECK: cp.async.commit_group
# CHECK-NOT: ld.global
# CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
# CHECK-NOT: ld.global
# CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
# CHECK-NOT: ld.global
# CHECK: bra {{.*}}$L__BB0_[[LOOP1]];
# CHECK: cp.async.wait_group 0;
# Second (diagonal) loop: the same.
# CHECK-NOT: ld.global
# CHECK: cp.async.wait_group 1;
# CHECK-NEXT: fence.proxy.async.shared::cta;
# CHECK-NEXT: bar.sync 0;
# CHECK-NOT: ld.global
# CHECK: wgmma.mma_async
# CHECK-NOT: ld.global
# CHECK: cp.async.wait_group 0;
# CHECK-NOT: ld.global
# CHECK: ret;

# REMARK: attention.py:41:5: remark: loop pipelined in 3 stages: 2 load(s) by cp.async (1 transposed)
# REMARK: attention.py:99:25: note: called from
# REMARK: attention.py:41:5: remark: loop pipelined in 3 stages: 2 load(s) by cp.async (1 transposed)
# REMARK: attention.py:103:25: note: called from
