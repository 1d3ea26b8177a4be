//===- EmitMapElementwise.cpp - tl.map_elementwise ---------------*- C++ -*-===//
//
// `tl.map_elementwise(scalar_fn, *args, pack=1)` as Triton 3.6 has it: the
// arguments (tensors, or numbers of their default type) are broadcast to
// one shape without type promotion, and the @jit function is inlined once,
// on scalars, into the region of a tile.map_elementwise op, whose lowering
// runs it per group of `pack` elements of each thread. The function may
// branch and loop on its scalar arguments, which `tl.where` cannot do
// without computing both sides. Its results, one value or a tuple of them
// (with `pack` > 1: each result's `pack` elements in turn), fix the op's
// result types, as in Triton, where the region is built first for the
// same reason.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"

#include "Tile/IR/TileOps.h"

#include <cstdint>

using namespace tilec::frontend;
namespace tile = tilec::tile;

FailureOr<TValue> Emitter::builtinMapElementwise(BuiltinCall &c) {
  const char *qn = "'tl.map_elementwise'";
  SourceLoc l = c.loc;
  int64_t pack = 1;
  for (auto &[name, v] : c.kwargs) {
    if (name != "pack")
      return err(l, llvm::Twine(qn) + " got an unexpected keyword argument '" +
                        name + "'");
    if (!v.isInt())
      return err(l, llvm::Twine(qn) + " pack must be a constexpr integer, got " +
                        v.describe());
    pack = v.getInt();
    if (pack < 1 || pack > 64)
      return err(l, llvm::Twine(qn) + " pack must be from 1 to 64, got " +
                        llvm::Twine(pack));
  }
  if (c.args.empty() || c.args[0].getKind() != TValue::Kind::Function)
    return err(c.args.empty() ? l : c.argLocs[0],
               llvm::Twine(qn) + " needs a @triton.jit function first, got " +
                   (c.args.empty() ? std::string("nothing")
                                   : c.args[0].describe()));
  const FunctionDef *fn = c.args[0].getFunction();
  if (c.args.size() < 2)
    return err(l, llvm::Twine(qn) + " needs at least one tensor to map over");

  std::vector<TValue> args;
  for (size_t i = 1; i < c.args.size(); ++i) {
    const TValue &v = c.args[i];
    FailureOr<TValue> r = v.isNumber() ? toRuntime(v, c.argLocs[i]) : v;
    if (failed(r))
      return failure();
    if (!r->isRuntime() || r->getType().elem.isPtr)
      return err(c.argLocs[i], llvm::Twine(qn) +
                                   " maps over tensors and numbers, got " +
                                   v.describe());
    args.push_back(*r);
  }
  FailureOr<llvm::SmallVector<int64_t>> common = broadcastShapes(args, l);
  if (failed(common))
    return failure();
  llvm::SmallVector<int64_t> shape = *common;
  // Scalars only: one call of the function is the whole map.
  if (shape.empty()) {
    if (pack != 1)
      return err(l, llvm::Twine(qn) + " pack " + llvm::Twine(pack) +
                        " needs tensors to group elements of");
    if (fn->params.size() != args.size())
      return err(l, llvm::Twine(qn) + " function '" + fn->name + "' takes " +
                        llvm::Twine(fn->params.size()) + " arguments, given " +
                        llvm::Twine(args.size()));
    std::map<std::string, TValue> bound;
    for (size_t i = 0; i < args.size(); ++i)
      bound[fn->params[i].name] = args[i];
    return inlineFunction(fn, l, bound);
  }
  int64_t numel = 1;
  for (int64_t d : shape)
    numel *= d;
  if (numel % pack != 0)
    return err(l, llvm::Twine(qn) + " pack " + llvm::Twine(pack) +
                      " does not divide the " + llvm::Twine(numel) +
                      " elements of its arguments");
  if (fn->params.size() != args.size() * pack)
    return err(l, llvm::Twine(qn) + " function '" + fn->name + "' takes " +
                      llvm::Twine(fn->params.size()) + " arguments; " +
                      llvm::Twine(args.size()) + " tensor(s) with pack " +
                      llvm::Twine(pack) + " pass " +
                      llvm::Twine(args.size() * pack));

  llvm::SmallVector<mlir::Value> operands;
  llvm::SmallVector<mlir::Type> argTypes;
  std::vector<TileType> scalarTypes;
  for (const TValue &v : args) {
    FailureOr<TValue> bc = broadcastTo(v, shape, l);
    if (failed(bc))
      return failure();
    operands.push_back(bc->getValue());
    TileType scalar{v.getType().elem, {}};
    for (int64_t j = 0; j < pack; ++j) {
      scalarTypes.push_back(scalar);
      argTypes.push_back(getMlirType(&ctx, scalar));
    }
  }

  // The region first: the function's results give the op's result types.
  mlir::Location ml = loc(l);
  auto block = std::make_unique<mlir::Block>();
  llvm::SmallVector<mlir::Location> locs(argTypes.size(), ml);
  block->addArguments(argTypes, locs);
  std::vector<ElemType> resultElems;
  {
    mlir::OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(block.get());
    std::map<std::string, TValue> bound;
    for (size_t i = 0; i < fn->params.size(); ++i)
      bound[fn->params[i].name] =
          TValue::runtime(block->getArgument(i), scalarTypes[i]);
    FailureOr<TValue> r = inlineFunction(fn, l, bound);
    if (failed(r))
      return failure();
    std::vector<TValue> outs =
        r->isTuple() ? r->getElts() : std::vector<TValue>{*r};
    if (outs.empty() || outs.size() % pack != 0)
      return err(l, llvm::Twine(qn) + " function '" + fn->name + "' returns " +
                        llvm::Twine(outs.size()) +
                        " values; with pack " + llvm::Twine(pack) +
                        " it must return a multiple of " + llvm::Twine(pack));
    llvm::SmallVector<mlir::Value> vals;
    for (size_t i = 0; i < outs.size(); ++i) {
      FailureOr<TValue> o =
          outs[i].isNumber() ? toRuntime(outs[i], l) : outs[i];
      if (failed(o))
        return failure();
      if (!o->isRuntime() || o->getType().isTensor() ||
          o->getType().elem.isPtr)
        return err(l, llvm::Twine(qn) + " function '" + fn->name +
                          "' must return scalars, got " + outs[i].describe());
      // Each result's pack elements share its type (Triton asserts it).
      if (i % pack != 0 && !(o->getType().elem == resultElems.back()))
        return err(l, llvm::Twine(qn) + " function '" + fn->name +
                          "' returns values of different types for the " +
                          "packed elements of one result");
      if (i % pack == 0)
        resultElems.push_back(o->getType().elem);
      vals.push_back(o->getValue());
    }
    tile::MapElementwiseReturnOp::create(b, ml, vals);
  }

  std::vector<TileType> resultTypes;
  llvm::SmallVector<mlir::Type> mlirResults;
  for (const ElemType &et : resultElems) {
    TileType t{et, llvm::SmallVector<int64_t, 4>(shape.begin(), shape.end())};
    resultTypes.push_back(t);
    mlirResults.push_back(getMlirType(&ctx, t));
  }
  auto op = tile::MapElementwiseOp::create(b, ml, mlirResults, operands,
                                           static_cast<int32_t>(pack));
  op.getScalarOp().push_back(block.release());
  std::vector<TValue> results;
  for (auto [r, t] : llvm::zip(op.getResults(), resultTypes))
    results.push_back(TValue::runtime(r, t));
  if (results.size() == 1)
    return results.front();
  return TValue::tuple(std::move(results));
}
