//===- TestAxisInfo.cpp - Print the axis analysis as remarks ----*- C++ -*-===//
//
// The test pass `tile-test-axis-info`: runs ModuleAxisInfoAnalysis and puts a
// remark on every op that produces an integer or pointer value,
//   contiguity = [..], divisibility = [..], constancy = [..]
// (prefixed by `result #i: ` on ops with several results), so that lit tests
// can check the analysis with -verify-diagnostics and expected-remark. Ops the
// analysis has no state for (dead code) get `no axis info`.
//
// A test pass, like MLIR's own under mlir/test/lib, is registered from C++
// rather than declared in a Passes.td: it is not part of any pipeline.
//
//===----------------------------------------------------------------------===//

#include "Analysis/AxisInfo.h"

#include "Tile/IR/TileTypes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

namespace {

bool isIntOrPtrLike(Type type) {
  Type element = getElementTypeOrSelf(type);
  return isa<IntegerType, IndexType, tilec::tile::PtrType>(element);
}

struct TestAxisInfoPass
    : public PassWrapper<TestAxisInfoPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAxisInfoPass)

  StringRef getArgument() const final { return "tile-test-axis-info"; }
  StringRef getDescription() const final {
    return "annotate integer and pointer values with the axis analysis "
           "(contiguity, divisibility, constancy) as remarks";
  }

  void runOnOperation() override;
};

} // namespace

void TestAxisInfoPass::runOnOperation() {
  tilec::ModuleAxisInfoAnalysis analysis(getOperation());
  getOperation().walk([&](Operation *op) {
    for (OpResult result : op->getResults()) {
      if (!isIntOrPtrLike(result.getType()))
        continue;
      InFlightDiagnostic remark = op->emitRemark();
      if (op->getNumResults() > 1)
        remark << "result #" << result.getResultNumber() << ": ";
      if (const tilec::AxisInfo *info = analysis.getAxisInfo(result))
        remark << info->toString();
      else
        remark << "no axis info";
    }
  });
}

void tilec::registerTestAxisInfoPass() { PassRegistration<TestAxisInfoPass>(); }
