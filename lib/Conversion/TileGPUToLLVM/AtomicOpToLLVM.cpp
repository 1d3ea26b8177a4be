//===- AtomicOpToLLVM.cpp - tile.atomic_rmw and tile.atomic_cas -*- C++ -*-===//
//
// Global atomics, one per element, as Triton 3.6 issues them on NVIDIA GPUs:
// inline PTX `atom.global.<scope>.<sem>.<op>.<type>` for read-modify-write
// (`atom.global.<sem>.<scope>.cas.b<n>` for compare-and-swap), predicated on
// the mask. The result register starts at 0, so a masked-off element reads
// 0. bf16 additions are `atom.global.<scope>.<sem>.add.noftz.bf16` on sm_90;
// sm_80 has no such instruction, and they go through LLVM's `atomicrmw
// fadd`, which NVPTX expands to a compare-and-swap loop, as Triton does.
//
// f16 and bf16 max and min (`fmax`, `fmin`: what tensor-descriptor
// reductions on those types become) have no scalar PTX atomic (`atom.max`
// on .f16 takes vectors only): they go through LLVM's `atomicrmw fmax` and
// `fmin`, a compare-and-swap loop on the enclosing 32-bit word, on sm_90
// only, where Triton has them (as TMA reductions).
//
// A layout may give one element to several threads (and a scalar lives in
// all of them). An atomic must still happen once per element, or an
// atomic_add adds several times: only the thread whose free lane and warp
// bits are 0 issues it, and a register that repeats an earlier one of the
// same thread reuses its result. When the old values are used, the issuing
// threads publish them through the op's shared-memory scratch and every
// holder reads its copy back after a barrier.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Tile/IR/TileOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;

namespace {

/// Which threads and registers of a pointer operand's layout issue the
/// atomics of its elements.
struct Issuers {
  /// True in the one thread that issues each element it holds; null when
  /// every thread holds elements no other thread holds.
  Value owner;
  /// Register bits that repeat an element within a thread.
  int32_t regFree = 0;
};

/// True where the old values of `op` must travel between threads: they are
/// used and some element is held by several threads.
bool needsExchange(Operation *op) {
  if (op->getResult(0).use_empty())
    return false;
  Type ptrType = op->getOperand(0).getType();
  if (!isa<RankedTensorType>(ptrType))
    return true;
  std::optional<tilegpu::LinearLayout> ll = tilegpu::getLinearLayout(ptrType);
  if (!ll)
    return false;
  for (auto &[dim, mask] : ll->getFreeVariableMasks())
    if ((dim == tilegpu::kLane || dim == tilegpu::kWarp) && mask)
      return true;
  return false;
}

Issuers getIssuers(OpBuilder &b, Location loc, Type ptrType) {
  Issuers is;
  auto eq0 = [&](Value v) -> Value {
    return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, v,
                                i32Const(b, loc, 0));
  };
  if (!isa<RankedTensorType>(ptrType)) {
    is.owner = eq0(getThreadId(b, loc));
    return is;
  }
  std::optional<tilegpu::LinearLayout> ll = tilegpu::getLinearLayout(ptrType);
  if (!ll)
    return is;
  int32_t laneFree = 0, warpFree = 0;
  for (auto &[dim, mask] : ll->getFreeVariableMasks()) {
    if (dim == tilegpu::kLane)
      laneFree = mask;
    else if (dim == tilegpu::kWarp)
      warpFree = mask;
    else if (dim == tilegpu::kRegister)
      is.regFree = mask;
  }
  if (!laneFree && !warpFree)
    return is;
  int32_t laneBits =
      ll->hasInDim(tilegpu::kLane) ? ll->getInDimSizeLog2(tilegpu::kLane) : 0;
  // Operands in statements of their own: argument order is unspecified, and
  // the IR must not depend on the host compiler.
  Value mask = i32Const(b, loc, laneFree | (warpFree << laneBits));
  Value tid = getThreadId(b, loc);
  Value bits = LLVM::AndOp::create(b, loc, tid, mask);
  is.owner = eq0(bits);
  return is;
}

Value toBits(OpBuilder &b, Location loc, Value v) {
  Type intType = b.getIntegerType(v.getType().getIntOrFloatBitWidth());
  if (v.getType() == intType)
    return v;
  return LLVM::BitcastOp::create(b, loc, intType, v);
}

Value fromBits(OpBuilder &b, Location loc, Value v, Type t) {
  if (v.getType() == t)
    return v;
  return LLVM::BitcastOp::create(b, loc, t, v);
}

/// One atomic in inline PTX: `mov` 0 into the result, then `instr` with the
/// result, the address and `values`, predicated on `pred` when there is one.
/// Values travel as untyped bits (`.b32` registers serve `.f32` too).
Value emitPtxAtomic(OpBuilder &b, Location loc, StringRef instr, Type elemType,
                    Value ptr, ArrayRef<Value> values, Value pred) {
  unsigned bits = elemType.getIntOrFloatBitWidth();
  std::string c = bits == 16 ? "h" : bits == 32 ? "r" : "l";
  // mov.u32 $0, 0x0;
  // @$3 atom.global.gpu.acq_rel.add.f32 $0, [ $1 + 0 ], $2;
  std::string asmStr = "mov.u" + std::to_string(bits) + " $0, 0x0;\n";
  unsigned predIdx = 2 + values.size();
  if (pred)
    asmStr += "@$" + std::to_string(predIdx) + " ";
  asmStr += instr.str() + " $0, [ $1 + 0 ]";
  std::string constraints = "=" + c + ",l";
  SmallVector<Value> operands{ptr};
  for (auto [i, v] : llvm::enumerate(values)) {
    asmStr += ", $" + std::to_string(2 + i);
    constraints += "," + c;
    operands.push_back(toBits(b, loc, v));
  }
  asmStr += ";";
  if (pred) {
    constraints += ",b";
    operands.push_back(pred);
  }
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, b.getIntegerType(bits), operands, asmStr, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
  return fromBits(b, loc, asmOp.getResult(0), elemType);
}

LLVM::AtomicOrdering getOrdering(tile::MemSemantic sem) {
  switch (sem) {
  case tile::MemSemantic::Relaxed:
    return LLVM::AtomicOrdering::monotonic;
  case tile::MemSemantic::Acquire:
    return LLVM::AtomicOrdering::acquire;
  case tile::MemSemantic::Release:
    return LLVM::AtomicOrdering::release;
  case tile::MemSemantic::AcqRel:
    return LLVM::AtomicOrdering::acq_rel;
  }
  llvm_unreachable("unknown memory semantic");
}

StringRef getSyncScope(tile::MemScope scope) {
  switch (scope) {
  case tile::MemScope::CTA:
    return "block";
  case tile::MemScope::GPU:
    return "device";
  case tile::MemScope::Sys:
    return "";
  }
  llvm_unreachable("unknown memory scope");
}

/// An LLVM `atomicrmw` (what NVPTX expands to a compare-and-swap loop where
/// the target has no instruction) inside an scf.if on `pred` (the masked-off
/// branch yields 0, like the PTX forms).
Value emitLLVMAtomic(ConversionPatternRewriter &rewriter, Location loc,
                     LLVM::AtomicBinOp binOp, Value ptr, Value val, Value pred,
                     tile::AtomicRMWOp op) {
  Type t = val.getType();
  auto emit = [&]() -> Value {
    return LLVM::AtomicRMWOp::create(rewriter, loc, binOp, ptr, val,
                                     getOrdering(op.getSem()),
                                     getSyncScope(op.getScope()));
  };
  if (!pred)
    return emit();
  auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{t}, pred,
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(ifOp.thenBlock());
  scf::YieldOp::create(rewriter, loc, emit());
  rewriter.setInsertionPointToStart(ifOp.elseBlock());
  scf::YieldOp::create(rewriter, loc,
                       LLVM::ZeroOp::create(rewriter, loc, t).getResult());
  return ifOp.getResult(0);
}

/// The PTX instruction of an atomic_rmw on `elemType`, as Triton spells it.
std::string getRmwInstr(tile::AtomicRMWOp op, Type elemType) {
  unsigned bits = elemType.getIntOrFloatBitWidth();
  std::string n = std::to_string(bits);
  std::string name, type;
  switch (op.getAtomicRmwOp()) {
  case tile::RMWOp::And:
  case tile::RMWOp::Or:
  case tile::RMWOp::Xor:
    name = stringifyRMWOp(op.getAtomicRmwOp()).str();
    type = "b" + n;
    break;
  case tile::RMWOp::Xchg:
    name = "exch";
    type = "b" + n;
    break;
  case tile::RMWOp::Add:
    name = "add";
    type = "u" + n;
    break;
  case tile::RMWOp::FAdd:
    // f16 has only the form that keeps denormals.
    name = bits == 16 ? "add.noftz" : "add";
    type = (elemType.isBF16() ? "bf" : "f") + n;
    break;
  case tile::RMWOp::Max:
  case tile::RMWOp::Min:
    name = op.getAtomicRmwOp() == tile::RMWOp::Max ? "max" : "min";
    type = "s" + n;
    break;
  case tile::RMWOp::UMax:
  case tile::RMWOp::UMin:
    name = op.getAtomicRmwOp() == tile::RMWOp::UMax ? "max" : "min";
    type = "u" + n;
    break;
  case tile::RMWOp::FMax:
  case tile::RMWOp::FMin:
    // No scalar instruction (emitLLVMAtomic serves them).
    llvm_unreachable("fmax and fmin have no scalar PTX atomic");
  }
  return ("atom.global." + stringifyMemScope(op.getScope()) + "." +
          stringifyMemSemantic(op.getSem()) + "." + name + "." + type)
      .str();
}

/// Lowers an atomic op whose per-element instruction `emitOne(i, pred)`
/// returns element i's old value: issuing threads and registers only, then
/// the old values back into the result's layout.
LogicalResult lowerAtomic(Operation *op, Value llPtr, Value llMask,
                          const LLVMTypeConverter &converter,
                          ConversionPatternRewriter &rewriter,
                          llvm::function_ref<Value(unsigned, Value)> emitOne) {
  Location loc = op->getLoc();
  Type resultType = op->getResult(0).getType();
  Type elemType = converter.convertType(getElementTypeOrSelf(resultType));
  bool isTensor = isa<RankedTensorType>(resultType);
  unsigned n = 1;
  if (isTensor)
    n = unpackElements(loc, llPtr, rewriter).size();
  SmallVector<Value> masks;
  if (llMask)
    masks = isTensor ? unpackElements(loc, llMask, rewriter)
                     : SmallVector<Value>{llMask};
  Issuers is = getIssuers(rewriter, loc, op->getOperand(0).getType());

  SmallVector<Value> old(n);
  for (unsigned i = 0; i < n; ++i) {
    if (int32_t(i) & is.regFree) {
      old[i] = old[i & ~is.regFree];
      continue;
    }
    Value pred = is.owner;
    if (!masks.empty())
      pred =
          pred ? LLVM::AndOp::create(rewriter, loc, pred, masks[i]).getResult()
               : masks[i];
    old[i] = emitOne(i, pred);
  }

  if (op->getResult(0).use_empty()) {
    rewriter.eraseOp(op);
    return success();
  }
  if (needsExchange(op)) {
    // Slot k holds element k (row-major); the slot after the last one takes
    // the stores of threads that issued nothing, so that no store needs a
    // branch. The first barrier keeps an earlier user of these bytes safe.
    Value base = getScratchPointer(rewriter, loc, op);
    auto smemPtr = LLVM::LLVMPointerType::get(rewriter.getContext(), 3);
    SmallVector<Value> offsets;
    int64_t numSlots = 1;
    if (!isTensor) {
      offsets.push_back(i32Const(rewriter, loc, 0));
    } else {
      auto tt = cast<RankedTensorType>(resultType);
      numSlots = tt.getNumElements();
      std::optional<tilegpu::LinearLayout> ll = tilegpu::getLinearLayout(tt);
      if (!ll)
        return op->emitError("cannot lower an atomic without a layout");
      SmallVector<SmallVector<Value>> idx = emitIndices(loc, rewriter, *ll);
      for (const SmallVector<Value> &coords : idx) {
        Value off = i32Const(rewriter, loc, 0);
        int64_t stride = 1;
        for (int d = tt.getRank() - 1; d >= 0; --d) {
          Value term = LLVM::MulOp::create(rewriter, loc, coords[d],
                                           i32Const(rewriter, loc, stride));
          off = LLVM::AddOp::create(rewriter, loc, off, term);
          stride *= tt.getDimSize(d);
        }
        offsets.push_back(off);
      }
    }
    Value spare = i32Const(rewriter, loc, numSlots);
    NVVM::Barrier0Op::create(rewriter, loc);
    for (unsigned i = 0; i < n; ++i) {
      if (int32_t(i) & is.regFree)
        continue;
      Value slot = offsets[i];
      if (is.owner)
        slot = LLVM::SelectOp::create(rewriter, loc, is.owner, slot, spare);
      Value addr = LLVM::GEPOp::create(rewriter, loc, smemPtr, elemType, base,
                                       ValueRange{slot});
      LLVM::StoreOp::create(rewriter, loc, old[i], addr);
    }
    NVVM::Barrier0Op::create(rewriter, loc);
    for (unsigned i = 0; i < n; ++i) {
      Value addr = LLVM::GEPOp::create(rewriter, loc, smemPtr, elemType, base,
                                       ValueRange{offsets[i]});
      old[i] = LLVM::LoadOp::create(rewriter, loc, elemType, addr);
    }
  }
  if (!isTensor)
    rewriter.replaceOp(op, old.front());
  else
    rewriter.replaceOp(op, packElements(loc, converter.convertType(resultType),
                                        old, rewriter));
  return success();
}

struct AtomicRMWOpConversion
    : public ConvertOpToLLVMPattern<tile::AtomicRMWOp> {
  AtomicRMWOpConversion(TileGPUTypeConverter &converter, unsigned cc)
      : ConvertOpToLLVMPattern(converter), cc(cc) {}

  LogicalResult
  matchAndRewrite(tile::AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type elemType =
        getTypeConverter()->convertType(getElementTypeOrSelf(op.getType()));
    if (!elemType || !elemType.isIntOrFloat())
      return op.emitError("cannot lower an atomic on ")
             << getElementTypeOrSelf(op.getType());
    unsigned bits = elemType.getIntOrFloatBitWidth();
    tile::RMWOp kind = op.getAtomicRmwOp();
    bool isFAdd = kind == tile::RMWOp::FAdd;
    bool isFMinMax = kind == tile::RMWOp::FMax || kind == tile::RMWOp::FMin;
    if (bits != 32 && bits != 64 && !(bits == 16 && (isFAdd || isFMinMax)))
      return op.emitError("atomic_rmw ")
             << stringifyRMWOp(kind) << " on " << elemType
             << " has no GPU instruction";
    if (isa<FloatType>(elemType) && !isFAdd && !isFMinMax &&
        kind != tile::RMWOp::Xchg)
      return op.emitError("atomic_rmw ")
             << stringifyRMWOp(kind) << " on " << elemType
             << " has no GPU instruction";
    // Triton has 16-bit float max and min only as sm_90's TMA reductions.
    if (isFMinMax && cc < 90)
      return op.emitError("atomic_rmw ")
             << stringifyRMWOp(kind) << " on " << elemType
             << " needs compute capability 9.0 or newer, the target has "
             << cc / 10 << "." << cc % 10;
    bool isTensor = isa<RankedTensorType>(op.getType());
    SmallVector<Value> ptrs{adaptor.getPtr()}, vals{adaptor.getVal()};
    if (isTensor) {
      ptrs = unpackElements(loc, adaptor.getPtr(), rewriter);
      vals = unpackElements(loc, adaptor.getVal(), rewriter);
    }
    // LLVM's atomicrmw where PTX has no instruction: bf16 additions before
    // sm_90, 16-bit float max and min everywhere.
    std::optional<LLVM::AtomicBinOp> viaLLVM;
    if (isFMinMax)
      viaLLVM = kind == tile::RMWOp::FMax ? LLVM::AtomicBinOp::fmax
                                          : LLVM::AtomicBinOp::fmin;
    else if (isFAdd && elemType.isBF16() && cc < 90)
      viaLLVM = LLVM::AtomicBinOp::fadd;
    std::string instr = viaLLVM ? "" : getRmwInstr(op, elemType);
    return lowerAtomic(
        op, adaptor.getPtr(), adaptor.getMask(), *getTypeConverter(), rewriter,
        [&](unsigned i, Value pred) -> Value {
          if (viaLLVM)
            return emitLLVMAtomic(rewriter, loc, *viaLLVM, ptrs[i], vals[i],
                                  pred, op);
          return emitPtxAtomic(rewriter, loc, instr, elemType, ptrs[i],
                               {vals[i]}, pred);
        });
  }

private:
  /// The target's compute capability times ten.
  unsigned cc;
};

struct AtomicCASOpConversion
    : public ConvertOpToLLVMPattern<tile::AtomicCASOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type elemType =
        getTypeConverter()->convertType(getElementTypeOrSelf(op.getType()));
    if (!elemType || !elemType.isIntOrFloat())
      return op.emitError("cannot lower an atomic on ")
             << getElementTypeOrSelf(op.getType());
    unsigned bits = elemType.getIntOrFloatBitWidth();
    if (bits != 16 && bits != 32 && bits != 64)
      return op.emitError("atomic_cas on ")
             << elemType << " has no GPU instruction";
    bool isTensor = isa<RankedTensorType>(op.getType());
    SmallVector<Value> ptrs{adaptor.getPtr()}, cmps{adaptor.getCmp()},
        vals{adaptor.getVal()};
    if (isTensor) {
      ptrs = unpackElements(loc, adaptor.getPtr(), rewriter);
      cmps = unpackElements(loc, adaptor.getCmp(), rewriter);
      vals = unpackElements(loc, adaptor.getVal(), rewriter);
    }
    // atom.global.acq_rel.gpu.cas.b32
    std::string instr =
        ("atom.global." + stringifyMemSemantic(op.getSem()) + "." +
         stringifyMemScope(op.getScope()) + ".cas.b" + std::to_string(bits))
            .str();
    return lowerAtomic(op, adaptor.getPtr(), Value(), *getTypeConverter(),
                       rewriter, [&](unsigned i, Value pred) -> Value {
                         return emitPtxAtomic(rewriter, loc, instr, elemType,
                                              ptrs[i], {cmps[i], vals[i]},
                                              pred);
                       });
  }
};

} // namespace

FailureOr<int64_t> tilec::gpu_to_llvm::getAtomicScratchBytes(Operation *op) {
  if (!isa<tile::AtomicRMWOp, tile::AtomicCASOp>(op) || !needsExchange(op))
    return 0;
  Type type = op->getResult(0).getType();
  int64_t slots = 1;
  if (auto tt = dyn_cast<RankedTensorType>(type))
    slots = tt.getNumElements();
  // One slot per element and a spare one (see lowerAtomic).
  return (slots + 1) * getStorageBytes(getElementTypeOrSelf(type));
}

void tilec::gpu_to_llvm::populateAtomicOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns,
    unsigned computeCapability) {
  patterns.add<AtomicRMWOpConversion>(converter, computeCapability);
  patterns.add<AtomicCASOpConversion>(converter);
}
