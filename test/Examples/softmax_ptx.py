# The PTX of examples/softmax.py's one-pass kernel: what coalescing buys.
#
# With 16-byte aligned bases, :16 strides and a :16 n_cols (what Triton's
# launcher specializes for n_cols = 1024), each thread moves 16 bytes per
# instruction: ld.global.v4.f32 / st.global.v4.f32 for fp32 and
# ld/st.global.v4.b32 (8 halves) for fp16, predicated by the row mask.
# RUN: tilec %examples/softmax.py -k softmax_kernel -s "*fp32:16, *fp32:16, i32:16, i32:16, i32:16, 1024" --num-warps 4 --emit=ptx | FileCheck %s --check-prefix=F32
# RUN: tilec %examples/softmax.py -k softmax_kernel -s "*fp16:16, *fp16:16, i32:16, i32:16, i32:16, 2048" --num-warps 4 --emit=ptx | FileCheck %s --check-prefix=F16
#
# Without :16 on the pointers (or with a ragged n_cols) nothing proves
# alignment or a constant mask over a vector: one element per access.
# RUN: tilec %examples/softmax.py -k softmax_kernel -s "*fp32, *fp32, i32, i32, i32, 1024" --num-warps 4 --emit=ptx | FileCheck %s --check-prefix=NODIV
# RUN: tilec %examples/softmax.py -k softmax_kernel -s "*fp32:16, *fp32:16, i32:16, i32:16, i32, 1024" --num-warps 4 --emit=ptx | FileCheck %s --check-prefix=NODIV
#
# Every variant assembles for sm_90a.
# RUN: tilec %examples/softmax.py -k softmax_kernel -s "*fp32:16, *fp32:16, i32:16, i32:16, i32:16, 1024" --num-warps 4 --emit=ptx -o %t.f32.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.f32.ptx -o %t.f32.cubin %}
# RUN: tilec %examples/softmax.py -k softmax_kernel -s "*fp16:16, *fp16:16, i32:16, i32:16, i32:16, 2048" --num-warps 4 --emit=ptx -o %t.f16.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.f16.ptx -o %t.f16.cubin %}
# RUN: tilec %examples/softmax.py -k softmax_kernel -s "*fp32, *fp32, i32, i32, i32, 1024" --num-warps 4 --emit=ptx -o %t.nodiv.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.nodiv.ptx -o %t.nodiv.cubin %}

# 1024 fp32 over 128 threads: two 16-byte loads and stores per thread, each
# under its own predicate (the masked tail).
# F32-LABEL: .entry softmax_kernel(
# F32-COUNT-2: @%p{{[0-9]+}} ld.global.v4.f32 { %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}} }
# F32-NOT: ld.global.f32
# F32: shfl.sync.bfly
# F32: bar.sync
# F32-COUNT-2: @%p{{[0-9]+}} st.global.v4.f32 [ %rd{{[0-9]+}} + 0 ], { %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}} }
# F32-NOT: st.global.f32

# 2048 fp16 over 128 threads: 16 halves per thread, two 16-byte accesses.
# F16-LABEL: .entry softmax_kernel(
# F16-COUNT-2: @%p{{[0-9]+}} ld.global.v4.b32
# F16-NOT: ld.global.b16
# F16: cvt.f32.f16
# F16-COUNT-2: @%p{{[0-9]+}} st.global.v4.b32
# F16-NOT: st.global.b16

# NODIV-LABEL: .entry softmax_kernel(
# NODIV-NOT: .v4
# NODIV-NOT: .v2
# NODIV: @%p{{[0-9]+}} ld.global.f32
# NODIV: @%p{{[0-9]+}} st.global.f32
