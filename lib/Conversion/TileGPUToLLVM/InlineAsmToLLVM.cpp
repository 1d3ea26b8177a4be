//===- InlineAsmToLLVM.cpp - tl.inline_asm_elementwise --------*- C++ -*-===//
//
// tile.inline_asm_elementwise becomes one llvm.inline_asm per group of
// `pack` elements of each thread, as Triton lowers ElementwiseInlineAsmOp:
// the operands' per-thread elements are taken `pack` at a time (a thread
// whose count is not a multiple of `pack` pads the last group with undef),
// elements narrower than 32 bits share a 32-bit register (a vector of them),
// and the asm returns its registers result by result (a struct when there is
// more than one). The asm operands and the constraint string follow that
// order, which is the contract Triton documents to kernel authors: results
// first, then each operand's registers.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Tile/IR/TileOps.h"
#include "Tile/IR/TileTypes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;

namespace {

struct InlineAsmElementwiseOpConversion
    : public ConvertOpToLLVMPattern<tile::InlineAsmElementwiseOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::InlineAsmElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const TypeConverter *tc = getTypeConverter();
    unsigned pack = op.getPack();

    // The converted element type of each operand and result.
    auto scalarOf = [&](Type t) {
      return tc->convertType(tile::getScalarType(t));
    };
    SmallVector<Type> resultScalars, resultStructs;
    for (Type t : op.getResultTypes()) {
      resultScalars.push_back(scalarOf(t));
      resultStructs.push_back(tc->convertType(t));
      if (!resultScalars.back() || !resultStructs.back())
        return op.emitError("cannot lower result type ") << t;
    }

    // elems[operand][element] of this thread.
    SmallVector<SmallVector<Value>> elems;
    for (auto [orig, conv] : llvm::zip(op.getSrcs(), adaptor.getSrcs()))
      elems.push_back(isa<RankedTensorType>(orig.getType())
                          ? unpackElements(loc, conv, rewriter)
                          : SmallVector<Value>{conv});
    unsigned count = 1;
    if (auto rt = dyn_cast<RankedTensorType>(op.getResult(0).getType())) {
      std::optional<unsigned> n = getNumElementsPerThread(rt);
      if (!n)
        return op.emitError("cannot lower the layout of ") << rt;
      count = *n;
    }
    for (auto &e : elems)
      if (e.size() != count)
        return op.emitError("operands hold different numbers of elements "
                            "per thread");
    unsigned padded = (count + pack - 1) / pack * pack;
    for (auto &e : elems)
      while (e.size() < padded)
        e.push_back(LLVM::UndefOp::create(rewriter, loc, e.front().getType()));

    // The registers the asm returns: each result's `pack` elements, packed.
    SmallVector<Type> asmTypes;
    SmallVector<unsigned> perReg;
    for (auto [orig, scalar] : llvm::zip(op.getResultTypes(), resultScalars)) {
      unsigned n = tile::InlineAsmElementwiseOp::getElementsPerRegister(
          tile::getScalarType(orig), pack);
      perReg.push_back(n);
      Type reg = n > 1 ? VectorType::get({n}, scalar) : scalar;
      for (unsigned i = 0; i < (pack + n - 1) / n; ++i)
        asmTypes.push_back(reg);
    }
    Type asmType = asmTypes.size() == 1
                       ? asmTypes.front()
                       : LLVM::LLVMStructType::getLiteral(getContext(),
                                                          asmTypes);

    auto i32 = [&](int64_t v) { return i32Const(rewriter, loc, v); };
    SmallVector<SmallVector<Value>> results(op.getNumResults());
    for (unsigned base = 0; base < padded; base += pack) {
      // The operands of this invocation, each operand's group packed.
      SmallVector<Value> operands;
      for (auto [orig, e] : llvm::zip(op.getSrcs(), elems)) {
        unsigned n = tile::InlineAsmElementwiseOp::getElementsPerRegister(
            tile::getScalarType(orig.getType()), pack);
        for (unsigned j = 0; j < pack; j += n) {
          if (n == 1) {
            operands.push_back(e[base + j]);
            continue;
          }
          Value reg = LLVM::UndefOp::create(
              rewriter, loc, VectorType::get({n}, e.front().getType()));
          for (unsigned k = 0; k < n && j + k < pack; ++k)
            reg = LLVM::InsertElementOp::create(rewriter, loc, reg,
                                                e[base + j + k], i32(k));
          operands.push_back(reg);
        }
      }
      Value asmResult =
          LLVM::InlineAsmOp::create(
              rewriter, loc, asmType, operands, op.getAsmString(),
              op.getConstraints(), /*has_side_effects=*/!op.getPure(),
              /*is_align_stack=*/false,
              LLVM::tailcallkind::TailCallKind::None,
              LLVM::AsmDialectAttr::get(getContext(),
                                        LLVM::AsmDialect::AD_ATT),
              /*operand_attrs=*/ArrayAttr())
              .getResult(0);
      // Unpack the registers back into elements, result by result.
      unsigned field = 0;
      for (unsigned r = 0; r < op.getNumResults(); ++r) {
        for (unsigned j = 0; j < pack; j += perReg[r]) {
          Value reg = asmTypes.size() == 1
                          ? asmResult
                          : LLVM::ExtractValueOp::create(rewriter, loc,
                                                         asmResult, field);
          ++field;
          if (perReg[r] == 1) {
            results[r].push_back(reg);
            continue;
          }
          for (unsigned k = 0; k < perReg[r]; ++k)
            results[r].push_back(
                LLVM::ExtractElementOp::create(rewriter, loc, reg, i32(k)));
        }
      }
    }

    SmallVector<Value> replacements;
    for (unsigned r = 0; r < op.getNumResults(); ++r) {
      results[r].resize(count);
      if (isa<RankedTensorType>(op.getResult(r).getType()))
        replacements.push_back(
            packElements(loc, resultStructs[r], results[r], rewriter));
      else
        replacements.push_back(results[r].front());
    }
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

} // namespace

void tilec::gpu_to_llvm::populateInlineAsmToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<InlineAsmElementwiseOpConversion>(converter);
}
