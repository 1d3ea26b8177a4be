//===- DebugOpToLLVM.cpp - Barriers, assumptions, prints, asserts -*- C++
//-*-===//
//
// The debugging ops and hints of the tile dialect, lowered as Triton 3.6
// lowers its own on NVIDIA GPUs:
//   - tile.debug_barrier is `bar.sync 0`;
//   - tile.griddepcontrol is PTX `griddepcontrol.wait` or
//     `griddepcontrol.launch_dependents`, by inline assembly with a memory
//     clobber (as Triton emits it; see the pattern for why not the NVVM op);
//   - tile.assume becomes one `llvm.intr.assume` per element a thread holds;
//   - tile.print calls CUDA's `vprintf` once per element a thread holds (an
//     element held by several threads prints once per thread, as in Triton),
//     with Triton's format: `pid (x, y, z) idx (i, j)<prefix>(operand n) v`,
//     integers narrower than 32 bits widened and floats printed as doubles,
//     as vprintf requires;
//   - tile.assert calls `__assertfail(message, file, line, "unknown", 1)`
//     in each thread that holds a false element, then a tensor assert waits
//     at a barrier so that no thread runs ahead into what the assert guards.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Tile/IR/TileOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <cmath>

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;

namespace {

/// The address of a NUL-terminated global string `text` in the module,
/// under a fresh name starting with `prefix`.
Value getGlobalString(ConversionPatternRewriter &rewriter, Location loc,
                      Operation *op, StringRef prefix, StringRef text) {
  auto module = op->getParentOfType<ModuleOp>();
  std::string name;
  for (unsigned i = 0;; ++i) {
    name = (prefix + Twine(i)).str();
    if (!module.lookupSymbol(name))
      break;
  }
  std::string bytes = text.str();
  bytes.push_back('\0');
  return LLVM::createGlobalString(loc, rewriter, name, bytes,
                                  LLVM::Linkage::Internal);
}

/// The declaration of `name` in the module, created if missing.
LLVM::LLVMFuncOp getOrDeclare(ConversionPatternRewriter &rewriter,
                              Operation *op, StringRef name,
                              LLVM::LLVMFunctionType type) {
  auto module = op->getParentOfType<ModuleOp>();
  if (auto f = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return f;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(rewriter, UnknownLoc::get(op->getContext()),
                                  name, type);
}

/// The elements of a converted operand that this thread holds.
SmallVector<Value> getElements(ConversionPatternRewriter &rewriter,
                               Location loc, Value original, Value converted) {
  if (isa<RankedTensorType>(original.getType()))
    return unpackElements(loc, converted, rewriter);
  return {converted};
}

struct DebugBarrierOpConversion
    : public ConvertOpToLLVMPattern<tile::DebugBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::DebugBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::Barrier0Op::create(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

struct GridDepControlOpConversion
    : public ConvertOpToLLVMPattern<tile::GridDepControlOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::GridDepControlOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // Not nvvm.griddepcontrol: LLVM declares its intrinsics `memory(none)`,
    // which would let optimizations move the loads that gdc_wait guards
    // above it. Side-effecting assembly with a memory clobber keeps every
    // memory access on its side.
    const char *asmText = op.getAction() == tile::GridDepAction::Wait
                              ? "griddepcontrol.wait;"
                              : "griddepcontrol.launch_dependents;";
    LLVM::InlineAsmOp::create(
        rewriter, op.getLoc(), TypeRange(), ValueRange(), asmText,
        "~{memory}", /*has_side_effects=*/true, /*is_align_stack=*/false,
        LLVM::tailcallkind::TailCallKind::None,
        LLVM::AsmDialectAttr::get(getContext(), LLVM::AsmDialect::AD_ATT),
        /*operand_attrs=*/ArrayAttr());
    rewriter.eraseOp(op);
    return success();
  }
};

struct AssumeOpConversion : public ConvertOpToLLVMPattern<tile::AssumeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::AssumeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    for (Value c :
         getElements(rewriter, op.getLoc(), op.getCond(), adaptor.getCond()))
      LLVM::AssumeOp::create(rewriter, op.getLoc(), c);
    rewriter.eraseOp(op);
    return success();
  }
};

struct PrintOpConversion : public ConvertOpToLLVMPattern<tile::PrintOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  /// Triton's printf conversion for `type`: `%p` for pointers; in hex,
  /// `0x%0Nx` (`llx` past 32 bits) with N the hex digits of the type; else
  /// `%f` for floats and `%i`/`%u` (`%lli`/`%llu` for 64 bits) for integers,
  /// with `width` when given.
  static std::string getFormat(Type type, bool hex, std::optional<int> width,
                               bool isSigned) {
    if (isa<LLVM::LLVMPointerType>(type))
      return "%p";
    unsigned bits = type.getIntOrFloatBitWidth();
    if (hex)
      return "0x%0" + std::to_string(bits / 4) + (bits > 32 ? "ll" : "") + "x";
    std::string f = "%" + (width ? std::to_string(*width) : "");
    if (isa<FloatType>(type))
      return f + "f";
    if (bits == 64)
      return f + (isSigned ? "lli" : "llu");
    return f + (isSigned ? "i" : "u");
  }

  /// vprintf takes its arguments in a buffer with integers of at least 32
  /// bits and floats as doubles.
  static Value promote(ConversionPatternRewriter &rewriter, Location loc,
                       Value v, bool isSigned) {
    Type t = v.getType();
    if (isa<IntegerType>(t) && t.getIntOrFloatBitWidth() < 32) {
      Type i32 = rewriter.getI32Type();
      if (isSigned)
        return LLVM::SExtOp::create(rewriter, loc, i32, v);
      return LLVM::ZExtOp::create(rewriter, loc, i32, v);
    }
    if (isa<FloatType>(t) && t.getIntOrFloatBitWidth() < 64)
      return LLVM::FPExtOp::create(rewriter, loc, rewriter.getF64Type(), v);
    return v;
  }

  void emitPrintf(ConversionPatternRewriter &rewriter, Location loc,
                  tile::PrintOp op, Value format, ArrayRef<Value> args,
                  ArrayRef<bool> isSigned) const {
    MLIRContext *ctx = rewriter.getContext();
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    auto fnType =
        LLVM::LLVMFunctionType::get(rewriter.getI32Type(), {ptrType, ptrType});
    LLVM::LLVMFuncOp vprintf = getOrDeclare(rewriter, op, "vprintf", fnType);
    Value buffer = LLVM::ZeroOp::create(rewriter, loc, ptrType);
    if (!args.empty()) {
      SmallVector<Value> promoted;
      SmallVector<Type> types;
      for (auto [i, a] : llvm::enumerate(args)) {
        promoted.push_back(promote(rewriter, loc, a, isSigned[i]));
        types.push_back(promoted.back().getType());
      }
      auto structType = LLVM::LLVMStructType::getLiteral(ctx, types);
      buffer = LLVM::AllocaOp::create(rewriter, loc, ptrType, structType,
                                      i32Const(rewriter, loc, 1));
      for (auto [i, v] : llvm::enumerate(promoted)) {
        Value field =
            LLVM::GEPOp::create(rewriter, loc, ptrType, structType, buffer,
                                ArrayRef<LLVM::GEPArg>{0, int32_t(i)});
        LLVM::StoreOp::create(rewriter, loc, v, field);
      }
    }
    LLVM::CallOp::create(rewriter, loc, vprintf, ValueRange{format, buffer});
  }

  LogicalResult
  matchAndRewrite(tile::PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    SmallVector<Value> pid{NVVM::BlockIdXOp::create(rewriter, loc, i32),
                           NVVM::BlockIdYOp::create(rewriter, loc, i32),
                           NVVM::BlockIdZOp::create(rewriter, loc, i32)};
    std::string pidFormat = "pid (%u, %u, %u)";
    if (op.getArgs().empty()) {
      Value format = getGlobalString(rewriter, loc, op, "printfFormat_",
                                     pidFormat + op.getPrefix().str() + "\n");
      emitPrintf(rewriter, loc, op, format, pid, {false, false, false});
      rewriter.eraseOp(op);
      return success();
    }
    size_t numOperands = op.getArgs().size();
    for (auto [i, arg] : llvm::enumerate(op.getArgs())) {
      bool isSigned = op.getIsSigned()[i] != 0;
      SmallVector<Value> elems =
          getElements(rewriter, loc, arg, adaptor.getArgs()[i]);
      SmallVector<SmallVector<Value>> indices;
      SmallVector<int> widths;
      if (auto tt = dyn_cast<RankedTensorType>(arg.getType())) {
        std::optional<tilegpu::LinearLayout> ll = tilegpu::getLinearLayout(tt);
        if (!ll)
          return op.emitError("cannot print a tensor without a layout");
        indices = emitIndices(loc, rewriter, *ll);
        for (int64_t d : tt.getShape())
          widths.push_back(d > 0 ? int(std::ceil(std::log10(double(d)))) : 0);
      } else {
        indices.push_back({});
      }
      // printf takes at most 32 arguments: the index is cut short past that.
      constexpr size_t kMaxArgs = 32;
      Value format;
      for (auto [e, elem] : llvm::enumerate(elems)) {
        std::string f = pidFormat + " idx (";
        SmallVector<Value> args(pid);
        SmallVector<bool> signs(3, false);
        for (auto [d, idx] : llvm::enumerate(indices[e])) {
          if (d)
            f += ", ";
          if (d == kMaxArgs - 3 - 2) {
            f += "... (truncated)";
            break;
          }
          f += getFormat(idx.getType(), false, widths[d], false);
          args.push_back(idx);
          signs.push_back(false);
        }
        f += ")" + op.getPrefix().str();
        if (numOperands > 1)
          f += "(operand " + std::to_string(i) + ") ";
        f += getFormat(elem.getType(), op.getHex(), std::nullopt, isSigned);
        args.push_back(elem);
        signs.push_back(isSigned);
        // The format is the same for every element of the operand.
        if (!format)
          format =
              getGlobalString(rewriter, loc, op, "printfFormat_", f + "\n");
        emitPrintf(rewriter, loc, op, format, args, signs);
      }
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct AssertOpConversion : public ConvertOpToLLVMPattern<tile::AssertOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Any false element fails the assert in this thread.
    Value failed;
    for (Value c :
         getElements(rewriter, loc, op.getCond(), adaptor.getCond())) {
      Value isFalse = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::eq, c,
          LLVM::ConstantOp::create(rewriter, loc, c.getType(),
                                   rewriter.getIntegerAttr(c.getType(), 0)));
      failed =
          failed
              ? LLVM::OrOp::create(rewriter, loc, failed, isFalse).getResult()
              : isFalse;
    }
    // The source position of the op, through inlined calls to the callee.
    Location where = loc;
    while (auto call = dyn_cast<CallSiteLoc>(where))
      where = call.getCallee();
    while (auto name = dyn_cast<NameLoc>(where))
      where = name.getChildLoc();
    std::string file = "unknown";
    unsigned line = 0;
    if (auto flc = dyn_cast<FileLineColLoc>(where)) {
      file = flc.getFilename().str();
      line = flc.getLine();
    }

    auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{}, failed,
                                  /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      MLIRContext *ctx = rewriter.getContext();
      auto ptrType = LLVM::LLVMPointerType::get(ctx);
      Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
      auto fnType = LLVM::LLVMFunctionType::get(
          LLVM::LLVMVoidType::get(ctx), {ptrType, ptrType, i32, ptrType, i64});
      LLVM::LLVMFuncOp assertfail =
          getOrDeclare(rewriter, op, "__assertfail", fnType);
      assertfail.setPassthroughAttr(
          ArrayAttr::get(ctx, StringAttr::get(ctx, "noreturn")));
      Value message =
          getGlobalString(rewriter, loc, op, "assertMessage_", op.getMessage());
      Value fileName = getGlobalString(rewriter, loc, op, "assertFile_", file);
      Value function =
          getGlobalString(rewriter, loc, op, "assertFunc_", "unknown");
      Value lineValue = i32Const(rewriter, loc, line);
      Value charSize = LLVM::ConstantOp::create(rewriter, loc, i64,
                                                rewriter.getI64IntegerAttr(1));
      LLVM::CallOp::create(
          rewriter, loc, assertfail,
          ValueRange{message, fileName, lineValue, function, charSize});
    }
    if (isa<RankedTensorType>(op.getCond().getType()))
      NVVM::Barrier0Op::create(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tilec::gpu_to_llvm::populateDebugOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<DebugBarrierOpConversion, GridDepControlOpConversion,
               AssumeOpConversion, PrintOpConversion, AssertOpConversion>(
      converter);
}
