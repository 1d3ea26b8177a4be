# The PTX of test/GPU/ops/math_sqrt.py on sm_80 and sm_90a: sqrt and rsqrt through libdevice (sqrt.approx.ftz.f32,
# rsqrt.approx.ftz.f32 with nvvm-reflect-ftz = 1; sqrt.rn.f64 and
# rsqrt.approx.f64), sqrt_rn as sqrt.rn.f32.
# Every kernel is also assembled by ptxas for both.
#
# RUN: %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_sqrt.py --tilec tilec --arch sm_80 | FileCheck %s
# RUN: %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_sqrt.py --tilec tilec --arch sm_90a | FileCheck %s
# RUN: %if ptxas %{ %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_sqrt.py --tilec tilec --arch sm_80 --ptxas %ptxas > /dev/null %}
# RUN: %if ptxas %{ %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_sqrt.py --tilec tilec --arch sm_90a --ptxas %ptxas > /dev/null %}

# CHECK-LABEL: // kernel: k_sqrt_fp32{{$}}
# CHECK: sqrt.approx.ftz.f32
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_sqrt_fp64{{$}}
# CHECK: sqrt.rn.f64
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_rsqrt_fp32{{$}}
# CHECK: rsqrt.approx.ftz.f32
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_rsqrt_fp64{{$}}
# CHECK: rsqrt.approx.f64
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_sqrt_rn_fp32{{$}}
# CHECK: sqrt.rn.f32
# CHECK-NOT: sqrt.approx
# CHECK-NOT: call
# CHECK-NOT: __nv_
