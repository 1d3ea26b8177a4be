// RUN: tilec-opt %s -split-input-file | FileCheck %s

// A tilegpu.warp_group_dot whose A is a tensor in registers, in the
// operand-0 dot_op layout of the accumulator's version 3 mma layout (f16
// and bf16), round-trips.

#mma = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [8, 1]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 16}>
#sb = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
// CHECK-DAG: #[[MMA:.*]] = #tilegpu.mma<{version = 3, instrN = 64, warpsPerCTA = [8, 1]}>
// CHECK-DAG: #[[A:.*]] = #tilegpu.dot_op<{opIdx = 0, parent = #[[MMA]], elemBits = 16}>
// CHECK-LABEL: func.func @register_a_f16
func.func @register_a_f16(%a: tensor<128x64xf16, #a>, %b: !tilegpu.memdesc<[64, 64], f16, #sb>, %c: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #mma> {
  // CHECK: tilegpu.warp_group_dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x64xf16, #[[A]]>, !tilegpu.memdesc<[64, 64], f16, #{{.*}}>, tensor<128x64xf32, #[[MMA]]> -> tensor<128x64xf32, #[[MMA]]>
  %d = tilegpu.warp_group_dot %a, %b, %c : tensor<128x64xf16, #a>, !tilegpu.memdesc<[64, 64], f16, #sb>, tensor<128x64xf32, #mma> -> tensor<128x64xf32, #mma>
  return %d : tensor<128x64xf32, #mma>
}

// -----

#mma = #tilegpu.mma<{version = 3, instrN = 128, warpsPerCTA = [4, 1]}>
#a = #tilegpu.dot_op<{opIdx = 0, parent = #mma, elemBits = 16}>
#sb = #tilegpu.shared<{swizzleBytes = 128, order = [1, 0]}>
// CHECK-LABEL: func.func @register_a_bf16
func.func @register_a_bf16(%a: tensor<128x64xbf16, #a>, %b: !tilegpu.memdesc<[64, 128], bf16, #sb>, %c: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> {
  // CHECK: tilegpu.warp_group_dot {{.*}} : tensor<128x64xbf16, #{{.*}}>, !tilegpu.memdesc<[64, 128], bf16, #{{.*}}>, tensor<128x128xf32, #{{.*}}> -> tensor<128x128xf32, #{{.*}}>
  %d = tilegpu.warp_group_dot %a, %b, %c : tensor<128x64xbf16, #a>, !tilegpu.memdesc<[64, 128], bf16, #sb>, tensor<128x128xf32, #mma> -> tensor<128x128xf32, #mma>
  return %d : tensor<128x128xf32, #mma>
}
