//===- MmaV2FragmentsTest.cpp - mma.sync fragment slots ---------*- C++ -*-===//
//
// Checks the registers the lowering feeds to each slot of mma.sync m16n8k16
// (f16), m16n8k8 (tf32) and m16n8k32 (s8) against the PTX ISA's fragment
// tables ("Matrix Fragments for mma.m16n8k*"), for every lane: the element
// that the chosen register holds in lane l must be the one the table gives
// slot i of lane l. The tables are written out per type here, independently
// of the formula in MmaV2Fragments.cpp.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TileGPUToLLVM/MmaV2Fragments.h"
#include "TileGPU/IR/LinearLayoutConstructors.h"

#include "gtest/gtest.h"

#include <functional>

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;
using namespace tilec::tilegpu;

namespace {

using Coord = std::pair<int32_t, int32_t>;
/// The PTX table: (slot, lane) -> (row, col) within one instruction tile.
using Table = std::function<Coord(int32_t slot, int32_t lane)>;

Coord at(const LinearLayout &layout, int32_t reg, int32_t lane) {
  auto out = layout.apply({{kRegister, reg}, {kLane, lane}, {kWarp, 0}});
  return {out[0].second, out[1].second};
}

/// Every fragment of `layout` (warp 0's tiles) holds, in slot i of lane l,
/// the element `table(i, l)` of its tile; `tileRows` x `tileCols` is the
/// instruction tile of this operand.
void expectMatchesTable(const LinearLayout &layout, MmaOperand operand,
                        unsigned elemBits, int32_t tileRows, int32_t tileCols,
                        int32_t slots, const Table &table) {
  FailureOr<FragmentMap> map = mapMmaV2Fragments(layout, operand, elemBits);
  ASSERT_TRUE(succeeded(map));
  EXPECT_FALSE(map->empty());
  for (const auto &[key, frag] : *map) {
    ASSERT_EQ(int32_t(frag.size()), slots);
    for (int32_t i = 0; i < slots; ++i)
      for (int32_t l = 0; l < 32; ++l) {
        Coord want = table(i, l);
        want.first += key.first * tileRows;
        want.second += key.second * tileCols;
        EXPECT_EQ(at(layout, frag[i], l), want)
            << "tile (" << key.first << ", " << key.second << ") slot " << i
            << " lane " << l;
      }
  }
}

// g = groupID = lane >> 2, t = threadID_in_group = lane % 4.
Coord accumulator(int32_t i, int32_t l) {
  return {(l >> 2) + 8 * (i >= 2), (l % 4) * 2 + (i & 1)};
}

TEST(MmaV2Fragments, F16M16N8K16) {
  auto a = [](int32_t i, int32_t l) -> Coord {
    return {(l >> 2) + 8 * ((i / 2) % 2), (l % 4) * 2 + (i & 1) + 8 * (i >= 4)};
  };
  auto b = [](int32_t i, int32_t l) -> Coord {
    return {(l % 4) * 2 + (i & 1) + 8 * (i >= 2), l >> 2};
  };
  for (auto warps : {llvm::SmallVector<unsigned>{1, 1}, {2, 2}}) {
    expectMatchesTable(mmaV2DotOperandLayout({64, 32}, 0, 16, warps),
                       MmaOperand::A, 16, 16, 16, 8, a);
    expectMatchesTable(mmaV2DotOperandLayout({32, 64}, 1, 16, warps),
                       MmaOperand::B, 16, 16, 8, 4, b);
    expectMatchesTable(mmaV2Layout({64, 64}, warps), MmaOperand::C, 16, 16, 8,
                       4, accumulator);
  }
}

TEST(MmaV2Fragments, Tf32M16N8K8) {
  // a0 = (g, t), a1 = (g+8, t), a2 = (g, t+4), a3 = (g+8, t+4);
  // b0 = (t, g), b1 = (t+4, g).
  auto a = [](int32_t i, int32_t l) -> Coord {
    return {(l >> 2) + 8 * (i % 2), (l % 4) + 4 * (i / 2)};
  };
  auto b = [](int32_t i, int32_t l) -> Coord {
    return {(l % 4) + 4 * i, l >> 2};
  };
  for (auto warps : {llvm::SmallVector<unsigned>{1, 1}, {2, 2}}) {
    expectMatchesTable(mmaV2DotOperandLayout({64, 32}, 0, 32, warps),
                       MmaOperand::A, 32, 16, 8, 4, a);
    expectMatchesTable(mmaV2DotOperandLayout({32, 64}, 1, 32, warps),
                       MmaOperand::B, 32, 8, 8, 2, b);
    expectMatchesTable(mmaV2Layout({64, 64}, warps), MmaOperand::C, 32, 16, 8,
                       4, accumulator);
  }
}

TEST(MmaV2Fragments, S8M16N8K32) {
  // a_i: row g + 8 for 4 <= i < 8 and 12 <= i < 16, col 4t + (i & 3), + 16
  // for i >= 8; b_i: row 4t + (i & 3), + 16 for i >= 4, col g.
  auto a = [](int32_t i, int32_t l) -> Coord {
    return {(l >> 2) + 8 * ((i / 4) % 2),
            (l % 4) * 4 + (i & 3) + 16 * (i >= 8)};
  };
  auto b = [](int32_t i, int32_t l) -> Coord {
    return {(l % 4) * 4 + (i & 3) + 16 * (i >= 4), l >> 2};
  };
  for (auto warps : {llvm::SmallVector<unsigned>{1, 1}, {2, 2}}) {
    expectMatchesTable(mmaV2DotOperandLayout({64, 64}, 0, 8, warps),
                       MmaOperand::A, 8, 16, 32, 16, a);
    expectMatchesTable(mmaV2DotOperandLayout({64, 64}, 1, 8, warps),
                       MmaOperand::B, 8, 32, 8, 8, b);
    expectMatchesTable(mmaV2Layout({64, 64}, warps), MmaOperand::C, 8, 16, 8, 4,
                       accumulator);
  }
}

TEST(MmaV2Fragments, RefusesLayoutsThatAreNotFragments) {
  // A blocked layout puts two registers in one slot (or leaves slots
  // empty): the lowering must refuse it, not multiply the wrong elements.
  LinearLayout blocked =
      blockedLayout({64, 32}, {1, 4}, {4, 8}, {4, 1}, {1, 0});
  EXPECT_TRUE(failed(mapMmaV2Fragments(blocked, MmaOperand::A, 16)));
  // An f16 operand layout read as an s8 one does not form k32 fragments.
  EXPECT_TRUE(failed(mapMmaV2Fragments(
      mmaV2DotOperandLayout({64, 32}, 0, 16, {1, 1}), MmaOperand::A, 8)));
}

} // namespace
