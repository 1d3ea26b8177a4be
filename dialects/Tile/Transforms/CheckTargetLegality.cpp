//===- CheckTargetLegality.cpp - Refuse ops with no way down ----*- C++ -*-===//
//
// The tile-check-target-legality pass: the first pass of tilec's pipeline,
// on the `tile` IR as the frontend emits it. Every op that verifies but
// that the back end cannot lower for the target (an operand type, an
// attribute or a target feature it has no code for) is refused here, at
// the op's source line and by the Triton function's name, instead of
// failing after the tilegpu passes have rewritten it. The rules mirror the
// guards of the lowering (tilegpu-accelerate-dot, DotOpToLLVM,
// FpToFpOpToLLVM, tilegpu-lower-descriptors); a rule whose lowering is
// added must go when the lowering comes. Target-independent rules (atomic
// element types, shapes) are the ops' verifiers'.
//
//===----------------------------------------------------------------------===//

#include "Tile/Transforms/Passes.h"

#include "Tile/IR/TileOps.h"

#include "mlir/IR/BuiltinTypes.h"

#include "llvm/Support/Debug.h"

#include <optional>
#include <string>

#define DEBUG_TYPE "tile-check-target-legality"

namespace tilec::tile {
#define GEN_PASS_DEF_TILECHECKTARGETLEGALITY
#include "Tile/Transforms/Passes.h.inc"
} // namespace tilec::tile

using namespace mlir;
using namespace tilec::tile;

namespace {

struct CheckTargetLegalityPass
    : public tilec::tile::impl::TileCheckTargetLegalityBase<
          CheckTargetLegalityPass> {
  using TileCheckTargetLegalityBase::TileCheckTargetLegalityBase;
  void runOnOperation() override;
};

} // namespace

/// An element type as Triton spells the dtype (MLIR's integers carry no
/// sign, so `int8` stands for int8 and uint8).
static std::string tritonName(Type t) {
  if (isa<Float8E4M3FNType>(t))
    return "fp8e4nv";
  if (isa<Float8E5M2Type>(t))
    return "fp8e5";
  if (t.isF16())
    return "fp16";
  if (t.isBF16())
    return "bf16";
  if (t.isF32())
    return "fp32";
  if (t.isF64())
    return "fp64";
  if (auto i = dyn_cast<IntegerType>(t))
    return "int" + std::to_string(i.getWidth());
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

/// Why the back end cannot lower `dot`, or nullopt. tilegpu-accelerate-dot
/// gives a 2-D dot of these types mma.sync (or wgmma) layouts, or FMA ones
/// for fp64 and for fp32 with input_precision="ieee", and splits "tf32x3"
/// into tf32 dots; DotOpToLLVM refuses every other tile.dot. (The frontend
/// emits batched dots as 2-D ones per batch.)
static std::optional<std::string> whyNotLowered(DotOp dot) {
  RankedTensorType aType = dot.getA().getType();
  Type e = aType.getElementType();
  Type be = dot.getB().getType().getElementType();
  Type acc = dot.getC().getType().getElementType();
  std::string what = "'tl.dot' of " + tritonName(e) +
                     (e == be ? "" : " and " + tritonName(be)) +
                     " operands into " + tritonName(acc);
  int64_t k = 0;
  if (e == be && (e.isF16() || e.isBF16()) && acc.isF32())
    k = 16;
  else if (e == be && e.isF16() && acc.isF16())
    k = 16;
  else if (e == be && e.isF32() && acc.isF32())
    k = dot.getInputPrecision() == InputPrecision::IEEE ? 1 : 8;
  else if (e == be && e.isF64() && acc.isF64())
    k = 1; // FMA, any precision
  else if (e == be && e.isInteger(8) && acc.isInteger(32))
    k = 32;
  else if (isa<Float8E4M3FNType, Float8E5M2Type>(e) &&
           isa<Float8E4M3FNType, Float8E5M2Type>(be) &&
           (acc.isF32() || acc.isF16()))
    k = 16; // wgmma k32 on sm_90a, else fp16 operands on mma.sync
                // (tilegpu-accelerate-dot, which refuses fp8e4nv below sm_89)
  else
    return what + " is not lowered by tilec's back end (it lowers fp8, "
                  "fp16, bf16, fp32, fp64 and int8 operands)";
  if (aType.getRank() != 2)
    return what + " with batched (3-D) operands is not lowered by tilec's "
                  "back end";
  // The FMA dot takes any 2-D shape; the tensor-core dots whole
  // m16n8kK tiles.
  if (k == 1)
    return std::nullopt;
  int64_t m = aType.getDimSize(0), kk = aType.getDimSize(1),
          n = dot.getB().getType().getDimSize(1);
  if (m % 16 || n % 8 || kk % k)
    return what + " needs M a multiple of 16, N of 8 and K of " +
           std::to_string(k) + ", got M=" + std::to_string(m) +
           " N=" + std::to_string(n) + " K=" + std::to_string(kk);
  return std::nullopt;
}

/// Why FpToFpOpToLLVM cannot lower `op`, or nullopt.
static std::optional<std::string> whyNotLowered(FpToFpOp op) {
  Type from = getElementTypeOrSelf(op.getSrc().getType());
  Type to = getElementTypeOrSelf(op.getType());
  auto standard = [](Type t) {
    return t.isF16() || t.isBF16() || t.isF32() || t.isF64();
  };
  std::string what =
      "conversion from " + tritonName(from) + " to " + tritonName(to);
  // fp8 conversions: FpToFpOpToLLVM picks the instructions per target and
  // refuses, at the op, the ones Triton 3.6 refuses.
  if (isa<Float8E4M3FNType, Float8E5M2Type>(from) ||
      isa<Float8E4M3FNType, Float8E5M2Type>(to))
    return std::nullopt;
  if (!standard(from) || !standard(to))
    return what + " is not lowered by tilec's back end";
  if (from != to && from.getIntOrFloatBitWidth() == to.getIntOrFloatBitWidth())
    return what + " must go through fp32";
  if (op.getRounding() && *op.getRounding() == RoundingMode::RTZ &&
      from.getIntOrFloatBitWidth() > to.getIntOrFloatBitWidth() &&
      !(from.isF32() && (to.isF16() || to.isBF16())))
    return what + " with fp_downcast_rounding='rtz' is not lowered (only "
                  "fp32 to fp16 or bf16 is)";
  return std::nullopt;
}

void CheckTargetLegalityPass::runOnOperation() {
  bool failedAny = false;
  auto refuse = [&](Operation *op, const std::string &why) {
    // At the op's location only: the user's source line, not the IR.
    mlir::emitError(op->getLoc()) << why;
    ++numRefused;
    failedAny = true;
  };
  unsigned cc = computeCapability;
  getOperation().walk([&](Operation *op) {
    if (auto dot = dyn_cast<DotOp>(op)) {
      if (std::optional<std::string> why = whyNotLowered(dot))
        refuse(op, *why);
    } else if (auto conv = dyn_cast<FpToFpOp>(op)) {
      if (std::optional<std::string> why = whyNotLowered(conv))
        refuse(op, *why);
    } else if (isa<DescriptorLoadOp, DescriptorStoreOp>(op) && !hasTMA) {
      // tilegpu-lower-descriptors' words, now before any pass runs.
      refuse(op, "tensor descriptors need TMA, which compute capability 9.0 "
                 "(sm_90) introduced; this kernel targets " +
                     std::to_string(cc / 10) + "." + std::to_string(cc % 10));
    }
  });
  if (failedAny)
    signalPassFailure();
}
