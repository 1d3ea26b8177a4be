# The PTX of test/GPU/ops/math_sigmoid.py on sm_80 and sm_90a: sigmoid is ex2.approx and div.full on fp32; softmax a max,
# ex2.approx, a sum and div.full.
# Every kernel is also assembled by ptxas for both.
#
# RUN: %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_sigmoid.py --tilec tilec --arch sm_80 | FileCheck %s
# RUN: %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_sigmoid.py --tilec tilec --arch sm_90a | FileCheck %s
# RUN: %if ptxas %{ %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_sigmoid.py --tilec tilec --arch sm_80 --ptxas %ptxas > /dev/null %}
# RUN: %if ptxas %{ %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_sigmoid.py --tilec tilec --arch sm_90a --ptxas %ptxas > /dev/null %}

# CHECK-LABEL: // kernel: k_sigmoid_fp32{{$}}
# CHECK: ex2.approx.f32
# CHECK: div.full.f32
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_sigmoid_fp64{{$}}
# CHECK: fma.rn.f64
# CHECK-NOT: ex2.approx
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_softmax_fp32{{$}}
# CHECK: max.f32
# CHECK: ex2.approx.f32
# CHECK: add.f32
# CHECK: div.full.f32
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_softmax_fp32_dim1{{$}}
# CHECK: max.f32
# CHECK: ex2.approx.f32
# CHECK: add.f32
# CHECK: div.full.f32
# CHECK-NOT: call
# CHECK-NOT: __nv_
