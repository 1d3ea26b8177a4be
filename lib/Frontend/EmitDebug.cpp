//===- EmitDebug.cpp - Debugging builtins and tl.assume ---------*- C++ -*-===//
//
// tl.debug_barrier, tl.extra.cuda.gdc_wait and gdc_launch_dependents
// (programmatic dependent launch), tl.assume, tl.static_print,
// tl.device_print (and Python's `print`, which Triton maps to it) and
// tl.device_assert (and Python's `assert`), with Triton 3.6's rules:
// device_print reshapes its prefix the way Triton's semantic layer does, and
// device_assert is emitted only in debug mode (TRITON_DEBUG or
// `@triton.jit(debug=True)`); elsewhere it vanishes.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"

#include "Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include "llvm/ADT/StringExtras.h"

using namespace tilec::frontend;
namespace arith = mlir::arith;
namespace tile = tilec::tile;

bool Emitter::isDebugMode() {
  if (options.debug)
    return true;
  if (functionStack.empty())
    return false;
  // `@triton.jit(debug=True)` (or `@jit(...)`) on the kernel.
  for (const ExprPtr &d : functionStack.front()->decorators) {
    auto *call = llvm::dyn_cast<CallExpr>(d.get());
    if (!call)
      continue;
    const Expr *f = call->func.get();
    llvm::StringRef name;
    if (auto *n = llvm::dyn_cast<NameExpr>(f))
      name = n->name;
    else if (auto *a = llvm::dyn_cast<AttributeExpr>(f))
      name = a->attr;
    if (name != "jit")
      continue;
    for (const Keyword &k : call->keywords)
      if (k.name == "debug")
        if (auto *bl = llvm::dyn_cast<BoolLitExpr>(k.value.get()))
          return bl->value;
  }
  return false;
}

/// A boolean condition as a runtime value: numbers materialize, other
/// dtypes are refused (Triton's assert and assume take int1).
static FailureOr<TValue> boolCondition(Emitter &e, const TValue &v,
                                       llvm::StringRef what, SourceLoc l) {
  FailureOr<TValue> r = e.toRuntime(v, l);
  if (failed(r))
    return failure();
  if (!r->getType().elem.isBool())
    return e.err(l, what + " must be a boolean (int1), got " + r->describe());
  return r;
}

FailureOr<TValue> Emitter::deviceAssert(const TValue &cond, const TValue *msg,
                                        const TValue *mask, SourceLoc l,
                                        SourceLoc msgLoc) {
  std::string text;
  if (msg && !msg->isNone()) {
    if (msg->getKind() != TValue::Kind::Str)
      return err(msgLoc, "'tl.device_assert' message must be a string, got " +
                             msg->describe());
    text = msg->getStr();
  }
  if (!isDebugMode())
    return TValue::none();
  if (cond.isTuple() || !(cond.isRuntime() || cond.isNumber()))
    return err(l, "'tl.device_assert' condition must be a boolean, got " +
                      cond.describe());
  FailureOr<TValue> c = boolCondition(*this, cond,
                                      "'tl.device_assert' "
                                      "condition",
                                      l);
  if (failed(c))
    return failure();
  TValue cv = *c;
  if (mask && !mask->isNone()) {
    // Masked-off elements pass: cond | !mask.
    FailureOr<TValue> m =
        boolCondition(*this, *mask, "'tl.device_assert' mask", l);
    if (failed(m))
      return failure();
    TValue mv = *m;
    if (failed(broadcastPair(cv, mv, l)))
      return failure();
    FailureOr<TValue> notM = unaryOp(UnaryOpKind::Invert, mv, l);
    if (failed(notM))
      return failure();
    FailureOr<TValue> either = binaryOp(BinaryOpKind::BitOr, cv, *notM, l);
    if (failed(either))
      return failure();
    cv = *either;
  }
  tile::AssertOp::create(b, loc(l), cv.getValue(), text);
  return TValue::none();
}

/// Triton's dtype.is_int_signed(): the signed integers, not int1.
static bool isSignedInt(const TValue &v) {
  ElemType e = v.getType().elem;
  if (e.isPtr)
    return false;
  return e.dtype == DType::I8 || e.dtype == DType::I16 ||
         e.dtype == DType::I32 || e.dtype == DType::I64;
}

/// What Python's print writes for a compile-time value: numbers, bools and
/// strings as Python spells them, tuples in parentheses; other values by
/// their description.
static std::string pyStr(const TValue &v) {
  switch (v.getKind()) {
  case TValue::Kind::Str:
    return v.getStr();
  case TValue::Kind::Int:
  case TValue::Kind::Float:
  case TValue::Kind::Bool: {
    std::string d = v.describe(); // "constexpr int 64"
    return d.substr(d.rfind(' ') + 1);
  }
  case TValue::Kind::Tuple: {
    std::string s = "(";
    for (auto [i, e] : llvm::enumerate(v.getElts()))
      s += (i ? ", " : "") + pyStr(e);
    return s + (v.getElts().size() == 1 ? ",)" : ")");
  }
  default:
    return v.describe();
  }
}

FailureOr<TValue> Emitter::builtinDebugBarrier(BuiltinCall &c) {
  tile::DebugBarrierOp::create(b, loc(c.loc));
  return TValue::none();
}

FailureOr<TValue> Emitter::builtinGridDepControl(BuiltinCall &c) {
  // The table's MIN_CC (sm_90) has refused older targets at the call.
  tile::GridDepControlOp::create(b, loc(c.loc),
                                 c.fn == "gdc_wait"
                                     ? tile::GridDepAction::Wait
                                     : tile::GridDepAction::LaunchDependents);
  return TValue::none();
}

FailureOr<TValue> Emitter::builtinAssume(BuiltinCall &c) {
  const BoundArgs *a = &c.a;
  const TValue &cond = a->get(0);
  // A constant condition tells LLVM nothing.
  if (cond.isNumber())
    return TValue::none();
  if (!cond.isRuntime())
    return err(a->locs[0], "'tl.assume' condition must be a boolean, got " +
                               cond.describe());
  FailureOr<TValue> cv =
      boolCondition(*this, cond, "'tl.assume' condition", a->locs[0]);
  if (failed(cv))
    return failure();
  // Triton passes the condition to llvm.intr.assume, which takes one i1.
  if (cv->getType().isTensor())
    return err(a->locs[0], "'tl.assume' condition must be a scalar, got " +
                               cv->describe());
  tile::AssumeOp::create(b, loc(c.loc), cv->getValue());
  return TValue::none();
}

FailureOr<TValue> Emitter::builtinDeviceAssert(BuiltinCall &c) {
  const BoundArgs *a = &c.a;
  SourceLoc l = c.loc;
  return deviceAssert(a->get(0), a->has(1) ? &a->get(1) : nullptr,
                      a->has(2) ? &a->get(2) : nullptr, l,
                      a->has(1) ? a->locs[1] : l);
}

FailureOr<TValue> Emitter::builtinStaticPrint(BuiltinCall &c) {
  // Python's print at compile time (Triton runs it while compiling), on
  // stderr so that emitted IR on stdout stays clean.
  std::string sep = " ", end = "\n";
  for (auto &[name, v] : c.kwargs) {
    if ((name == "sep" || name == "end") && v.getKind() == TValue::Kind::Str)
      (name == "sep" ? sep : end) = v.getStr();
    else if (name != "file" && name != "flush")
      return err(c.loc,
                 "'tl.static_print' got an unexpected keyword argument '" +
                     name + "'");
  }
  std::string line;
  for (auto [i, v] : llvm::enumerate(c.args))
    line += (i ? sep : "") + pyStr(v);
  llvm::errs() << line << end;
  return TValue::none();
}

/// device_print(prefix, *args, hex=False), and Python's print.
FailureOr<TValue> Emitter::builtinDevicePrint(BuiltinCall &c) {
  SourceLoc l = c.loc;
  std::vector<TValue> &args = c.args;
  const std::vector<SourceLoc> &argLocs = c.argLocs;
  bool hex = false;
  std::optional<TValue> prefixArg;
  for (auto &[name, v] : c.kwargs) {
    if (name == "hex") {
      FailureOr<bool> t = truthy(v, l);
      if (failed(t))
        return failure();
      hex = *t;
    } else if (name == "prefix" && args.empty()) {
      prefixArg = v;
    } else {
      return err(l, "'tl.device_print' got an unexpected keyword argument '" +
                     name + "'");
    }
  }
  size_t first = 0;
  if (!prefixArg) {
    if (args.empty())
      return err(l, "'tl.device_print' needs a prefix string");
    prefixArg = args[0];
    first = 1;
  }
  SourceLoc prefixLoc = first ? argLocs[0] : l;
  if (prefixArg->getKind() != TValue::Kind::Str)
    return err(prefixLoc, "'tl.device_print' prefix must be a string, got " +
                           prefixArg->describe());
  std::string prefix = prefixArg->getStr();
  for (char ch : prefix)
    if (!llvm::isPrint(ch) && !llvm::StringRef(" \t\n\r\x0b\x0c").contains(ch))
      return err(prefixLoc, "'tl.device_print' prefix must be an ASCII string");
  llvm::SmallVector<mlir::Value> values;
  llvm::SmallVector<int32_t> isSigned;
  for (size_t i = first; i < args.size(); ++i) {
    const TValue &v = args[i];
    if (!v.isRuntime() && !v.isNumber())
      return err(argLocs[i], "'tl.device_print' prints numbers and tensors, "
                          "got " +
                              v.describe());
    FailureOr<TValue> r = toRuntime(v, argLocs[i]);
    if (failed(r))
      return failure();
    values.push_back(r->getValue());
    isSigned.push_back(isSignedInt(*r));
  }
  // Triton's layout of the prefix: with operands it ends in ": ", and a
  // prefix longer than two characters starts with a space.
  llvm::StringRef p(prefix);
  if (!values.empty() && !p.ends_with(" "))
    prefix += " ";
  if (!values.empty() && !llvm::StringRef(prefix).ends_with(": "))
    prefix = prefix.substr(0, prefix.size() - 1) + ": ";
  if (prefix.size() > 2 && prefix[0] != ' ')
    prefix = " " + prefix;
  tile::PrintOp::create(b, loc(l), prefix, hex, isSigned, values);
  return TValue::none();
}
