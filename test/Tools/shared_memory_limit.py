# A kernel whose shared memory does not fit its target is a located error
# before PTX exists (not a ptxas failure), against the target's own limit:
# 227 KiB per block on sm_90, 163 KiB on sm_80, 99 KiB on sm_86 and sm_89.
# Here, a 256x256x128 fp16 matmul tile pipelined 4 deep.
#
# RUN: not tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 256, 256, 128, 8" --num-warps 8 --num-stages 4 --arch=sm_90a --emit=ptx --no-cache 2>&1 | FileCheck %s --check-prefix=SM90
# RUN: not tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 256, 256, 128, 8" --num-warps 8 --num-stages 4 --arch=sm_80 --emit=ptx --no-cache 2>&1 | FileCheck %s --check-prefix=SM80
# RUN: not tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 256, 256, 128, 8" --num-warps 8 --num-stages 4 --arch=sm_89 --emit=ptx --no-cache 2>&1 | FileCheck %s --check-prefix=SM89
# SM90: matmul.py:{{[0-9]+}}:5: error: needs {{[0-9]+}} bytes of shared memory at offset 0, past the 232448 bytes a CTA can have
# SM90-NEXT: for kt in range(0, tl.cdiv(K, BLOCK_K)):
# SM80: matmul.py:{{[0-9]+}}:5: error: needs {{[0-9]+}} bytes of shared memory at offset 0, past the 166912 bytes a CTA can have
# SM89: matmul.py:{{[0-9]+}}:5: error: needs {{[0-9]+}} bytes of shared memory at offset 0, past the 101376 bytes a CTA can have
