# RUN: tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 256, 64, 8" --num-warps 8 --arch=sm_90a --emit=tilegpu --print-pipeline-remarks -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALIGNED
# RUN: tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32, 8" --num-warps 4 --arch=sm_90a --emit=ptx --print-pipeline-remarks -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNALIGNED
#
# tilec --print-pipeline-remarks on examples/matmul.py. With its sizes and
# strides specialized (':16'), the K loop's loads are 16-byte vectors and
# become cp.async copies, the wgmma staying in flight. Without, nothing
# proves more than 2-byte alignment (the held-out batched matmul of issue
# 15): each load is named with its width and the loop is left as it was.

# ALIGNED: matmul.py:47:5: remark: loop pipelined in 3 stages: 2 load(s) by cp.async, wgmma kept in flight
# ALIGNED-NEXT: for kt in range(0, tl.cdiv(K, BLOCK_K)):
# ALIGNED-NOT: remark

# UNALIGNED: matmul.py:49:13: remark: load not prefetched: its accesses are 2-byte vectors and cp.async copies 4, 8 or 16 bytes
# UNALIGNED: matmul.py:50:13: remark: load not prefetched: its accesses are 2-byte vectors and cp.async copies 4, 8 or 16 bytes
# UNALIGNED: matmul.py:47:5: remark: loop not pipelined: none of its loads can be prefetched into shared memory
