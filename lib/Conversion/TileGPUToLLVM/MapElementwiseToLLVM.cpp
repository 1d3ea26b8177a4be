//===- MapElementwiseToLLVM.cpp - tl.map_elementwise -------------*- C++ -*-===//
//
// tile.map_elementwise becomes its region, cloned once per group of `pack`
// elements of each thread, as Triton lowers MapElementwiseOp: the thread's
// elements of each source are taken `pack` at a time, in register order,
// and bound to the region's arguments; the values the region returns are
// that group's result elements. The cloned scalar ops (scf branches and
// loops included) are then lowered like any other scalar code, so a branch
// runs per element and only where its condition holds. A thread whose
// element count is not a multiple of `pack` completes its last group with
// copies of its last element (real values: an undef could make the
// function's divisions undefined behavior), whose results are dropped.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Tile/IR/TileOps.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;

namespace {

struct MapElementwiseOpConversion
    : public ConvertOpToLLVMPattern<tile::MapElementwiseOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::MapElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const TypeConverter *tc = getTypeConverter();
    unsigned pack = op.getPack();
    auto rt = cast<RankedTensorType>(op.getResult(0).getType());
    std::optional<unsigned> n = getNumElementsPerThread(rt);
    if (!n)
      return op.emitError("cannot lower the layout of ") << rt;
    unsigned count = *n;

    // elems[source][element] of this thread, padded to whole groups.
    SmallVector<SmallVector<Value>> elems;
    for (Value conv : adaptor.getSrcs()) {
      elems.push_back(unpackElements(loc, conv, rewriter));
      if (elems.back().size() != count)
        return op.emitError("sources hold different numbers of elements per "
                            "thread");
    }
    unsigned padded = (count + pack - 1) / pack * pack;
    for (auto &e : elems)
      while (e.size() < padded)
        e.push_back(e[count - 1]);

    Block &body = op.getScalarOp().front();
    auto ret = cast<tile::MapElementwiseReturnOp>(body.getTerminator());
    SmallVector<SmallVector<Value>> results(op.getNumResults());
    for (unsigned base = 0; base < padded; base += pack) {
      // Element types the converter changes (fp8 as i8) go back to the
      // region's types through casts the conversion reconciles.
      auto castTo = [&](Value v, Type t) -> Value {
        if (!t || v.getType() == t)
          return v;
        return UnrealizedConversionCastOp::create(rewriter, loc, t, v)
            .getResult(0);
      };
      IRMapping map;
      for (auto [i, e] : llvm::enumerate(elems))
        for (unsigned j = 0; j < pack; ++j) {
          BlockArgument arg = body.getArgument(i * pack + j);
          map.map(arg, castTo(e[base + j], arg.getType()));
        }
      for (Operation &inner : body.without_terminator())
        rewriter.clone(inner, map);
      for (unsigned k = 0; k < op.getNumResults(); ++k)
        for (unsigned j = 0; j < pack; ++j)
          results[k].push_back(castTo(
              map.lookupOrDefault(ret.getResult()[k * pack + j]),
              tc->convertType(getElementTypeOrSelf(op.getResult(k)))));
    }

    SmallVector<Value> replacements;
    for (auto [k, t] : llvm::enumerate(op.getResultTypes())) {
      Type structType = tc->convertType(t);
      if (!structType)
        return op.emitError("cannot lower result type ") << t;
      results[k].resize(count);
      replacements.push_back(
          packElements(loc, structType, results[k], rewriter));
    }
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

} // namespace

void tilec::gpu_to_llvm::populateMapElementwiseToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<MapElementwiseOpConversion>(converter);
}
