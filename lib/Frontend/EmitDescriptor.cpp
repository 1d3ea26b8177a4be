//===- EmitDescriptor.cpp - Tensor descriptor methods -----------*- C++ -*-===//
//
// A `tensordesc<fp16[128, 64]>` parameter (Triton's host-side
// TensorDescriptor): `desc.load([i, j])`, `desc.store([i, j], value)` and
// the attributes the block determines. `desc.shape` (i32 each) and
// `desc.strides` (i64 each, in elements) read the hidden kernel arguments
// that follow the map (Emitter::emitKernel), which the launcher fills from
// the tensor it encodes the map from: the map itself cannot be read back.
// Both kinds of descriptor reduce into memory (`desc.atomic_add` and the
// like): a parameter's through its tensor map with a TMA reduction, one made
// in the kernel (tl.make_tensor_descriptor) with masked atomics; the other
// descriptor operations Triton has are refused by name.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"

#include "Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include "llvm/ADT/StringSwitch.h"

using namespace tilec::frontend;
namespace tile = tilec::tile;

FailureOr<TValue> Emitter::descriptorAttribute(const TValue &desc,
                                               llvm::StringRef attr,
                                               SourceLoc l) {
  const TileType &block = desc.getType();
  if (attr == "dtype")
    return TValue::dtypeObj(block.elem);
  if (attr == "block_shape") {
    std::vector<TValue> dims;
    for (int64_t d : block.shape)
      dims.push_back(TValue::integer(d));
    return TValue::tuple(std::move(dims));
  }
  // A device descriptor's fields and a parameter's hidden arguments, laid
  // out alike: the base, the shapes, the strides.
  if (attr == "shape" || attr == "strides") {
    size_t rank = block.shape.size();
    assert(desc.getElts().size() == 1 + 2 * rank && "descriptor fields");
    size_t first = attr == "shape" ? 1 : 1 + rank;
    std::vector<TValue> dims(desc.getElts().begin() + first,
                             desc.getElts().begin() + first + rank);
    return TValue::tuple(std::move(dims));
  }
  return err(l, desc.describe() + " has no attribute '" + attr + "'");
}

/// Reads `desc.load`'s and `desc.store`'s offsets: a list or tuple with one
/// integer (constexpr or runtime scalar) per block dimension, as i32.
FailureOr<llvm::SmallVector<mlir::Value>>
Emitter::descriptorOffsets(const TValue &desc, const TValue &offsets,
                           SourceLoc l) {
  size_t rank = desc.getType().shape.size();
  if (!offsets.isTuple() || offsets.getElts().size() != rank)
    return err(l, "a tensor descriptor of rank " + llvm::Twine(rank) +
                      " takes a list of " + llvm::Twine(rank) +
                      " offsets, got " + offsets.describe());
  llvm::SmallVector<mlir::Value> out;
  for (const TValue &o : offsets.getElts()) {
    bool isIntScalar = o.isInt() || o.isBool() ||
                       (o.isRuntime() && !o.getType().isTensor() &&
                        o.getType().elem.isInt());
    if (!isIntScalar)
      return err(l, "a tensor descriptor offset must be an integer scalar, "
                    "got " +
                        o.describe());
    FailureOr<TValue> v = coerce(o, ElemType::scalar(DType::I32), l);
    if (failed(v))
      return failure();
    out.push_back(v->getValue());
  }
  return out;
}

FailureOr<TValue> Emitter::callDescriptorMethod(const TValue &desc,
                                                llvm::StringRef method,
                                                const CallExpr *call) {
  SourceLoc l = call->getLoc();
  bool isAtomic = llvm::StringSwitch<bool>(method)
                      .Cases({"atomic_add", "atomic_min", "atomic_max",
                              "atomic_and", "atomic_or", "atomic_xor"},
                             true)
                      .Default(false);
  bool known = llvm::StringSwitch<bool>(method)
                   .Cases({"gather", "scatter", "reduce"}, true)
                   .Default(false);
  if (known)
    return err(l, "tensor descriptor method '" + method +
                      "' is not supported by tilec (load, store and the "
                      "atomics are)");
  if (method != "load" && method != "store" && !isAtomic)
    return err(l, desc.describe() + " has no method '" + method + "'");

  std::vector<TValue> args;
  std::vector<SourceLoc> argLocs;
  if (failed(evalCallArgs(call, args, argLocs)))
    return failure();
  std::vector<std::pair<std::string, TValue>> kwargs;
  for (const Keyword &k : call->keywords) {
    FailureOr<TValue> v = eval(k.value.get());
    if (failed(v))
      return failure();
    kwargs.emplace_back(k.name, *v);
  }
  if (isAtomic) {
    FailureOr<BoundArgs> a = bindArgs(method, call, {"offsets", "value"}, 2,
                                      args, kwargs, argLocs);
    if (failed(a))
      return failure();
    return descriptorAtomic(desc, method, a->get(0), a->get(1), a->locs[0],
                            a->locs[1], l);
  }
  bool isLoad = method == "load";
  FailureOr<BoundArgs> a =
      isLoad ? bindArgs("load", call, {"offsets"}, 1, args, kwargs, argLocs)
             : bindArgs("store", call, {"offsets", "value"}, 2, args, kwargs,
                        argLocs);
  if (failed(a))
    return failure();
  if (isLoad)
    return descriptorLoad(desc, a->get(0), a->locs[0], l);
  return descriptorStore(desc, a->get(0), a->get(1), a->locs[0], a->locs[1],
                         l);
}

FailureOr<TValue> Emitter::descriptorLoad(const TValue &desc,
                                          const TValue &offsetList,
                                          SourceLoc offsetsLoc, SourceLoc l) {
  FailureOr<llvm::SmallVector<mlir::Value>> offsets =
      descriptorOffsets(desc, offsetList, offsetsLoc);
  if (failed(offsets))
    return failure();
  const TileType &block = desc.getType();
  mlir::Type blockType = getMlirType(b.getContext(), block);
  if (desc.isDeviceDescriptor()) {
    FailureOr<BlockAccess> acc =
        expandDeviceDescriptor(desc, *offsets, /*isLoad=*/true, l);
    if (failed(acc))
      return failure();
    auto op = tile::LoadOp::create(b, loc(l), blockType, acc->ptrs.getValue(),
                                   acc->mask, acc->other,
                                   tile::CacheModifier::None,
                                   tile::EvictionPolicy::Normal,
                                   /*isVolatile=*/false);
    return TValue::runtime(op, block);
  }
  auto op = tile::DescriptorLoadOp::create(b, loc(l), blockType,
                                           desc.getValue(), *offsets);
  return TValue::runtime(op.getResult(), block);
}

FailureOr<TValue> Emitter::descriptorStore(const TValue &desc,
                                           const TValue &offsetList,
                                           const TValue &value,
                                           SourceLoc offsetsLoc,
                                           SourceLoc valueLoc, SourceLoc l) {
  FailureOr<llvm::SmallVector<mlir::Value>> offsets =
      descriptorOffsets(desc, offsetList, offsetsLoc);
  if (failed(offsets))
    return failure();
  const TileType &block = desc.getType();
  if (!value.isRuntime() || value.getType().shape != block.shape)
    return err(valueLoc, "a tensor descriptor of " + block.str() +
                             " blocks stores a tensor of that shape, got " +
                             value.describe());
  // Triton 3.6 converts the value to the descriptor's dtype.
  FailureOr<TValue> v = cast(value, block.elem, valueLoc);
  if (failed(v))
    return failure();
  if (desc.isDeviceDescriptor()) {
    FailureOr<BlockAccess> acc =
        expandDeviceDescriptor(desc, *offsets, /*isLoad=*/false, l);
    if (failed(acc))
      return failure();
    tile::StoreOp::create(b, loc(l), acc->ptrs.getValue(), v->getValue(),
                          acc->mask, tile::CacheModifier::None,
                          tile::EvictionPolicy::Normal);
    return TValue::none();
  }
  tile::DescriptorStoreOp::create(b, loc(l), desc.getValue(), *offsets,
                                  v->getValue(), tile::RMWOpAttr());
  return TValue::none();
}

FailureOr<TValue> Emitter::descriptorAtomic(const TValue &desc,
                                            llvm::StringRef method,
                                            const TValue &offsetList,
                                            const TValue &value,
                                            SourceLoc offsetsLoc,
                                            SourceLoc valueLoc, SourceLoc l) {
  std::string qn = ("desc." + method).str();
  FailureOr<llvm::SmallVector<mlir::Value>> offsets =
      descriptorOffsets(desc, offsetList, offsetsLoc);
  if (failed(offsets))
    return failure();
  const TileType &block = desc.getType();
  if (!value.isRuntime() || value.getType().shape != block.shape)
    return err(valueLoc, "a tensor descriptor of " + block.str() +
                             " blocks reduces a tensor of that shape, got " +
                             value.describe());
  // Triton 3.6 does not convert the value: it must have the descriptor's
  // type (signedness aside, as MLIR's integers have none).
  ElemType elt = block.elem, vt = value.getType().elem;
  if (vt.isPtr || vt.isFloat() != elt.isFloat() ||
      getBitWidth(vt.dtype) != getBitWidth(elt.dtype) ||
      (elt.isFloat() && vt.dtype != elt.dtype))
    return err(valueLoc, "'" + qn + "' takes a tensor of the descriptor's " +
                             elt.str() + " elements, got " + value.describe());
  // The element types Triton 3.6 accepts for TMA reductions on sm_90.
  llvm::StringRef op = method.split('_').second;
  DType d = elt.dtype;
  bool isInt32Or64 = d == DType::I32 || d == DType::U32 || d == DType::U64 ||
                     d == DType::I64;
  bool ok = op == "add" ? (d == DType::I32 || d == DType::U32 ||
                           d == DType::U64 || d == DType::FP32 ||
                           d == DType::FP16 || d == DType::BF16)
            : (op == "min" || op == "max")
                ? isInt32Or64 || d == DType::FP16 || d == DType::BF16
                : isInt32Or64;
  if (!ok)
    return err(l, "'" + qn + "' does not support " + elt.str() + " elements");
  // Triton has fp16 and bf16 min and max only as sm_90's TMA reductions; its
  // element-wise fallback for older targets refuses them.
  bool isHalfMinMax = (op == "min" || op == "max") && elt.isFloat();
  unsigned cc = options.computeCapability;
  if (isHalfMinMax && cc && cc < 90)
    return err(l, "'" + qn + "' on " + elt.str() +
                      " elements needs compute capability 9.0 or newer (a "
                      "TMA reduction); the target has " +
                      llvm::Twine(cc / 10) + "." + llvm::Twine(cc % 10));
  if (!desc.isDeviceDescriptor()) {
    // A TMA reduction through the parameter's tensor map, as Triton does
    // (tile.descriptor_store's `reduce`); below sm_90 the target-legality
    // pass refuses host-side descriptors.
    bool isUnsigned = d == DType::U32 || d == DType::U64;
    tile::RMWOp kind =
        op == "add"   ? (elt.isFloat() ? tile::RMWOp::FAdd : tile::RMWOp::Add)
        : op == "min" ? (elt.isFloat() ? tile::RMWOp::FMin
                         : isUnsigned  ? tile::RMWOp::UMin
                                       : tile::RMWOp::Min)
        : op == "max" ? (elt.isFloat() ? tile::RMWOp::FMax
                         : isUnsigned  ? tile::RMWOp::UMax
                                       : tile::RMWOp::Max)
        : op == "and" ? tile::RMWOp::And
        : op == "or"  ? tile::RMWOp::Or
                      : tile::RMWOp::Xor;
    tile::DescriptorStoreOp::create(
        b, loc(l), desc.getValue(), *offsets, value.getValue(),
        tile::RMWOpAttr::get(b.getContext(), kind));
    return TValue::none();
  }
  // Elementwise atomics on the in-bounds part of the block: what the TMA
  // reduction does, each element at relaxed order (cp.reduce.async.bulk).
  FailureOr<BlockAccess> acc =
      expandDeviceDescriptor(desc, *offsets, /*isLoad=*/false, l);
  if (failed(acc))
    return failure();
  if (isHalfMinMax) {
    // No sign split serves 16-bit floats (there is no 16-bit integer atomic
    // max): tile.atomic_rmw's fmax and fmin, whose old values nobody reads.
    tile::RMWOp kind = op == "max" ? tile::RMWOp::FMax : tile::RMWOp::FMin;
    mlir::Value v = value.getValue();
    tile::AtomicRMWOp::create(b, loc(l), v.getType(), kind,
                              acc->ptrs.getValue(), v, acc->mask,
                              tile::MemSemantic::Relaxed, tile::MemScope::GPU);
    return TValue::none();
  }
  BoundArgs a;
  a.slots = {acc->ptrs, value, std::nullopt, TValue::string("relaxed"),
             std::nullopt};
  if (acc->mask)
    a.slots[2] = TValue::runtime(
        acc->mask, TileType{ElemType::scalar(DType::I1), block.shape});
  a.locs = {l, valueLoc, l, l, l};
  if (failed(atomic(method, a, l)))
    return failure();
  return TValue::none();
}

/// tl.make_tensor_descriptor, and the functional forms of desc.load and
/// desc.store (tl.load_tensor_descriptor, tl.store_tensor_descriptor).
FailureOr<TValue> Emitter::builtinTensorDescriptor(BuiltinCall &c) {
  const BoundArgs *a = &c.a;
  SourceLoc l = c.loc;
  if (c.fn == "make_tensor_descriptor")
    return makeTensorDescriptor(*a, l);
  bool isLoad = c.fn == "load_tensor_descriptor";
  if (!a->has(0) || !a->get(0).isDescriptor())
    return err(a->locs[0], "'" + c.qn + "' expects a tensor descriptor, got " +
                               (a->has(0) ? a->get(0).describe()
                                          : std::string("None")));
  if (!a->has(1) || (!isLoad && !a->has(2)))
    return err(l, "'" + c.qn + "' arguments cannot be None");
  if (isLoad)
    return descriptorLoad(a->get(0), a->get(1), a->locs[1], l);
  return descriptorStore(a->get(0), a->get(1), a->get(2), a->locs[1],
                         a->locs[2], l);
}
