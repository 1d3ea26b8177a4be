# The PTX of test/GPU/ops/math_exp.py on sm_80 and sm_90a: f32 exp is ex2.approx.f32 of x * log2(e) (Triton's
# ExpOpConversionApprox); exp2 is libdevice's __nv_exp2f, ex2.approx.ftz.f32
# with nvvm-reflect-ftz = 1; fp64 is libdevice's polynomial, inlined.
# Every kernel is also assembled by ptxas for both.
#
# RUN: %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_exp.py --tilec tilec --arch sm_80 | FileCheck %s
# RUN: %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_exp.py --tilec tilec --arch sm_90a | FileCheck %s
# RUN: %if ptxas %{ %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_exp.py --tilec tilec --arch sm_80 --ptxas %ptxas > /dev/null %}
# RUN: %if ptxas %{ %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_exp.py --tilec tilec --arch sm_90a --ptxas %ptxas > /dev/null %}

# CHECK-LABEL: // kernel: k_exp_fp32{{$}}
# CHECK: mul.f32 {{.*}}0f3FB8AA3B
# CHECK: ex2.approx.f32
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_exp_fp64{{$}}
# CHECK: fma.rn.f64
# CHECK-NOT: ex2.approx
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_exp2_fp32{{$}}
# CHECK: ex2.approx.ftz.f32
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_exp2_fp64{{$}}
# CHECK: fma.rn.f64
# CHECK-NOT: call
# CHECK-NOT: __nv_
