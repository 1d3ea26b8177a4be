# The PTX of test/GPU/ops/math_round.py on sm_80 and sm_90a: floor and ceil through libdevice (cvt.rmi/cvt.rpi, .ftz on
# f32 with nvvm-reflect-ftz = 1); abs on floats and ints.
# Every kernel is also assembled by ptxas for both.
#
# RUN: %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_round.py --tilec tilec --arch sm_80 | FileCheck %s
# RUN: %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_round.py --tilec tilec --arch sm_90a | FileCheck %s
# RUN: %if ptxas %{ %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_round.py --tilec tilec --arch sm_80 --ptxas %ptxas > /dev/null %}
# RUN: %if ptxas %{ %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_round.py --tilec tilec --arch sm_90a --ptxas %ptxas > /dev/null %}

# CHECK-LABEL: // kernel: k_floor_fp32{{$}}
# CHECK: cvt.rmi.ftz.f32.f32
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_floor_fp64{{$}}
# CHECK: cvt.rmi.f64.f64
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_ceil_fp32{{$}}
# CHECK: cvt.rpi.ftz.f32.f32
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_ceil_fp64{{$}}
# CHECK: cvt.rpi.f64.f64
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_abs_i32{{$}}
# CHECK: abs.s32
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_abs_i64{{$}}
# CHECK: abs.s64
# CHECK-NOT: call
# CHECK-NOT: __nv_

# CHECK-LABEL: // kernel: k_abs_fp8e4nv{{$}}
# CHECK: and.b16 {{.*}}, 127;
