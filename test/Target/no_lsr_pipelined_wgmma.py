# Kernels whose wgmma reads cp.async rings are compiled without LLVM's loop
# strength reduction (lib/Target/NVPTX.cpp; 13-14% faster on the H200,
# bench/NOTES.md run 18): each copy reads a pointer register that the loop
# steps in place. With LSR, the pointers were rebuilt every iteration as an
# induction variable plus an invariant offset (`add.s64 %rdA, %rdB, %rdC`
# with three different registers before the copies).
#
# RUN: tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 256, 64, 8" --num-warps 8 --arch=sm_90a --emit=ptx --no-cache | FileCheck %s

# The K loop: B's 8 pointers (one per 16-byte copy of a thread) stepped in
# place by the runtime stride before the wait, then the copies read them.
# CHECK-LABEL: $L__BB0_2:
# CHECK-NEXT: setp
# CHECK-COUNT-8: add.s64 [[P:%rd[0-9]+]], [[P]], [[STEP:%rd[0-9]+]];
# CHECK-NEXT: cp.async.wait_group 1;
# CHECK: wgmma.mma_async
# CHECK-COUNT-12: cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %p{{[0-9]+}};
# CHECK: cp.async.commit_group
# CHECK: bra
