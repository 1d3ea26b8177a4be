# The PTX of examples/vector_add.py: 16-byte accesses when n is a multiple
# of 16, fp32 and fp16, and scalar predicated accesses for a ragged n (the
# masked tail could start anywhere). ptxas accepts each.
# RUN: tilec %examples/vector_add.py -k add_kernel -s "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024" --emit=ptx | FileCheck %s --check-prefix=F32
# RUN: tilec %examples/vector_add.py -k add_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32:16, 1024" --emit=ptx | FileCheck %s --check-prefix=F16
# RUN: tilec %examples/vector_add.py -k add_kernel -s "*fp32:16, *fp32:16, *fp32:16, i32, 1024" --emit=ptx | FileCheck %s --check-prefix=RAGGED
# RUN: tilec %examples/vector_add.py -k add_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32:16, 1024" --emit=ptx -o %t.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.ptx -o %t.cubin %}
# RUN: tilec %examples/vector_add.py -k add_kernel -s "*fp32:16, *fp32:16, *fp32:16, i32, 1024" --emit=ptx -o %t.ragged.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.ragged.ptx -o %t.ragged.cubin %}

# 1024 fp32 over 128 threads: 8 per thread, two 16-byte accesses per operand.
# F32-LABEL: .entry add_kernel(
# F32-COUNT-4: @%p{{[0-9]+}} ld.global.v4.f32
# F32-COUNT-8: add.f32
# F32-COUNT-2: @%p{{[0-9]+}} st.global.v4.f32
# F32-NOT: bar.sync

# 1024 halves over 128 threads: 8 per thread, one 16-byte access per operand.
# F16-LABEL: .entry add_kernel(
# F16-COUNT-2: ld.global.v4.b32
# F16: st.global.v4.b32

# RAGGED-LABEL: .entry add_kernel(
# RAGGED-NOT: .v4
# RAGGED-COUNT-2: @%p{{[0-9]+}} ld.global.f32
