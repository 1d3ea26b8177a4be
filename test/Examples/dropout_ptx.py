# The PTX of examples/dropout.py (bf16, BLOCK 4096, 4 warps, n divisible by
# 16): each quarter of the block is loaded and stored 16 bytes at a time,
# the mask comes from Philox rounds (mul.hi.u32) and is never stored, and
# ptxas takes both kernels for sm_90a and sm_80 without spills.
# RUN: tilec %examples/dropout.py -k dropout_fwd_kernel -s "*bf16:16, *bf16:16, i32:16, i32, fp32, i32, 4096" --emit=ptx | FileCheck %s
# RUN: %if ptxas %{ tilec %examples/dropout.py -k dropout_fwd_kernel -s "*bf16:16, *bf16:16, i32:16, i32, fp32, i32, 4096" --emit=cubin --print-resources --no-cache -o %t.90.cubin 2>&1 | FileCheck %s --check-prefix=RES-FWD %}
# RUN: %if ptxas %{ tilec %examples/dropout.py -k dropout_bwd_kernel -s "*fp32:16, *fp32:16, i32:16, i32, fp32, i32, 4096" --arch=sm_80 --emit=cubin --print-resources --no-cache -o %t.80.cubin 2>&1 | FileCheck %s --check-prefix=RES-BWD %}

# CHECK-LABEL: .entry dropout_fwd_kernel(
# CHECK-NOT: ld.global.b16
# CHECK: mul.hi.u32
# CHECK: ld.global.v4.b32
# CHECK: st.global.v4.b32
# CHECK: ld.global.v4.b32
# CHECK: st.global.v4.b32
# CHECK: ld.global.v4.b32
# CHECK: st.global.v4.b32
# CHECK: ld.global.v4.b32
# CHECK: st.global.v4.b32
# CHECK-NOT: st.global.b16
# CHECK: ret;

# RES-FWD: dropout_fwd_kernel: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads, 0 bytes stack, 0 bytes shared memory, 128 threads
# RES-BWD: dropout_bwd_kernel: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads, 0 bytes stack, 0 bytes shared memory, 128 threads
