# The PTX of examples/adamw.py: the five addresses of a tensor come from the
# pointer table (64-bit loads), and tl.multiple_of(..., 16) on each loaded
# pointer makes the whole-chunk path's accesses 16 bytes wide (fp32 master
# and moments as v4.f32, the bf16 gradient and parameter copy as v4.b32);
# only the tail chunk's path is element by element. ptxas takes it for
# sm_90a and sm_80 without spills.
# RUN: tilec %examples/adamw.py -k adamw_kernel -s "*i64:16, *i64:16, *i32:16, *i32:16, fp32, fp32, fp32, fp32, fp32, i32, 16384, 1024" --emit=ptx | FileCheck %s
# RUN: %if ptxas %{ tilec %examples/adamw.py -k adamw_kernel -s "*i64:16, *i64:16, *i32:16, *i32:16, fp32, fp32, fp32, fp32, fp32, i32, 16384, 1024" --emit=cubin --print-resources --no-cache -o %t.90.cubin 2>&1 | FileCheck %s --check-prefix=RES %}
# RUN: %if ptxas %{ tilec %examples/adamw.py -k adamw_kernel -s "*i64:16, *i64:16, *i32:16, *i32:16, fp32, fp32, fp32, fp32, fp32, i32:1, 16384, 1024" --arch=sm_80 --emit=cubin --print-resources --no-cache -o %t.80.cubin 2>&1 | FileCheck %s --check-prefix=RES %}

# CHECK-LABEL: .entry adamw_kernel(
# CHECK-COUNT-5: ld.global.b64
# CHECK: ld.global.v4.f32
# CHECK: ld.global.v4.b32
# CHECK: st.global.v4.f32
# CHECK: st.global.v4.b32
# CHECK: ret;

# RES: adamw_kernel: {{[0-9]+}} registers, 0 bytes spill stores, 0 bytes spill loads, 0 bytes stack
