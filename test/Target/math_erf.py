# The PTX of test/GPU/ops/math_erf.py on sm_80 and sm_90a: libdevice's erff and erf, inlined.
# Every kernel is also assembled by ptxas for both.
#
# RUN: %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_erf.py --tilec tilec --arch sm_80 | FileCheck %s
# RUN: %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_erf.py --tilec tilec --arch sm_90a | FileCheck %s
# RUN: %if ptxas %{ %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_erf.py --tilec tilec --arch sm_80 --ptxas %ptxas > /dev/null %}
# RUN: %if ptxas %{ %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_erf.py --tilec tilec --arch sm_90a --ptxas %ptxas > /dev/null %}

# CHECK-LABEL: // kernel: k_erf_fp32{{$}}
# CHECK: ex2.approx.ftz.f32
# CHECK: fma.rn.ftz.f32
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_erf_fp64{{$}}
# CHECK: fma.rn.f64
# CHECK-NOT: call
# CHECK-NOT: __nv_
