//===- SharedMemoryOpToLLVM.cpp - Shared tiles and async copies -*- C++ -*-===//
//
// Shared-memory tiles (`!tilegpu.memdesc`) lower to an `!llvm.ptr<3>` to
// their first byte, inside the module's shared buffer at the offset
// tilegpu-allocate-shared-memory gave their `local_alloc`. Where an element
// lives is the tile's shared linear layout (offset -> coordinates) inverted;
// composed with a distributed layout, it gives each thread's register the
// offset of its element as a linear map of (register, lane, warp), evaluated
// like any layout's indices (emitIndices).
//
//   - local_alloc of a tensor stores each thread's runs of consecutive
//     elements as vectors of up to 16 bytes, between barriers: the one before
//     keeps readers of the previous contents (the loop's last iteration) from
//     seeing the new ones, the one after publishes them. When wgmma or a TMA
//     store reads the tile, a proxy fence precedes the second barrier (PTX:
//     generic-proxy writes read by the async proxy).
//   - memdesc_index is pointer arithmetic: slots follow each other.
//   - async_copy_global_to_local is one cp.async per vector; where the mask is
//     off, its ignore-src predicate makes it fill zeros and read nothing.
//   - commit, wait, fence and barrier are their NVVM instructions.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "Tile/IR/TileOps.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;
using tilegpu::LinearLayout;
using tilegpu::MemDescType;

Value tilec::gpu_to_llvm::getSharedTilePointer(OpBuilder &b, Location loc,
                                               tilegpu::LocalAllocOp alloc) {
  auto smemPtr = LLVM::LLVMPointerType::get(b.getContext(), 3);
  Value base = LLVM::AddressOfOp::create(b, loc, smemPtr, kScratchName);
  int64_t offset = alloc.getOffset().value_or(0);
  if (offset == 0)
    return base;
  return LLVM::GEPOp::create(b, loc, smemPtr, b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{int32_t(offset)});
}

LinearLayout tilec::gpu_to_llvm::getSharedLayout(MemDescType type) {
  return type.getEncoding().toLinearLayout(
      type.getShape(), type.getElementType().getIntOrFloatBitWidth());
}

FailureOr<SmallVector<Value>>
tilec::gpu_to_llvm::emitSharedOffsets(Location loc, OpBuilder &b,
                                      const LinearLayout &distributed,
                                      MemDescType type, unsigned vec) {
  LinearLayout shared = getSharedLayout(type);
  // (register, lane, warp) -> offset: where each held element lives.
  LinearLayout toOffset = shared.invertAndCompose(distributed);
  // `vec` consecutive registers must be `vec` consecutive elements there.
  for (int32_t bit = 0; (1 << bit) < int32_t(vec); ++bit)
    if (bit >= toOffset.getInDimSizeLog2(tilegpu::kRegister) ||
        toOffset.getBasis(tilegpu::kRegister, bit, tilegpu::kOffset) !=
            (1 << bit))
      return failure();
  SmallVector<SmallVector<Value>> offsets = emitIndices(loc, b, toOffset);
  SmallVector<Value> out;
  for (auto &o : offsets)
    out.push_back(o.front());
  return out;
}

namespace {

/// A ring slot's address: slots are whole tiles, one after the other.
struct MemDescIndexConversion
    : public ConvertOpToLLVMPattern<tilegpu::MemDescIndexOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::MemDescIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t slotBytes = op.getType().getSizeInBytes();
    Value bytes = LLVM::MulOp::create(rewriter, loc, adaptor.getIndex(),
                                      i32Const(rewriter, loc, slotBytes));
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(
        op, adaptor.getSrc().getType(), rewriter.getI8Type(), adaptor.getSrc(),
        ArrayRef<LLVM::GEPArg>{bytes});
    return success();
  }
};

/// A permuted view of a shared tile: the same address.
struct MemDescTransConversion
    : public ConvertOpToLLVMPattern<tilegpu::MemDescTransOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::MemDescTransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

struct LocalAllocConversion
    : public ConvertOpToLLVMPattern<tilegpu::LocalAllocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::LocalAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (!op.getOffset())
      return op.emitError("shared tile has no offset; run "
                          "tilegpu-allocate-shared-memory");
    Value base = getSharedTilePointer(rewriter, loc, op);
    if (op.getSrc() && failed(storeTile(op, adaptor.getSrc(), base, rewriter)))
      return failure();
    rewriter.replaceOp(op, base);
    return success();
  }

private:
  LogicalResult storeTile(tilegpu::LocalAllocOp op, Value packed, Value base,
                          ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    std::optional<LinearLayout> srcLL =
        tilegpu::getLinearLayout(op.getSrc().getType());
    if (!srcLL)
      return op.emitError("stored tensor needs a tilegpu layout");
    MemDescType type = op.getType();
    Type elem = getTypeConverter()->convertType(type.getElementType());
    unsigned bytes = getStorageBytes(type.getElementType());
    // The widest run of registers that stays contiguous, up to 16 bytes.
    unsigned vec = std::max(1u, 16 / bytes);
    FailureOr<SmallVector<Value>> offsets = failure();
    for (; vec >= 1; vec /= 2) {
      offsets = emitSharedOffsets(loc, rewriter, *srcLL, type, vec);
      if (succeeded(offsets) || vec == 1)
        break;
    }
    if (failed(offsets))
      return op.emitError("cannot address the shared tile from ")
             << op.getSrc().getType();
    SmallVector<Value> elems = unpackElements(loc, packed, rewriter);
    NVVM::Barrier0Op::create(rewriter, loc);
    auto vecType = VectorType::get({int64_t(vec)}, elem);
    for (size_t r = 0; r < elems.size(); r += vec) {
      Value v = LLVM::UndefOp::create(rewriter, loc, vecType);
      for (unsigned k = 0; k < vec; ++k)
        v = LLVM::InsertElementOp::create(rewriter, loc, v, elems[r + k],
                                          i32Const(rewriter, loc, k));
      Value ptr = LLVM::GEPOp::create(rewriter, loc, base.getType(), elem, base,
                                      ArrayRef<LLVM::GEPArg>{(*offsets)[r]});
      LLVM::StoreOp::create(rewriter, loc, v, ptr, vec * bytes);
    }
    bool readByAsyncProxy = llvm::any_of(op->getUsers(), [](Operation *user) {
      return isa<tilegpu::WarpGroupDotOp, tilegpu::AsyncTMACopyLocalToGlobalOp>(
          user);
    });
    if (readByAsyncProxy)
      NVVM::FenceProxyOp::create(
          rewriter, loc, NVVM::ProxyKind::async_shared,
          NVVM::SharedSpaceAttr::get(getContext(),
                                     NVVM::SharedSpace::shared_cta));
    NVVM::Barrier0Op::create(rewriter, loc);
    return success();
  }
};

struct AsyncCopyConversion
    : public ConvertOpToLLVMPattern<tilegpu::AsyncCopyGlobalToLocalOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tilegpu::AsyncCopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::optional<LinearLayout> srcLL =
        tilegpu::getLinearLayout(op.getPtrs().getType());
    if (!srcLL)
      return op.emitError("copied pointers need a tilegpu layout");
    MemDescType type = op.getDst().getType();
    unsigned vec = op.getVec();
    unsigned bytes = vec * getStorageBytes(type.getElementType());
    FailureOr<SmallVector<Value>> offsets =
        emitSharedOffsets(loc, rewriter, *srcLL, type, vec);
    if (failed(offsets))
      return op.emitError("the ")
             << vec << " elements of each copy are not contiguous in " << type;
    SmallVector<Value> ptrs = unpackElements(loc, adaptor.getPtrs(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackElements(loc, adaptor.getMask(), rewriter);
    Type elem = getTypeConverter()->convertType(type.getElementType());
    Value base = adaptor.getDst();
    auto modifier = NVVM::LoadCacheModifierKindAttr::get(
        getContext(), bytes == 16 ? NVVM::LoadCacheModifierKind::CG
                                  : NVVM::LoadCacheModifierKind::CA);
    // A masked copy passes its mask as cp.async's ignore-src predicate: the
    // mask's compares and ANDs stay predicate logic, which ptxas folds into
    // the compares and the copy's own predicate. A source size selected from
    // the mask instead (the NVVM op's only form) became a chain of three or
    // four dependent SELs per copy, on the critical path of pipelined loops.
    std::string maskedAsm =
        llvm::formatv("cp.async.{0}.shared.global [$0], [$1], {1}, $2;",
                      bytes == 16 ? "cg" : "ca", bytes)
            .str();
    Value trueBit;
    if (!masks.empty())
      trueBit = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                         rewriter.getBoolAttr(true));
    for (size_t r = 0; r < ptrs.size(); r += vec) {
      Value dst = LLVM::GEPOp::create(rewriter, loc, base.getType(), elem, base,
                                      ArrayRef<LLVM::GEPArg>{(*offsets)[r]});
      if (masks.empty()) {
        NVVM::CpAsyncOp::create(rewriter, loc, dst, ptrs[r],
                                rewriter.getI32IntegerAttr(bytes), modifier,
                                Value());
        continue;
      }
      Value ignoreSrc = LLVM::XOrOp::create(rewriter, loc, masks[r], trueBit);
      LLVM::InlineAsmOp::create(
          rewriter, loc, Type(), ValueRange{dst, ptrs[r], ignoreSrc}, maskedAsm,
          "l,l,b", /*has_side_effects=*/true,
          /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
          LLVM::AsmDialectAttr::get(getContext(), LLVM::AsmDialect::AD_ATT),
          /*operand_attrs=*/ArrayAttr());
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// An op that becomes one NVVM op (or nothing).
template <typename OpTy>
struct OneToOneConversion : public ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if constexpr (std::is_same_v<OpTy, tilegpu::AsyncCommitGroupOp>)
      NVVM::CpAsyncCommitGroupOp::create(rewriter, loc);
    else if constexpr (std::is_same_v<OpTy, tilegpu::AsyncWaitOp>)
      NVVM::CpAsyncWaitGroupOp::create(rewriter, loc, op.getNumAttr());
    else if constexpr (std::is_same_v<OpTy, tilegpu::FenceAsyncSharedOp>)
      NVVM::FenceProxyOp::create(
          rewriter, loc, NVVM::ProxyKind::async_shared,
          NVVM::SharedSpaceAttr::get(rewriter.getContext(),
                                     NVVM::SharedSpace::shared_cta));
    else if constexpr (std::is_same_v<OpTy, tilegpu::BarrierOp>)
      NVVM::Barrier0Op::create(rewriter, loc);
    // local_dealloc: the allocator already ended the tile's life.
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tilec::gpu_to_llvm::populateSharedMemoryOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns
      .add<MemDescIndexConversion, MemDescTransConversion,
           LocalAllocConversion, AsyncCopyConversion,
           OneToOneConversion<tilegpu::AsyncCommitGroupOp>,
           OneToOneConversion<tilegpu::AsyncWaitOp>,
           OneToOneConversion<tilegpu::FenceAsyncSharedOp>,
           OneToOneConversion<tilegpu::BarrierOp>,
           OneToOneConversion<tilegpu::LocalDeallocOp>>(converter);
}
