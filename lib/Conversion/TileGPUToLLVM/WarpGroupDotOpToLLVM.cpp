//===- WarpGroupDotOpToLLVM.cpp - warp_group_dot to wgmma -------*- C++ -*-===//
//
// A tilegpu.warp_group_dot becomes, per warpgroup, one
// `wgmma.mma_async.sync.aligned.m64n<instrN>k16.f32.<t>.<t>` for each of its
// 64 x instrN accumulator tiles and each 16-wide step of K, between a
// `wgmma.fence` and a commit and wait. fp8 operands (e4m3, e5m2, mixed) take
// `m64n<instrN>k32.f32.<ta>.<tb>` per 32-wide step of K (32 bytes, as for
// 16-bit operands); that form has no transpose flags, so both operands must
// be K-major.
//
// A may instead come from registers (the `{a0, a1, a2, a3}` form, f16 and
// bf16 only): per warp, the m64k16 A fragment is mma.sync's m16k16 one, the
// warpgroup's warps 16 rows apart: lane l, 32-bit register j holds row
// 16w + l/4 + 8*(j%2), columns 8*(j/2) + 2*(l%4) + {0, 1}, the lower column
// in the low half. For a tensor in the operand-0 `#tilegpu.dot_op` layout
// of the accumulator's mma layout, each K step of 16 and each 64-row tile
// takes those four registers, packed here from the tensor's elements.
// That fragment is also what the accumulator of an m64nN wgmma holds in
// registers 8s..8s+7 for columns 16s..16s+15, so attention's P moves from
// one dot's accumulator into the next dot's A without leaving its thread
// (the convert_layout between them is a renaming of registers).
//
// The operands are read from shared memory through matrix descriptors (PTX
// ISA, "Matrix Descriptor Format"): bits 0-13 the start address >> 4, 16-29
// the leading byte offset >> 4, 32-45 the stride byte offset >> 4, 62-63 the
// swizzle (1: 128 bytes, 2: 64, 3: 32). With the shared layouts
// tilegpu-accelerate-dot chooses (atoms `W` = swizzle bytes wide along the
// contiguous dimension, every row of the tile in each atom), an operand is
//   - K-major (contiguous along K): 8-row groups are 8W bytes apart (stride
//     offset); an instruction's 16 K elements lie in one atom, so the leading
//     offset is unused;
//   - MN-major (contiguous along M or N, "transposed"): groups of 8 K rows
//     are 8W bytes apart (stride offset) and atoms along M or N are
//     W * (rows of K) bytes apart (leading offset).
// Where an instruction's tile starts is the shared layout inverted at its
// first element; the swizzle is a function of the address bits, so starting
// inside an atom (the K steps of a K-major operand) is what the hardware
// expects, as long as the tile is 1024-byte aligned (the allocator aligns
// swizzled tiles so).
//
// The accumulator fragment of one instruction, for lane l of the warpgroup's
// warp w, register i: row 16w + l/4 + 8*((i/2)%2), column 8*(i/4) + 2*(l%4)
// + i%2; which registers of the tensor fill an instruction's fragment is read
// off the mma layout at lane 0 of warp 0, as for mma.sync.
//
// The wait is an inline asm that takes and returns every accumulator
// register, so that no use of the results can be scheduled before it.
//
// fp8 dots carry Triton's max_num_imprecise_acc (the attribute
// kMaxNumImpreciseAccAttr, set by tilegpu-accelerate-dot): wgmma keeps an
// fp8 product sum in fewer bits than fp32, so when the value is at most K,
// Triton accumulates each run of instructions covering that many K elements
// (at least one instruction, 32 elements) into a fresh wgmma sum, and adds
// it to the accumulator with an ordinary fp32 add at the end of the run
// (c + p1 + p2 + ..., in K order). Here each run ends with a commit and a
// wait for its sums, so the adds read finished registers, and the next run
// starts after a fence.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "TileGPU/IR/LinearLayoutConstructors.h"
#include "TileGPU/IR/WarpGroupDotAttrs.h"

#include "llvm/ADT/StringExtras.h"

#include <map>

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;
using tilegpu::LinearLayout;
using tilegpu::MemDescType;

namespace {

/// How one operand's descriptors are built.
struct OperandDescriptor {
  LinearLayout offsetOf; // coordinates -> element offset
  uint64_t fixedBits;    // leading and stride offsets, swizzle mode
  bool transposed;       // MN-major
  unsigned elemBytes;
};

} // namespace

/// The descriptor constants of operand `type` whose K dimension is `kDim`.
static FailureOr<OperandDescriptor> getDescriptor(MemDescType type,
                                                  unsigned kDim) {
  tilegpu::SharedEncodingAttr layout = type.getEncoding();
  unsigned w = layout.getSwizzleBytes();
  if (w != 32 && w != 64 && w != 128)
    return failure();
  OperandDescriptor d;
  d.elemBytes = type.getElementType().getIntOrFloatBitWidth() / 8;
  d.offsetOf = getSharedLayout(type).invert();
  d.transposed = layout.getOrder()[0] != kDim;
  uint64_t strideOffset = 8 * w;
  uint64_t leadingOffset = d.transposed ? w * type.getShape()[kDim] : 16;
  uint64_t mode = w == 128 ? 1 : w == 64 ? 2 : 3;
  d.fixedBits =
      ((leadingOffset >> 4) << 16) | ((strideOffset >> 4) << 32) | (mode << 62);
  return d;
}

/// The element offset of (row, col) in an operand's tile.
static int64_t offsetOf(const OperandDescriptor &d, int64_t row, int64_t col) {
  SmallVector<StringRef, 4> dims = tilegpu::standardOutDimNames(2);
  return d.offsetOf.apply({{dims[0], int32_t(row)}, {dims[1], int32_t(col)}})
      .front()
      .second;
}

/// The low 32 bits of the descriptor of `base + (elemOffset * elemBytes)`:
/// the start-address field and the leading-byte offset. The high word
/// (stride, swizzle) is a constant; see joinDescriptor.
static Value makeDescriptorLow(OpBuilder &b, Location loc,
                               const OperandDescriptor &d, Value baseAddr,
                               Value elemOffset) {
  Value bytes =
      LLVM::MulOp::create(b, loc, elemOffset, i32Const(b, loc, d.elemBytes));
  Value addr = LLVM::AddOp::create(b, loc, baseAddr, bytes);
  Value field = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, addr, i32Const(b, loc, 4)),
      i32Const(b, loc, 0x3FFF));
  return LLVM::OrOp::create(b, loc, field,
                            i32Const(b, loc, int32_t(d.fixedBits)));
}

/// The i64 descriptor of low word `low` and the operand's constant high
/// word, built as two 32-bit halves: a 64-bit add of the whole constant (the
/// former form) costs ptxas an add with carry per descriptor.
static Value joinDescriptor(OpBuilder &b, Location loc,
                            const OperandDescriptor &d, Value low) {
  auto pair = VectorType::get({2}, b.getI32Type());
  Value v = LLVM::UndefOp::create(b, loc, pair);
  v = LLVM::InsertElementOp::create(b, loc, v, low, i32Const(b, loc, 0));
  v = LLVM::InsertElementOp::create(
      b, loc, v, i32Const(b, loc, int32_t(d.fixedBits >> 32)),
      i32Const(b, loc, 1));
  return LLVM::BitcastOp::create(b, loc, b.getI64Type(), v);
}

/// The part of an operand's element offset that depends on the warpgroup:
/// `sum over bits j of g: bit j ? offsetOf(unit << j) : 0`, combined by XOR
/// (the layout is linear over GF(2)).
static Value warpgroupOffset(OpBuilder &b, Location loc,
                             const OperandDescriptor &d, Value g,
                             unsigned groups, int64_t rowUnit,
                             int64_t colUnit) {
  Value out = i32Const(b, loc, 0);
  for (unsigned j = 0; (1u << j) < groups; ++j) {
    int64_t off = offsetOf(d, rowUnit << j, colUnit << j);
    Value bit = LLVM::AndOp::create(
        b, loc, LLVM::LShrOp::create(b, loc, g, i32Const(b, loc, j)),
        i32Const(b, loc, 1));
    Value term = LLVM::MulOp::create(b, loc, bit, i32Const(b, loc, off));
    out = LLVM::XOrOp::create(b, loc, out, term);
  }
  return out;
}

/// The bits the warpgroup-dependent part of an operand's offsets can set
/// (see warpgroupOffset).
static int64_t warpgroupOffsetBits(const OperandDescriptor &d, unsigned groups,
                                   int64_t rowUnit, int64_t colUnit) {
  int64_t bits = 0;
  for (unsigned j = 0; (1u << j) < groups; ++j)
    bits |= offsetOf(d, rowUnit << j, colUnit << j);
  return bits;
}

/// Descriptors of one operand at several constant element offsets from a
/// warpgroup-dependent one: when no constant shares a bit with what the
/// warpgroup part can set (so XOR is addition) and each is a whole number of
/// 16-byte units, one descriptor is built and the others are it plus the
/// offset >> 4 in the start-address field (which cannot carry out: shared
/// addresses are below 2^18 bytes); otherwise each is built in full.
static SmallVector<Value> makeDescriptors(OpBuilder &b, Location loc,
                                          const OperandDescriptor &d,
                                          Value base, Value wgOffset,
                                          int64_t wgBits,
                                          ArrayRef<int64_t> offsets) {
  bool additive = llvm::all_of(offsets, [&](int64_t c) {
    return (c & wgBits) == 0 && (c * d.elemBytes) % 16 == 0;
  });
  SmallVector<Value> out;
  if (!additive) {
    for (int64_t c : offsets)
      out.push_back(joinDescriptor(
          b, loc, d,
          makeDescriptorLow(
              b, loc, d, base,
              LLVM::XOrOp::create(b, loc, wgOffset, i32Const(b, loc, c)))));
    return out;
  }
  Value first = makeDescriptorLow(b, loc, d, base, wgOffset);
  for (int64_t c : offsets)
    out.push_back(joinDescriptor(
        b, loc, d,
        c == 0 ? first
               : LLVM::AddOp::create(
                     b, loc, first,
                     i32Const(b, loc, int32_t(c * d.elemBytes / 16)))));
  return out;
}

/// An inline asm returning `values` unchanged after `body`, so that their
/// uses stay after it.
static SmallVector<Value> asmThrough(OpBuilder &b, Location loc, StringRef body,
                                     ArrayRef<Value> values,
                                     ArrayRef<Value> extra = {},
                                     StringRef extraConstraints = "") {
  unsigned n = values.size();
  SmallVector<std::string> constraints;
  for (unsigned i = 0; i < n; ++i)
    constraints.push_back("=f");
  for (unsigned i = 0; i < n; ++i)
    constraints.push_back(std::to_string(i));
  std::string all = llvm::join(constraints, ",");
  if (!extraConstraints.empty())
    all += "," + extraConstraints.str();
  SmallVector<Value> operands(values);
  llvm::append_range(operands, extra);
  auto type = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(n, b.getF32Type()));
  auto op = LLVM::InlineAsmOp::create(
      b, loc, type, operands, body, all, /*has_side_effects=*/true,
      /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
  return unpackElements(loc, op.getResult(0), b);
}

/// The 32-bit A registers of a warp_group_dot whose A (`type`, lowered to
/// `packed`) is in registers, keyed by (M tile of `repM` rows, K step of
/// 16): a0..a3 of the m64k16 fragment, each the pair of 16-bit elements
/// (row, 2t + 8j + {0, 1}) for row groupID (a0, a2) or groupID + 8 (a1,
/// a3) and j = 0 (a0, a1) or 1 (a2, a3). Which tensor registers fill
/// which fragment slot is read off the layout at lane 0 of warp 0, as for
/// the accumulator; the lanes and warps of the operand layout are the
/// fragment's by construction (DotOperandEncodingAttr::toLinearLayout).
static FailureOr<std::map<std::pair<int64_t, int64_t>, SmallVector<Value>>>
packRegisterA(tilegpu::WarpGroupDotOp op, RankedTensorType type, Value packed,
              int64_t repM, OpBuilder &b) {
  Location loc = op.getLoc();
  std::optional<LinearLayout> ll = tilegpu::getLinearLayout(type);
  if (!ll)
    return op.emitError("A in registers has no linear layout");
  SmallVector<Value> elems = unpackElements(loc, packed, b);
  int32_t regs = ll->getInDimSize(tilegpu::kRegister);
  if (int32_t(elems.size()) != regs)
    return op.emitError("A in registers: ") << elems.size()
           << " values for a layout of " << regs << " registers";
  // Element slot i of the fragment, as a0..a7 of the PTX ISA's 16-bit
  // elements: column bit 0, then row + 8, then column + 8.
  std::map<std::pair<int64_t, int64_t>, SmallVector<int>> slots;
  for (int32_t r = 0; r < regs; ++r) {
    SmallVector<int32_t> c = applyPositional(*ll, tilegpu::kRegister, r);
    unsigned slot = ((c[1] % 16) / 8) * 4 + ((c[0] % 16) / 8) * 2 + c[1] % 2;
    SmallVector<int> &frag = slots[{c[0] / repM, c[1] / 16}];
    if (frag.empty())
      frag.assign(8, -1);
    if (c[0] % repM >= 16 || (c[1] % 8) >= 2 || frag[slot] != -1)
      return op.emitError("A in registers does not form wgmma fragments");
    frag[slot] = r;
  }
  auto pairType = VectorType::get({2}, elems.front().getType());
  std::map<std::pair<int64_t, int64_t>, SmallVector<Value>> out;
  for (auto &[key, frag] : slots) {
    SmallVector<Value> &words = out[key];
    for (unsigned i = 0; i < 8; i += 2) {
      if (frag[i] < 0 || frag[i + 1] < 0)
        return op.emitError("A in registers does not form wgmma fragments");
      Value v = LLVM::UndefOp::create(b, loc, pairType);
      v = LLVM::InsertElementOp::create(b, loc, v, elems[frag[i]],
                                        i32Const(b, loc, 0));
      v = LLVM::InsertElementOp::create(b, loc, v, elems[frag[i + 1]],
                                        i32Const(b, loc, 1));
      words.push_back(LLVM::BitcastOp::create(b, loc, b.getI32Type(), v));
    }
  }
  return out;
}

namespace {

struct WarpGroupDotConversion
    : public ConvertOpToLLVMPattern<tilegpu::WarpGroupDotOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::WarpGroupDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // A is a shared tile, or a tensor in registers (aRegs).
    auto aMem = dyn_cast<MemDescType>(op.getA().getType());
    auto aRegs = dyn_cast<RankedTensorType>(op.getA().getType());
    MemDescType bType = op.getB().getType();
    auto cType = cast<RankedTensorType>(op.getC().getType());
    auto mma = cast<tilegpu::MmaEncodingAttr>(cType.getEncoding());
    Type elem = aMem ? aMem.getElementType() : aRegs.getElementType();
    Type elemB = bType.getElementType();
    auto isFp8 = [](Type t) {
      return isa<Float8E4M3FNType, Float8E5M2Type>(t);
    };
    bool fp8 = isFp8(elem) && isFp8(elemB);
    if (!cType.getElementType().isF32() ||
        !(fp8 || ((elem.isF16() || elem.isBF16()) && elemB == elem)))
      return op.emitError("wgmma is lowered for f16, bf16 or fp8 operands "
                          "with an f32 accumulator, got ")
             << elem << ", " << elemB << " and " << cType.getElementType();
    if (aRegs && fp8)
      return op.emitError("wgmma with fp8 A in registers is not lowered");
    FailureOr<OperandDescriptor> da =
        aMem ? getDescriptor(aMem, /*kDim=*/1) : FailureOr<OperandDescriptor>();
    FailureOr<OperandDescriptor> db = getDescriptor(bType, /*kDim=*/0);
    if ((aMem && failed(da)) || failed(db))
      return op.emitError("wgmma operands need a 32, 64 or 128-byte swizzle");
    if (fp8 && (da->transposed || db->transposed))
      return op.emitError("fp8 wgmma operands must be K-major in shared "
                          "memory");
    // K elements per instruction: always 32 bytes.
    int64_t instrK = fp8 ? 32 : 16;

    unsigned instrN = mma.getInstrN();
    unsigned wm = mma.getWarpsPerCTA()[0], wn = mma.getWarpsPerCTA()[1];
    int64_t repM = 16 * wm, repN = int64_t(instrN) * wn;
    int64_t k = aMem ? aMem.getShape()[1] : aRegs.getShape()[1];
    std::optional<LinearLayout> cLL = tilegpu::getLinearLayout(cType);
    if (!cLL || wm % 4 != 0)
      return op.emitError("accumulator layout is not a wgmma layout");

    // Registers of each instruction tile, in fragment order.
    std::map<std::pair<int64_t, int64_t>, SmallVector<int>> frags;
    unsigned slots = instrN / 2;
    int32_t regs = cLL->getInDimSize(tilegpu::kRegister);
    for (int32_t r = 0; r < regs; ++r) {
      SmallVector<int32_t> c = applyPositional(*cLL, tilegpu::kRegister, r);
      unsigned slot =
          ((c[1] % instrN) / 8) * 4 + ((c[0] % 16) / 8) * 2 + c[1] % 2;
      SmallVector<int> &frag = frags[{c[0] / repM, c[1] / repN}];
      if (frag.empty())
        frag.assign(slots, -1);
      if (c[0] % repM >= 16 || slot >= slots || frag[slot] != -1)
        return op.emitError("accumulator layout does not form wgmma "
                            "fragments");
      frag[slot] = r;
    }

    // The warpgroup's place: warps go along M first, 4 per warpgroup. Read
    // back through a shuffle from lane 0, which ptxas knows to be the same in
    // every lane: the descriptor arithmetic that follows then runs on the
    // uniform datapath (uniform registers feed wgmma's descriptors directly),
    // not per thread with a register-to-uniform move before each wgmma. The
    // shuffle is convergent, so LLVM would not hoist it out of a loop: it is
    // built at the function's entry.
    Value g;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(
          &op->getParentOfType<FunctionOpInterface>()
               .getFunctionBody()
               .front());
      // One statement per operand: argument order is unspecified, and the
      // IR must not depend on the compiler.
      Value seven = i32Const(rewriter, loc, 7);
      g = LLVM::LShrOp::create(rewriter, loc, getThreadId(rewriter, loc),
                               seven);
      g = NVVM::ShflOp::create(
          rewriter, loc, g.getType(), i32Const(rewriter, loc, -1), g,
          i32Const(rewriter, loc, 0), i32Const(rewriter, loc, 0x1f),
          NVVM::ShflKind::idx, UnitAttr());
    }
    unsigned groupsM = wm / 4;
    Value gm = LLVM::URemOp::create(rewriter, loc, g,
                                    i32Const(rewriter, loc, groupsM));
    Value gn = LLVM::UDivOp::create(rewriter, loc, g,
                                    i32Const(rewriter, loc, groupsM));
    Value bOff = warpgroupOffset(rewriter, loc, *db, gn, wn, 0, instrN);
    int64_t bBits = warpgroupOffsetBits(*db, wn, 0, instrN);
    auto toAddr = [&](Value ptr) -> Value {
      Value wide =
          LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI64Type(), ptr);
      return LLVM::TruncOp::create(rewriter, loc, rewriter.getI32Type(), wide);
    };
    Value aOff, aBase;
    int64_t aBits = 0;
    if (aMem) {
      aOff = warpgroupOffset(rewriter, loc, *da, gm, groupsM, 64, 0);
      aBits = warpgroupOffsetBits(*da, groupsM, 64, 0);
      aBase = toAddr(adaptor.getA());
    }
    Value bBase = toAddr(adaptor.getB());

    // A in registers: per (M tile, K step), the four 32-bit registers of the
    // m64k16 A fragment (file comment), each two 16-bit elements, the lower
    // column in the low half. Packed before the wgmma.fence below, which
    // orders this thread's writes of A registers before the wgmma reads.
    std::map<std::pair<int64_t, int64_t>, SmallVector<Value>> aFrags;
    if (aRegs) {
      FailureOr<std::map<std::pair<int64_t, int64_t>, SmallVector<Value>>>
          packed = packRegisterA(op, aRegs, adaptor.getA(), repM, rewriter);
      if (failed(packed))
        return failure();
      aFrags = std::move(*packed);
      // Every accumulator tile's rows need A's fragments for each K step.
      for (auto &[key, frag] : frags)
        for (int64_t ks = 0; ks < k / instrK; ++ks)
          if (!aFrags.count({key.first, ks}))
            return op.emitError("A in registers does not cover the rows of "
                                "the accumulator's fragments");
    }

    auto ptxType = [](Type t) -> StringRef {
      if (isa<Float8E4M3FNType>(t))
        return "e4m3";
      if (isa<Float8E5M2Type>(t))
        return "e5m2";
      return t.isF16() ? "f16" : "bf16";
    };
    // Operands after the accumulator's: A (a descriptor, or four registers),
    // B's descriptor, scale-d. The register form has no trans-a immediate.
    unsigned numA = aRegs ? 4 : 1;
    std::string body;
    {
      llvm::raw_string_ostream os(body);
      unsigned pred = 2 * slots + numA + 1;
      os << "{\n.reg .pred p;\nsetp.ne.b32 p, $" << pred
         << ", 0;\nwgmma.mma_async.sync.aligned.m64n" << instrN << "k"
         << instrK << ".f32." << ptxType(elem) << "." << ptxType(elemB)
         << " {";
      for (unsigned i = 0; i < slots; ++i)
        os << (i ? ", " : "") << "$" << i;
      os << "}, ";
      if (aRegs)
        os << "{$" << 2 * slots << ", $" << 2 * slots + 1 << ", $"
           << 2 * slots + 2 << ", $" << 2 * slots + 3 << "}";
      else
        os << "$" << 2 * slots;
      os << ", $" << 2 * slots + numA << ", p, 1, 1";
      if (aRegs)
        os << ", " << (db->transposed ? 1 : 0);
      else if (!fp8)
        os << ", " << (da->transposed ? 1 : 0) << ", "
           << (db->transposed ? 1 : 0);
      os << ";\n}";
    }
    StringRef operandConstraints = aRegs ? "r,r,r,r,l,r" : "l,l,r";

    // Runs of K elements summed apart (file comment); 0 when not split.
    int64_t run = 0;
    if (auto limit = op->getAttrOfType<IntegerAttr>(tilegpu::kMaxNumImpreciseAccAttr))
      if (fp8 && limit.getInt() <= k)
        run = std::max<int64_t>(instrK,
                                llvm::divideCeil(limit.getInt(), instrK) *
                                    instrK);

    SmallVector<Value> acc = unpackElements(loc, adaptor.getC(), rewriter);
    NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
    Value one = i32Const(rewriter, loc, 1);
    Value zero = i32Const(rewriter, loc, 0);
    for (auto &[key, frag] : frags) {
      auto [mi, nj] = key;
      SmallVector<Value> d;
      for (int r : frag)
        d.push_back(acc[r]);
      SmallVector<int64_t> aOffsets, bOffsets;
      for (int64_t ks = 0; ks < k / instrK; ++ks) {
        if (aMem)
          aOffsets.push_back(offsetOf(*da, mi * repM, instrK * ks));
        bOffsets.push_back(offsetOf(*db, instrK * ks, nj * repN));
      }
      SmallVector<Value> descA;
      if (aMem)
        descA =
            makeDescriptors(rewriter, loc, *da, aBase, aOff, aBits, aOffsets);
      SmallVector<Value> descB =
          makeDescriptors(rewriter, loc, *db, bBase, bOff, bBits, bOffsets);
      // The A operands of step ks: its descriptor, or its four registers.
      auto aOperands = [&](int64_t ks) -> SmallVector<Value> {
        if (aMem)
          return {descA[ks]};
        return aFrags.at({mi, ks});
      };
      if (run == 0) {
        for (int64_t ks = 0; ks < k / instrK; ++ks) {
          SmallVector<Value> operands = aOperands(ks);
          operands.push_back(descB[ks]);
          operands.push_back(one);
          d = asmThrough(rewriter, loc, body, d, operands, operandConstraints);
        }
      } else {
        SmallVector<Value> part = d;
        int64_t steps = run / instrK;
        for (int64_t ks = 0; ks < k / instrK; ++ks) {
          // The first instruction of a run ignores its input (scale-d 0).
          bool first = ks % steps == 0;
          part = asmThrough(rewriter, loc, body, part,
                            {descA[ks], descB[ks], first ? zero : one},
                            "l,l,r");
          if ((ks + 1) % steps != 0 && ks + 1 != k / instrK)
            continue;
          NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
          part = asmThrough(rewriter, loc, "wgmma.wait_group.sync.aligned 0;",
                            part);
          for (auto [s, v] : llvm::enumerate(part))
            d[s] = LLVM::FAddOp::create(rewriter, loc, d[s], v);
          NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
        }
      }
      for (auto [s, r] : llvm::enumerate(frag))
        acc[r] = d[s];
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
    if (!op.getIsAsync())
      acc = asmThrough(rewriter, loc, "wgmma.wait_group.sync.aligned 0;", acc);
    rewriter.replaceOp(
        op, packElements(loc, getTypeConverter()->convertType(op.getType()),
                         acc, rewriter));
    return success();
  }
};

/// The wait passes every register of its inputs through, so that their
/// uses stay after it.
struct WarpGroupDotWaitConversion
    : public ConvertOpToLLVMPattern<tilegpu::WarpGroupDotWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::WarpGroupDotWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> all;
    SmallVector<size_t> sizes;
    for (auto [input, value] : llvm::zip(op.getInputs(), adaptor.getInputs())) {
      if (!cast<RankedTensorType>(input.getType()).getElementType().isF32())
        return op.emitError("wgmma accumulators are f32");
      SmallVector<Value> elems = unpackElements(loc, value, rewriter);
      sizes.push_back(elems.size());
      llvm::append_range(all, elems);
    }
    std::string body = "wgmma.wait_group.sync.aligned " +
                       std::to_string(op.getPendings()) + ";";
    all = asmThrough(rewriter, loc, body, all);
    SmallVector<Value> results;
    size_t at = 0;
    for (auto [output, size] : llvm::zip(op.getOutputs(), sizes)) {
      results.push_back(
          packElements(loc, getTypeConverter()->convertType(output.getType()),
                       ArrayRef<Value>(all).slice(at, size), rewriter));
      at += size;
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void tilec::gpu_to_llvm::populateWarpGroupDotOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<WarpGroupDotConversion, WarpGroupDotWaitConversion>(converter);
}
