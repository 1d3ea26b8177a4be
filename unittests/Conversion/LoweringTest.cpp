//===- LoweringTest.cpp - The examples through to PTX and cubin --*- C++ -*-===//
//
// Runs the frontend, convert-tile-to-tilegpu and convert-tilegpu-to-llvm on
// the kernels of examples/, translates the result to LLVM IR, compiles it to
// PTX for sm_90a and assembles it with ptxas (skipped without ptxas).
//
//===----------------------------------------------------------------------===//

#include "Conversion/Passes.h"
#include "tilec/Frontend.h"
#include "tilec/Target.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

using namespace tilec;

namespace {

struct Case {
  const char *file, *kernel, *signature;
  /// PTX that must appear.
  std::vector<const char *> expected;
};

class LoweringTest : public ::testing::TestWithParam<Case> {};

TEST_P(LoweringTest, CompilesToCubin) {
  const Case &c = GetParam();
  std::string path = std::string(TILEC_EXAMPLES_DIR) + "/" + c.file;
  auto buffer = llvm::MemoryBuffer::getFile(path);
  ASSERT_TRUE(bool(buffer)) << "cannot read " << path;

  mlir::DialectRegistry registry;
  registerFrontendDialects(registry);
  registerTargetDialectTranslations(registry);
  mlir::MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();

  FrontendOptions options;
  options.kernelName = c.kernel;
  options.signature = c.signature;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      emitTileModule(ctx, (*buffer)->getBuffer(), path, options);
  ASSERT_TRUE(module) << "frontend failed";

  mlir::PassManager pm(&ctx);
  pm.addPass(createConvertTileToTileGPU());
  pm.addPass(createConvertTileGPUToLLVM());
  ASSERT_TRUE(mlir::succeeded(pm.run(*module))) << "lowering failed";

  llvm::LLVMContext llvmCtx;
  auto llvmModule = translateToLLVMIR(*module, llvmCtx);
  ASSERT_TRUE(bool(llvmModule)) << llvm::toString(llvmModule.takeError());

  TargetOptions target;
  target.arch = "sm_90a";
  auto ptx = compileToPTX(**llvmModule, target);
  ASSERT_TRUE(bool(ptx)) << llvm::toString(ptx.takeError());
  EXPECT_NE(ptx->find(std::string(".entry ") + c.kernel), std::string::npos)
      << *ptx;
  for (const char *s : c.expected)
    EXPECT_NE(ptx->find(s), std::string::npos) << "no '" << s << "' in\n"
                                               << *ptx;

  auto ptxas = findPtxas(target);
  if (!ptxas) {
    llvm::consumeError(ptxas.takeError());
    GTEST_SKIP() << "ptxas is absent";
  }
  auto cubin = assembleCubin(*ptx, target);
  ASSERT_TRUE(bool(cubin)) << llvm::toString(cubin.takeError());
  EXPECT_FALSE(cubin->cubin.empty());
}

INSTANTIATE_TEST_SUITE_P(
    Examples, LoweringTest,
    ::testing::Values(
        Case{"vector_add.py", "add_kernel",
             "*fp32:16, *fp32:16, *fp32:16, i32, 1024",
             {"ld.global", "st.global"}},
        Case{"softmax.py", "softmax_kernel",
             "*fp32:16, *fp32:16, i32:16, i32:16, i32, 1024",
             {"ld.global", "shfl.sync.bfly", "bar.sync", "ex2.approx"}},
        Case{"softmax.py", "softmax_online_kernel",
             "*fp32:16, *fp32:16, i32:16, i32:16, i32, 1024",
             {"ld.global", "shfl.sync.bfly"}},
        Case{"layernorm.py", "layernorm_fwd_kernel",
             "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, "
             "i32:16, i32, fp32, 512",
             {"ld.global", "shfl.sync.bfly", "sqrt"}}),
    [](const ::testing::TestParamInfo<Case> &info) {
      std::string name = info.param.kernel;
      return name;
    });

} // namespace
