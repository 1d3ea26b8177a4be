//===- LinearLayoutTest.cpp - Tests of linear layouts -----------*- C++ -*-===//
//
// Checks LinearLayout's algebra (apply, product, composition, inversion,
// conversion, reshapes) by brute force over every input, and the named
// layouts against definitions written here from first principles: Triton's
// blocked-layout semantics, the PTX ISA's mma.sync and wgmma fragment tables,
// and CUTLASS's Swizzle<B, M, S> on shared-memory byte addresses.
//
//===----------------------------------------------------------------------===//

#include "TileGPU/IR/LinearLayout.h"
#include "TileGPU/IR/LinearLayoutConstructors.h"

#include "gtest/gtest.h"

#include <functional>
#include <map>
#include <ostream>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace tilec::tilegpu;
using llvm::StringRef;

namespace tilec::tilegpu {
/// Lets GoogleTest print layouts in failure messages.
void PrintTo(const LinearLayout &layout, std::ostream *os) {
  *os << layout.toString();
}
} // namespace tilec::tilegpu

namespace {

using Input = std::vector<std::pair<StringRef, int32_t>>;
using Values = std::vector<int32_t>;

/// The output values of `layout` at `input`, in output-dimension order.
Values at(const LinearLayout &layout, const Input &input) {
  Values values;
  for (auto [name, value] : layout.apply(input))
    values.push_back(value);
  return values;
}

/// The output of a register layout at (register, lane, warp).
Values atRLW(const LinearLayout &layout, int32_t reg, int32_t lane,
             int32_t warp) {
  return at(layout, {{kRegister, reg}, {kLane, lane}, {kWarp, warp}});
}

/// Calls `fn` on every input of `layout`.
void forEachInput(const LinearLayout &layout,
                  const std::function<void(const Input &)> &fn) {
  auto dims = layout.getInDims();
  Input input;
  for (auto [name, size] : dims)
    input.push_back({name, 0});
  int64_t total = layout.getTotalInDimSize();
  for (int64_t flat = 0; flat < total; ++flat) {
    int64_t rest = flat;
    for (size_t i = 0; i < dims.size(); ++i) {
      input[i].second = int32_t(rest % dims[i].second);
      rest /= dims[i].second;
    }
    fn(input);
  }
}

/// The identity on the given dimensions, as a layout from them to themselves.
LinearLayout identityOn(const LinearLayout::Coords &dims) {
  LinearLayout id;
  for (auto [name, size] : dims)
    id *= LinearLayout::identity1D(size, name, name);
  return id;
}

/// A random layout with the given input and output bits per dimension, from
/// a fixed-seed generator.
LinearLayout randomLayout(std::mt19937 &rng,
                          const std::vector<std::pair<StringRef, int>> &ins,
                          const std::vector<std::pair<StringRef, int>> &outs) {
  std::vector<std::pair<StringRef, std::vector<std::vector<int32_t>>>> bases;
  for (auto [name, bits] : ins) {
    std::vector<std::vector<int32_t>> dimBases;
    for (int b = 0; b < bits; ++b) {
      std::vector<int32_t> basis;
      for (auto [outName, outBits] : outs)
        basis.push_back(int32_t(rng() & ((1u << outBits) - 1)));
      dimBases.push_back(basis);
    }
    bases.push_back({name, dimBases});
  }
  std::vector<std::pair<StringRef, int32_t>> outDims;
  for (auto [name, bits] : outs)
    outDims.push_back({name, int32_t(1) << bits});
  return LinearLayout(bases, outDims);
}

//===----------------------------------------------------------------------===//
// Construction and queries
//===----------------------------------------------------------------------===//

TEST(LinearLayout, Identity1D) {
  LinearLayout id = LinearLayout::identity1D(8, kRegister, "dim0");
  EXPECT_EQ(id.getInDimSize(kRegister), 8);
  EXPECT_EQ(id.getInDimSizeLog2(kRegister), 3);
  EXPECT_EQ(id.getOutDimSize("dim0"), 8);
  EXPECT_EQ(id.getTotalInDimSize(), 8);
  EXPECT_EQ(id.getTotalOutDimSize(), 8);
  for (int32_t r = 0; r < 8; ++r)
    EXPECT_EQ(at(id, {{kRegister, r}}), Values{r});
  EXPECT_TRUE(id.isSurjective());
  EXPECT_TRUE(id.isInjective());
  EXPECT_TRUE(id.isInvertible());
  EXPECT_EQ(id.getBasis(kRegister, 2, "dim0"), 4);
}

TEST(LinearLayout, Zeros1DBroadcasts) {
  LinearLayout zeros = LinearLayout::zeros1D(4, kLane, "dim0");
  for (int32_t l = 0; l < 4; ++l)
    EXPECT_EQ(at(zeros, {{kLane, l}}), Values{0});
  EXPECT_TRUE(zeros.isSurjective());
  EXPECT_FALSE(zeros.isInjective());
  EXPECT_EQ(zeros.getFreeVariableMasks()[0].second, 0b11);
  EXPECT_EQ(zeros.getRank(), 0);
}

TEST(LinearLayout, ApplyXorsBasesOfSetBits) {
  LinearLayout layout({{kRegister, {{1, 0}, {0, 1}}}, {kLane, {{1, 1}}}},
                      {{"dim0", 2}, {"dim1", 2}});
  EXPECT_EQ(at(layout, {{kRegister, 1}}), (Values{1, 0}));
  EXPECT_EQ(at(layout, {{kRegister, 2}}), (Values{0, 1}));
  EXPECT_EQ(at(layout, {{kRegister, 3}, {kLane, 1}}), (Values{0, 0}));
  EXPECT_EQ(at(layout, {{kLane, 1}}), (Values{1, 1}));
  auto result = layout.apply({{kRegister, 1}});
  EXPECT_EQ(result[0].first, "dim0");
  EXPECT_EQ(result[1].first, "dim1");
  // Lane bit 0 is the XOR of both register bits: free.
  auto masks = layout.getFreeVariableMasks();
  EXPECT_EQ(masks[0].second, 0);
  EXPECT_EQ(masks[1].second, 1);
}

TEST(LinearLayout, CreateReportsMalformedInput) {
  auto message = [](llvm::Expected<LinearLayout> layout) {
    if (layout)
      return std::string("ok");
    return llvm::toString(layout.takeError());
  };
  EXPECT_EQ(
      message(LinearLayout::create({{kRegister, {{1}, {2}}}}, {{"dim0", 4}})),
      "ok");
  EXPECT_EQ(message(LinearLayout::create({{kRegister, {{4}}}}, {{"dim0", 4}})),
            "basis 0 of input dimension 'register' has value 4 outside "
            "output dimension 'dim0' of size 4");
  EXPECT_EQ(message(LinearLayout::create({}, {{"dim0", 6}})),
            "output dimension 'dim0' must have a power-of-two size, got 6");
  EXPECT_EQ(message(LinearLayout::create({{kLane, {{1, 0}}}}, {{"dim0", 2}})),
            "basis 0 of input dimension 'lane' has 2 values for 1 output "
            "dimensions");
  EXPECT_EQ(message(LinearLayout::create({{kLane, {}}, {kLane, {}}}, {})),
            "input dimension 'lane' appears twice");
}

TEST(LinearLayout, FromBasesInfersOutputSizes) {
  LinearLayout layout = LinearLayout::fromBases({{kRegister, {{1, 0}, {4, 0}}}},
                                                {"dim0", "dim1"});
  EXPECT_EQ(layout.getOutDimSize("dim0"), 8);
  EXPECT_EQ(layout.getOutDimSize("dim1"), 1);
  EXPECT_FALSE(layout.isSurjective());
  EXPECT_TRUE(layout.isInjective());
}

TEST(LinearLayout, PrintsOnOneLine) {
  LinearLayout layout({{kRegister, {{0, 1}}}, {kLane, {{0, 2}, {1, 0}}}},
                      {{"dim0", 2}, {"dim1", 4}});
  EXPECT_EQ(
      layout.toString(),
      "{register: [[0, 1]], lane: [[0, 2], [1, 0]]} -> {dim0: 2, dim1: 4}");
  EXPECT_EQ(LinearLayout::empty().toString(), "{} -> {}");
}

TEST(LinearLayout, EqualityComparesDimsAndBases) {
  LinearLayout a = LinearLayout::identity1D(4, kRegister, "dim0");
  EXPECT_EQ(a, LinearLayout({{kRegister, {{1}, {2}}}}, {{"dim0", 4}}));
  EXPECT_NE(a, LinearLayout({{kRegister, {{2}, {1}}}}, {{"dim0", 4}}));
  EXPECT_NE(a, LinearLayout::identity1D(4, kLane, "dim0"));
  EXPECT_NE(a, LinearLayout({{kRegister, {{1}, {2}}}}, {{"dim0", 8}}));
}

TEST(LinearLayout, NamesOutliveTheLayout) {
  LinearLayout::Coords result;
  {
    std::string name = "someDim";
    result = LinearLayout::identity1D(2, name, name + "Out").apply({{name, 1}});
  }
  EXPECT_EQ(result[0].first, "someDimOut");
  EXPECT_EQ(result[0].second, 1);
}

//===----------------------------------------------------------------------===//
// Algebra
//===----------------------------------------------------------------------===//

TEST(LinearLayout, ProductConcatenatesSharedDims) {
  // Shared in and out dims: registers then more registers, values above.
  LinearLayout tiled = LinearLayout::identity1D(4, kRegister, "dim0") *
                       LinearLayout::identity1D(8, kLane, "dim0") *
                       LinearLayout::identity1D(2, kRegister, "dim0");
  EXPECT_EQ(tiled.getInDimNames(),
            (llvm::SmallVector<StringRef>{kRegister, kLane}));
  EXPECT_EQ(tiled.getInDimSize(kRegister), 8);
  EXPECT_EQ(tiled.getOutDimSize("dim0"), 64);
  for (int32_t r = 0; r < 8; ++r)
    for (int32_t l = 0; l < 8; ++l)
      EXPECT_EQ(at(tiled, {{kRegister, r}, {kLane, l}}),
                Values{(r / 4) * 32 + l * 4 + r % 4});

  // Disjoint out dims keep their values.
  LinearLayout grid = LinearLayout::identity1D(4, kLane, "dim1") *
                      LinearLayout::identity1D(2, kLane, "dim0");
  EXPECT_EQ(grid.getOutDimNames(),
            (llvm::SmallVector<StringRef>{"dim1", "dim0"}));
  EXPECT_EQ(at(grid, {{kLane, 5}}), (Values{1, 1}));
  EXPECT_EQ(LinearLayout::empty() * grid, grid);
  EXPECT_EQ(grid * LinearLayout::empty(), grid);
}

TEST(LinearLayout, ComposeAppliesOuterAfterInner) {
  // inner: register r -> dim0 = 2r (mod 8); outer: dim0 x -> dim1 = x ^ 1..
  LinearLayout inner({{kRegister, {{2}, {4}}}}, {{"dim0", 8}});
  LinearLayout outer({{"dim0", {{1}, {3}, {4}}}}, {{"dim1", 8}});
  LinearLayout composed = inner.compose(outer);
  EXPECT_EQ(composed.getOutDimNames(), (llvm::SmallVector<StringRef>{"dim1"}));
  for (int32_t r = 0; r < 4; ++r) {
    int32_t mid = at(inner, {{kRegister, r}})[0];
    EXPECT_EQ(at(composed, {{kRegister, r}}), at(outer, {{"dim0", mid}}));
  }
}

TEST(LinearLayout, RandomInvertibleRoundTrips) {
  std::mt19937 rng(20240601);
  int tested = 0;
  while (tested < 25) {
    LinearLayout a = randomLayout(rng, {{kRegister, 3}, {kLane, 4}, {kWarp, 2}},
                                  {{"dim0", 4}, {"dim1", 5}});
    if (!a.isInvertible())
      continue;
    ++tested;
    LinearLayout inv = a.invert();
    EXPECT_EQ(inv.getInDims(), a.getOutDims());
    EXPECT_EQ(inv.getOutDims(), a.getInDims());
    EXPECT_EQ(inv.compose(a), identityOn(a.getOutDims())) << a.toString();
    EXPECT_EQ(a.compose(inv), identityOn(a.getInDims())) << a.toString();
    EXPECT_EQ(inv.invert(), a);
    forEachInput(a, [&](const Input &x) {
      Values y = at(a, x);
      Values back = at(inv, {{"dim0", y[0]}, {"dim1", y[1]}});
      EXPECT_EQ(back, (Values{x[0].second, x[1].second, x[2].second}));
    });
  }
}

TEST(LinearLayout, RandomPseudoinverseGivesCanonicalPreimage) {
  std::mt19937 rng(7);
  for (int i = 0; i < 25; ++i) {
    // More input bits than output bits: never injective, usually surjective.
    LinearLayout a = randomLayout(rng, {{kRegister, 2}, {kLane, 3}, {kWarp, 2}},
                                  {{"dim0", 3}, {"dim1", 2}});
    LinearLayout pinv = a.pseudoinvert();
    auto masks = a.getFreeVariableMasks();
    std::set<Values> image;
    forEachInput(a, [&](const Input &x) { image.insert(at(a, x)); });
    EXPECT_EQ(int64_t(image.size()), int64_t(1) << a.getRank());
    for (const Values &y : image) {
      Values pre = at(pinv, {{"dim0", y[0]}, {"dim1", y[1]}});
      EXPECT_EQ(at(a, {{kRegister, pre[0]}, {kLane, pre[1]}, {kWarp, pre[2]}}),
                y);
      for (size_t d = 0; d < 3; ++d)
        EXPECT_EQ(pre[d] & masks[d].second, 0) << "free bit set in preimage";
    }
  }
}

TEST(LinearLayout, InvertAndComposeRandomLayouts) {
  std::mt19937 rng(99);
  for (int i = 0; i < 25; ++i) {
    LinearLayout a = randomLayout(rng, {{kRegister, 3}, {kLane, 3}, {kWarp, 1}},
                                  {{"dim0", 3}, {"dim1", 2}});
    LinearLayout b = randomLayout(rng, {{kRegister, 2}, {kLane, 3}, {kWarp, 2}},
                                  {{"dim0", 3}, {"dim1", 2}});
    if (!a.isSurjective())
      continue;
    LinearLayout c = a.invertAndCompose(b);
    EXPECT_EQ(c.getInDims(), b.getInDims());
    EXPECT_EQ(c.getOutDims(), a.getInDims());
    EXPECT_EQ(c.compose(a), b);
  }
}

TEST(LinearLayout, TransposeReordersDims) {
  LinearLayout layout({{kRegister, {{0, 1}, {2, 0}}}, {kLane, {{1, 0}}}},
                      {{"dim0", 4}, {"dim1", 2}});
  LinearLayout outs = layout.transposeOuts({"dim1", "dim0"});
  EXPECT_EQ(outs.getOutDimNames(),
            (llvm::SmallVector<StringRef>{"dim1", "dim0"}));
  EXPECT_EQ(at(outs, {{kRegister, 1}}), (Values{1, 0}));
  EXPECT_EQ(outs.transposeOuts({"dim0", "dim1"}), layout);
  LinearLayout ins = layout.transposeIns({kLane, kRegister});
  EXPECT_EQ(ins.getInDimNames(),
            (llvm::SmallVector<StringRef>{kLane, kRegister}));
  forEachInput(layout,
               [&](const Input &x) { EXPECT_EQ(at(ins, x), at(layout, x)); });
}

TEST(LinearLayout, ReshapeOutsIsRowMajor) {
  // Registers enumerate a [4, 8] tensor row-major.
  LinearLayout layout = identityND(kRegister, {4, 8}, {1, 0});
  LinearLayout flat = layout.reshapeOuts({{"dim0", 32}});
  EXPECT_EQ(flat, LinearLayout::identity1D(32, kRegister, "dim0"));
  LinearLayout back = flat.reshapeOuts({{"dim0", 4}, {"dim1", 8}});
  EXPECT_EQ(back, layout);
  // Column-major enumeration flattens to (r % 4) * 8 + r / 4.
  LinearLayout colMajor =
      identityND(kRegister, {4, 8}, {0, 1}).reshapeOuts({{"dim0", 32}});
  for (int32_t r = 0; r < 32; ++r)
    EXPECT_EQ(at(colMajor, {{kRegister, r}}), Values{(r % 4) * 8 + r / 4});
}

TEST(LinearLayout, ReshapeInsIsRowMajor) {
  LinearLayout layout = LinearLayout::identity1D(32, kLane, "dim0") *
                        LinearLayout::identity1D(4, kWarp, "dim0");
  // Thread id = lane + 32 * warp: warp is the slower dimension.
  LinearLayout threads =
      layout.transposeIns({kWarp, kLane}).reshapeIns({{"thread", 128}});
  EXPECT_EQ(threads, LinearLayout::identity1D(128, "thread", "dim0"));
  LinearLayout split = threads.reshapeIns({{kWarp, 4}, {kLane, 32}});
  EXPECT_EQ(split, layout.transposeIns({kWarp, kLane}));
}

TEST(LinearLayout, SublayoutRestrictsAndProjects) {
  LinearLayout layout =
      blockedLayout({64, 64}, {1, 4}, {2, 16}, {4, 1}, {1, 0});
  LinearLayout lanes = layout.sublayout({kLane}, {"dim1"});
  EXPECT_EQ(lanes.getInDimNames(), (llvm::SmallVector<StringRef>{kLane}));
  EXPECT_EQ(lanes.getOutDimNames(), (llvm::SmallVector<StringRef>{"dim1"}));
  EXPECT_EQ(lanes.getOutDimSize("dim1"), 64);
  for (int32_t l = 0; l < 32; ++l)
    EXPECT_EQ(at(lanes, {{kLane, l}}), Values{(l % 16) * 4});
  EXPECT_TRUE(layout.sublayoutIsZero({kWarp}, {"dim1"}));
  EXPECT_FALSE(layout.sublayoutIsZero({kWarp}, {"dim0"}));
  EXPECT_FALSE(layout.sublayoutIsZero({kWarp}, {}));
}

TEST(LinearLayout, DivideLeftFindsPerThreadRuns) {
  LinearLayout layout = blockedLayout({128}, {4}, {32}, {1}, {0});
  auto quotient = LinearLayout::divideLeft(
      layout, LinearLayout::identity1D(4, kRegister, "dim0"));
  ASSERT_TRUE(quotient.has_value());
  EXPECT_EQ(quotient->getInDimSize(kRegister), 1);
  EXPECT_EQ(quotient->getOutDimSize("dim0"), 32);
  for (int32_t l = 0; l < 32; ++l)
    EXPECT_EQ(at(*quotient, {{kLane, l}}), Values{l});
  EXPECT_FALSE(LinearLayout::divideLeft(
                   layout, LinearLayout::identity1D(8, kRegister, "dim0"))
                   .has_value());
  EXPECT_FALSE(LinearLayout::divideLeft(
                   layout, LinearLayout::identity1D(2, kLane, "dim0"))
                   .has_value());
}

//===----------------------------------------------------------------------===//
// Blocked and slice layouts
//===----------------------------------------------------------------------===//

TEST(BlockedLayout, OneDimensional) {
  LinearLayout layout = blockedLayout({128}, {4}, {32}, {1}, {0});
  EXPECT_EQ(layout.getInDims(),
            (LinearLayout::Coords{{kRegister, 4}, {kLane, 32}, {kWarp, 1}}));
  for (int32_t t = 0; t < 32; ++t)
    for (int32_t r = 0; r < 4; ++r)
      EXPECT_EQ(atRLW(layout, r, t, 0), Values{4 * t + r});
  EXPECT_TRUE(layout.isInvertible());

  // A shape twice the footprint repeats it over more registers.
  LinearLayout big = blockedLayout({512}, {4}, {32}, {2}, {0});
  EXPECT_EQ(big.getInDimSize(kRegister), 8);
  forEachInput(big, [&](const Input &x) {
    int32_t r = x[0].second, l = x[1].second, w = x[2].second;
    EXPECT_EQ(at(big, x), Values{(r / 4) * 256 + w * 128 + l * 4 + r % 4});
  });
}

TEST(BlockedLayout, TwoDimensionalRowMajor) {
  LinearLayout layout =
      blockedLayout({64, 64}, {1, 4}, {2, 16}, {4, 1}, {1, 0});
  EXPECT_EQ(layout.getOutDims(),
            (LinearLayout::Coords{{"dim0", 64}, {"dim1", 64}}));
  EXPECT_EQ(layout.getInDimSize(kRegister), 32);
  forEachInput(layout, [&](const Input &x) {
    int32_t r = x[0].second, l = x[1].second, w = x[2].second;
    Values expected = {(r / 4) * 8 + w * 2 + l / 16, (l % 16) * 4 + r % 4};
    EXPECT_EQ(at(layout, x), expected);
  });
  EXPECT_TRUE(layout.isInvertible());
}

TEST(BlockedLayout, TwoDimensionalColumnMajor) {
  LinearLayout layout =
      blockedLayout({64, 32}, {4, 1}, {16, 2}, {1, 4}, {0, 1});
  forEachInput(layout, [&](const Input &x) {
    int32_t r = x[0].second, l = x[1].second, w = x[2].second;
    Values expected = {(l % 16) * 4 + r % 4, (r / 4) * 8 + w * 2 + l / 16};
    EXPECT_EQ(at(layout, x), expected);
  });
  EXPECT_TRUE(layout.isInvertible());
}

TEST(BlockedLayout, SmallShapeBroadcasts) {
  // The footprint is [16, 32]; the shape's dim1 is only 8, so lanes wrap.
  LinearLayout layout = blockedLayout({16, 8}, {1, 4}, {4, 8}, {4, 1}, {1, 0});
  EXPECT_EQ(layout.getOutDims(),
            (LinearLayout::Coords{{"dim0", 16}, {"dim1", 8}}));
  forEachInput(layout, [&](const Input &x) {
    int32_t r = x[0].second, l = x[1].second, w = x[2].second;
    Values expected = {w * 4 + l / 8, ((l % 8) * 4 + r) % 8};
    EXPECT_EQ(at(layout, x), expected);
  });
  EXPECT_TRUE(layout.isSurjective());
  EXPECT_FALSE(layout.isInjective());
  auto masks = layout.getFreeVariableMasks();
  EXPECT_EQ(masks,
            (LinearLayout::Coords{{kRegister, 0}, {kLane, 0b110}, {kWarp, 0}}));

  // A 1-D shape smaller than one warp: lane 16 + i holds element i, and the
  // extra warps hold copies.
  LinearLayout tiny = blockedLayout({16}, {1}, {32}, {4}, {0});
  EXPECT_EQ(
      tiny.getFreeVariableMasks(),
      (LinearLayout::Coords{{kRegister, 0}, {kLane, 0b10000}, {kWarp, 0b11}}));
  for (int32_t l = 0; l < 32; ++l)
    EXPECT_EQ(atRLW(tiny, 0, l, 3), Values{l % 16});
  // Exactly one input per element has no free bit set.
  std::map<Values, int> owners;
  auto tinyMasks = tiny.getFreeVariableMasks();
  forEachInput(tiny, [&](const Input &x) {
    bool canonical = true;
    for (size_t d = 0; d < x.size(); ++d)
      canonical &= (x[d].second & tinyMasks[d].second) == 0;
    if (canonical)
      ++owners[at(tiny, x)];
  });
  EXPECT_EQ(owners.size(), 16u);
  for (auto &[element, count] : owners)
    EXPECT_EQ(count, 1);
}

TEST(BlockedLayout, NumConsecutiveInOut) {
  EXPECT_EQ(blockedLayout({128}, {4}, {32}, {1}, {0}).getNumConsecutiveInOut(),
            4);
  LinearLayout rowMajor =
      blockedLayout({64, 64}, {1, 4}, {2, 16}, {4, 1}, {1, 0});
  EXPECT_EQ(rowMajor.getNumConsecutiveInOut(), 4);
  EXPECT_EQ(rowMajor.getNumConsecutiveInOut(kRegister, "dim0"), 1);
  LinearLayout colMajor =
      blockedLayout({64, 32}, {4, 1}, {16, 2}, {1, 4}, {0, 1});
  EXPECT_EQ(colMajor.getNumConsecutiveInOut(), 1);
  EXPECT_EQ(colMajor.getNumConsecutiveInOut(kRegister, "dim0"), 4);
  // 8 per thread on a 4-element tensor: only 4 are distinct and consecutive.
  EXPECT_EQ(blockedLayout({4}, {8}, {32}, {1}, {0}).getNumConsecutiveInOut(),
            4);
  // Lanes are consecutive too, but they are not registers.
  EXPECT_EQ(blockedLayout({32}, {1}, {32}, {1}, {0}).getNumConsecutiveInOut(),
            1);
  EXPECT_EQ(blockedLayout({32}, {1}, {32}, {1}, {0})
                .getNumConsecutiveInOut(kLane, "dim0"),
            32);
}

TEST(SliceLayout, DropsADimension) {
  LinearLayout parent =
      blockedLayout({64, 64}, {1, 4}, {2, 16}, {4, 1}, {1, 0});
  // Slicing dim1 (a row reduction's result): 8 registers, lanes 0-15 copies.
  LinearLayout rows = sliceLayout(parent, 1);
  EXPECT_EQ(rows.getOutDims(), (LinearLayout::Coords{{"dim0", 64}}));
  EXPECT_EQ(rows.getInDimSize(kRegister), 8);
  forEachInput(rows, [&](const Input &x) {
    int32_t r = x[0].second, l = x[1].second, w = x[2].second;
    EXPECT_EQ(at(rows, x), Values{r * 8 + w * 2 + l / 16});
  });
  EXPECT_EQ(
      rows.getFreeVariableMasks(),
      (LinearLayout::Coords{{kRegister, 0}, {kLane, 0b1111}, {kWarp, 0}}));

  // Slicing dim0: each thread keeps its 4 columns; lane bit 4 and the warps
  // become copies.
  LinearLayout cols = sliceLayout(parent, 0);
  EXPECT_EQ(cols.getInDimSize(kRegister), 4);
  EXPECT_EQ(
      cols.getFreeVariableMasks(),
      (LinearLayout::Coords{{kRegister, 0}, {kLane, 0b10000}, {kWarp, 0b11}}));
  EXPECT_EQ(cols.getNumConsecutiveInOut(), 4);

  // Each thread holds in the slice exactly the rows it held in the parent.
  for (int32_t w = 0; w < 4; ++w) {
    for (int32_t l = 0; l < 32; ++l) {
      std::set<int32_t> parentRows, sliceRows;
      for (int32_t r = 0; r < 32; ++r)
        parentRows.insert(atRLW(parent, r, l, w)[0]);
      for (int32_t r = 0; r < 8; ++r)
        sliceRows.insert(atRLW(rows, r, l, w)[0]);
      EXPECT_EQ(parentRows, sliceRows);
    }
  }
}

//===----------------------------------------------------------------------===//
// Layout conversion
//===----------------------------------------------------------------------===//

/// Checks by brute force that `to.invertAndCompose(from)` sends every input
/// of `from` to an input of `to` that holds the same element.
void expectConversionHoldsElements(const LinearLayout &from,
                                   const LinearLayout &to) {
  LinearLayout conversion = to.invertAndCompose(from);
  forEachInput(from, [&](const Input &x) {
    Values dest = at(conversion, x);
    Input y;
    for (auto [i, name] : llvm::enumerate(to.getInDimNames()))
      y.push_back({name, dest[i]});
    ASSERT_EQ(at(to, y), at(from, x));
  });
}

TEST(ConvertLayout, BetweenBlockedLayouts) {
  LinearLayout rowMajor =
      blockedLayout({64, 64}, {1, 4}, {2, 16}, {4, 1}, {1, 0});
  LinearLayout colMajor =
      blockedLayout({64, 64}, {4, 1}, {16, 2}, {1, 4}, {0, 1});
  LinearLayout square = blockedLayout({64, 64}, {2, 2}, {4, 8}, {2, 2}, {1, 0});
  expectConversionHoldsElements(rowMajor, colMajor);
  expectConversionHoldsElements(colMajor, rowMajor);
  expectConversionHoldsElements(rowMajor, square);
  expectConversionHoldsElements(square, colMajor);
  // Both layouts are bijections: the conversion is one too.
  EXPECT_TRUE(colMajor.invertAndCompose(rowMajor).isInvertible());
}

TEST(ConvertLayout, WithBroadcast) {
  // `from` holds each element several times, `to` once, and back.
  LinearLayout small = blockedLayout({16, 8}, {1, 4}, {4, 8}, {4, 1}, {1, 0});
  LinearLayout other = blockedLayout({16, 8}, {2, 1}, {8, 4}, {1, 4}, {0, 1});
  expectConversionHoldsElements(small, other);
  expectConversionHoldsElements(other, small);
}

TEST(ConvertLayout, ToItselfIsTheIdentity) {
  for (const LinearLayout &layout :
       {blockedLayout({64, 64}, {1, 4}, {2, 16}, {4, 1}, {1, 0}),
        blockedLayout({16, 8}, {1, 4}, {4, 8}, {4, 1}, {1, 0}),
        blockedLayout({16}, {1}, {32}, {4}, {0}),
        mmaV2Layout({64, 64}, {2, 2})}) {
    EXPECT_EQ(layout.invertAndCompose(layout), identityOn(layout.getInDims()))
        << layout.toString();
  }
}

TEST(ConvertLayout, SharedBroadcastStaysInPlace) {
  // Both layouts hold each element in lanes l and l + 16 (lane bit 4 maps to
  // 0); `b` also in lanes l and l + 8. The conversion keeps lane bit 4 in
  // place, so no data crosses half-warps, and sends lane bit 3 of `b` to the
  // canonical preimage of 0, which is 0.
  LinearLayout a({{kRegister, {{0, 1}, {0, 2}, {4, 0}, {8, 0}}},
                  {kLane, {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {0, 0}}}},
                 {{"dim0", 16}, {"dim1", 16}});
  LinearLayout b({{kRegister, {{0, 1}, {1, 0}, {2, 0}, {4, 0}, {8, 0}}},
                  {kLane, {{0, 2}, {0, 4}, {0, 8}, {0, 0}, {0, 0}}}},
                 {{"dim0", 16}, {"dim1", 16}});
  LinearLayout c = a.invertAndCompose(b);
  EXPECT_EQ(c.getBasis(kLane, 4), (llvm::ArrayRef<int32_t>{0, 16}));
  EXPECT_EQ(c.getBasis(kLane, 3), (llvm::ArrayRef<int32_t>{0, 0}));
  expectConversionHoldsElements(b, a);
  expectConversionHoldsElements(a, b);
}

TEST(ConvertLayout, BlockedToMmaAndBack) {
  LinearLayout mma = mmaV2Layout({64, 64}, {2, 2});
  LinearLayout blocked =
      blockedLayout({64, 64}, {1, 4}, {2, 16}, {2, 2}, {1, 0});
  expectConversionHoldsElements(mma, blocked);
  expectConversionHoldsElements(blocked, mma);
}

TEST(ConvertLayout, RegistersToSwizzledShared) {
  // Store fp16 [64, 64] from a blocked layout, 8 halves per thread, into a
  // 128-byte-swizzled buffer: `register -> offset` vectorizes to 16 bytes.
  LinearLayout blocked =
      blockedLayout({64, 64}, {1, 8}, {4, 8}, {4, 1}, {1, 0});
  LinearLayout shared = sharedSwizzledLayout({64, 64}, 16, 128, {1, 0});
  LinearLayout store = shared.invertAndCompose(blocked);
  forEachInput(blocked, [&](const Input &x) {
    int32_t offset = at(store, x)[0];
    EXPECT_EQ(at(shared, {{kOffset, offset}}), at(blocked, x));
  });
  EXPECT_EQ(store.getNumConsecutiveInOut(kRegister, kOffset), 8);
}

//===----------------------------------------------------------------------===//
// mma.sync and wgmma fragments (PTX ISA, "Matrix Fragments for mma.m16n8k*"
// and "Register Fragments" of wgmma.mma_async.m64nNk*)
//===----------------------------------------------------------------------===//

TEST(MmaLayout, V2AccumulatorMatchesPtxTable) {
  // c_i of lane l: row = groupID + 8 * (i >= 2), col = tig * 2 + (i & 1).
  LinearLayout layout = mmaV2Layout({16, 8}, {1, 1});
  EXPECT_EQ(layout.getInDimSize(kRegister), 4);
  for (int32_t l = 0; l < 32; ++l) {
    int32_t groupID = l >> 2, tig = l % 4;
    for (int32_t i = 0; i < 4; ++i)
      EXPECT_EQ(atRLW(layout, i, l, 0),
                (Values{groupID + 8 * (i >= 2), tig * 2 + (i & 1)}))
          << "lane " << l << " c" << i;
  }
  EXPECT_TRUE(layout.isInvertible());
  EXPECT_EQ(layout.getNumConsecutiveInOut(), 2);
}

TEST(MmaLayout, V2AccumulatorTiledOverWarpsAndRegisters) {
  // [64, 64] with 2x2 warps: each warp owns a 16x8 tile at (16 wm, 8 wn),
  // warp id = wm + 2 wn; registers repeat that every 16 columns, then every
  // 32 rows.
  LinearLayout layout = mmaV2Layout({64, 64}, {2, 2});
  EXPECT_EQ(layout.getInDimSize(kRegister), 32);
  forEachInput(layout, [&](const Input &x) {
    int32_t i = x[0].second, l = x[1].second, w = x[2].second;
    int32_t wm = w % 2, wn = w / 2;
    int32_t row = ((i >> 4) & 1) * 32 + wm * 16 + ((i >> 1) & 1) * 8 + l / 4;
    int32_t col = ((i >> 2) & 3) * 16 + wn * 8 + (l % 4) * 2 + (i & 1);
    EXPECT_EQ(at(layout, x), (Values{row, col}));
  });
  EXPECT_TRUE(layout.isInvertible());
}

TEST(MmaLayout, V2OperandsMatchPtxTables) {
  // f16 A (m16n8k16): a_i: row = groupID + 8 * ((i / 2) % 2),
  // col = tig * 2 + (i & 1) + 8 * (i >= 4).
  LinearLayout a16 = mmaV2DotOperandLayout({16, 16}, 0, 16, {1, 1});
  // f16 B: b_i: row = tig * 2 + (i & 1) + 8 * (i >= 2), col = groupID.
  LinearLayout b16 = mmaV2DotOperandLayout({16, 8}, 1, 16, {1, 1});
  // tf32 A (m16n8k8): row = groupID + 8 * (i % 2), col = tig + 4 * (i / 2).
  LinearLayout a32 = mmaV2DotOperandLayout({16, 8}, 0, 32, {1, 1});
  // tf32 B: row = tig + 4 * i, col = groupID.
  LinearLayout b32 = mmaV2DotOperandLayout({8, 8}, 1, 32, {1, 1});
  // s8 A (m16n8k32): row = groupID + 8 * ((i / 4) % 2),
  // col = tig * 4 + (i & 3) + 16 * (i >= 8).
  LinearLayout a8 = mmaV2DotOperandLayout({16, 32}, 0, 8, {1, 1});
  // s8 B: row = tig * 4 + (i & 3) + 16 * (i >= 4), col = groupID.
  LinearLayout b8 = mmaV2DotOperandLayout({32, 8}, 1, 8, {1, 1});
  EXPECT_EQ(a16.getInDimSize(kRegister), 8);
  EXPECT_EQ(b16.getInDimSize(kRegister), 4);
  EXPECT_EQ(a32.getInDimSize(kRegister), 4);
  EXPECT_EQ(b32.getInDimSize(kRegister), 2);
  EXPECT_EQ(a8.getInDimSize(kRegister), 16);
  EXPECT_EQ(b8.getInDimSize(kRegister), 8);
  for (int32_t l = 0; l < 32; ++l) {
    int32_t g = l >> 2, t = l % 4;
    for (int32_t i = 0; i < 8; ++i)
      EXPECT_EQ(atRLW(a16, i, l, 0), (Values{g + 8 * ((i / 2) % 2),
                                             t * 2 + (i & 1) + 8 * (i >= 4)}));
    for (int32_t i = 0; i < 4; ++i)
      EXPECT_EQ(atRLW(b16, i, l, 0),
                (Values{t * 2 + (i & 1) + 8 * (i >= 2), g}));
    for (int32_t i = 0; i < 4; ++i)
      EXPECT_EQ(atRLW(a32, i, l, 0),
                (Values{g + 8 * (i % 2), t + 4 * (i / 2)}));
    for (int32_t i = 0; i < 2; ++i)
      EXPECT_EQ(atRLW(b32, i, l, 0), (Values{t + 4 * i, g}));
    for (int32_t i = 0; i < 16; ++i)
      EXPECT_EQ(atRLW(a8, i, l, 0), (Values{g + 8 * ((i / 4) % 2),
                                            t * 4 + (i & 3) + 16 * (i >= 8)}));
    for (int32_t i = 0; i < 8; ++i)
      EXPECT_EQ(atRLW(b8, i, l, 0),
                (Values{t * 4 + (i & 3) + 16 * (i >= 4), g}));
  }
  for (const LinearLayout *layout : {&a16, &b16, &a32, &b32, &a8, &b8})
    EXPECT_TRUE(layout->isInvertible());
  EXPECT_EQ(a16.getNumConsecutiveInOut(), 2);
  EXPECT_EQ(b16.getNumConsecutiveInOut(kRegister, "dim0"), 2);
}

TEST(MmaLayout, V2OperandsLineUpWithAccumulator) {
  // C[64, 64] = A[64, 32] * B[32, 64] on 2x2 warps: each warp holds the A
  // rows and B columns of the C elements it holds; warps along N share A.
  // The same for f16 (m16n8k16), tf32 (m16n8k8) and s8 (m16n8k32) operands.
  for (unsigned bits : {16u, 32u, 8u}) {
    LinearLayout c = mmaV2Layout({64, 64}, {2, 2});
    LinearLayout a = mmaV2DotOperandLayout({64, 32}, 0, bits, {2, 2});
    LinearLayout b = mmaV2DotOperandLayout({32, 64}, 1, bits, {2, 2});
    EXPECT_EQ(a.getFreeVariableMasks().back(),
              (std::pair<StringRef, int32_t>{kWarp, 0b10}));
    EXPECT_EQ(b.getFreeVariableMasks().back(),
              (std::pair<StringRef, int32_t>{kWarp, 0b01}));
    for (int32_t w = 0; w < 4; ++w) {
      std::set<int32_t> cRows, cCols, aRows, bCols;
      for (int32_t l = 0; l < 32; ++l) {
        for (int32_t i = 0; i < c.getInDimSize(kRegister); ++i) {
          Values v = atRLW(c, i, l, w);
          cRows.insert(v[0]);
          cCols.insert(v[1]);
        }
        for (int32_t i = 0; i < a.getInDimSize(kRegister); ++i)
          aRows.insert(atRLW(a, i, l, w)[0]);
        for (int32_t i = 0; i < b.getInDimSize(kRegister); ++i)
          bCols.insert(atRLW(b, i, l, w)[1]);
      }
      EXPECT_EQ(aRows, cRows) << "warp " << w << ", " << bits << "-bit";
      EXPECT_EQ(bCols, cCols) << "warp " << w << ", " << bits << "-bit";
    }
  }
}

TEST(MmaLayout, V3AccumulatorMatchesPtxTable) {
  // d_i of thread t = 32 w + l in the warpgroup: row = 16 w + groupID +
  // 8 * ((i / 2) % 2), col = 8 * (i / 4) + tig * 2 + (i & 1).
  for (int32_t n : {8, 64, 256}) {
    LinearLayout layout = mmaV3Layout({64, n}, n, {4, 1});
    EXPECT_EQ(layout.getInDimSize(kRegister), n / 2);
    forEachInput(layout, [&](const Input &x) {
      int32_t i = x[0].second, l = x[1].second, w = x[2].second;
      Values expected = {16 * w + (l >> 2) + 8 * ((i / 2) % 2),
                         8 * (i / 4) + (l % 4) * 2 + (i & 1)};
      EXPECT_EQ(at(layout, x), expected) << "n " << n;
    });
    EXPECT_TRUE(layout.isInvertible());
  }
}

TEST(MmaLayout, V3AccumulatorTiledOverWarpgroups) {
  // [128, 256] with warps [4, 2] and instrN 128: warpgroup 1 (warps 4-7)
  // owns columns 128-255; registers repeat along M every 64 rows.
  LinearLayout layout = mmaV3Layout({128, 256}, 128, {4, 2});
  EXPECT_EQ(layout.getInDimSize(kRegister), 128);
  forEachInput(layout, [&](const Input &x) {
    int32_t i = x[0].second, l = x[1].second, w = x[2].second;
    int32_t inTile = i % 64;
    Values expected = {
        64 * (i / 64) + 16 * (w % 4) + (l >> 2) + 8 * ((inTile / 2) % 2),
        128 * (w / 4) + 8 * (inTile / 4) + (l % 4) * 2 + (inTile & 1)};
    EXPECT_EQ(at(layout, x), expected);
  });
}

TEST(MmaLayout, V3RegisterOperandAMatchesPtxTable) {
  // wgmma m64nNk16 with A in registers, f16/bf16: a_i of thread 32 w + l of
  // the warpgroup: row = 16 w + groupID + 8 * ((i / 2) % 2), col = tig * 2
  // + (i & 1) + 8 * (i >= 4) (mma.sync's m16k16 A fragment, per warp). The
  // version 3 operand-0 layout is built by mmaV2DotOperandLayout; with 8
  // warps, warps 4-7 (the second warpgroup) take rows 64-127.
  LinearLayout a = mmaV2DotOperandLayout({128, 16}, 0, 16, {8, 1});
  EXPECT_EQ(a.getInDimSize(kRegister), 8);
  forEachInput(a, [&](const Input &x) {
    int32_t i = x[0].second, l = x[1].second, w = x[2].second;
    Values expected = {16 * w + (l >> 2) + 8 * ((i / 2) % 2),
                       (l % 4) * 2 + (i & 1) + 8 * (i >= 4)};
    EXPECT_EQ(at(a, x), expected);
  });
}

TEST(MmaLayout, V3AccumulatorIsNextDotsRegisterA) {
  // Attention's P.V: P is the accumulator of S = Q K^T (m64nN, f32), and
  // wgmma reads it as A of the next dot, K step s taking accumulator
  // registers 8 s .. 8 s + 7 as a_0 .. a_7 (a_{2j}, a_{2j+1} packed into
  // 32-bit register j) with no data moving between threads. Checked from
  // the two PTX tables directly, and as equal linear layouts (what
  // tilegpu-accelerate-dot tests, and what makes the convert_layout a
  // register renaming): for 4 and 8 warps along M, one and two 64-row
  // tiles per warpgroup, N (= the next dot's K) 16 to 256.
  for (auto [m, wm] : std::vector<std::pair<int64_t, unsigned>>{
           {64, 4}, {128, 4}, {128, 8}, {256, 8}}) {
    for (int32_t n : {16, 64, 128, 256}) {
      LinearLayout acc = mmaV3Layout({m, n}, n, {wm, 1});
      LinearLayout a = mmaV2DotOperandLayout({m, n}, 0, 16, {wm, 1});
      EXPECT_EQ(acc, a) << "m " << m << ", warps " << wm << ", n " << n;
      for (int32_t l = 0; l < 32; ++l) {
        for (int32_t w = 0; w < int32_t(wm); ++w) {
          int32_t row0 = 16 * (w % 4) + 64 * (w / 4) + (l >> 2);
          for (int32_t s = 0; s < n / 16; ++s) {
            for (int32_t i = 0; i < 8; ++i) {
              Values fromA = {row0 + 8 * ((i / 2) % 2),
                              16 * s + (l % 4) * 2 + (i & 1) + 8 * (i >= 4)};
              // d_r: row 16 w + groupID + 8 ((r / 2) % 2), column
              // 8 (r / 4) + 2 tig + (r & 1); r = 8 s + i.
              int32_t r = 8 * s + i;
              Values fromD = {row0 + 8 * ((r / 2) % 2),
                              8 * (r / 4) + (l % 4) * 2 + (r & 1)};
              EXPECT_EQ(fromA, fromD);
              EXPECT_EQ(atRLW(acc, r, l, w), fromD);
              EXPECT_EQ(atRLW(a, r, l, w), fromA);
            }
          }
        }
      }
    }
  }
  // Warps split along N hold different columns of the accumulator, while
  // each needs every column of A: no register renaming then.
  EXPECT_NE(mmaV3Layout({128, 128}, 64, {4, 2}),
            mmaV2DotOperandLayout({128, 128}, 0, 16, {4, 2}));
}

//===----------------------------------------------------------------------===//
// Swizzled shared memory
//===----------------------------------------------------------------------===//

/// CUTLASS's Swizzle<B, M, S>: bits [M+S, M+S+B) of an address are XORed
/// into bits [M, M+B).
int64_t cuteSwizzle(int64_t address, int b, int m, int s) {
  int64_t mask = ((int64_t(1) << b) - 1) << (m + s);
  return address ^ ((address & mask) >> s);
}

/// The physical byte address of element (row, col) of a [rows, cols] tensor
/// stored in `swizzleBytes`-wide atoms (contiguous along col) and swizzled
/// with Swizzle<log2(swizzleBytes/16), 4, 3> on bytes.
int64_t swizzledAddress(int64_t row, int64_t col, int64_t rows, int64_t cols,
                        int elemBytes, int swizzleBytes) {
  int64_t atomCols = std::min<int64_t>(cols, swizzleBytes / elemBytes);
  int64_t unswizzled = (col / atomCols) * rows * atomCols * elemBytes +
                       row * atomCols * elemBytes +
                       (col % atomCols) * elemBytes;
  int b = swizzleBytes == 128 ? 3 : swizzleBytes == 64 ? 2 : 1;
  return cuteSwizzle(unswizzled, b, 4, 3);
}

TEST(SharedLayout, Swizzle128ChunkXorRow) {
  // 128-byte rows of fp16: 16-byte chunk j of row r sits at chunk j ^ (r % 8).
  LinearLayout layout = sharedSwizzledLayout({64, 64}, 16, 128, {1, 0});
  EXPECT_TRUE(layout.isInvertible());
  for (int32_t row = 0; row < 64; ++row) {
    for (int32_t col = 0; col < 64; ++col) {
      int32_t chunk = col / 8;
      int32_t byte = row * 128 + ((chunk ^ (row % 8)) * 16) + (col % 8) * 2;
      EXPECT_EQ(at(layout, {{kOffset, byte / 2}}), (Values{row, col}));
    }
  }
}

TEST(SharedLayout, SwizzleMatchesCuteDefinition) {
  for (int swizzle : {32, 64, 128}) {
    for (int elemBits : {8, 16, 32, 64}) {
      int elemBytes = elemBits / 8;
      // One atom wide, then two and four atoms wide.
      for (int atoms : {1, 2, 4}) {
        int64_t rows = 32, cols = atoms * swizzle / elemBytes;
        LinearLayout layout =
            sharedSwizzledLayout({rows, cols}, elemBits, swizzle, {1, 0});
        ASSERT_TRUE(layout.isInvertible());
        for (int64_t r = 0; r < rows; ++r)
          for (int64_t c = 0; c < cols; ++c) {
            int64_t byte =
                swizzledAddress(r, c, rows, cols, elemBytes, swizzle);
            ASSERT_EQ(at(layout, {{kOffset, int32_t(byte / elemBytes)}}),
                      (Values{int32_t(r), int32_t(c)}))
                << "swizzle " << swizzle << " elemBits " << elemBits
                << " atoms " << atoms;
          }
      }
    }
  }
}

TEST(SharedLayout, ContiguousDimZeroTransposes) {
  // order [0, 1]: dim0 is contiguous, so dim1 indexes the rows.
  LinearLayout layout = sharedSwizzledLayout({64, 32}, 16, 128, {0, 1});
  for (int32_t d0 = 0; d0 < 64; ++d0)
    for (int32_t d1 = 0; d1 < 32; ++d1) {
      int64_t byte = swizzledAddress(d1, d0, 32, 64, 2, 128);
      EXPECT_EQ(at(layout, {{kOffset, int32_t(byte / 2)}}), (Values{d0, d1}));
    }
}

TEST(SharedLayout, UnswizzledIsRowMajor) {
  LinearLayout layout = sharedSwizzledLayout({8, 16}, 32, 0, {1, 0});
  EXPECT_EQ(layout, identityND(kOffset, {8, 16}, {1, 0}));
  for (int32_t o = 0; o < 128; ++o)
    EXPECT_EQ(at(layout, {{kOffset, o}}), (Values{o / 16, o % 16}));
}

TEST(SharedLayout, ChunksStayContiguous) {
  // Every 16-byte chunk of a row is stored whole: 16-byte vector accesses.
  for (int swizzle : {0, 32, 64, 128}) {
    for (int elemBits : {8, 16, 32}) {
      int64_t cols = 128 * 8 / elemBits;
      LinearLayout layout =
          sharedSwizzledLayout({32, cols}, elemBits, swizzle, {1, 0});
      int32_t chunkElems = 128 / elemBits;
      // Row 0 is never permuted: its first atom is stored in order.
      EXPECT_EQ(layout.getNumConsecutiveInOut(kOffset, "dim1"),
                swizzle == 0 ? cols : swizzle * 8 / elemBits);
      LinearLayout inverse = layout.invert();
      for (int32_t r = 0; r < 32; ++r)
        for (int32_t c = 0; c < cols; c += chunkElems) {
          int32_t first = at(inverse, {{"dim0", r}, {"dim1", c}})[0];
          EXPECT_EQ(first % chunkElems, 0);
          for (int32_t e = 1; e < chunkElems; ++e)
            EXPECT_EQ(at(inverse, {{"dim0", r}, {"dim1", c + e}})[0],
                      first + e);
        }
    }
  }
}

TEST(SharedLayout, LdmatrixBlocksAreBankConflictFree) {
  // ldmatrix reads an 8 x 16-byte block: 8 consecutive rows, one 16-byte
  // chunk each. With a swizzle as wide as the rows, the 8 chunks land in 8
  // distinct 16-byte bank groups ((address / 16) % 8) of the 128-byte bank
  // line; unswizzled 128-byte rows put all 8 in the same group.
  for (int swizzle : {0, 32, 64, 128}) {
    for (int elemBits : {8, 16, 32}) {
      int rowBytes = swizzle == 0 ? 128 : swizzle;
      int elemBytes = elemBits / 8;
      int64_t rows = 64, cols = rowBytes / elemBytes;
      LinearLayout inverse =
          sharedSwizzledLayout({rows, cols}, elemBits, swizzle, {1, 0})
              .invert();
      int32_t chunkElems = 16 / elemBytes;
      for (int32_t r0 = 0; r0 < rows; r0 += 8) {
        for (int32_t c = 0; c < cols; c += chunkElems) {
          std::set<int32_t> groups;
          for (int32_t i = 0; i < 8; ++i) {
            int32_t offset = at(inverse, {{"dim0", r0 + i}, {"dim1", c}})[0];
            groups.insert((offset * elemBytes / 16) % 8);
          }
          EXPECT_EQ(groups.size(), swizzle == 0 ? 1u : 8u)
              << "swizzle " << swizzle << " elemBits " << elemBits << " rows "
              << r0 << " col " << c;
        }
      }
    }
  }
}

} // namespace
