# The PTX of examples/matmul.py for sm_90a: tl.dot becomes wgmma.mma_async
# (tilegpu-accelerate-dot, then the warp_group_dot lowering) on operands in
# swizzled shared memory, and ptxas accepts it with no spills.
#
# Sizes and strides divisible by 16 (the contiguous strides 1), 128x128x64
# tiles on 8 warps, 3 stages (the default): two warpgroups of 64 rows, one
# m64n128k16 per K step, 4 steps; the loads become 16-byte cp.async copies
# into rings (8 per thread per stage: 2 in the prologue, 1 in the loop),
# each iteration waiting for its slot's group with one group still in
# flight, fencing the async proxy and synchronizing once. The wgmmas are
# issued first and stay in flight while the next copies are issued and into
# the next iteration (wait_group 1 after the copies; 0 after the loop), so
# the rings have 4 slots: 128 KiB.
# RUN: tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 64, 8" --num-warps 8 --arch=sm_90a --emit=ptx --no-cache | FileCheck %s --check-prefix=PIPE
# PIPE: .extern .shared .align 1024 .b8 tilec_scratch_smem[];
# PIPE-LABEL: .entry matmul_kernel(
# PIPE-COUNT-16: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, {{.*}};
# PIPE: cp.async.wait_group 1;
# PIPE: fence.proxy.async.shared::cta;
# PIPE: bar.sync 0;
# PIPE: wgmma.fence.sync.aligned;
# PIPE-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
# PIPE: wgmma.commit_group.sync.aligned;
# PIPE-COUNT-8: cp.async.cg.shared.global
# PIPE: wgmma.wait_group.sync.aligned 1;
# PIPE: cp.async.wait_group 0;
# PIPE: wgmma.wait_group.sync.aligned 0;
# PIPE-NOT: wgmma.mma_async

# The same for bf16 with B column-major: B is K-major for wgmma (not
# transposed, the last immediate 0); A stays K-major.
# RUN: tilec %examples/matmul.py -k matmul_kernel -s "*bf16:16, *bf16:16, *bf16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:1, i32:16, i32:16, i32:1, 128, 128, 64, 8" --num-warps 8 --arch=sm_90a --emit=ptx --no-cache | FileCheck %s --check-prefix=BT
# BT-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{.*}}, p, 1, 1, 0, 0;

# Row-major B is N-major: transposed for wgmma (the last immediate 1).
# RUN: tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 64, 8" --num-warps 8 --arch=sm_90a --emit=ptx --no-cache | FileCheck %s --check-prefix=BN
# BN: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 1;

# Generic integers give 2-byte vectors, too narrow for cp.async: each
# iteration stores its operands to shared memory (between barriers, with the
# proxy fence) and wgmma reads them; 64x64x32 on 4 warps is one warpgroup,
# m64n64k16, 2 K steps.
# RUN: tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32, 8" --num-warps 4 --arch=sm_90a --emit=ptx --no-cache | FileCheck %s --check-prefix=SYNC
# SYNC-LABEL: .entry matmul_kernel(
# SYNC-NOT: cp.async
# SYNC: fence.proxy.async.shared::cta;
# SYNC: bar.sync 0;
# SYNC-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
# SYNC-NOT: wgmma.mma_async

# ptxas accepts them; the pipelined configuration has no spills and passes
# its rings as 128 KiB of dynamic shared memory.
# RUN: %if ptxas %{ tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 64, 8" --num-warps 8 --arch=sm_90a --emit=cubin --print-resources --no-cache -o %t.pipe.cubin 2>&1 | FileCheck %s --check-prefix=RES %}
# RUN: %if ptxas %{ tilec %examples/matmul.py -k matmul_kernel -s "*bf16:16, *bf16:16, *bf16:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32, 8" --num-warps 4 --arch=sm_90a --emit=cubin --print-resources --no-cache -o %t.sync.cubin 2>&1 | FileCheck %s --check-prefix=RES-SYNC %}
# RES: matmul_kernel: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads, 0 bytes stack, 0 bytes shared memory, 131072 bytes dynamic shared memory, 256 threads
# RES-SYNC: matmul_kernel: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads, 0 bytes stack

# The configuration examples/matmul.py declares (TILEC_SIGNATURES, what
# scripts/main.sh compiles): 128x256x64 on 8 warps, m64n256k16, no spills,
# 4 slots of 48 KiB.
# RUN: %if ptxas %{ tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 256, 64, 8" --num-warps 8 --arch=sm_90a --emit=cubin --print-resources --no-cache -o %t.default.cubin 2>&1 | FileCheck %s --check-prefix=RES-DEFAULT %}
# RES-DEFAULT: matmul_kernel: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads, 0 bytes stack, 0 bytes shared memory, 196608 bytes dynamic shared memory, 256 threads
