//===- MmaV2Fragments.cpp - mma.sync fragments from linear layouts --------===//
//
// The register of a fragment slot is read off the layout, not assumed: for
// every register, the element it holds in lane 0 of warp 0 names its
// instruction tile (coordinates divided by the tile) and its slot
// (coordinates within the tile). Lane 0 is groupID 0, threadID_in_group 0,
// so its offsets within a tile are exactly the per-slot offsets of the PTX
// ISA's tables ("Matrix Fragments for mma.m16n8k8 / k16 / k32"), with
// p = 32 / elemBits elements per 32-bit register and K = 8p:
//   A (16 x K): slot = ((k % K) / 4p * 2 + (row % 16) / 8) * p + k % p
//   B (K x 8):  slot = (k % K) / 4p * p + k % p
//   C (16 x 8): slot = (row % 16) / 8 * 2 + col % 2
// For f16 (p = 2) this is a0 = (g, 2t..2t+1), a1 = (g+8, ..), a2 = (g,
// 2t+8..), a3 = (g+8, 2t+8..) in 32-bit registers; for tf32 (p = 1) a0 =
// (g, t), a1 = (g+8, t), a2 = (g, t+4), a3 = (g+8, t+4), b0 = (t, g), b1 =
// (t+4, g); for s8 (p = 4) a0..a3 = (g, 4t..4t+3), a4..a7 = (g+8, ..),
// a8..a15 the same at k + 16, b0..b3 = (4t..4t+3, g), b4..b7 at k + 16.
//
//===----------------------------------------------------------------------===//

#include "MmaV2Fragments.h"

#include "Utility.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;

FailureOr<FragmentMap>
tilec::gpu_to_llvm::mapMmaV2Fragments(const tilegpu::LinearLayout &layout,
                                      MmaOperand operand, unsigned elemBits) {
  int32_t p = 32 / elemBits, kTile = 8 * p;
  unsigned slots = operand == MmaOperand::A   ? 4 * p
                   : operand == MmaOperand::B ? 2 * p
                                              : 4;
  // Tile key and slot of the element at lane 0's coordinates `c`.
  auto place = [&](ArrayRef<int32_t> c)
      -> std::pair<std::pair<int32_t, int32_t>, unsigned> {
    switch (operand) {
    case MmaOperand::A: {
      int32_t k = c[1] % kTile;
      unsigned slot = ((k / (4 * p)) * 2 + (c[0] % 16) / 8) * p + k % p;
      return {{c[0] / 16, c[1] / kTile}, slot};
    }
    case MmaOperand::B: {
      int32_t k = c[0] % kTile;
      unsigned slot = (k / (4 * p)) * p + k % p;
      return {{c[0] / kTile, c[1] / 8}, slot};
    }
    case MmaOperand::C:
      return {{c[0] / 16, c[1] / 8},
              unsigned(((c[0] % 16) / 8) * 2 + c[1] % 2)};
    }
    llvm_unreachable("unknown mma operand");
  };

  FragmentMap map;
  int32_t regs = layout.hasInDim(tilegpu::kRegister)
                     ? layout.getInDimSize(tilegpu::kRegister)
                     : 1;
  for (int32_t r = 0; r < regs; ++r) {
    SmallVector<int32_t> c = applyPositional(layout, tilegpu::kRegister, r);
    if (c.size() != 2)
      return failure();
    auto [key, slot] = place(c);
    SmallVector<int> &frag = map[key];
    if (frag.empty())
      frag.assign(slots, -1);
    if (slot >= slots || frag[slot] != -1)
      return failure();
    frag[slot] = r;
  }
  for (auto &[key, frag] : map)
    if (llvm::is_contained(frag, -1))
      return failure();
  return map;
}
