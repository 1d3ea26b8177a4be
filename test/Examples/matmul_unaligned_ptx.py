# Matmul and batched matmul with sizes and leading strides not divisible by
# 16 (issue 15): fp16 loads are 2 bytes wide, cp.async cannot copy them and
# the K loop loads its tiles into registers. tilegpu-coalesce gives each
# thread 16-byte runs (one address per 8 elements, a 16-byte store to
# shared memory), tilegpu-shrink-loop-registers stores A before B is
# loaded, and the lowering ands each element's mask beside its load and
# zeroes `other` inside the load's asm (no select keeping the predicate
# live): 128x128x64 and 128x256x64 on 8 warps compile without spills on
# sm_90a and sm_80 (they spilled 456 to 12456 bytes before).
# RUN: tilec %examples/bmm.py -k bmm_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32:1, i32, i32, i32:1, i32, i32, i32:1, 128, 128, 64, 8" --num-warps 8 --num-stages 3 --arch=sm_90a --emit=tilegpu --no-cache | FileCheck %s --check-prefix=IR
# RUN: %if ptxas %{ tilec %examples/bmm.py -k bmm_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32:1, i32, i32, i32:1, i32, i32, i32:1, 128, 128, 64, 8" --num-warps 8 --num-stages 3 --arch=sm_90a --emit=cubin --print-resources --no-cache -o %t.bmm90.cubin 2>&1 | FileCheck %s --check-prefix=RES-BMM %}
# RUN: %if ptxas %{ tilec %examples/bmm.py -k bmm_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32:1, i32, i32, i32:1, i32, i32, i32:1, 128, 128, 64, 8" --num-warps 8 --num-stages 3 --arch=sm_80 --emit=cubin --print-resources --no-cache -o %t.bmm80.cubin 2>&1 | FileCheck %s --check-prefix=RES-BMM %}
# RUN: %if ptxas %{ tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32:1, i32, i32:1, i32, i32:1, 128, 128, 64, 8" --num-warps 8 --num-stages 3 --arch=sm_90a --emit=cubin --print-resources --no-cache -o %t.mm90.cubin 2>&1 | FileCheck %s --check-prefix=RES-MM %}
# RUN: %if ptxas %{ tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32:1, i32, i32:1, i32, i32:1, 128, 128, 64, 8" --num-warps 8 --num-stages 3 --arch=sm_80 --emit=cubin --print-resources --no-cache -o %t.mm80.cubin 2>&1 | FileCheck %s --check-prefix=RES-MM %}
# RUN: %if ptxas %{ tilec %examples/matmul.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32:1, i32, i32:1, i32, i32:1, 128, 256, 64, 8" --num-warps 8 --num-stages 3 --arch=sm_90a --emit=cubin --print-resources --no-cache -o %t.mm256.cubin 2>&1 | FileCheck %s --check-prefix=RES-MM %}
# RUN: %if ptxas %{ tilec %examples/bmm.py -k bmm_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32:1, i32, i32, i32:1, i32, i32, i32:1, 128, 256, 64, 8" --num-warps 8 --num-stages 3 --arch=sm_80 --emit=cubin --print-resources --no-cache -o %t.bmm256.cubin 2>&1 | FileCheck %s --check-prefix=RES-BMM %}

# The operand loads: one element per access, 8 consecutive per thread; the
# stores to shared memory follow their loads.
# IR-DAG: #[[A:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
# IR-DAG: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
# IR: scf.for
# IR: %[[LA:.*]] = tile.load {{.*}} {tilegpu.vec = 1 : i32} : tensor<128x64x!tile.ptr<f16>, #[[A]]>
# IR-NEXT: tilegpu.local_alloc %[[LA]]
# IR: %[[LB:.*]] = tile.load {{.*}} {tilegpu.vec = 1 : i32} : tensor<64x128x!tile.ptr<f16>, #[[B]]>
# IR-NEXT: tilegpu.local_alloc %[[LB]]
# IR: tilegpu.warp_group_dot

# RES-BMM: bmm_kernel: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads
# RES-MM: matmul_kernel: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads
