# The PTX of examples/matmul.py where wgmma does not exist (sm_80, and sm_90
# without the `a`): tl.dot becomes mma.sync m16n8k16 (fp16 and bf16
# operands, fp32 accumulation) through tilegpu-accelerate-dot, and ptxas
# accepts both. 64x64x32 tiles on 4 warps: each warp 32x32, 2 x 4
# accumulator tiles, 2 K steps: 16 instructions. (sm_90a: matmul_wgmma.py.)
# RUN: tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32, 8" --num-warps 4 --arch=sm_80 --emit=ptx --no-cache | FileCheck %s --check-prefix=F16
# RUN: tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32, 8" --num-warps 4 --arch=sm_90 --emit=ptx --no-cache | FileCheck %s --check-prefix=F16
# RUN: tilec %examples/matmul.py -k matmul_kernel -s "*bf16:16, *bf16:16, *bf16:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32, 8" --num-warps 4 --arch=sm_90 --emit=ptx --no-cache | FileCheck %s --check-prefix=BF16
# RUN: tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32, 8" --num-warps 4 --arch=sm_80 --emit=tilegpu --no-cache | FileCheck %s --check-prefix=IR
# RUN: %if ptxas %{ tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32, 8" --num-warps 4 --arch=sm_80 --emit=cubin --no-cache -o %t.sm80.cubin %}
# RUN: %if ptxas %{ tilec %examples/matmul.py -k matmul_kernel -s "*bf16:16, *bf16:16, *bf16:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32, 8" --num-warps 4 --arch=sm_90 --emit=cubin --print-resources --no-cache -o %t.sm90a.cubin 2>&1 | FileCheck %s --check-prefix=RES %}

# F16-LABEL: .entry matmul_kernel(
# F16-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# F16-NOT: mma.sync

# BF16-LABEL: .entry matmul_kernel(
# BF16-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32

# The accumulator is carried through the K loop in the mma layout; the only
# conversions are the operands' (to dot_op) and the result's (to the store).
# IR: #[[MMA:.*]] = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [2, 2]}>
# IR: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<64x64xf32, #[[MMA]]>, {{.*}})
# IR: tile.dot {{.*}} -> tensor<64x64xf32, #[[MMA]]>

# RES: matmul_kernel: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads, 0 bytes stack

# With strides and sizes divisible by 16 the store of C is vectorized, and
# its layout is offered backward through the truncation to the loop result:
# the loop must still carry the accumulator in the mma layout (propagation
# leaves values that follow a dot alone), converting once after the loop.
# (The operands used to be two more conversions in the loop; they now go
# through shared memory, so the only conversion left is the result's.)
# RUN: tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 32, 8" --num-warps 4 --arch=sm_80 --emit=tilegpu --no-cache | FileCheck %s --check-prefix=VEC
# VEC: #[[MMA:.*]] = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [2, 2]}>
# VEC: scf.for {{.*}} -> (tensor<128x128xf32, #[[MMA]]>, {{.*}})
# The operands now reach their #dot_op layouts from pipelined shared rings
# (local_load, ldmatrix) rather than through conversions: see below.
# VEC-COUNT-2: tilegpu.local_load {{.*}} -> tensor<{{.*}}, #dot_op{{.*}}>
# VEC: tile.dot
# VEC: arith.truncf {{.*}} : tensor<128x128xf32, #[[MMA]]> to tensor<128x128xf16, #[[MMA]]>
# VEC: tilegpu.convert_layout {{.*}} : tensor<128x128xf16, #[[MMA]]> -> tensor<128x128xf16, #{{.*}}>
# VEC-NOT: tilegpu.convert_layout

# sm_80 has no wgmma, but the same shared-memory path: each operand is
# stored to a swizzled shared tile, tilegpu-pipeline turns those stores into
# cp.async copies into 3-slot rings (one wait and barrier per iteration, no
# proxy fence: mma.sync reads through ldmatrix, the generic proxy), and
# ldmatrix reads the operand fragments: A (K contiguous) plainly, B
# (row-major [K, N], N contiguous) with .trans. 128x128x32 on 4 warps: each
# warp 64x64, 4 M x 8 N accumulator tiles x 2 K steps = 64 mma.sync; its A
# (64x32) and B (32x64) are 8 fragments of 16x16 each, one ldmatrix.x4 per
# fragment. ptxas must accept it without spills (RES above).
# RUN: tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 32, 8" --num-warps 4 --arch=sm_80 --emit=ptx --no-cache | FileCheck %s --check-prefix=LDM
# RUN: %if ptxas %{ tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 32, 8" --num-warps 4 --arch=sm_80 --emit=cubin --print-resources --no-cache -o %t.ldm.cubin 2>&1 | FileCheck %s --check-prefix=RES %}
# LDM-LABEL: .entry matmul_kernel(
# LDM: cp.async.cg.shared.global
# LDM: cp.async.commit_group
# LDM: cp.async.wait_group 1
# LDM-NOT: fence.proxy.async
# LDM-COUNT-8: ldmatrix.sync.aligned.m8n8.x4.shared.b16
# LDM-COUNT-8: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
# LDM-COUNT-64: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# LDM: cp.async.wait_group 0
