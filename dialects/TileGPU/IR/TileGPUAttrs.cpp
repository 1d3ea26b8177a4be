//===- TileGPUAttrs.cpp - TileGPU layout attributes -------------*- C++ -*-===//
//
// Verifiers of the layout encodings and their linear layouts: each layout is
// a constructor from LinearLayoutConstructors.h, so index computations and
// conversions never special-case a layout kind.
//
//===----------------------------------------------------------------------===//

#include "TileGPU/IR/LinearLayoutConstructors.h"
#include "TileGPU/IR/TileGPUOps.h"
#include "tilec/Limits.h"

#include "mlir/IR/DialectImplementation.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace tilec::tilegpu;
using llvm::LogicalResult;
using tilec::kMaxTileRank;

#include "TileGPU/IR/TileGPUAttrInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "TileGPU/IR/TileGPUAttrs.cpp.inc"

void TileGPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "TileGPU/IR/TileGPUAttrs.cpp.inc"
      >();
}

static bool isPowerOf2(unsigned v) { return v && (v & (v - 1)) == 0; }

static LogicalResult
verifyOrder(llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
            llvm::ArrayRef<unsigned> order) {
  llvm::SmallVector<bool> seen(order.size(), false);
  for (unsigned o : order) {
    if (o >= order.size() || seen[o])
      return emitError() << "order must be a permutation of 0.."
                         << order.size() - 1;
    seen[o] = true;
  }
  return mlir::success();
}

/// A distributed layout applies to tensors of its rank whose dimensions are
/// powers of two (linear layouts are maps over bits).
static LogicalResult
verifyTensorForLayout(llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
                      llvm::ArrayRef<int64_t> shape, unsigned rank,
                      llvm::StringRef what) {
  if (shape.size() != rank)
    return emitError() << what << " layout of rank " << rank
                       << " on a tensor of rank " << shape.size();
  for (int64_t d : shape)
    if (d <= 0 || (d & (d - 1)) != 0)
      return emitError() << what
                         << " layout needs power-of-two dimensions, got " << d;
  return mlir::success();
}

//===----------------------------------------------------------------------===//
// BlockedEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult BlockedEncodingAttr::verify(
    llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
    llvm::ArrayRef<unsigned> sizePerThread,
    llvm::ArrayRef<unsigned> threadsPerWarp,
    llvm::ArrayRef<unsigned> warpsPerCTA, llvm::ArrayRef<unsigned> order) {
  size_t rank = order.size();
  if (rank == 0)
    return emitError() << "blocked layout needs a rank of at least 1";
  if (rank > kMaxTileRank)
    return emitError() << "blocked layout of rank " << rank
                       << " exceeds the supported maximum rank "
                       << kMaxTileRank;
  if (sizePerThread.size() != rank || threadsPerWarp.size() != rank ||
      warpsPerCTA.size() != rank)
    return emitError() << "blocked layout parameters must all have rank "
                       << rank;
  for (auto list : {sizePerThread, threadsPerWarp, warpsPerCTA})
    for (unsigned v : list)
      if (!isPowerOf2(v))
        return emitError() << "blocked layout sizes must be powers of two, got "
                           << v;
  return verifyOrder(emitError, order);
}

LogicalResult BlockedEncodingAttr::verifyEncoding(
    llvm::ArrayRef<int64_t> shape, mlir::Type,
    llvm::function_ref<mlir::InFlightDiagnostic()> emitError) const {
  return verifyTensorForLayout(emitError, shape, getRank(), "blocked");
}

unsigned BlockedEncodingAttr::getRank() const { return getOrder().size(); }

LinearLayout
BlockedEncodingAttr::toLinearLayout(llvm::ArrayRef<int64_t> shape) const {
  return blockedLayout(shape, getSizePerThread(), getThreadsPerWarp(),
                       getWarpsPerCTA(), getOrder());
}

BlockedEncodingAttr
BlockedEncodingAttr::getDefault(mlir::MLIRContext *ctx,
                                llvm::ArrayRef<int64_t> shape,
                                unsigned numWarps, unsigned threadsPerWarp) {
  size_t rank = shape.size();
  llvm::SmallVector<unsigned> order, sizePerThread(rank, 1);
  for (size_t i = 0; i < rank; ++i)
    order.push_back(rank - 1 - i);
  return getForShape(ctx, shape, sizePerThread, order, numWarps,
                     threadsPerWarp);
}

BlockedEncodingAttr BlockedEncodingAttr::getForShape(
    mlir::MLIRContext *ctx, llvm::ArrayRef<int64_t> shape,
    llvm::ArrayRef<unsigned> sizePerThread, llvm::ArrayRef<unsigned> order,
    unsigned numWarps, unsigned threadsPerWarp) {
  size_t rank = shape.size();
  llvm::SmallVector<unsigned> threads(rank, 1), warps(rank, 1);
  // What one thread's block leaves of each dimension.
  auto left = [&](unsigned d, unsigned per) {
    return std::max<int64_t>(1, shape[d] / (int64_t(sizePerThread[d]) * per));
  };
  // Lanes, then warps, along the fastest dimension first; what is left over
  // goes to the slowest dimension (those threads hold copies).
  unsigned remaining = threadsPerWarp;
  for (unsigned d : order) {
    unsigned t = std::clamp<int64_t>(left(d, 1), 1, remaining);
    threads[d] = t;
    remaining /= t;
  }
  threads[order.back()] *= remaining;
  remaining = numWarps;
  for (unsigned d : order) {
    unsigned w = std::clamp<int64_t>(left(d, threads[d]), 1, remaining);
    warps[d] = w;
    remaining /= w;
  }
  warps[order.back()] *= remaining;
  return get(ctx, sizePerThread, threads, warps, order);
}

//===----------------------------------------------------------------------===//
// SliceEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult SliceEncodingAttr::verify(
    llvm::function_ref<mlir::InFlightDiagnostic()> emitError, unsigned dim,
    LayoutEncodingTrait parent) {
  if (!parent)
    return emitError() << "slice layout needs a distributed parent layout";
  if (dim >= parent.getRank())
    return emitError() << "slice dim " << dim
                       << " is out of range for a parent of rank "
                       << parent.getRank();
  return mlir::success();
}

LogicalResult SliceEncodingAttr::verifyEncoding(
    llvm::ArrayRef<int64_t> shape, mlir::Type,
    llvm::function_ref<mlir::InFlightDiagnostic()> emitError) const {
  return verifyTensorForLayout(emitError, shape, getRank(), "slice");
}

unsigned SliceEncodingAttr::getRank() const {
  return getParent().getRank() - 1;
}

LinearLayout
SliceEncodingAttr::toLinearLayout(llvm::ArrayRef<int64_t> shape) const {
  // The parent's extent along the sliced dimension does not matter: what
  // moved along it is dropped. Size 1 gives the canonical result.
  llvm::SmallVector<int64_t> parentShape(shape);
  parentShape.insert(parentShape.begin() + getDim(), 1);
  return sliceLayout(getParent().toLinearLayout(parentShape), getDim());
}

//===----------------------------------------------------------------------===//
// MmaEncodingAttr and DotOperandEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult MmaEncodingAttr::verify(
    llvm::function_ref<mlir::InFlightDiagnostic()> emitError, unsigned version,
    unsigned instrN, llvm::ArrayRef<unsigned> warpsPerCTA) {
  if (version != 2 && version != 3)
    return emitError() << "mma version must be 2 (mma.sync) or 3 (wgmma), got "
                       << version;
  if (warpsPerCTA.size() != 2)
    return emitError() << "mma layout needs 2 warpsPerCTA entries";
  for (unsigned w : warpsPerCTA)
    if (!isPowerOf2(w))
      return emitError() << "mma warpsPerCTA must be powers of two";
  if (version == 2 && instrN != 8)
    return emitError() << "mma.sync (version 2) has instrN 8, got " << instrN;
  if (version == 3) {
    if (!isPowerOf2(instrN) || instrN < 8 || instrN > 256)
      return emitError() << "wgmma instrN must be a power of two in 8..256, "
                            "got "
                         << instrN;
    if (warpsPerCTA[0] % 4 != 0)
      return emitError() << "wgmma needs warpsPerCTA[0] to be a multiple of "
                            "4 (whole warpgroups)";
  }
  return mlir::success();
}

LogicalResult MmaEncodingAttr::verifyEncoding(
    llvm::ArrayRef<int64_t> shape, mlir::Type,
    llvm::function_ref<mlir::InFlightDiagnostic()> emitError) const {
  return verifyTensorForLayout(emitError, shape, getRank(), "mma");
}

unsigned MmaEncodingAttr::getRank() const { return 2; }

LinearLayout
MmaEncodingAttr::toLinearLayout(llvm::ArrayRef<int64_t> shape) const {
  if (getVersion() == 2)
    return mmaV2Layout(shape, getWarpsPerCTA());
  return mmaV3Layout(shape, getInstrN(), getWarpsPerCTA());
}

LogicalResult DotOperandEncodingAttr::verify(
    llvm::function_ref<mlir::InFlightDiagnostic()> emitError, unsigned opIdx,
    MmaEncodingAttr parent, unsigned elemBits) {
  if (opIdx > 1)
    return emitError() << "dot operand index must be 0 or 1, got " << opIdx;
  if (!parent)
    return emitError() << "dot operand layout needs an mma parent";
  if (elemBits != 4 && elemBits != 8 && elemBits != 16 && elemBits != 32)
    return emitError() << "dot operand elemBits must be 4, 8, 16 or 32, got "
                       << elemBits;
  // wgmma reads B from shared memory only, and A from registers only as
  // 16-bit elements here (the fp8 register form is not lowered).
  if (parent.getVersion() == 3 && (opIdx != 0 || elemBits != 16))
    return emitError() << "a wgmma (version 3) dot operand in registers must "
                          "be operand 0 (A) with 16-bit elements, got opIdx "
                       << opIdx << " and elemBits " << elemBits;
  return mlir::success();
}

LogicalResult DotOperandEncodingAttr::verifyEncoding(
    llvm::ArrayRef<int64_t> shape, mlir::Type,
    llvm::function_ref<mlir::InFlightDiagnostic()> emitError) const {
  return verifyTensorForLayout(emitError, shape, getRank(), "dot_op");
}

unsigned DotOperandEncodingAttr::getRank() const { return 2; }

LinearLayout
DotOperandEncodingAttr::toLinearLayout(llvm::ArrayRef<int64_t> shape) const {
  // wgmma's A fragment (m64k16, 16-bit) is, warp by warp, mma.sync's
  // m16k16 A fragment, the four warps of a warpgroup 16 rows apart; the
  // version 3 layout's warps go along M first, 16 rows each, as version 2's
  // do, so the same constructor describes both.
  return mmaV2DotOperandLayout(shape, getOpIdx(), getElemBits(),
                               getParent().getWarpsPerCTA());
}

//===----------------------------------------------------------------------===//
// SharedEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult SharedEncodingAttr::verify(
    llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
    unsigned swizzleBytes, llvm::ArrayRef<unsigned> order) {
  if (swizzleBytes != 0 && swizzleBytes != 32 && swizzleBytes != 64 &&
      swizzleBytes != 128)
    return emitError() << "swizzleBytes must be 0, 32, 64 or 128, got "
                       << swizzleBytes;
  if (order.empty())
    return emitError() << "shared layout needs an order";
  if (order.size() > kMaxTileRank)
    return emitError() << "shared layout of rank " << order.size()
                       << " exceeds the supported maximum rank "
                       << kMaxTileRank;
  return verifyOrder(emitError, order);
}

LinearLayout SharedEncodingAttr::toLinearLayout(llvm::ArrayRef<int64_t> shape,
                                                unsigned elemBits) const {
  return sharedSwizzledLayout(shape, elemBits, getSwizzleBytes(), getOrder());
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

LayoutEncodingTrait tilec::tilegpu::getLayout(mlir::Type type) {
  auto tensor = llvm::dyn_cast<mlir::RankedTensorType>(type);
  if (!tensor)
    return nullptr;
  return llvm::dyn_cast_or_null<LayoutEncodingTrait>(tensor.getEncoding());
}

std::optional<LinearLayout> tilec::tilegpu::getLinearLayout(mlir::Type type) {
  LayoutEncodingTrait layout = getLayout(type);
  if (!layout)
    return std::nullopt;
  return layout.toLinearLayout(
      llvm::cast<mlir::RankedTensorType>(type).getShape());
}
