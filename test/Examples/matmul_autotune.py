# RUN: tilec %examples/matmul_autotune.py --list-configs | FileCheck %s --check-prefix=LIST
# RUN: tilec %examples/matmul_autotune.py --config=0 -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, i32, i32, i32" --emit=ptx --no-cache | FileCheck %s --check-prefix=C0
# RUN: tilec %examples/matmul_autotune.py --config=1 -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, i32, i32, i32" --emit=ptx --no-cache | FileCheck %s --check-prefix=C1
# RUN: tilec %examples/matmul_autotune.py --config=2 -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, i32, i32, i32" --emit=ptx --no-cache | FileCheck %s --check-prefix=C2
# RUN: %if ptxas %{ tilec %examples/matmul_autotune.py --config=0 -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, i32, i32, i32" --emit=cubin --print-resources --no-cache -o %t.c0.cubin 2>&1 | FileCheck %s --check-prefix=RES %}
# RUN: %if ptxas %{ tilec %examples/matmul_autotune.py --config=0 -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, i32, i32, i32" --arch=sm_80 --emit=cubin --print-resources --no-cache -o %t.c0.sm80.cubin 2>&1 | FileCheck %s --check-prefix=RES %}
# RUN: %if ptxas %{ tilec %examples/matmul_autotune.py --config=1 -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, i32, i32, i32" --emit=cubin --print-resources --no-cache -o %t.c1.cubin 2>&1 | FileCheck %s --check-prefix=RES %}
# RUN: %if ptxas %{ tilec %examples/matmul_autotune.py --config=1 -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, i32, i32, i32" --arch=sm_80 --emit=cubin --print-resources --no-cache -o %t.c1.sm80.cubin 2>&1 | FileCheck %s --check-prefix=RES %}
# RUN: %if ptxas %{ tilec %examples/matmul_autotune.py --config=2 -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, i32, i32, i32" --emit=cubin --print-resources --no-cache -o %t.c2.cubin 2>&1 | FileCheck %s --check-prefix=RES %}
# RUN: %if ptxas %{ tilec %examples/matmul_autotune.py --config=2 -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, i32, i32, i32" --arch=sm_80 --emit=cubin --print-resources --no-cache -o %t.c2.sm80.cubin 2>&1 | FileCheck %s --check-prefix=RES %}
#
# What CI checks of examples/matmul_autotune.py: the decorator's configs
# (read from its module-level CONFIGS list), each one compiled to PTX with
# its own block (4 warps: 128 threads, 8 warps: 256) and wgmma (sm_90a,
# the default), and, where ptxas is installed, assembled without spilling
# for sm_90a and sm_80. A change to the matmul lowering that makes a config
# spill fails here: pick configs that fit again, or say why in the example.

# LIST: # key: M, N, K
# LIST-NEXT: 0: BLOCK_M=64, BLOCK_N=64, BLOCK_K=32, GROUP_M=8, num_warps=4, num_stages=3
# LIST-NEXT: 1: BLOCK_M=64, BLOCK_N=128, BLOCK_K=32, GROUP_M=8, num_warps=8, num_stages=3
# LIST-NEXT: 2: BLOCK_M=128, BLOCK_N=64, BLOCK_K=32, GROUP_M=8, num_warps=8, num_stages=3
# LIST-NOT: {{.}}

# C0-LABEL: .entry matmul_kernel(
# C0: .reqntid 128, 1, 1
# C0: wgmma.mma_async.sync.aligned
# C1-LABEL: .entry matmul_kernel(
# C1: .reqntid 256, 1, 1
# C1: wgmma.mma_async.sync.aligned
# C2-LABEL: .entry matmul_kernel(
# C2: .reqntid 256, 1, 1
# C2: wgmma.mma_async.sync.aligned

# RES: matmul_kernel: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads
