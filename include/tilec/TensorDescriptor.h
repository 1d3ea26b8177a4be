//===- TensorDescriptor.h - How tensor descriptors are moved by TMA -*- C++ -*-===//
//
// A kernel parameter typed `tensordesc<fp16[128, 64]>` (Triton's host-side
// TensorDescriptor) is passed as a 128-byte CUtensorMap that the launcher
// encodes from the tensor's base, shape and strides. The compiler and the
// launcher must agree on the box one `cp.async.bulk.tensor` moves and on the
// shared-memory swizzle, so both derive them here from the block alone: the
// compiler lays the block out in shared memory as TileGPU's swizzled layout
// with that swizzle (atoms `swizzleBytes` wide along the contiguous last
// dimension, each atom one box), and the launcher encodes a map whose box
// and swizzle mode fill exactly one atom per copy.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TENSORDESCRIPTOR_H
#define TILEC_TENSORDESCRIPTOR_H

#include <cstdint>
#include <string>
#include <vector>

namespace tilec {

/// The TMA plan of one descriptor parameter. Shapes are outermost first, as
/// in the source (`[BLOCK_M, BLOCK_K]`); the last dimension is contiguous.
struct TensorDescLayout {
  /// Signature name of the element type: "fp16", "bf16", "fp32", "i8", ...
  std::string elemType;
  unsigned elemBytes = 2;
  /// The block `desc.load` returns and `desc.store` takes.
  std::vector<int64_t> blockShape;
  /// The box one bulk tensor copy moves: the block, with the last dimension
  /// cut to one swizzle atom and the others to TMA's 256-element limit.
  std::vector<int64_t> boxShape;
  /// 0 (none), 32, 64 or 128: the CU_TENSOR_MAP_SWIZZLE_* mode, equal to the
  /// shared layout's swizzleBytes.
  unsigned swizzleBytes = 0;

  /// Copies per block: the product of blockShape[d] / boxShape[d].
  int64_t getNumBoxes() const {
    int64_t n = 1;
    for (size_t d = 0; d < blockShape.size(); ++d)
      n *= blockShape[d] / boxShape[d];
    return n;
  }
};

/// Plans a block of `blockShape` elements of `elemBytes` bytes. Returns false
/// with `why` set when TMA cannot move it: rank outside 1..5, a dimension that
/// is not a power of two, or a contiguous row under 16 bytes.
inline bool planTensorDescLayout(const std::vector<int64_t> &blockShape,
                                 unsigned elemBytes, TensorDescLayout &out,
                                 std::string &why) {
  if (blockShape.empty() || blockShape.size() > 5) {
    why = "a tensor descriptor's block must have rank 1 to 5";
    return false;
  }
  for (int64_t d : blockShape)
    if (d <= 0 || (d & (d - 1)) != 0) {
      why = "every dimension of a tensor descriptor's block must be a power "
            "of two";
      return false;
    }
  int64_t rowBytes = blockShape.back() * int64_t(elemBytes);
  if (rowBytes < 16) {
    why = "the contiguous dimension of a tensor descriptor's block must span "
          "at least 16 bytes";
    return false;
  }
  // The widest swizzle the row fills: the same choice tilegpu-accelerate-dot
  // makes for wgmma operands, so a loaded block feeds wgmma as it lands.
  out.swizzleBytes = rowBytes >= 128 ? 128 : rowBytes >= 64 ? 64
                                         : rowBytes >= 32   ? 32
                                                            : 0;
  out.elemBytes = elemBytes;
  out.blockShape = blockShape;
  out.boxShape = blockShape;
  if (out.swizzleBytes)
    out.boxShape.back() = out.swizzleBytes / elemBytes;
  else if (out.boxShape.back() > 256)
    out.boxShape.back() = 256;
  for (size_t d = 0; d + 1 < blockShape.size(); ++d)
    if (out.boxShape[d] > 256)
      out.boxShape[d] = 256;
  return true;
}

} // namespace tilec

#endif // TILEC_TENSORDESCRIPTOR_H
