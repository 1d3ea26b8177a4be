# The PTX of examples/w4a16.py. The GEMV kernel loads the packed weights 16 bytes
# at a time and no nibble is converted by an instruction (no cvt from an
# integer: exponent bits OR-ed in, then a subtraction); with SPLIT_K > 1 the
# partial sums are added with relaxed fp32 atomics, with SPLIT_K = 1 stored.
# In the GEMM kernel the dequantized fp16 weights feed mma.sync m16n8k16 (BLOCK_M 16 is
# below what wgmma takes, so also on sm_90a). ptxas takes all of them for
# sm_90a and sm_80 without spills.
# RUN: tilec %examples/w4a16.py -k w4a16_gemv_kernel -s "*fp16:16, *i32:16, *fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, 128, 512, 4" --emit=ptx | FileCheck %s --check-prefix=GEMV
# RUN: tilec %examples/w4a16.py -k w4a16_gemv_kernel -s "*fp16:16, *i32:16, *fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, 128, 256, 1" --emit=ptx | FileCheck %s --check-prefix=STORE
# RUN: tilec %examples/w4a16.py -k w4a16_gemm_kernel -s "*fp16:16, *i32:16, *fp16:16, *fp16:16, *fp32:16, i32, i32:16, i32:16, 128, 16, 64, 4" --emit=ptx | FileCheck %s --check-prefix=GEMM
# RUN: %if ptxas %{ tilec %examples/w4a16.py -k w4a16_gemv_kernel -s "*fp16:16, *i32:16, *fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, 128, 512, 4" --emit=cubin --print-resources --no-cache -o %t.v90.cubin 2>&1 | FileCheck %s --check-prefix=RES %}
# RUN: %if ptxas %{ tilec %examples/w4a16.py -k w4a16_gemv_kernel -s "*fp16:16, *i32:16, *fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, 128, 128, 4" --num-warps=1 --arch=sm_80 --emit=cubin --print-resources --no-cache -o %t.v80.cubin 2>&1 | FileCheck %s --check-prefix=RES %}
# RUN: %if ptxas %{ tilec %examples/w4a16.py -k w4a16_gemm_kernel -s "*fp16:16, *i32:16, *fp16:16, *fp16:16, *fp32:16, i32, i32:16, i32:16, 128, 16, 128, 4" --emit=cubin --print-resources --no-cache -o %t.m90.cubin 2>&1 | FileCheck %s --check-prefix=RES %}
# RUN: %if ptxas %{ tilec %examples/w4a16.py -k w4a16_gemm_kernel -s "*fp16:16, *i32:16, *fp16:16, *fp16:16, *fp32:16, i32, i32:16, i32:16, 128, 16, 64, 1" --arch=sm_80 --emit=cubin --print-resources --no-cache -o %t.m80.cubin 2>&1 | FileCheck %s --check-prefix=RES %}

# GEMV-LABEL: .entry w4a16_gemv_kernel(
# GEMV-NOT: cvt.rn.f32.s32
# GEMV-NOT: cvt.rn.f32.u32
# GEMV: ld.global.v4.b32
# GEMV-NOT: cvt.rn.f32.s32
# GEMV-NOT: cvt.rn.f32.u32
# GEMV: atom.global.gpu.relaxed.add.f32

# STORE-LABEL: .entry w4a16_gemv_kernel(
# STORE-NOT: atom.global
# STORE: st.global.v2.b32
# STORE-NOT: atom.global

# GEMM-LABEL: .entry w4a16_gemm_kernel(
# GEMM: ld.global.v4.b32
# GEMM: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# GEMM: atom.global.gpu.relaxed.add.f32

# RES: {{w4a16_gem[mv]_kernel}}: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads, 0 bytes stack
