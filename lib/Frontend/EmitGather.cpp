//===- EmitGather.cpp - tl.gather and tl.histogram --------------*- C++ -*-===//
//
// The two data-dependent tile ops of triton.language: `tl.gather` (elements
// picked along an axis by an index tile) and `tl.histogram` (counts of the
// values of a 1-D integer tile). Both are checked the way Triton's
// semantic.py checks them, plus what Triton 3.6's lowering needs but does
// not check (a histogram of 32-bit integers into a power-of-two number of
// bins), so that a kernel Triton would fail on in LLVM is refused here.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"

#include "Tile/IR/TileOps.h"

#include "llvm/Support/MathExtras.h"

using namespace tilec::frontend;
namespace tile = tilec::tile;

std::optional<FailureOr<TValue>>
Emitter::callGatherBuiltin(llvm::StringRef fn, const CallExpr *call,
                           std::vector<TValue> &args,
                           std::vector<std::pair<std::string, TValue>> &kwargs,
                           const std::vector<SourceLoc> &argLocs) {
  if (fn != "gather" && fn != "histogram")
    return std::nullopt;
  SourceLoc l = call->getLoc();
  std::string qn = ("tl." + fn).str();
  auto fail = [&](SourceLoc at, const llvm::Twine &message) {
    return FailureOr<TValue>(err(at, message));
  };

  if (fn == "gather") {
    FailureOr<BoundArgs> a =
        bindArgs(qn, call, {"src", "index", "axis"}, 3, args, kwargs, argLocs);
    if (failed(a))
      return FailureOr<TValue>(failure());
    const TValue &src = a->get(0), &index = a->get(1);
    if (!src.isRuntime() || !src.getType().isTensor())
      return fail(a->locs[0],
                  "'tl.gather' source must be a tensor, got " + src.describe());
    if (!index.isRuntime() || !index.getType().isTensor() ||
        !index.getType().elem.isInt())
      return fail(a->locs[1],
                  "'tl.gather' index must be an integer tensor, got " +
                      index.describe());
    const TileType &st = src.getType(), &it = index.getType();
    int64_t rank = st.shape.size();
    if (int64_t(it.shape.size()) != rank)
      return fail(l, "'tl.gather' source and index must have the same rank, "
                     "got " +
                         st.str() + " and " + it.str());
    FailureOr<int64_t> axis =
        constInt(a->get(2), "'tl.gather' axis", a->locs[2]);
    if (failed(axis))
      return FailureOr<TValue>(failure());
    if (*axis < -rank || *axis >= rank)
      return fail(a->locs[2], "'tl.gather' axis " + llvm::Twine(*axis) +
                                  " must be < source rank (" +
                                  llvm::Twine(rank) + ")");
    int64_t ax = *axis < 0 ? *axis + rank : *axis;
    for (int64_t d = 0; d < rank; ++d)
      if (d != ax && it.shape[d] != st.shape[d])
        return fail(l, "'tl.gather' index dimension " + llvm::Twine(d) +
                           " must match the source: got " + it.str() +
                           " for source " + st.str());
    TileType rt{st.elem, it.shape};
    mlir::Value g =
        tile::GatherOp::create(b, loc(l), getMlirType(&ctx, rt), src.getValue(),
                               index.getValue(), static_cast<uint32_t>(ax));
    return FailureOr<TValue>(TValue::runtime(g, rt));
  }

  // tl.histogram(input, num_bins, mask=None)
  FailureOr<BoundArgs> a = bindArgs(qn, call, {"input", "num_bins", "mask"}, 2,
                                    args, kwargs, argLocs);
  if (failed(a))
    return FailureOr<TValue>(failure());
  const TValue &x = a->get(0);
  if (!x.isRuntime() || x.getType().shape.size() != 1)
    return fail(a->locs[0],
                "'tl.histogram' only supports 1D input, got " + x.describe());
  const TileType &xt = x.getType();
  if (!xt.elem.isInt())
    return fail(a->locs[0],
                "'tl.histogram' only supports integer input, got " + xt.str());
  // Triton 3.6 lowers the bins with 32-bit masks on the values: other widths
  // fail in its LLVM lowering.
  if (getBitWidth(xt.elem.dtype) != 32)
    return fail(a->locs[0], "'tl.histogram' input must be int32 or uint32 "
                            "(Triton's lowering takes 32-bit values), got " +
                                xt.str());
  FailureOr<int64_t> bins =
      constInt(a->get(1), "'tl.histogram' num_bins", a->locs[1]);
  if (failed(bins))
    return FailureOr<TValue>(failure());
  if (*bins <= 0 || !llvm::isPowerOf2_64(*bins))
    return fail(a->locs[1],
                "'tl.histogram' num_bins must be a power of two, got " +
                    llvm::Twine(*bins));
  if (*bins > (1 << 20))
    return fail(a->locs[1], "'tl.histogram' num_bins " + llvm::Twine(*bins) +
                                " exceeds the maximum tile size of 1048576");
  mlir::Value mask;
  if (a->has(2)) {
    FailureOr<TValue> m = toRuntime(a->get(2), a->locs[2]);
    if (failed(m))
      return FailureOr<TValue>(failure());
    if (!m->getType().elem.isBool())
      return fail(a->locs[2], "'tl.histogram' mask must have boolean scalar "
                              "type, got " +
                                  m->describe());
    FailureOr<TValue> mb = broadcastTo(*m, xt.shape, a->locs[2]);
    if (failed(mb))
      return FailureOr<TValue>(failure());
    mask = mb->getValue();
  }
  TileType rt{ElemType::scalar(DType::I32), {*bins}};
  mlir::Value h = tile::HistogramOp::create(b, loc(l), getMlirType(&ctx, rt),
                                            x.getValue(), mask);
  return FailureOr<TValue>(TValue::runtime(h, rt));
}

FailureOr<TValue> Emitter::builtinGatherHistogram(BuiltinCall &c) {
  std::optional<FailureOr<TValue>> r =
      callGatherBuiltin(c.fn, c.call, c.args, c.kwargs, c.argLocs);
  if (!r)
    return err(c.loc, "'" + c.qn + "' has no handler in EmitGather.cpp");
  return *r;
}
