# The PTX of test/GPU/ops/math_trig.py on sm_80 and sm_90a: libdevice's sinf and cosf (argument reduction,
# polynomial), never sin.approx/cos.approx; fp64 keeps libdevice's
# out-of-line slow path of the reduction.
# Every kernel is also assembled by ptxas for both.
#
# RUN: %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_trig.py --tilec tilec --arch sm_80 | FileCheck %s
# RUN: %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_trig.py --tilec tilec --arch sm_90a | FileCheck %s
# RUN: %if ptxas %{ %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_trig.py --tilec tilec --arch sm_80 --ptxas %ptxas > /dev/null %}
# RUN: %if ptxas %{ %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_trig.py --tilec tilec --arch sm_90a --ptxas %ptxas > /dev/null %}

# CHECK-LABEL: // kernel: k_sin_fp32{{$}}
# CHECK: cvt.rni.ftz.s32.f32
# CHECK: fma.rn.ftz.f32
# CHECK-NOT: sin.approx
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_sin_fp64{{$}}
# CHECK: fma.rn.f64
# CHECK: call.uni {{.*}}__internal_trig_reduction_slowpathd
# CHECK-NOT: sin.approx
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_cos_fp32{{$}}
# CHECK: cvt.rni.ftz.s32.f32
# CHECK: fma.rn.ftz.f32
# CHECK-NOT: cos.approx
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_cos_fp64{{$}}
# CHECK: fma.rn.f64
# CHECK: call.uni {{.*}}__internal_trig_reduction_slowpathd
# CHECK-NOT: cos.approx
# CHECK-NOT: __nv_
