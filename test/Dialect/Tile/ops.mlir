// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// RUN: tilec-opt %s -mlir-print-op-generic | tilec-opt | FileCheck %s
// RUN: tilec-opt %s -emit-bytecode | tilec-opt | FileCheck %s

// Round trip of every tile op, in its custom form and through the generic
// form.

// CHECK-LABEL: func @grid
func.func @grid() -> (i32, i32) {
  // CHECK: tile.program_id 0 : i32
  %0 = tile.program_id 0 : i32
  // CHECK: tile.num_programs 2 : i32
  %1 = tile.num_programs 2 : i32
  return %0, %1 : i32, i32
}

// CHECK-LABEL: func @make_range
func.func @make_range() -> tensor<128xi32> {
  // CHECK: tile.make_range 0 to 128 : tensor<128xi32>
  %0 = tile.make_range 0 to 128 : tensor<128xi32>
  // CHECK: tile.make_range 16 to 32 : tensor<16xi32, "blocked">
  %1 = tile.make_range 16 to 32 : tensor<16xi32, "blocked">
  return %0 : tensor<128xi32>
}

// CHECK-LABEL: func @splat
// CHECK-SAME: (%[[X:.*]]: f32, %[[P:.*]]: !tile.ptr<f16>)
func.func @splat(%x: f32, %p: !tile.ptr<f16>)
    -> (tensor<4x8xf32>, tensor<128x!tile.ptr<f16>>) {
  // CHECK: tile.splat %[[X]] : f32 -> tensor<4x8xf32>
  %0 = tile.splat %x : f32 -> tensor<4x8xf32>
  // CHECK: tile.splat %[[P]] : !tile.ptr<f16> -> tensor<128x!tile.ptr<f16>>
  %1 = tile.splat %p : !tile.ptr<f16> -> tensor<128x!tile.ptr<f16>>
  return %0, %1 : tensor<4x8xf32>, tensor<128x!tile.ptr<f16>>
}

// CHECK-LABEL: func @shapes
// CHECK-SAME: (%[[X:.*]]: tensor<128xi32>, %[[Y:.*]]: tensor<1x64xf32>, %[[Z:.*]]: tensor<16x32xf16>)
func.func @shapes(%x: tensor<128xi32>, %y: tensor<1x64xf32>,
                  %z: tensor<16x32xf16>) {
  // CHECK: tile.expand_dims %[[X]] {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %0 = tile.expand_dims %x {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  // CHECK: tile.broadcast %[[Y]] : tensor<1x64xf32> -> tensor<32x64xf32>
  %1 = tile.broadcast %y : tensor<1x64xf32> -> tensor<32x64xf32>
  // CHECK: tile.reshape %[[Z]] : tensor<16x32xf16> -> tensor<512xf16>
  %2 = tile.reshape %z : tensor<16x32xf16> -> tensor<512xf16>
  // CHECK: tile.reshape %[[Z]] allow_reorder : tensor<16x32xf16> -> tensor<32x16xf16>
  %3 = tile.reshape %z allow_reorder : tensor<16x32xf16> -> tensor<32x16xf16>
  // CHECK: tile.trans %[[Z]] {order = array<i32: 1, 0>} : tensor<16x32xf16> -> tensor<32x16xf16>
  %4 = tile.trans %z {order = array<i32: 1, 0>} : tensor<16x32xf16> -> tensor<32x16xf16>
  return
}

// CHECK-LABEL: func @pointers
// CHECK-SAME: (%[[P:.*]]: tensor<64x!tile.ptr<f32>>, %[[O:.*]]: tensor<64xi32>, %[[S:.*]]: !tile.ptr<i8>, %[[I:.*]]: i64)
func.func @pointers(%p: tensor<64x!tile.ptr<f32>>, %o: tensor<64xi32>,
                    %s: !tile.ptr<i8>, %i: i64) {
  // CHECK: tile.addptr %[[P]], %[[O]] : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %0 = tile.addptr %p, %o : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  // CHECK: tile.addptr %[[S]], %[[I]] : !tile.ptr<i8>, i64
  %1 = tile.addptr %s, %i : !tile.ptr<i8>, i64
  // CHECK: %[[INT:.*]] = tile.ptr_to_int %[[P]] : tensor<64x!tile.ptr<f32>> -> tensor<64xi64>
  %2 = tile.ptr_to_int %p : tensor<64x!tile.ptr<f32>> -> tensor<64xi64>
  // CHECK: tile.int_to_ptr %[[INT]] : tensor<64xi64> -> tensor<64x!tile.ptr<f16>>
  %3 = tile.int_to_ptr %2 : tensor<64xi64> -> tensor<64x!tile.ptr<f16>>
  // CHECK: tile.int_to_ptr %[[I]] : i64 -> !tile.ptr<!tile.ptr<f32>>
  %4 = tile.int_to_ptr %i : i64 -> !tile.ptr<!tile.ptr<f32>>
  // CHECK: tile.bitcast %[[P]] : tensor<64x!tile.ptr<f32>> -> tensor<64x!tile.ptr<i32>>
  %5 = tile.bitcast %p : tensor<64x!tile.ptr<f32>> -> tensor<64x!tile.ptr<i32>>
  return
}

// CHECK-LABEL: func @conversions
// CHECK-SAME: (%[[X:.*]]: tensor<64xf32>, %[[H:.*]]: bf16)
func.func @conversions(%x: tensor<64xf32>, %h: bf16) {
  // CHECK: tile.bitcast %[[X]] : tensor<64xf32> -> tensor<64xi32>
  %0 = tile.bitcast %x : tensor<64xf32> -> tensor<64xi32>
  // CHECK: tile.bitcast %[[H]] : bf16 -> i16
  %1 = tile.bitcast %h : bf16 -> i16
  // CHECK: %[[F8:.*]] = tile.fp_to_fp %[[X]] rounding = rtne : tensor<64xf32> -> tensor<64xf8E4M3FN>
  %2 = tile.fp_to_fp %x rounding = rtne : tensor<64xf32> -> tensor<64xf8E4M3FN>
  // CHECK: tile.fp_to_fp %[[F8]] : tensor<64xf8E4M3FN> -> tensor<64xf16>
  %3 = tile.fp_to_fp %2 : tensor<64xf8E4M3FN> -> tensor<64xf16>
  // CHECK: tile.fp_to_fp %[[H]] rounding = rtz : bf16 -> f8E5M2
  %4 = tile.fp_to_fp %h rounding = rtz : bf16 -> f8E5M2
  return
}

// CHECK-LABEL: func @hint
// CHECK-SAME: (%[[X:.*]]: tensor<128xi32>, %[[P:.*]]: !tile.ptr<f16>, %[[Q:.*]]: tensor<16x16x!tile.ptr<f32>>)
func.func @hint(%x: tensor<128xi32>, %p: !tile.ptr<f16>,
                %q: tensor<16x16x!tile.ptr<f32>>) {
  // CHECK: tile.hint %[[X]] divisibility = [16] contiguity = [128] : tensor<128xi32>
  %0 = tile.hint %x divisibility = [16] contiguity = [128] : tensor<128xi32>
  // CHECK: tile.hint %[[P]] divisibility = [16] : !tile.ptr<f16>
  %1 = tile.hint %p divisibility = [16] : !tile.ptr<f16>
  // CHECK: tile.hint %[[Q]] constancy = [1, 16] : tensor<16x16x!tile.ptr<f32>>
  %2 = tile.hint %q constancy = [1, 16] : tensor<16x16x!tile.ptr<f32>>
  return
}

// CHECK-LABEL: func @load
// CHECK-SAME: (%[[P:.*]]: tensor<128x!tile.ptr<f32>>, %[[M:.*]]: tensor<128xi1>, %[[O:.*]]: tensor<128xf32>, %[[S:.*]]: !tile.ptr<i64>)
func.func @load(%p: tensor<128x!tile.ptr<f32>>, %m: tensor<128xi1>,
                %o: tensor<128xf32>, %s: !tile.ptr<i64>) {
  // CHECK: tile.load %[[P]] : tensor<128x!tile.ptr<f32>>
  %0 = tile.load %p : tensor<128x!tile.ptr<f32>>
  // CHECK: tile.load %[[P]], %[[M]] : tensor<128x!tile.ptr<f32>>
  %1 = tile.load %p, %m : tensor<128x!tile.ptr<f32>>
  // CHECK: tile.load %[[P]], %[[M]], %[[O]] cache = cg evict = evict_last volatile : tensor<128x!tile.ptr<f32>>
  %2 = tile.load %p, %m, %o cache = cg evict = evict_last volatile : tensor<128x!tile.ptr<f32>>
  // CHECK: tile.load %[[P]] evict = evict_first : tensor<128x!tile.ptr<f32>>
  %3 = tile.load %p evict = evict_first : tensor<128x!tile.ptr<f32>>
  // CHECK: %{{.*}} = tile.load %[[S]] : !tile.ptr<i64>
  %4 = tile.load %s cache = none evict = normal : !tile.ptr<i64>
  return
}

// CHECK-LABEL: func @store
// CHECK-SAME: (%[[P:.*]]: tensor<128x!tile.ptr<f32>>, %[[M:.*]]: tensor<128xi1>, %[[V:.*]]: tensor<128xf32>, %[[S:.*]]: !tile.ptr<i64>, %[[I:.*]]: i64)
func.func @store(%p: tensor<128x!tile.ptr<f32>>, %m: tensor<128xi1>,
                 %v: tensor<128xf32>, %s: !tile.ptr<i64>, %i: i64) {
  // CHECK: tile.store %[[P]], %[[V]] : tensor<128x!tile.ptr<f32>>
  tile.store %p, %v : tensor<128x!tile.ptr<f32>>
  // CHECK: tile.store %[[P]], %[[V]], %[[M]] cache = wb evict = evict_first : tensor<128x!tile.ptr<f32>>
  tile.store %p, %v, %m cache = wb evict = evict_first : tensor<128x!tile.ptr<f32>>
  // CHECK: tile.store %[[S]], %[[I]] cache = cs : !tile.ptr<i64>
  tile.store %s, %i cache = cs : !tile.ptr<i64>
  return
}

// CHECK-LABEL: func @atomics
// CHECK-SAME: (%[[P:.*]]: tensor<128x!tile.ptr<f32>>, %[[M:.*]]: tensor<128xi1>, %[[V:.*]]: tensor<128xf32>, %[[S:.*]]: !tile.ptr<i32>, %[[C:.*]]: i32, %[[W:.*]]: i32)
func.func @atomics(%p: tensor<128x!tile.ptr<f32>>, %m: tensor<128xi1>,
                   %v: tensor<128xf32>, %s: !tile.ptr<i32>, %c: i32, %w: i32) {
  // CHECK: tile.atomic_rmw fadd, acq_rel, gpu, %[[P]], %[[V]], %[[M]] : tensor<128x!tile.ptr<f32>>
  %0 = tile.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : tensor<128x!tile.ptr<f32>>
  // CHECK: tile.atomic_rmw xchg, relaxed, cta, %[[P]], %[[V]] : tensor<128x!tile.ptr<f32>>
  %1 = tile.atomic_rmw xchg, relaxed, cta, %p, %v : tensor<128x!tile.ptr<f32>>
  // CHECK: tile.atomic_rmw xchg, release, sys, %[[S]], %[[C]] : !tile.ptr<i32>
  %2 = tile.atomic_rmw xchg, release, sys, %s, %c : !tile.ptr<i32>
  // CHECK: tile.atomic_rmw umin, acquire, gpu, %[[S]], %[[C]] : !tile.ptr<i32>
  %3 = tile.atomic_rmw umin, acquire, gpu, %s, %c : !tile.ptr<i32>
  // CHECK: tile.atomic_cas acq_rel, gpu, %[[S]], %[[C]], %[[W]] : !tile.ptr<i32>
  %4 = tile.atomic_cas acq_rel, gpu, %s, %c, %w : !tile.ptr<i32>
  return
}

// The 16-bit float max and min of descriptor reductions.
// CHECK-LABEL: func @atomic_half_minmax
// CHECK-SAME: (%[[H:.*]]: tensor<64x!tile.ptr<f16>>, %[[HV:.*]]: tensor<64xf16>, %[[B:.*]]: !tile.ptr<bf16>, %[[BV:.*]]: bf16)
func.func @atomic_half_minmax(%h: tensor<64x!tile.ptr<f16>>, %hv: tensor<64xf16>,
                              %b: !tile.ptr<bf16>, %bv: bf16) {
  // CHECK: tile.atomic_rmw fmax, relaxed, gpu, %[[H]], %[[HV]] : tensor<64x!tile.ptr<f16>>
  %0 = tile.atomic_rmw fmax, relaxed, gpu, %h, %hv : tensor<64x!tile.ptr<f16>>
  // CHECK: tile.atomic_rmw fmin, relaxed, gpu, %[[B]], %[[BV]] : !tile.ptr<bf16>
  %1 = tile.atomic_rmw fmin, relaxed, gpu, %b, %bv : !tile.ptr<bf16>
  return
}

// CHECK-LABEL: func @atomic_kinds
func.func @atomic_kinds(%s: !tile.ptr<i32>, %c: i32) {
  // CHECK: tile.atomic_rmw and,
  %0 = tile.atomic_rmw and, relaxed, gpu, %s, %c : !tile.ptr<i32>
  // CHECK: tile.atomic_rmw or,
  %1 = tile.atomic_rmw or, relaxed, gpu, %s, %c : !tile.ptr<i32>
  // CHECK: tile.atomic_rmw xor,
  %2 = tile.atomic_rmw xor, relaxed, gpu, %s, %c : !tile.ptr<i32>
  // CHECK: tile.atomic_rmw add,
  %3 = tile.atomic_rmw add, relaxed, gpu, %s, %c : !tile.ptr<i32>
  // CHECK: tile.atomic_rmw min,
  %4 = tile.atomic_rmw min, relaxed, gpu, %s, %c : !tile.ptr<i32>
  // CHECK: tile.atomic_rmw umax,
  %5 = tile.atomic_rmw umax, relaxed, gpu, %s, %c : !tile.ptr<i32>
  return
}

// CHECK-LABEL: func @dot
func.func @dot(%a: tensor<64x32xf16>, %b: tensor<32x16xf16>,
               %c: tensor<64x16xf32>, %fa: tensor<64x32xf32>,
               %fb: tensor<32x16xf32>, %ia: tensor<64x32xi8>,
               %ib: tensor<32x16xi8>, %ic: tensor<64x16xi32>,
               %ea: tensor<64x32xf8E4M3FN>, %eb: tensor<32x16xf8E5M2>,
               %ba: tensor<2x64x32xbf16>, %bb: tensor<2x32x16xbf16>,
               %bc: tensor<2x64x16xf32>) {
  // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xf16> * tensor<32x16xf16> -> tensor<64x16xf32>
  %0 = tile.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x16xf16> -> tensor<64x16xf32>
  // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} inputPrecision = tf32 : tensor<64x32xf32> * tensor<32x16xf32> -> tensor<64x16xf32>
  %1 = tile.dot %fa, %fb, %c inputPrecision = tf32 : tensor<64x32xf32> * tensor<32x16xf32> -> tensor<64x16xf32>
  // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} inputPrecision = tf32x3 : tensor<64x32xf32>
  %2 = tile.dot %fa, %fb, %c inputPrecision = tf32x3 : tensor<64x32xf32> * tensor<32x16xf32> -> tensor<64x16xf32>
  // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xi8> * tensor<32x16xi8> -> tensor<64x16xi32>
  %3 = tile.dot %ia, %ib, %ic : tensor<64x32xi8> * tensor<32x16xi8> -> tensor<64x16xi32>
  // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} maxNumImpreciseAcc = 32 : tensor<64x32xf8E4M3FN> * tensor<32x16xf8E5M2> -> tensor<64x16xf32>
  %4 = tile.dot %ea, %eb, %c maxNumImpreciseAcc = 32 : tensor<64x32xf8E4M3FN> * tensor<32x16xf8E5M2> -> tensor<64x16xf32>
  // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x64x32xbf16> * tensor<2x32x16xbf16> -> tensor<2x64x16xf32>
  %5 = tile.dot %ba, %bb, %bc inputPrecision = ieee : tensor<2x64x32xbf16> * tensor<2x32x16xbf16> -> tensor<2x64x16xf32>
  return
}

// CHECK-LABEL: func @reduce
// CHECK-SAME: (%[[X:.*]]: tensor<32x64xf32>, %[[I:.*]]: tensor<32x64xi32>, %[[V:.*]]: tensor<128xf32>)
func.func @reduce(%x: tensor<32x64xf32>, %i: tensor<32x64xi32>,
                  %v: tensor<128xf32>) -> f32 {
  // CHECK: tile.reduce(%[[X]]) {axis = 1 : i32} : (tensor<32x64xf32>) -> tensor<32xf32> {
  // CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
  // CHECK-NEXT: %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
  // CHECK-NEXT: tile.reduce.return %[[S]] : f32
  // CHECK-NEXT: }
  %0 = tile.reduce(%x) {axis = 1 : i32} : (tensor<32x64xf32>) -> tensor<32xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.reduce.return %s : f32
  }
  // CHECK: tile.reduce(%[[X]], %[[I]]) {axis = 0 : i32} : (tensor<32x64xf32>, tensor<32x64xi32>) -> (tensor<64xf32>, tensor<64xi32>) {
  // CHECK: tile.reduce.return %{{.*}}, %{{.*}} : f32, i32
  %1:2 = tile.reduce(%x, %i) {axis = 0 : i32}
      : (tensor<32x64xf32>, tensor<32x64xi32>) -> (tensor<64xf32>, tensor<64xi32>) {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %b, %a : f32
    %m = arith.select %gt, %b, %a : f32
    %mi = arith.select %gt, %bi, %ai : i32
    tile.reduce.return %m, %mi : f32, i32
  }
  // CHECK: tile.reduce(%[[V]]) {axis = 0 : i32} : (tensor<128xf32>) -> f32 {
  %2 = tile.reduce(%v) {axis = 0 : i32} : (tensor<128xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %s = arith.maximumf %a, %b : f32
    tile.reduce.return %s : f32
  }
  return %2 : f32
}

// CHECK-LABEL: func @scan
// CHECK-SAME: (%[[X:.*]]: tensor<4x128xi32>)
func.func @scan(%x: tensor<4x128xi32>) -> tensor<4x128xi32> {
  // CHECK: tile.scan(%[[X]]) {axis = 1 : i32, reverse = true} : (tensor<4x128xi32>) -> tensor<4x128xi32> {
  // CHECK: tile.reduce.return %{{.*}} : i32
  %0 = tile.scan(%x) {axis = 1 : i32, reverse = true} : (tensor<4x128xi32>) -> tensor<4x128xi32> {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tile.reduce.return %s : i32
  }
  return %0 : tensor<4x128xi32>
}

// CHECK-LABEL: func @encodings
// Tiles may carry any encoding; the layout dialect puts its layouts there.
func.func @encodings(%p: tensor<64x!tile.ptr<f32>, "blocked">,
                     %m: tensor<64xi1, "blocked">) -> tensor<64xf32, "blocked"> {
  // CHECK: tile.load %{{.*}}, %{{.*}} : tensor<64x!tile.ptr<f32>, "blocked">
  %0 = tile.load %p, %m : tensor<64x!tile.ptr<f32>, "blocked">
  // CHECK: tile.expand_dims %{{.*}} {axis = 0 : i32} : tensor<64xf32, "blocked"> -> tensor<1x64xf32, "blocked">
  %1 = tile.expand_dims %0 {axis = 0 : i32} : tensor<64xf32, "blocked"> -> tensor<1x64xf32, "blocked">
  return %0 : tensor<64xf32, "blocked">
}

// CHECK-LABEL: func @extern_elementwise
func.func @extern_elementwise(%x: tensor<64xf32>, %n: i32, %d: f64) -> (tensor<64xf32>, i32, f64) {
  // CHECK: tile.extern_elementwise "__nv_powif" pure(%{{.*}}, %{{.*}}) : (tensor<64xf32>, tensor<64xi32>) -> tensor<64xf32>
  %s = tile.splat %n : i32 -> tensor<64xi32>
  %0 = tile.extern_elementwise "__nv_powif" pure(%x, %s) : (tensor<64xf32>, tensor<64xi32>) -> tensor<64xf32>
  // CHECK: tile.extern_elementwise "__nv_isnand" pure(%{{.*}}) : (f64) -> i32
  %1 = tile.extern_elementwise "__nv_isnand" pure(%d) : (f64) -> i32
  // CHECK: tile.extern_elementwise "impure_fn"(%{{.*}}) : (f64) -> f64
  %2 = tile.extern_elementwise "impure_fn"(%d) : (f64) -> f64
  return %0, %1, %2 : tensor<64xf32>, i32, f64
}
