# The PTX of examples/matmul_tf32_int8.py: fp32 operands (tf32 by default)
# become mma.sync m16n8k8 .tf32 with each operand element rounded by
# cvt.rna.tf32.f32, int8 operands with an int32 accumulator mma.sync m16n8k32
# .s8 (wrapping, no .satfinite), for sm_80 and sm_90a; ptxas accepts both.
# 64x64x32 tiles on 4 warps: each warp 32x32, 2 x 4 accumulator tiles; tf32
# takes 4 K steps of 8 (32 instructions), int8 one of 32 (8 instructions).
# RUN: tilec %examples/matmul_tf32_int8.py -k matmul_tf32_kernel -s "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32" --num-warps 4 --arch=sm_80 --emit=ptx --no-cache | FileCheck %s --check-prefix=TF32
# RUN: tilec %examples/matmul_tf32_int8.py -k matmul_tf32_kernel -s "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32" --num-warps 4 --arch=sm_90a --emit=ptx --no-cache | FileCheck %s --check-prefix=TF32
# RUN: tilec %examples/matmul_tf32_int8.py -k matmul_int8_kernel -s "*i8:16, *i8:16, *i32:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32" --num-warps 4 --arch=sm_80 --emit=ptx --no-cache | FileCheck %s --check-prefix=I8
# RUN: tilec %examples/matmul_tf32_int8.py -k matmul_int8_kernel -s "*i8:16, *i8:16, *i32:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32" --num-warps 4 --arch=sm_90a --emit=ptx --no-cache | FileCheck %s --check-prefix=I8
# RUN: tilec %examples/matmul_tf32_int8.py -k matmul_int8_kernel -s "*i8:16, *i8:16, *i32:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32" --num-warps 4 --emit=tilegpu --no-cache | FileCheck %s --check-prefix=IR
# RUN: %if ptxas %{ tilec %examples/matmul_tf32_int8.py -k matmul_tf32_kernel -s "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32" --num-warps 4 --arch=sm_80 --emit=cubin --print-resources --no-cache -o %t.tf32.cubin 2>&1 | FileCheck %s --check-prefix=RES-TF32 %}
# RUN: %if ptxas %{ tilec %examples/matmul_tf32_int8.py -k matmul_int8_kernel -s "*i8:16, *i8:16, *i32:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32" --num-warps 4 --arch=sm_90a --emit=cubin --print-resources --no-cache -o %t.i8.cubin 2>&1 | FileCheck %s --check-prefix=RES-I8 %}

# TF32-LABEL: .entry matmul_tf32_kernel(
# TF32: cvt.rna.tf32.f32
# TF32-COUNT-32: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
# TF32-NOT: mma.sync

# I8-LABEL: .entry matmul_int8_kernel(
# I8-COUNT-8: mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
# I8-NOT: mma.sync

# The int32 accumulator stays in the mma layout through the K loop.
# IR: #[[MMA:.*]] = #tilegpu.mma<{version = 2, instrN = 8, warpsPerCTA = [2, 2]}>
# IR: scf.for {{.*}} -> (tensor<64x64xi32, #[[MMA]]>, {{.*}})
# IR: tile.dot {{.*}} : tensor<64x32xi8, #dot_op{{.*}}> * tensor<32x64xi8, #dot_op{{.*}}> -> tensor<64x64xi32, #[[MMA]]>

# RES-TF32: matmul_tf32_kernel: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads
# RES-I8: matmul_int8_kernel: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads
