# tl.range(..., warp_specialize=True) on a loop tilec cannot split is a hint,
# as in Triton: examples/matmul.py's K loop loads through pointers
# (cp.async), so the remark says why it is not warp-specialized and the loop
# is pipelined as without the flag (128 threads a warp times 8, no
# setmaxnreg, the same PTX as the unmarked loop's).
# RUN: sed 's/for kt in range(0, tl.cdiv(K, BLOCK_K)):/for kt in tl.range(0, tl.cdiv(K, BLOCK_K), warp_specialize=True):/' %examples/matmul.py > %t.py
# RUN: tilec %t.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 256, 64, 8" --num-warps 8 --arch=sm_90a --emit=ptx --no-cache --print-pipeline-remarks -o %t.ptx 2>&1 | FileCheck %s --check-prefix=REMARK
# RUN: FileCheck %s < %t.ptx
# RUN: tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 256, 64, 8" --num-warps 8 --arch=sm_90a --emit=ptx --no-cache -o %t.plain.ptx
# RUN: diff %t.ptx %t.plain.ptx
# REMARK: remark: loop not warp-specialized: its prefetched loads are not all tensor descriptor loads (TMA)
# REMARK: remark: loop pipelined in 3 stages
# CHECK: .reqntid 256, 1, 1
# CHECK-NOT: setmaxnreg
# CHECK: cp.async.cg.shared.global
