//===- LayoutPropagation.h - Forward layout propagation ---------*- C++ -*-===//
//
// The first two steps of tilegpu-remove-layout-conversions, kept apart from
// the pass so each piece can be read alone: the forward propagation of load
// layouts to their users, and the rewrite that gives every value its chosen
// layout and converts operands where an op needs another one.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILEGPU_TRANSFORMS_LAYOUTPROPAGATION_H
#define TILEC_DIALECTS_TILEGPU_TRANSFORMS_LAYOUTPROPAGATION_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

namespace tilec::tilegpu {

/// Whether element `i` of each tensor result of `op` depends only on element
/// `i` of its tensor operands (arith, math, pointer arithmetic, casts and
/// hints), so that the op can run in any layout as long as all its tensors
/// share it.
bool isElementwise(mlir::Operation *op);

/// Forward propagation of layouts from the loads of one kernel.
class LayoutPropagation {
public:
  explicit LayoutPropagation(mlir::Operation *root) : root(root) {}

  /// Propagates forward from the anchors (load and dot results), then
  /// backward into the values computed without them (see Passes.td).
  void propagate();
  /// Gives every value its propagated layout and inserts the conversions
  /// that ops then need. Returns the number of values whose layout changed.
  unsigned rewrite();

private:
  /// Offers `layout` for `value`; it is taken if the value has none yet or
  /// if it gives threads longer runs of consecutive elements.
  void offer(mlir::Value value, mlir::Attribute layout);
  /// Propagates the layout of `use.get()` to what its owner produces.
  void visitUse(mlir::OpOperand &use, mlir::Attribute layout);
  /// Propagates the layout of `value` back to the load-free values it is
  /// computed from.
  void visitDef(mlir::Value value, mlir::Attribute layout);
  /// offer(), unless `value` is an anchor (a load or dot result).
  void offerUnanchored(mlir::Value value, mlir::Attribute layout);
  /// Offers a load's or store's layout to what it is given (looking through
  /// the conversions tilegpu-coalesce put there).
  void offerToOperands(mlir::Operation *access, mlir::Attribute layout);
  /// The type the operand must have once its owner's results have their
  /// final types; null when any layout will do.
  mlir::Type requiredType(mlir::OpOperand &operand);

  mlir::Operation *root;
  llvm::DenseMap<mlir::Value, mlir::Attribute> layouts;
  /// The values forward propagation from the anchors reached (phase 1);
  /// the backward phase leaves their layouts alone.
  llvm::DenseSet<mlir::Value> derived;
  llvm::DenseMap<mlir::Value, mlir::Type> originalTypes;
  llvm::SmallVector<mlir::Value> worklist;
};

} // namespace tilec::tilegpu

#endif // TILEC_DIALECTS_TILEGPU_TRANSFORMS_LAYOUTPROPAGATION_H
