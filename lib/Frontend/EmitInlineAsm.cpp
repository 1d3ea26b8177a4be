//===- EmitInlineAsm.cpp - tl.inline_asm_elementwise ------------*- C++ -*-===//
//
// `tl.inline_asm_elementwise(asm, constraints, args, dtype, is_pure, pack)`
// with Triton 3.6's semantics: the arguments (tensors or numbers, a number
// taking its default type) are broadcast to one shape without any type
// promotion; `dtype`, one dtype or a tuple of them, gives one result per
// dtype (a tuple of results when `dtype` is a tuple); `pack` elements go to
// each invocation of the assembly (bools, passed in predicate registers,
// only one at a time). Everything the LLVM assembler would
// reject later (a constraint string that does not name the registers the
// packing produces, a non-constexpr string) is refused here, at the call.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"

#include "Tile/IR/TileOps.h"

#include <cstdint>

using namespace tilec::frontend;
namespace tile = tilec::tile;

/// A constexpr string argument of tl.inline_asm_elementwise.
static FailureOr<std::string> asmString(Emitter &e, const BoundArgs &a,
                                        unsigned i, llvm::StringRef what) {
  const TValue &v = a.get(i);
  if (v.getKind() != TValue::Kind::Str)
    return e.err(a.locs[i], "'tl.inline_asm_elementwise' " + what +
                                " must be a constexpr string, got " +
                                v.describe());
  return v.getStr();
}

FailureOr<TValue> Emitter::inlineAsmElementwise(const BoundArgs &a,
                                                SourceLoc l) {
  const char *qn = "'tl.inline_asm_elementwise'";
  FailureOr<std::string> asmText = asmString(*this, a, 0, "asm");
  if (failed(asmText))
    return failure();
  FailureOr<std::string> constraints =
      asmString(*this, a, 1, "constraints");
  if (failed(constraints))
    return failure();

  // pack and is_pure are constexpr.
  if (!a.get(5).isInt())
    return err(a.locs[5], llvm::Twine(qn) +
                              " pack must be a constexpr integer, got " +
                              a.get(5).describe());
  int64_t pack = a.get(5).getInt();
  if (pack < 1 || pack > INT32_MAX)
    return err(a.locs[5], llvm::Twine(qn) +
                              " pack must be a positive integer, got " +
                              llvm::Twine(pack));
  if (!a.get(4).isConstexpr())
    return err(a.locs[4], llvm::Twine(qn) +
                              " is_pure must be a constexpr bool, got " +
                              a.get(4).describe());
  FailureOr<bool> pure = truthy(a.get(4), a.locs[4]);
  if (failed(pure))
    return failure();

  // dtype: one dtype, or a tuple/list of them (then the result is a tuple).
  const TValue &dtypeArg = a.get(3);
  bool multiple = dtypeArg.isTuple();
  std::vector<TValue> dtypeElts =
      multiple ? dtypeArg.getElts() : std::vector<TValue>{dtypeArg};
  if (dtypeElts.empty())
    return err(a.locs[3], llvm::Twine(qn) +
                              " needs at least one result dtype; return a "
                              "dummy value if none is needed");
  llvm::SmallVector<ElemType> resultElems;
  for (const TValue &d : dtypeElts) {
    FailureOr<ElemType> et =
        constDType(d, "'tl.inline_asm_elementwise' dtype", a.locs[3]);
    if (failed(et))
      return failure();
    if (et->dtype == DType::I1 && !et->isPtr && pack > 1)
      return err(a.locs[3], llvm::Twine(qn) +
                                " bool (int1) results need pack 1: a "
                                "predicate register holds one");
    resultElems.push_back(*et);
  }

  // args: a list or tuple; numbers take their default type.
  const TValue &argList = a.get(2);
  if (!argList.isTuple())
    return err(a.locs[2], llvm::Twine(qn) +
                              " args must be a list or tuple, got " +
                              argList.describe());
  std::vector<TValue> args;
  for (const TValue &v : argList.getElts()) {
    FailureOr<TValue> r = v;
    if (v.isNumber())
      r = toRuntime(v, a.locs[2]);
    if (failed(r))
      return failure();
    if (!r->isRuntime())
      return err(a.locs[2], llvm::Twine(qn) +
                                " args must be tensors or numbers, got " +
                                v.describe());
    if (r->getType().elem.dtype == DType::I1 && !r->getType().elem.isPtr &&
        pack > 1)
      return err(a.locs[2], llvm::Twine(qn) +
                                " bool (int1) args need pack 1: a predicate "
                                "register holds one; convert it with "
                                ".to(tl.int32)");
    args.push_back(*r);
  }
  FailureOr<llvm::SmallVector<int64_t>> common = broadcastShapes(args, l);
  if (failed(common))
    return failure();
  llvm::SmallVector<int64_t> shape = *common;
  llvm::SmallVector<mlir::Value> operands;
  llvm::SmallVector<mlir::Type> operandElems;
  for (const TValue &v : args) {
    FailureOr<TValue> bc = broadcastTo(v, shape, l);
    if (failed(bc))
      return failure();
    operands.push_back(bc->getValue());
    operandElems.push_back(
        getMlirType(&ctx, TileType{v.getType().elem, {}}));
  }

  int64_t numel = 1;
  for (int64_t d : shape)
    numel *= d;
  if (!shape.empty() && numel % pack != 0)
    return err(l, llvm::Twine(qn) + " pack " + llvm::Twine(pack) +
                      " does not divide the " + llvm::Twine(numel) +
                      " elements of its arguments");

  // The constraints name every register of one invocation: results first.
  unsigned outputs = 0, inputs = 0;
  std::vector<TileType> resultTypes;
  llvm::SmallVector<mlir::Type> mlirResults;
  for (const ElemType &et : resultElems) {
    TileType t{et, llvm::SmallVector<int64_t, 4>(shape.begin(), shape.end())};
    resultTypes.push_back(t);
    mlirResults.push_back(getMlirType(&ctx, t));
    outputs += tile::InlineAsmElementwiseOp::getNumRegisters(
        getMlirType(&ctx, TileType{et, {}}), pack);
  }
  for (mlir::Type t : operandElems)
    inputs += tile::InlineAsmElementwiseOp::getNumRegisters(t, pack);
  auto [numOut, numIn] =
      tile::InlineAsmElementwiseOp::countConstraints(*constraints);
  if (numOut != outputs || numIn != inputs)
    return err(a.locs[1],
               llvm::Twine(qn) + " constraints name " + llvm::Twine(numOut) +
                   " outputs and " + llvm::Twine(numIn) + " inputs; with " +
                   llvm::Twine(resultElems.size()) + " result(s), " +
                   llvm::Twine(args.size()) + " arg(s) and pack " +
                   llvm::Twine(pack) + " the asm has " + llvm::Twine(outputs) +
                   " output and " + llvm::Twine(inputs) +
                   " input registers");

  auto op = tile::InlineAsmElementwiseOp::create(
      b, loc(l), mlirResults, *asmText, *constraints, *pure,
      static_cast<int32_t>(pack), operands);
  std::vector<TValue> results;
  for (auto [r, t] : llvm::zip(op.getResults(), resultTypes))
    results.push_back(TValue::runtime(r, t));
  if (!multiple)
    return results.front();
  return TValue::tuple(std::move(results));
}

FailureOr<TValue> Emitter::builtinInlineAsm(BuiltinCall &c) {
  return inlineAsmElementwise(c.a, c.loc);
}
