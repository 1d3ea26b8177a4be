//===- EmitIntrospection.cpp - Compile-time introspection -------*- C++ -*-===//
//
// What Triton's code generator answers while it walks a kernel, before any
// IR exists: the attributes and predicates of dtype objects (`x.dtype`,
// `x.type`, `p.dtype.element_ty`, `dt.is_int64()`, ...), `isinstance`, and
// calls of `@triton.constexpr_function` (and `@tl.constexpr`) functions,
// whose bodies run at compile time. Everything here produces constexprs;
// nothing emits IR.
//
// Triton's dtype classes, as tilec models them:
//   dtype         scalar types, named `int32`, `uint8`, `fp16`, `bf16`, ...
//   pointer_type  a dtype named `pointer<fp32>` with `element_ty`
//   block_type    a tensor's `.type`: `element_ty` and `shape`
// The name predicates (`is_fp16`, `is_int`, ...) compare names, so they are
// false on pointer and block types, as in Triton; attributes a class does
// not set (`primitive_bitwidth` of a pointer type) are errors.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"

#include "llvm/ADT/StringSwitch.h"

#include <functional>

using namespace tilec::frontend;

//===----------------------------------------------------------------------===//
// dtype attributes and methods
//===----------------------------------------------------------------------===//

namespace {
/// Triton's per-type float parameters: mantissa width and exponent bias.
struct FloatParams {
  int mantissa, bias;
};
} // namespace

static std::optional<FloatParams> floatParams(DType dt) {
  switch (dt) {
  case DType::FP8E4NV:
    return FloatParams{3, 7};
  case DType::FP8E5:
    return FloatParams{2, 15};
  case DType::FP8E4B15:
    return FloatParams{3, 15};
  case DType::FP16:
    return FloatParams{10, 15};
  case DType::BF16:
    return FloatParams{7, 127};
  case DType::FP32:
    return FloatParams{23, 127};
  case DType::FP64:
    return FloatParams{52, 1023};
  default:
    return std::nullopt;
  }
}

/// Triton's signed integer types; int1 counts as unsigned (its UINT_TYPES).
static bool isSignedInt(DType dt) {
  return dt == DType::I8 || dt == DType::I16 || dt == DType::I32 ||
         dt == DType::I64;
}

/// The `name` attribute of a dtype object, as Triton spells it.
static std::string dtypeName(const TValue &dt) {
  const TileType &t = dt.getType();
  if (!t.isTensor())
    return t.elem.str();
  // block_type: `<(16, 32), fp32>`, the shape printed as a Python tuple.
  std::string s = "<(";
  for (size_t i = 0; i < t.shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(t.shape[i]);
  if (t.shape.size() == 1)
    s += ",";
  return s + "), " + t.elem.str() + ">";
}

FailureOr<TValue> Emitter::dtypeAttribute(const TValue &dt,
                                          llvm::StringRef attr, SourceLoc l) {
  const TileType &t = dt.getType();
  ElemType et = t.elem;
  bool isBlock = t.isTensor();
  bool isScalar = !isBlock && !et.isPtr;
  auto missing = [&]() {
    return err(l, dt.describe() + " has no attribute '" + attr.str() + "'");
  };
  if (attr == "name")
    return TValue::string(dtypeName(dt));
  if (attr == "scalar")
    return TValue::dtypeObj(et);
  if (attr == "element_ty") {
    if (isBlock)
      return TValue::dtypeObj(et);
    if (!et.isPtr)
      return err(l, "'element_ty' is only defined for pointer and block "
                    "types, got " +
                        dt.describe());
    return TValue::dtypeObj(ElemType::scalar(et.dtype));
  }
  if (isBlock) {
    if (attr == "shape") {
      std::vector<TValue> dims;
      for (int64_t d : t.shape)
        dims.push_back(TValue::integer(d));
      return TValue::tuple(std::move(dims));
    }
    if (attr == "numel")
      return TValue::integer(t.getNumElements());
    if (attr == "nbytes") {
      if (et.isPtr)
        return missing();
      return TValue::integer(t.getNumElements() * (getBitWidth(et.dtype) / 8));
    }
    return missing();
  }
  if (et.isPtr) {
    if (attr == "address_space")
      return TValue::integer(1);
    if (attr == "const")
      return TValue::boolean(false);
    return missing();
  }
  if (isScalar && attr == "primitive_bitwidth")
    return TValue::integer(getBitWidth(et.dtype));
  if (isScalar && attr == "itemsize")
    return TValue::integer(getBitWidth(et.dtype) / 8);
  if (et.isInt() && attr == "int_bitwidth")
    return TValue::integer(getBitWidth(et.dtype));
  if (std::optional<FloatParams> fp = floatParams(et.dtype);
      fp && et.isFloat()) {
    if (attr == "fp_mantissa_width")
      return TValue::integer(fp->mantissa);
    if (attr == "exponent_bias")
      return TValue::integer(fp->bias);
  }
  return missing();
}

bool Emitter::isDTypeMethod(llvm::StringRef m) {
  return llvm::StringSwitch<bool>(m)
      .Cases({"is_fp8", "is_fp8e4nv", "is_fp8e4b8", "is_fp8e4b15", "is_fp8e5",
              "is_fp8e5b16", "is_fp16", "is_bf16", "is_fp32", "is_fp64",
              "is_int1", "is_int8", "is_int16", "is_int32", "is_int64",
              "is_uint8", "is_uint16", "is_uint32", "is_uint64",
              "is_floating", "is_standard_floating", "is_int_signed",
              "is_int_unsigned", "is_int", "is_bool", "is_block", "is_ptr",
              "is_const", "is_void", "get_int_max_value", "get_int_min_value",
              "with_element_ty", "get_block_shapes", "kind"},
             true)
      .Default(false);
}

FailureOr<TValue> Emitter::callDTypeMethod(const TValue &dt, llvm::StringRef m,
                                           const CallExpr *call) {
  SourceLoc l = call->getLoc();
  const TileType &t = dt.getType();
  ElemType et = t.elem;
  bool isBlock = t.isTensor();
  // The name predicates compare Triton's name, which pointer and block
  // types do not share with any scalar type.
  bool scalar = !isBlock && !et.isPtr;
  if (m == "with_element_ty") {
    if (call->args.size() != 1 || !call->keywords.empty())
      return err(l, "'with_element_ty' takes one dtype");
    FailureOr<TValue> a = eval(call->args[0].get());
    if (failed(a))
      return failure();
    FailureOr<ElemType> e =
        constDType(*a, "'with_element_ty' argument", call->args[0]->getLoc());
    if (failed(e))
      return failure();
    if (isBlock)
      return TValue::blockType(t.withElem(*e));
    return TValue::dtypeObj(*e);
  }
  if (!call->args.empty() || !call->keywords.empty())
    return err(l, "'" + m + "' takes no arguments");
  if (m == "is_void")
    return err(l, "'is_void' is not implemented for Triton dtypes");
  if (m == "kind")
    return err(l, "'kind' returns a Python enum, which tilec kernels do not "
                  "support; use is_floating(), is_int() or is_bool()");
  if (m == "get_block_shapes") {
    if (!isBlock)
      return err(l, dt.describe() + " has no attribute 'get_block_shapes'");
    return dtypeAttribute(dt, "shape", l);
  }
  if (m == "get_int_max_value" || m == "get_int_min_value") {
    if (!scalar || !et.isInt())
      return err(l, "'" + m + "' needs an integer dtype, got " + dt.describe());
    unsigned bits = getBitWidth(et.dtype);
    bool isSigned = isSignedInt(et.dtype);
    llvm::APInt v = m == "get_int_max_value"
                        ? (isSigned ? llvm::APInt::getSignedMaxValue(bits)
                                    : llvm::APInt::getMaxValue(bits))
                        : (isSigned ? llvm::APInt::getSignedMinValue(bits)
                                    : llvm::APInt::getZero(bits));
    // Python ints: widen by the sign (signed) or with zeros (unsigned).
    return TValue::integer(isSigned ? v.sext(bits + 1) : v.zext(bits + 1));
  }
  if (m == "is_block")
    return TValue::boolean(isBlock);
  if (m == "is_ptr")
    return TValue::boolean(!isBlock && et.isPtr);
  if (m == "is_const")
    return TValue::boolean(false);
  DType d = et.dtype;
  bool r = false;
  if (!scalar)
    r = false;
  else if (m == "is_fp8")
    r = isFp8(d);
  else if (m == "is_floating")
    r = isFloat(d);
  else if (m == "is_standard_floating")
    r = d == DType::FP16 || d == DType::BF16 || d == DType::FP32 ||
        d == DType::FP64;
  else if (m == "is_int")
    r = isInt(d);
  else if (m == "is_int_signed")
    r = isSignedInt(d);
  else if (m == "is_int_unsigned")
    r = isInt(d) && !isSignedInt(d);
  else if (m == "is_bool")
    r = d == DType::I1;
  else {
    // is_<name>: Triton's names (fp16, int64, uint8, fp8e4nv, ...); fp8
    // variants tilec has no type for are never the dtype.
    r = m.drop_front(3) == getName(d);
  }
  return TValue::boolean(r);
}

//===----------------------------------------------------------------------===//
// isinstance
//===----------------------------------------------------------------------===//

namespace {
/// The classes `isinstance` can test against in a tilec kernel.
enum class PyClass {
  Tensor,      // tl.tensor
  Constexpr,   // tl.constexpr
  DType,       // tl.dtype
  PointerType, // tl.pointer_type
  BlockType,   // tl.block_type
  TlTuple,     // tl.tuple
  TensorDescriptor, // tl.tensor_descriptor (host or device-side)
  Int,
  Float,
  Bool,
  Str,
  Tuple,
  List,
};
} // namespace

/// Python builtins usable as classes, when the name is not rebound.
static std::optional<PyClass> builtinClass(llvm::StringRef n) {
  return llvm::StringSwitch<std::optional<PyClass>>(n)
      .Case("int", PyClass::Int)
      .Case("float", PyClass::Float)
      .Case("bool", PyClass::Bool)
      .Case("str", PyClass::Str)
      .Case("tuple", PyClass::Tuple)
      .Case("list", PyClass::List)
      .Default(std::nullopt);
}

static std::optional<PyClass> tritonClass(llvm::StringRef n) {
  return llvm::StringSwitch<std::optional<PyClass>>(n)
      .Case("tensor", PyClass::Tensor)
      .Case("constexpr", PyClass::Constexpr)
      .Case("dtype", PyClass::DType)
      .Case("pointer_type", PyClass::PointerType)
      .Case("block_type", PyClass::BlockType)
      .Case("tuple", PyClass::TlTuple)
      .Cases({"tensor_descriptor", "tensor_descriptor_base"},
             PyClass::TensorDescriptor)
      .Default(std::nullopt);
}

FailureOr<TValue> Emitter::evalIsInstance(const CallExpr *call) {
  SourceLoc l = call->getLoc();
  // The class operand is read unevaluated, so it cannot come from a tuple.
  for (const ExprPtr &a : call->args)
    if (llvm::isa<StarredExpr>(a.get()))
      return err(a->getLoc(), "argument unpacking with '*' is not supported "
                              "in isinstance()");
  if (call->args.size() != 2 || !call->keywords.empty())
    return err(l, "isinstance expected 2 arguments, got " +
                      llvm::Twine(call->args.size()));
  FailureOr<TValue> x = eval(call->args[0].get());
  if (failed(x))
    return failure();

  // Reads the class operand: a class, or a tuple of them (nested).
  llvm::SmallVector<PyClass, 4> classes;
  std::function<LogicalResult(const Expr *)> readClasses =
      [&](const Expr *c) -> LogicalResult {
    if (auto *t = llvm::dyn_cast<TupleExpr>(c)) {
      for (const ExprPtr &e : t->elts)
        if (failed(readClasses(e.get())))
          return failure();
      return success();
    }
    if (auto *n = llvm::dyn_cast<NameExpr>(c)) {
      if (!scope.count(n->name))
        if (std::optional<PyClass> k = builtinClass(n->name)) {
          classes.push_back(*k);
          return success();
        }
    }
    // `tl.tensor`, `triton.language.core.dtype`, or an imported name.
    if (auto *a = llvm::dyn_cast<AttributeExpr>(c)) {
      FailureOr<TValue> base = eval(a->value.get());
      if (failed(base))
        return failure();
      if (base->getKind() == TValue::Kind::Module &&
          llvm::StringRef(base->getModulePath()).starts_with("triton.language"))
        if (std::optional<PyClass> k = tritonClass(a->attr)) {
          classes.push_back(*k);
          return success();
        }
    }
    FailureOr<TValue> v = eval(c);
    if (failed(v))
      return failure();
    if (v->getKind() == TValue::Kind::Builtin) {
      llvm::StringRef q = v->getBuiltinName();
      if (q.consume_front("triton.language."))
        if (std::optional<PyClass> k = tritonClass(q)) {
          classes.push_back(*k);
          return success();
        }
    }
    return err(c->getLoc(), "isinstance() arg 2 must be a type or a tuple "
                            "of types, got " +
                                v->describe());
  };
  if (failed(readClasses(call->args[1].get())))
    return failure();

  // Triton's code generator unwraps constexprs before it calls Python's
  // isinstance, so a constexpr is its Python value (never a tl.constexpr),
  // and a scalar or tensor is a tl.tensor (block pointers included).
  const TValue &v = *x;
  bool result = false;
  for (PyClass k : classes) {
    bool r = false;
    switch (k) {
    case PyClass::Tensor:
      r = v.isRuntime() || v.isBlockPtr();
      break;
    case PyClass::Constexpr:
      r = false;
      break;
    case PyClass::DType:
      r = v.isDType();
      break;
    case PyClass::PointerType:
      r = v.isDType() && !v.isBlockType() && v.getDType().isPtr;
      break;
    case PyClass::BlockType:
      r = v.isBlockType();
      break;
    case PyClass::TensorDescriptor:
      r = v.isDescriptor();
      break;
    case PyClass::Int:
      r = v.isInt() || v.isBool();
      break;
    case PyClass::Float:
      r = v.isFloat();
      break;
    case PyClass::Bool:
      r = v.isBool();
      break;
    case PyClass::Str:
      r = v.getKind() == TValue::Kind::Str;
      break;
    case PyClass::Tuple:
    case PyClass::List:
    case PyClass::TlTuple:
      // A tuple written in the kernel is a tl.tuple, a constexpr tuple
      // argument a Python tuple, a shape a list: tilec keeps one kind of
      // tuple, so it cannot answer for one.
      if (v.isTuple())
        return err(l, "isinstance of " + v.describe() +
                          " against tuple, list or tl.tuple is not "
                          "supported: tilec does not distinguish Python "
                          "tuples and lists from tl.tuple");
      r = false;
      break;
    }
    result |= r;
  }
  return TValue::boolean(result);
}

//===----------------------------------------------------------------------===//
// Constexpr functions
//===----------------------------------------------------------------------===//

FailureOr<TValue>
Emitter::callConstexprFunction(const FunctionDef *f, SourceLoc callLoc,
                               const std::map<std::string, TValue> &bound) {
  // The body is Python that Triton runs at compile time: loops are Python
  // loops (unrolled here), and it may read the attributes of tensors it is
  // given but not compute on them.
  int64_t opsBefore = opCounter.count;
  ++compileTimeDepth;
  FailureOr<TValue> r = inlineFunction(f, callLoc, bound);
  --compileTimeDepth;
  if (failed(r))
    return failure();
  if (opCounter.count != opsBefore || !r->isConstexpr())
    return err(callLoc, "constexpr function '" + f->name +
                            "' must compute a compile-time value; it "
                            "computes on runtime values (" +
                            (r->isConstexpr() ? std::string("in its body")
                                              : r->describe()) +
                            ")");
  return *r;
}

FailureOr<TValue> Emitter::builtinIsInstance(BuiltinCall &c) {
  return evalIsInstance(c.call);
}

/// `getattr(obj, name[, default])`: Triton's code generator runs Python's
/// getattr on the (unwrapped) operands, so the name must be a constexpr str
/// and the result is what `obj.name` gives in a kernel.
FailureOr<TValue> Emitter::builtinGetAttr(BuiltinCall &c) {
  SourceLoc l = c.loc;
  if (!c.kwargs.empty())
    return err(l, "getattr() takes no keyword arguments");
  if (c.args.size() != 2 && c.args.size() != 3)
    return err(l, "getattr expected 2 or 3 arguments, got " +
                      llvm::Twine(c.args.size()));
  const TValue &obj = c.args[0];
  const TValue &name = c.args[1];
  if (name.getKind() != TValue::Kind::Str)
    return err(c.argLocs[1], "getattr(): attribute name must be a constexpr "
                             "str, got " +
                                 name.describe());
  std::string attr = name.getStr();
  // A tensor's methods are called through the tensor (evalCall binds the
  // receiver); tilec has no bound-method value to hand back.
  if (obj.isRuntime() && lookupBuiltin(attr, Method))
    return err(l, "getattr() of the tensor method '" + attr +
                      "' is not supported; call it as x." + attr + "(...)");
  if (c.args.size() == 2)
    return attributeOf(obj, attr, l, c.argLocs[1]);
  // With a default, a missing attribute is not an error: look it up with
  // its diagnostics held back, and give the default if it fails.
  FailureOr<TValue> found = failure();
  {
    mlir::ScopedDiagnosticHandler quiet(
        &ctx, [](mlir::Diagnostic &) { return mlir::success(); });
    found = attributeOf(obj, attr, l, c.argLocs[1]);
  }
  if (succeeded(found))
    return *found;
  return c.args[2];
}
