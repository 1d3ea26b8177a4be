# The PTX of test/GPU/ops/math_libdevice.py on sm_80 and sm_90a: libdevice
# functions called by name are linked in from libdevice.10.bc and inlined
# (no `__nv_*` symbol is left), with nvvm-reflect-ftz = 1 as in Triton (the
# .ftz forms); the integer ones become their one instruction. Every kernel
# is also assembled by ptxas for both.
#
# RUN: %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_libdevice.py --tilec tilec --arch sm_80 | FileCheck %s
# RUN: %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_libdevice.py --tilec tilec --arch sm_90a | FileCheck %s
# RUN: %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_libdevice.py --tilec tilec --arch sm_80 | FileCheck %s --check-prefix=LINKED
# RUN: %if ptxas %{ %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_libdevice.py --tilec tilec --arch sm_80 --ptxas %ptxas > /dev/null %}
# RUN: %if ptxas %{ %python %S/Inputs/compile_ops.py %tilec_src/test/GPU/ops/math_libdevice.py --tilec tilec --arch sm_90a --ptxas %ptxas > /dev/null %}

# LINKED-NOT: __nv_

# CHECK-LABEL: // kernel: k_libdevice_tanh_fp32{{$}}
# CHECK: ex2.approx.ftz.f32
# CHECK: rcp.approx.ftz.f32
# CHECK-LABEL: // kernel: k_libdevice_trunc_fp32{{$}}
# CHECK: cvt.rzi.f32.f32
# CHECK-LABEL: // kernel: k_libdevice_rint_fp64{{$}}
# CHECK: cvt.rni.f64.f64
# CHECK-LABEL: // kernel: k_libdevice_fast_expf_fp32{{$}}
# CHECK: ex2.approx.ftz.f32
# CHECK-LABEL: // kernel: k_libdevice_saturatef_fp32{{$}}
# CHECK: cvt.ftz.sat.f32.f32
# CHECK-LABEL: // kernel: k_libdevice_isnan_fp64{{$}}
# CHECK: setp.nan.f64
# CHECK-LABEL: // kernel: k_libdevice_llrint_fp32{{$}}
# CHECK: cvt.rni.ftz.s64.f32
# CHECK-LABEL: // kernel: k_libdevice_popc_i32{{$}}
# CHECK: popc.b32
# CHECK-LABEL: // kernel: k_libdevice_popc_i64{{$}}
# CHECK: popc.b64
# CHECK-LABEL: // kernel: k_libdevice_clz_i64{{$}}
# CHECK: clz.b64
# CHECK-LABEL: // kernel: k_libdevice_brev_i32{{$}}
# CHECK: brev.b32
# CHECK-LABEL: // kernel: k_libdevice_abs_i32{{$}}
# CHECK: abs.s32
# CHECK-LABEL: // kernel: k_libdevice_copysign_fp32{{$}}
# CHECK: copysign.f32
# CHECK-LABEL: // kernel: k_libdevice_fmin_fp32{{$}}
# CHECK: min.ftz.f32
# CHECK-LABEL: // kernel: k_libdevice_mulhi_i32{{$}}
# CHECK: mul.hi.s32
# CHECK-LABEL: // kernel: k_libdevice_mulhi_u32{{$}}
# CHECK: mul.hi.u32
# CHECK-LABEL: // kernel: k_libdevice_mulhi_i64{{$}}
# CHECK: mul.hi.s64
# CHECK-LABEL: // kernel: k_libdevice_fma_rn_fp32{{$}}
# CHECK: fma.rn.ftz.f32
# CHECK-LABEL: // kernel: k_libdevice_tanh_fp32_cuda{{$}}
# CHECK: ex2.approx.ftz.f32
