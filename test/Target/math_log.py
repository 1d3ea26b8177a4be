# The PTX of test/GPU/ops/math_log.py on sm_80 and sm_90a: libdevice's logf, log2f, log and log2, inlined: polynomials,
# not lg2.approx.
# Every kernel is also assembled by ptxas for both.
#
# RUN: %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_log.py --tilec tilec --arch sm_80 | FileCheck %s
# RUN: %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_log.py --tilec tilec --arch sm_90a | FileCheck %s
# RUN: %if ptxas %{ %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_log.py --tilec tilec --arch sm_80 --ptxas %ptxas > /dev/null %}
# RUN: %if ptxas %{ %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_log.py --tilec tilec --arch sm_90a --ptxas %ptxas > /dev/null %}

# CHECK-LABEL: // kernel: k_log_fp32{{$}}
# CHECK: fma.rn.ftz.f32
# CHECK-NOT: lg2.approx
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_log_fp64{{$}}
# CHECK: fma.rn.f64
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_log2_fp32{{$}}
# CHECK: fma.rn.ftz.f32
# CHECK-NOT: lg2.approx
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_log2_fp64{{$}}
# CHECK: fma.rn.f64
# CHECK-NOT: call
# CHECK-NOT: __nv_
