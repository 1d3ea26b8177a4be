# The PTX of test/GPU/ops/math_div.py on sm_80 and sm_90a: div_rn is div.rn.f32, fdiv and `/` div.full.f32 on fp32
# (div.rn.f64 on fp64; fp16 operands divide in fp32), umulhi mul.hi, fma
# fma.rn.
# Every kernel is also assembled by ptxas for both.
#
# RUN: %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_div.py --tilec tilec --arch sm_80 | FileCheck %s
# RUN: %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_div.py --tilec tilec --arch sm_90a | FileCheck %s
# RUN: %if ptxas %{ %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_div.py --tilec tilec --arch sm_80 --ptxas %ptxas > /dev/null %}
# RUN: %if ptxas %{ %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_div.py --tilec tilec --arch sm_90a --ptxas %ptxas > /dev/null %}

# CHECK-LABEL: // kernel: k_div_rn_fp32{{$}}
# CHECK: div.rn.f32
# CHECK-NOT: div.full
# CHECK-NOT: call

# CHECK-LABEL: // kernel: k_fdiv_fp32{{$}}
# CHECK: div.full.f32
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_fdiv_fp64{{$}}
# CHECK: div.rn.f64
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_fdiv_fp16{{$}}
# CHECK: div.full.f32
# CHECK: cvt.rn.f16.f32
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_div_fp32{{$}}
# CHECK: div.full.f32
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_umulhi_i32{{$}}
# CHECK: mul.hi.u32
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_umulhi_u32{{$}}
# CHECK: mul.hi.u32
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_umulhi_i64{{$}}
# CHECK: mul.hi.u64
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_umulhi_u64{{$}}
# CHECK: mul.hi.u64
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_fma_fp32{{$}}
# CHECK: fma.rn.f32
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_fma_fp64{{$}}
# CHECK: fma.rn.f64
# CHECK-NOT: call
# CHECK-NOT: __nv_
