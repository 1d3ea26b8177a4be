//===- Utility.cpp - Index computations from linear layouts -----*- C++ -*-===//
//
// The coordinates each thread's registers hold, computed from a linear
// layout: registers are known at compile time, lane and warp at run time.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Tile/IR/TileOps.h"

#include "mlir/IR/IRMapping.h"

#include "llvm/ADT/DenseMap.h"

#include <map>

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;
using tilegpu::LinearLayout;

Value tilec::gpu_to_llvm::i32Const(OpBuilder &b, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(v));
}

Value tilec::gpu_to_llvm::getThreadId(OpBuilder &b, Location loc) {
  return NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
}

SmallVector<int32_t>
tilec::gpu_to_llvm::applyPositional(const LinearLayout &layout, StringRef inDim,
                                    int32_t value) {
  SmallVector<int32_t> out;
  for (auto &[name, v] : layout.apply({{inDim, value}}))
    out.push_back(v);
  return out;
}

SmallVector<SmallVector<Value>>
tilec::gpu_to_llvm::emitIndices(Location loc, OpBuilder &b,
                                const LinearLayout &layout) {
  unsigned rank = layout.getNumOutDims();
  int32_t numRegs = layout.hasInDim(tilegpu::kRegister)
                        ? layout.getInDimSize(tilegpu::kRegister)
                        : 1;

  // When no two bases share a bit of an output dimension, XOR is addition;
  // addition keeps the address arithmetic simple for LLVM.
  SmallVector<int32_t> used(rank, 0);
  bool disjoint = true;
  for (StringRef dim : layout.getInDimNames())
    for (int32_t j = 0, e = layout.getInDimSizeLog2(dim); j < e; ++j)
      for (unsigned d = 0; d < rank; ++d) {
        int32_t v = layout.getBasis(dim, j)[d];
        disjoint &= (used[d] & v) == 0;
        used[d] |= v;
      }
  auto combine = [&](Value x, Value y) -> Value {
    if (disjoint)
      return LLVM::AddOp::create(b, loc, x, y);
    return LLVM::XOrOp::create(b, loc, x, y);
  };

  // The lane and warp part, shared by every register.
  SmallVector<Value> base(rank);
  bool anyThreadDim =
      layout.hasInDim(tilegpu::kLane) || layout.hasInDim(tilegpu::kWarp);
  if (anyThreadDim) {
    Value tid = getThreadId(b, loc);
    int32_t laneBits = layout.hasInDim(tilegpu::kLane)
                           ? layout.getInDimSizeLog2(tilegpu::kLane)
                           : 0;
    Value lane =
        LLVM::AndOp::create(b, loc, tid, i32Const(b, loc, (1 << laneBits) - 1));
    Value warp = LLVM::LShrOp::create(b, loc, tid, i32Const(b, loc, laneBits));
    for (auto [dim, value] : {std::pair<StringRef, Value>{tilegpu::kLane, lane},
                              {tilegpu::kWarp, warp}}) {
      if (!layout.hasInDim(dim))
        continue;
      for (int32_t j = 0, e = layout.getInDimSizeLog2(dim); j < e; ++j) {
        ArrayRef<int32_t> basis = layout.getBasis(dim, j);
        if (llvm::all_of(basis, [](int32_t v) { return v == 0; }))
          continue;
        Value bit = LLVM::AndOp::create(
            b, loc, LLVM::LShrOp::create(b, loc, value, i32Const(b, loc, j)),
            i32Const(b, loc, 1));
        for (unsigned d = 0; d < rank; ++d) {
          int32_t v = basis[d];
          if (v == 0)
            continue;
          Value term =
              llvm::isPowerOf2_32(v)
                  ? Value(LLVM::ShlOp::create(
                        b, loc, bit, i32Const(b, loc, llvm::Log2_32(v))))
                  : Value(
                        LLVM::MulOp::create(b, loc, bit, i32Const(b, loc, v)));
          base[d] = base[d] ? combine(base[d], term) : term;
        }
      }
    }
  }

  // The bits the lane and warp part can set, per output dimension. A
  // register's constant XORs into those bits and adds to the others: the part
  // outside them cannot meet a bit of the thread's part. So every register
  // whose constant stays outside (the usual case for swizzled shared tiles:
  // registers step whole swizzle atoms) is the thread's one base plus an
  // immediate, which PTX folds into the address, instead of a register of its
  // own per vector; the rest share one XOR per distinct inside part.
  SmallVector<int32_t> threadBits(rank, 0);
  for (StringRef dim : {tilegpu::kLane, tilegpu::kWarp})
    if (layout.hasInDim(dim))
      for (int32_t j = 0, e = layout.getInDimSizeLog2(dim); j < e; ++j)
        for (unsigned d = 0; d < rank; ++d)
          threadBits[d] |= layout.getBasis(dim, j)[d];
  SmallVector<llvm::DenseMap<int32_t, Value>> xored(rank);

  SmallVector<SmallVector<Value>> indices;
  for (int32_t r = 0; r < numRegs; ++r) {
    SmallVector<int32_t> regCoords =
        layout.hasInDim(tilegpu::kRegister)
            ? applyPositional(layout, tilegpu::kRegister, r)
            : SmallVector<int32_t>(rank, 0);
    SmallVector<Value> coords;
    for (unsigned d = 0; d < rank; ++d) {
      int32_t c = regCoords[d];
      if (!base[d]) {
        coords.push_back(i32Const(b, loc, c));
        continue;
      }
      if (c == 0) {
        coords.push_back(base[d]);
        continue;
      }
      if (disjoint) {
        coords.push_back(combine(base[d], i32Const(b, loc, c)));
        continue;
      }
      int32_t inside = c & threadBits[d], outside = c & ~threadBits[d];
      Value v = base[d];
      if (inside) {
        Value &cached = xored[d][inside];
        if (!cached)
          cached =
              LLVM::XOrOp::create(b, loc, base[d], i32Const(b, loc, inside));
        v = cached;
      }
      if (outside)
        v = LLVM::AddOp::create(b, loc, v, i32Const(b, loc, outside));
      coords.push_back(v);
    }
    indices.push_back(std::move(coords));
  }
  return indices;
}

FailureOr<SmallVector<unsigned>> tilec::gpu_to_llvm::getRegisterMap(
    const LinearLayout &dst, const LinearLayout &src,
    llvm::function_ref<SmallVector<int32_t>(ArrayRef<int32_t>)> project,
    std::string *whyNot) {
  auto fail = [&](const Twine &reason) {
    if (whyNot)
      *whyNot = reason.str();
    return failure();
  };
  for (StringRef dim : {tilegpu::kLane, tilegpu::kWarp}) {
    int32_t dstBits = dst.hasInDim(dim) ? dst.getInDimSizeLog2(dim) : 0;
    int32_t srcBits = src.hasInDim(dim) ? src.getInDimSizeLog2(dim) : 0;
    for (int32_t j = 0, e = std::max(dstBits, srcBits); j < e; ++j) {
      SmallVector<int32_t> d =
          j < dstBits ? project(dst.getBasis(dim, j))
                      : SmallVector<int32_t>(src.getNumOutDims(), 0);
      SmallVector<int32_t> s =
          j < srcBits ? SmallVector<int32_t>(src.getBasis(dim, j))
                      : SmallVector<int32_t>(src.getNumOutDims(), 0);
      if (d != s)
        return fail("layout change needs data from other threads (" + dim +
                    " bit " + Twine(j) + "): " + src.toString() + " -> " +
                    dst.toString());
    }
  }
  std::map<SmallVector<int32_t>, unsigned> owner;
  int32_t srcRegs = src.hasInDim(tilegpu::kRegister)
                        ? src.getInDimSize(tilegpu::kRegister)
                        : 1;
  for (int32_t r = srcRegs - 1; r >= 0; --r)
    owner[src.hasInDim(tilegpu::kRegister)
              ? applyPositional(src, tilegpu::kRegister, r)
              : SmallVector<int32_t>(src.getNumOutDims(), 0)] = r;
  SmallVector<unsigned> result;
  int32_t dstRegs = dst.hasInDim(tilegpu::kRegister)
                        ? dst.getInDimSize(tilegpu::kRegister)
                        : 1;
  for (int32_t r = 0; r < dstRegs; ++r) {
    SmallVector<int32_t> coords =
        dst.hasInDim(tilegpu::kRegister)
            ? project(applyPositional(dst, tilegpu::kRegister, r))
            : SmallVector<int32_t>(src.getNumOutDims(), 0);
    auto it = owner.find(coords);
    if (it == owner.end())
      return fail("layout change needs data from other registers than the "
                  "thread holds: " +
                  src.toString() + " -> " + dst.toString());
    result.push_back(it->second);
  }
  return result;
}

unsigned tilec::gpu_to_llvm::getStorageBytes(Type elementType) {
  if (isa<tile::PtrType, LLVM::LLVMPointerType>(elementType))
    return 8;
  return std::max(1u, elementType.getIntOrFloatBitWidth() / 8);
}

Value tilec::gpu_to_llvm::getScratchPointer(OpBuilder &b, Location loc,
                                            Operation *op) {
  auto smemPtr = LLVM::LLVMPointerType::get(b.getContext(), 3);
  Value base = LLVM::AddressOfOp::create(b, loc, smemPtr, kScratchName);
  int64_t offset = 0;
  if (auto attr = op->getAttrOfType<IntegerAttr>(kScratchOffsetAttr))
    offset = attr.getInt();
  if (offset == 0)
    return base;
  return LLVM::GEPOp::create(b, loc, smemPtr, b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{int32_t(offset)});
}

Value tilec::gpu_to_llvm::shuffle(OpBuilder &b, Location loc, Value v,
                                  NVVM::ShflKind kind, Value laneOrDelta) {
  Type t = v.getType();
  Type i32 = b.getI32Type();
  // shfl.up clamps at lane 0 (c = 0); the other kinds at lane 31.
  int32_t clamp = kind == NVVM::ShflKind::up ? 0 : 0x1f;
  auto shfl = [&](Value x) -> Value {
    return NVVM::ShflOp::create(b, loc, x.getType(), i32Const(b, loc, -1), x,
                                laneOrDelta, i32Const(b, loc, clamp), kind,
                                UnitAttr());
  };
  if (t.isF32() || t.isInteger(32))
    return shfl(v);
  if (isa<LLVM::LLVMPointerType>(t)) {
    Value i = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), v);
    return LLVM::IntToPtrOp::create(b, loc, t,
                                    shuffle(b, loc, i, kind, laneOrDelta));
  }
  unsigned bits = t.getIntOrFloatBitWidth();
  Type intType = b.getIntegerType(bits);
  Value i = t == intType ? v : LLVM::BitcastOp::create(b, loc, intType, v);
  Value r;
  if (bits < 32) {
    Value wide = LLVM::ZExtOp::create(b, loc, i32, i);
    r = LLVM::TruncOp::create(b, loc, intType, shfl(wide));
  } else {
    auto vecType = VectorType::get({2}, i32);
    Value halves = LLVM::BitcastOp::create(b, loc, vecType, i);
    Value out = LLVM::UndefOp::create(b, loc, vecType);
    for (int k = 0; k < 2; ++k) {
      Value h =
          LLVM::ExtractElementOp::create(b, loc, halves, i32Const(b, loc, k));
      out = LLVM::InsertElementOp::create(b, loc, out, shfl(h),
                                          i32Const(b, loc, k));
    }
    r = LLVM::BitcastOp::create(b, loc, intType, out);
  }
  return t == intType ? r : LLVM::BitcastOp::create(b, loc, t, r);
}

Value tilec::gpu_to_llvm::shuffleXor(OpBuilder &b, Location loc, Value v,
                                     int32_t mask) {
  return shuffle(b, loc, v, NVVM::ShflKind::bfly, i32Const(b, loc, mask));
}

SmallVector<Value> tilec::gpu_to_llvm::applyCombiner(Region &combineOp,
                                                     OpBuilder &b,
                                                     ValueRange acc,
                                                     ValueRange cur) {
  Block &block = combineOp.front();
  IRMapping map;
  unsigned n = acc.size();
  for (unsigned i = 0; i < n; ++i) {
    map.map(block.getArgument(i), acc[i]);
    map.map(block.getArgument(n + i), cur[i]);
  }
  for (Operation &inner : block.without_terminator())
    b.clone(inner, map);
  SmallVector<Value> out;
  for (Value v : block.getTerminator()->getOperands())
    out.push_back(map.lookupOrDefault(v));
  return out;
}

LogicalResult tilec::gpu_to_llvm::verifyCombiner(Operation *op,
                                                 Region &combineOp) {
  for (Value r : combineOp.front().getTerminator()->getOperands())
    if (r.getParentRegion() != &combineOp && !isa<BlockArgument>(r))
      return op->emitError("combining region yields a value from outside");
  return success();
}
