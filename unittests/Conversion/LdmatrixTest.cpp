//===- LdmatrixTest.cpp - ldmatrix plans against the PTX ISA ----*- C++ -*-===//
//
// Replays ldmatrix.sync.aligned.m8n8.x4{.trans}.b16 as the PTX ISA defines
// it, independently of the plan's derivation: lanes 8i .. 8i+7 supply the
// addresses of rows 0-7 of matrix i; lane t receives, in 32-bit register i,
// elements (row t/4, columns 2(t%4) and 2(t%4)+1) of matrix i, with .trans
// (rows 2(t%4) and 2(t%4)+1, column t/4), the lower one in the low half.
// For every mma.sync operand that the lowering reads with ldmatrix, each
// register of each lane of each warp must receive the element its layout
// says it holds. The row addresses must be 16-byte aligned and, with the
// swizzle tilegpu-accelerate-dot picks, the 8 rows of each matrix must fall
// in 8 distinct 16-byte bank groups (no bank conflicts).
//
//===----------------------------------------------------------------------===//

#include "Conversion/TileGPUToLLVM/Ldmatrix.h"
#include "TileGPU/IR/LinearLayoutConstructors.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <set>

using namespace tilec;
using namespace tilec::gpu_to_llvm;
using namespace tilec::tilegpu;

namespace {

int32_t offsetAt(const LinearLayout &layout, int32_t reg, int32_t lane,
                 int32_t warp) {
  return layout.apply({{kRegister, reg}, {kLane, lane}, {kWarp, warp}})
      .front()
      .second;
}

struct Case {
  std::vector<int64_t> shape;
  unsigned opIdx;
  std::vector<unsigned> order;
  std::vector<unsigned> warps;
  bool trans;
};

/// tilegpu-accelerate-dot's choice: the widest swizzle the 16-bit row fills.
unsigned swizzleFor(const Case &c) {
  int64_t rowBytes = c.shape[c.order[0]] * 2;
  return rowBytes < 32 ? 0 : unsigned(std::min<int64_t>(128, rowBytes));
}

void expectLdmatrixReadsOperand(const Case &c) {
  SCOPED_TRACE("shape " + std::to_string(c.shape[0]) + "x" +
               std::to_string(c.shape[1]) + " opIdx " +
               std::to_string(c.opIdx) + " order[0] " +
               std::to_string(c.order[0]));
  LinearLayout dst = mmaV2DotOperandLayout(c.shape, c.opIdx, 16, c.warps);
  LinearLayout shared =
      sharedSwizzledLayout(c.shape, 16, swizzleFor(c), c.order);
  LinearLayout toOffset = shared.invertAndCompose(dst);
  std::optional<LdmatrixPlan> plan = getLdmatrixPlan(toOffset);
  ASSERT_TRUE(plan.has_value());
  EXPECT_EQ(plan->trans, c.trans);
  int32_t numRegs = toOffset.getInDimSize(kRegister);
  int32_t numWarps = toOffset.getInDimSize(kWarp);
  ASSERT_EQ(plan->rowAddress.getInDimSize(kRegister) * 8, numRegs);
  for (int32_t w = 0; w < numWarps; ++w)
    for (int32_t n = 0; n < numRegs / 8; ++n) {
      // Alignment and bank groups of each matrix's 8 rows.
      for (int32_t i = 0; i < 4; ++i) {
        std::set<int32_t> groups;
        for (int32_t r = 0; r < 8; ++r) {
          int32_t row = offsetAt(plan->rowAddress, n, 8 * i + r, w);
          EXPECT_EQ(row % 8, 0);
          groups.insert((row * 2 / 16) % 8);
        }
        EXPECT_EQ(groups.size(), 8u) << "bank conflict in matrix " << i;
      }
      for (int32_t t = 0; t < 32; ++t)
        for (int32_t i = 0; i < 4; ++i)
          for (int32_t j = 0; j < 2; ++j) {
            int32_t srcLane = c.trans ? 8 * i + 2 * (t % 4) + j : 8 * i + t / 4;
            int32_t col = c.trans ? t / 4 : 2 * (t % 4) + j;
            int32_t got = offsetAt(plan->rowAddress, n, srcLane, w) + col;
            EXPECT_EQ(got, offsetAt(toOffset, 8 * n + 2 * i + j, t, w))
                << "warp " << w << " instr " << n << " lane " << t << " reg "
                << i << " half " << j;
          }
    }
}

TEST(Ldmatrix, RowMajorA) {
  expectLdmatrixReadsOperand({{128, 32}, 0, {1, 0}, {2, 2}, false});
  expectLdmatrixReadsOperand({{64, 64}, 0, {1, 0}, {4, 1}, false});
  expectLdmatrixReadsOperand({{16, 16}, 0, {1, 0}, {1, 1}, false});
}

TEST(Ldmatrix, ColumnMajorATransposes) {
  expectLdmatrixReadsOperand({{128, 32}, 0, {0, 1}, {2, 2}, true});
  expectLdmatrixReadsOperand({{32, 16}, 0, {0, 1}, {1, 1}, true});
}

TEST(Ldmatrix, RowMajorBTransposes) {
  expectLdmatrixReadsOperand({{32, 128}, 1, {1, 0}, {2, 2}, true});
  expectLdmatrixReadsOperand({{64, 16}, 1, {1, 0}, {1, 1}, true});
  expectLdmatrixReadsOperand({{64, 256}, 1, {1, 0}, {2, 4}, true});
}

TEST(Ldmatrix, ColumnMajorB) {
  expectLdmatrixReadsOperand({{32, 128}, 1, {0, 1}, {2, 2}, false});
  expectLdmatrixReadsOperand({{16, 64}, 1, {0, 1}, {1, 4}, false});
}

TEST(Ldmatrix, NoPlanWithoutAFullFragment) {
  // 16x8 B: 4 registers per thread, half an x4.
  LinearLayout dst = mmaV2DotOperandLayout({16, 8}, 1, 16, {1, 1});
  LinearLayout shared = sharedSwizzledLayout({16, 8}, 16, 0, {1, 0});
  EXPECT_FALSE(getLdmatrixPlan(shared.invertAndCompose(dst)).has_value());
  // Registers in a blocked layout are not a fragment.
  LinearLayout blocked =
      blockedLayout({128, 32}, {1, 8}, {8, 4}, {4, 1}, {1, 0});
  LinearLayout sharedA = sharedSwizzledLayout({128, 32}, 16, 64, {1, 0});
  EXPECT_FALSE(getLdmatrixPlan(sharedA.invertAndCompose(blocked)).has_value());
}

} // namespace
