// RUN: tilec-opt %s -split-input-file -tile-test-axis-info -verify-diagnostics -o /dev/null

// The axis analysis, one transfer function per function. Every op producing
// an integer or pointer value gets a remark; 1073741824 (2^30) is the cap on
// divisibility, which 0 reaches. Pointers count in elements: `:16` on a
// !tile.ptr<f32> argument is 16 bytes, 4 elements.

// Arguments: tile.divisibility (bytes for pointers), tile.equal_to_1.
func.func @arguments(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                     %q: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                     %r: !tile.ptr<f64>,
                     %n: i32 {tile.divisibility = 16 : i32}, %m: i64,
                     %one: i32 {tile.equal_to_1}) attributes {tile.kernel} {
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [4]}}
  %0 = tile.splat %p : !tile.ptr<f32> -> tensor<4x!tile.ptr<f32>>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [4]}}
  %1 = tile.splat %q : !tile.ptr<f16> -> tensor<4x!tile.ptr<f16>>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [4]}}
  %2 = tile.splat %r : !tile.ptr<f64> -> tensor<4x!tile.ptr<f64>>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [4]}}
  %3 = tile.splat %n : i32 -> tensor<4xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [4]}}
  %4 = tile.splat %m : i64 -> tensor<4xi64>
  // The 1 is known: a range times it stays a range.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %5 = tile.splat %one : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %6 = tile.make_range 0 to 128 : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %7 = arith.muli %6, %5 : tensor<128xi32>
  return
}

// -----

func.func @constants() {
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %c48 = arith.constant 48 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1073741824], constancy = [1]}}
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1]}}
  %cm8 = arith.constant -8 : i64
  // expected-remark @below {{contiguity = [1, 1], divisibility = [64, 64], constancy = [4, 8]}}
  %splat = arith.constant dense<64> : tensor<4x8xi32>
  // A dense tile is analyzed exactly: runs of 4 starting at 0 and 8.
  // expected-remark @below {{contiguity = [4], divisibility = [8], constancy = [1]}}
  %dense = arith.constant dense<[0, 1, 2, 3, 8, 9, 10, 11]> : tensor<8xi32>
  // expected-remark @below {{contiguity = [2, 1], divisibility = [1073741824, 1], constancy = [1, 2]}}
  %dense2 = arith.constant dense<[[0, 0], [1, 1]]> : tensor<2x2xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %true = arith.constant dense<true> : tensor<16xi1>
  %f = arith.constant dense<1.0> : tensor<16xf32>
  return
}

// -----

func.func @ranges_and_grid() {
  // expected-remark @below {{contiguity = [32], divisibility = [32], constancy = [1]}}
  %0 = tile.make_range 32 to 64 : tensor<32xi32>
  // A range of one element is a constant.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %1 = tile.make_range 3 to 4 : tensor<1xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %2 = tile.program_id 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %3 = tile.num_programs 1 : i32
  return
}

// -----

// splat, expand_dims, broadcast, trans, reshape.
func.func @shapes(%n: i32 {tile.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [2, 64]}}
  %s = tile.splat %n : i32 -> tensor<2x64xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %r = tile.make_range 0 to 64 : tensor<64xi32>
  // The new dimension: every element starts a run, and not every element
  // of a range is even.
  // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [1, 1]}}
  %row = tile.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [32, 1]}}
  %rows = tile.broadcast %row : tensor<1x64xi32> -> tensor<32x64xi32>
  // expected-remark @below {{contiguity = [64, 1], divisibility = [1073741824, 1], constancy = [1, 1]}}
  %col = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  // expected-remark @below {{contiguity = [64, 1], divisibility = [1073741824, 1], constancy = [1, 32]}}
  %cols = tile.broadcast %col : tensor<64x1xi32> -> tensor<64x32xi32>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [32, 1]}}
  %t = tile.trans %cols {order = array<i32: 1, 0>} : tensor<64x32xi32> -> tensor<32x64xi32>
  // A splat keeps the divisibility of its scalar in a new dimension.
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [64]}}
  %sv = tile.splat %n : i32 -> tensor<64xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 64]}}
  %se = tile.expand_dims %sv {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  return
}

// -----

func.func @reshapes(%n: i32 {tile.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r = tile.make_range 0 to 128 : tensor<128xi32>
  // Splitting the innermost dimension: rows of 64 start at 0 and 64.
  // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 64], constancy = [1, 1]}}
  %split = tile.reshape %r : tensor<128xi32> -> tensor<2x64xi32>
  // Merging whole rows keeps their runs.
  // expected-remark @below {{contiguity = [64], divisibility = [64], constancy = [1]}}
  %merge = tile.reshape %split : tensor<2x64xi32> -> tensor<128xi32>
  // Size-1 dimensions come and go.
  // expected-remark @below {{contiguity = [1, 128, 1], divisibility = [1, 1073741824, 1], constancy = [1, 1, 1]}}
  %unsq = tile.reshape %r : tensor<128xi32> -> tensor<1x128x1xi32>
  // Any order: nothing is known of the runs.
  // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1]}}
  %any = tile.reshape %r allow_reorder : tensor<128xi32> -> tensor<2x64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %s = tile.splat %n : i32 -> tensor<128xi32>
  // One value everywhere stays one value everywhere.
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [4, 32]}}
  %sr = tile.reshape %s allow_reorder : tensor<128xi32> -> tensor<4x32xi32>
  return
}

// -----

func.func @add_sub(%n: i32 {tile.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %pid = tile.program_id 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1]}}
  %c1024 = arith.constant 1024 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1]}}
  %start = arith.muli %pid, %c1024 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1024]}}
  %s = tile.splat %start : i32 -> tensor<1024xi32>
  // expected-remark @below {{contiguity = [1024], divisibility = [1073741824], constancy = [1]}}
  %r = tile.make_range 0 to 1024 : tensor<1024xi32>
  // A constant plus a range is a range starting at the constant.
  // expected-remark @below {{contiguity = [1024], divisibility = [1024], constancy = [1]}}
  %offs = arith.addi %s, %r : tensor<1024xi32>
  // A range plus a range steps by 2.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %twice = arith.addi %r, %r : tensor<1024xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1024]}}
  %sn = tile.splat %n : i32 -> tensor<1024xi32>
  // expected-remark @below {{contiguity = [1024], divisibility = [16], constancy = [1]}}
  %down = arith.subi %r, %sn : tensor<1024xi32>
  // A constant minus a range decreases.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %neg = arith.subi %sn, %r : tensor<1024xi32>
  // Two ranges on the same blocks differ by a constant.
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1024]}}
  %diff = arith.subi %down, %r : tensor<1024xi32>
  // Constants fold: 48 + 16 = 64 is more than min(16, 16) says.
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %c48 = arith.constant 48 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %c16 = arith.constant 16 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1]}}
  %c64 = arith.addi %c48, %c16 : i32
  return
}

// -----

func.func @mul(%n: i32 {tile.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r = tile.make_range 0 to 128 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %c16 = arith.constant dense<16> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %a = arith.muli %r, %c16 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %sn = tile.splat %n : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [128]}}
  %c4 = arith.constant dense<4> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [128]}}
  %b = arith.muli %sn, %c4 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1073741824], constancy = [128]}}
  %c0 = arith.constant dense<0> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1073741824], constancy = [128]}}
  %z = arith.muli %r, %c0 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1]}}
  %d = arith.muli %a, %c4 : tensor<128xi32>
  return
}

// -----

func.func @div_rem(%x: i32 {tile.divisibility = 16 : i32}, %m: i32 {tile.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r = tile.make_range 0 to 128 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %c16 = arith.constant dense<16> : tensor<128xi32>
  // Sixteen consecutive values share a quotient.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %q = arith.divsi %r, %c16 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %qu = arith.divui %r, %c16 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %sm = tile.splat %m : i32 -> tensor<128xi32>
  // A divisor only known to be a multiple of 16 still keeps blocks of 16.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %qm = arith.divsi %r, %sm : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %sx = tile.splat %x : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [128]}}
  %c4 = arith.constant dense<4> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [128]}}
  %qx = arith.divsi %sx, %c4 : tensor<128xi32>
  // The remainder counts up from 0 in runs of the divisor.
  // expected-remark @below {{contiguity = [16], divisibility = [1073741824], constancy = [1]}}
  %rm = arith.remsi %r, %c16 : tensor<128xi32>
  // expected-remark @below {{contiguity = [16], divisibility = [1073741824], constancy = [1]}}
  %rmu = arith.remui %r, %c16 : tensor<128xi32>
  // (x + range) % m: runs of 16 that start at multiples of 16.
  // expected-remark @below {{contiguity = [128], divisibility = [16], constancy = [1]}}
  %o = arith.addi %sx, %r : tensor<128xi32>
  // expected-remark @below {{contiguity = [16], divisibility = [16], constancy = [1]}}
  %om = arith.remsi %o, %sm : tensor<128xi32>
  // Nothing is known of a remainder by 3.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %c3 = arith.constant dense<3> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %r3 = arith.remsi %r, %c3 : tensor<128xi32>
  // Scalars fold: 48 / 16 = 3, 48 % 32 = 16.
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %c48 = arith.constant 48 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %s16 = arith.constant 16 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [1]}}
  %s32 = arith.constant 32 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %d = arith.divsi %c48, %s16 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %e = arith.remui %c48, %s32 : i32
  return
}

// -----

func.func @bitwise(%n: i32 {tile.divisibility = 16 : i32}, %b: tensor<128xi1>) {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r = tile.make_range 0 to 128 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %c15 = arith.constant dense<15> : tensor<128xi32>
  // x & 15 is x % 16.
  // expected-remark @below {{contiguity = [16], divisibility = [1073741824], constancy = [1]}}
  %lo = arith.andi %r, %c15 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %cm16 = arith.constant dense<-16> : tensor<128xi32>
  // x & -16 rounds down to a multiple of 16.
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [16]}}
  %hi = arith.andi %cm16, %r : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %sn = tile.splat %n : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [128]}}
  %c4 = arith.constant dense<4> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [128]}}
  %or = arith.ori %sn, %c4 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1073741824], constancy = [128]}}
  %c0 = arith.constant dense<0> : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %or0 = arith.ori %r, %c0 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %x = arith.xori %r, %r : tensor<128xi32>
  // A multiple of 16 masked with 15 is 0.
  // expected-remark @below {{contiguity = [1], divisibility = [1073741824], constancy = [128]}}
  %and = arith.andi %sn, %c15 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [128]}}
  %c2 = arith.constant dense<2> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1]}}
  %shl = arith.shli %r, %c2 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [4]}}
  %shr = arith.shrsi %r, %c2 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [4]}}
  %shru = arith.shrui %r, %c2 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %true = arith.constant dense<true> : tensor<128xi1>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %m = arith.andi %b, %true : tensor<128xi1>
  return
}

// -----

func.func @compare(%n: i32 {tile.divisibility = 16 : i32}, %k: i32) {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r = tile.make_range 0 to 128 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %sn = tile.splat %n : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %sk = tile.splat %k : i32 -> tensor<128xi32>
  // offs < n with n a multiple of 16: masks of 16.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %lt = arith.cmpi slt, %r, %sn : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %ge = arith.cmpi uge, %r, %sn : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %gt = arith.cmpi sgt, %sn, %r : tensor<128xi32>
  // x <= n is true at x = n alone in its block.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %le = arith.cmpi sle, %r, %sn : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %eq = arith.cmpi eq, %r, %sn : tensor<128xi32>
  // Without :16 on the bound, nothing.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %ltk = arith.cmpi slt, %r, %sk : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %eqs = arith.cmpi eq, %sn, %sk : tensor<128xi32>
  // Both constant: folded.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %c1 = arith.constant 1 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1073741824], constancy = [1]}}
  %f = arith.cmpi sgt, %c1, %c1 : i32
  // Masks combine by constancy.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %both = arith.andi %lt, %ltk : tensor<128xi1>
  return
}

// -----

func.func @select_minmax(%c: i1, %n: i32 {tile.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r = tile.make_range 0 to 128 : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [128], constancy = [1]}}
  %r2 = tile.make_range 128 to 256 : tensor<128xi32>
  // A scalar condition picks a whole tile.
  // expected-remark @below {{contiguity = [128], divisibility = [128], constancy = [1]}}
  %s = arith.select %c, %r, %r2 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %sn = tile.splat %n : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %lt = arith.cmpi slt, %r, %sn : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %m = arith.select %lt, %r, %sn : tensor<128xi1>, tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %true = arith.constant true
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %k = arith.select %true, %r, %r2 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %min = arith.minsi %r, %sn : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %max = arith.maxsi %sn, %sn : tensor<128xi32>
  return
}

// -----

func.func @casts(%x: i32) {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r = tile.make_range 0 to 128 : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %e = arith.extsi %r : tensor<128xi32> to tensor<128xi64>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %u = arith.extui %r : tensor<128xi32> to tensor<128xi64>
  // Aligned runs of 128 fit in i16.
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %t16 = arith.trunci %r : tensor<128xi32> to tensor<128xi16>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %sx = tile.splat %x : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1], constancy = [1]}}
  %o = arith.addi %sx, %r : tensor<128xi32>
  // A run starting anywhere may wrap around in i8.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %t8 = arith.trunci %o : tensor<128xi32> to tensor<128xi8>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %b = arith.trunci %r : tensor<128xi32> to tensor<128xi1>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %c1 = arith.constant 1 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %c1e = arith.extsi %c1 : i32 to i64
  return
}

// -----

// Pointers count in elements.
func.func @pointers(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                    %stride: i32 {tile.divisibility = 16 : i32}, %x: i64 {tile.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %pid = tile.program_id 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %off = arith.muli %pid, %stride : i32
  // The row start of softmax: 4 elements (16 bytes) aligned.
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1]}}
  %row = tile.addptr %p, %off : !tile.ptr<f32>, i32
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [128]}}
  %ps = tile.splat %row : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r = tile.make_range 0 to 128 : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [4], constancy = [1]}}
  %ptrs = tile.addptr %ps, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [128]}}
  %c2 = arith.constant dense<2> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1]}}
  %r2 = arith.muli %r, %c2 : tensor<128xi32>
  // Every other element: not contiguous, 2 elements aligned.
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1]}}
  %strided = tile.addptr %ps, %r2 : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  // Addresses in bytes: a multiple of 16 where the pointer is.
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %addr = tile.ptr_to_int %ps : tensor<128x!tile.ptr<f32>> -> tensor<128xi64>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1]}}
  %addrs = tile.ptr_to_int %ptrs : tensor<128x!tile.ptr<f32>> -> tensor<128xi64>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1]}}
  %back = tile.int_to_ptr %x : i64 -> !tile.ptr<f32>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [128]}}
  %half = tile.bitcast %ps : tensor<128x!tile.ptr<f32>> -> tensor<128x!tile.ptr<f16>>
  return
}

// -----

func.func @loads(%p: !tile.ptr<i32> {tile.divisibility = 16 : i32}, %n: i32 {tile.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [128]}}
  %ps = tile.splat %p : !tile.ptr<i32> -> tensor<128x!tile.ptr<i32>>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r = tile.make_range 0 to 128 : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [4], constancy = [1]}}
  %ptrs = tile.addptr %ps, %r : tensor<128x!tile.ptr<i32>>, tensor<128xi32>
  // Loaded values are unknown ...
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %v = tile.load %ptrs : tensor<128x!tile.ptr<i32>>
  // ... but one address loads one value.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %w = tile.load %ps : tensor<128x!tile.ptr<i32>>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %sn = tile.splat %n : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %mask = arith.cmpi slt, %r, %sn : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %u = tile.load %ps, %mask, %sn : tensor<128x!tile.ptr<i32>>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %s = tile.load %p : !tile.ptr<i32>
  return
}

// -----

// tl.multiple_of, tl.max_contiguous, tl.max_constancy.
func.func @hints(%x: i32) {
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %sx = tile.splat %x : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r = tile.make_range 0 to 128 : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1], constancy = [1]}}
  %o = arith.addi %sx, %r : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [16], constancy = [1]}}
  %h = tile.hint %o divisibility = [16] : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %v = arith.muli %o, %o : tensor<128xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [64], constancy = [1]}}
  %c = tile.hint %v divisibility = [64] contiguity = [64] : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [4]}}
  %k = tile.hint %v constancy = [4] : tensor<128xi32>
  // Divisibility hints take their power of two.
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1]}}
  %d = tile.hint %x divisibility = [24] : i32
  return
}

// -----

// scf.for: the induction variable and loop-carried values reach a fixed point.
func.func @loops(%p: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %n: i32) {
  // expected-remark @below {{contiguity = [1], divisibility = [1073741824], constancy = [1]}}
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1]}}
  %c64 = arith.constant 64 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [64]}}
  %ps = tile.splat %p : !tile.ptr<f16> -> tensor<64x!tile.ptr<f16>>
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %r = tile.make_range 0 to 64 : tensor<64xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [8], constancy = [1]}}
  %init = tile.addptr %ps, %r : tensor<64x!tile.ptr<f16>>, tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [64]}}
  %c1 = arith.constant dense<1> : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [64]}}
  %step = arith.constant dense<64> : tensor<64xi32>
  // expected-remark @below {{result #0: contiguity = [64], divisibility = [8], constancy = [1]}}
  // expected-remark @below {{result #1: contiguity = [64], divisibility = [1], constancy = [1]}}
  %res:2 = scf.for %i = %c0 to %n step %c64 iter_args(%ptr = %init, %o = %r)
      -> (tensor<64x!tile.ptr<f16>>, tensor<64xi32>) : i32 {
    // The induction variable: 0 + i * 64.
    // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [64]}}
    %si = tile.splat %i : i32 -> tensor<64xi32>
    // expected-remark @below {{contiguity = [64], divisibility = [64], constancy = [1]}}
    %offs = arith.addi %si, %r : tensor<64xi32>
    // Advancing by 64 elements keeps the pointers aligned.
    // expected-remark @below {{contiguity = [64], divisibility = [8], constancy = [1]}}
    %next = tile.addptr %ptr, %step : tensor<64x!tile.ptr<f16>>, tensor<64xi32>
    // Adding 1 does not keep the offsets aligned: the fixed point has 1.
    // expected-remark @below {{contiguity = [64], divisibility = [1], constancy = [1]}}
    %o1 = arith.addi %o, %c1 : tensor<64xi32>
    scf.yield %next, %o1 : tensor<64x!tile.ptr<f16>>, tensor<64xi32>
  }
  // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [1]}}
  %c32 = arith.constant 32 : i32
  scf.for %j = %c32 to %n step %c64 : i32 {
    // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [64]}}
    %sj = tile.splat %j : i32 -> tensor<64xi32>
  }
  return
}

// -----

// scf.if joins its branches; a branch proven dead does not count.
func.func @branches(%c: i1, %x: i32 {tile.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r = tile.make_range 0 to 128 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %sx = tile.splat %x : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [16], constancy = [1]}}
  %a = scf.if %c -> tensor<128xi32> {
    scf.yield %r : tensor<128xi32>
  } else {
    // expected-remark @below {{contiguity = [128], divisibility = [16], constancy = [1]}}
    %o = arith.addi %sx, %r : tensor<128xi32>
    scf.yield %o : tensor<128xi32>
  }
  // A range and a constant have nothing in common.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %b = scf.if %c -> tensor<128xi32> {
    scf.yield %r : tensor<128xi32>
  } else {
    scf.yield %sx : tensor<128xi32>
  }
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %true = arith.constant true
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %d = scf.if %true -> tensor<128xi32> {
    scf.yield %sx : tensor<128xi32>
  } else {
    // expected-remark @below {{no axis info}}
    %z = arith.addi %r, %r : tensor<128xi32>
    scf.yield %z : tensor<128xi32>
  }
  return
}

// -----

// Joining runs of 8 (from 32) with runs of 4 (from 16): runs of 4 whose starts
// the first side only guarantees to be multiples of 4.
func.func @join_shorter_runs(%c: i1, %v: tensor<128xi32>) {
  // expected-remark @below {{contiguity = [8], divisibility = [32], constancy = [1]}}
  %a = tile.hint %v divisibility = [32] contiguity = [8] : tensor<128xi32>
  // expected-remark @below {{contiguity = [4], divisibility = [16], constancy = [1]}}
  %b = tile.hint %v divisibility = [16] contiguity = [4] : tensor<128xi32>
  // expected-remark @below {{contiguity = [4], divisibility = [4], constancy = [1]}}
  %j = arith.select %c, %a, %b : tensor<128xi32>
  return
}

// -----

// Ops without a rule claim nothing, except equal results of equal operands
// under an elementwise op.
func.func @unknown(%t: tensor<128xi32>, %n: i32 {tile.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %s = tile.reduce(%t) {axis = 0 : i32} : (tensor<128xi32>) -> i32 {
  ^bb0(%a: i32, %b: i32):
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %sum = arith.addi %a, %b : i32
    tile.reduce.return %sum : i32
  }
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %sn = tile.splat %n : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %cd = arith.ceildivsi %sn, %sn : tensor<128xi32>
  %f = arith.sitofp %sn : tensor<128xi32> to tensor<128xf32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %i = arith.fptosi %f : tensor<128xf32> to tensor<128xi32>
  return
}

// -----

#blocked = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#wide = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// tilegpu IR: layouts do not change values.
func.func @layouts(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [128]}}
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #blocked>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r = tile.make_range 0 to 128 : tensor<128xi32, #blocked>
  // expected-remark @below {{contiguity = [128], divisibility = [4], constancy = [1]}}
  %ptrs = tile.addptr %ps, %r : tensor<128x!tile.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
  // expected-remark @below {{contiguity = [128], divisibility = [4], constancy = [1]}}
  %w = tilegpu.convert_layout %ptrs : tensor<128x!tile.ptr<f32>, #blocked> -> tensor<128x!tile.ptr<f32>, #wide>
  return
}
