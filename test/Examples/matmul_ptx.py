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
# RUN: tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 32, 8" --num-warps 4 --arch=sm_80 --emit=tilegpu --no-cache | FileCheck %s --check-prefix=VEC
# VEC: #[[MMA:.*]] = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [2, 2]}>
# VEC: scf.for {{.*}} -> (tensor<128x128xf32, #[[MMA]]>, {{.*}})
# VEC-COUNT-2: tilegpu.convert_layout {{.*}} -> tensor<{{.*}}, #dot_op{{.*}}>
# VEC: tile.dot
# VEC: arith.truncf {{.*}} : tensor<128x128xf32, #[[MMA]]> to tensor<128x128xf16, #[[MMA]]>
# VEC: tilegpu.convert_layout {{.*}} : tensor<128x128xf16, #[[MMA]]> -> tensor<128x128xf16, #{{.*}}>
# VEC-NOT: tilegpu.convert_layout
