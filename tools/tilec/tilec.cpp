//===- tilec.cpp - The tilec compiler driver --------------------*- C++ -*-===//
//
// `tilec FILE.py -k KERNEL -s SIGNATURE --emit=LEVEL`: compiles one
// @triton.jit kernel of a Python file and prints (or writes with -o) what it
// becomes at the requested level. Like Toy's `toyc -emit=`, each level is
// the previous one plus a pipeline. Errors print as
// `file:line:col: error: ...` with the source line and a caret, and exit 1.
//
//===----------------------------------------------------------------------===//

#include "tilec/Frontend.h"
#include "tilec/Pipelines.h"
#include "tilec/Target.h"

#include "Frontend/ASTDump.h"
#include "Frontend/Parser.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/ToolUtilities.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

namespace cl = llvm::cl;

static cl::OptionCategory tilecCat("tilec options");

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<kernel file .py>"),
                                          cl::init("-"), cl::cat(tilecCat));
static cl::opt<std::string> outputFilename("o", cl::desc("Output file"),
                                           cl::value_desc("file"),
                                           cl::init("-"), cl::cat(tilecCat));
static cl::opt<std::string>
    kernelName("k", cl::desc("The @triton.jit function to compile (default: "
                             "the file's only one)"),
               cl::value_desc("name"), cl::cat(tilecCat));
static cl::alias kernelNameLong("kernel", cl::aliasopt(kernelName),
                                cl::desc("Alias for -k"));
static cl::opt<std::string> signature(
    "s",
    cl::desc("Launch signature in Triton's AOT form, e.g. "
             "\"*fp16:16, *fp16:16, i32, 1024\" (pointer element type, :16 "
             "divisible by 16, :1 equal to 1, a bare value for a constexpr)"),
    cl::value_desc("signature"), cl::cat(tilecCat));
static cl::alias signatureLong("signature", cl::aliasopt(signature),
                               cl::desc("Alias for -s"));
static cl::list<std::string>
    defines("D", cl::desc("Bind a constexpr parameter: -D NAME=VALUE"),
            cl::value_desc("NAME=VALUE"), cl::Prefix, cl::cat(tilecCat));
static cl::opt<int> numWarps("num-warps",
                             cl::desc("Warps per program (default 4)"),
                             cl::init(4), cl::cat(tilecCat));
static cl::opt<int>
    numStages("num-stages",
              cl::desc("Software-pipelining depth for loops (default 3)"),
              cl::init(3), cl::cat(tilecCat));

enum class EmitLevel { AST, TileRaw, Tile, TileGPU, LLVMDialect, LLVMIR, PTX,
                       Cubin };
static cl::opt<EmitLevel> emitLevel(
    "emit", cl::desc("What to produce"), cl::init(EmitLevel::Tile),
    cl::values(clEnumValN(EmitLevel::AST, "ast",
                          "the parsed AST of the file's kernels"),
               clEnumValN(EmitLevel::Tile, "tile",
                          "the tile dialect after its clean-up pipeline"),
               clEnumValN(EmitLevel::TileRaw, "tile-raw",
                          "the tile dialect as the frontend emits it"),
               clEnumValN(EmitLevel::TileGPU, "tilegpu",
                          "the tilegpu dialect: every tile with a layout"),
               clEnumValN(EmitLevel::LLVMDialect, "llvm-mlir",
                          "per-thread code in MLIR's llvm and nvvm dialects"),
               clEnumValN(EmitLevel::LLVMIR, "llvm",
                          "LLVM IR after NVPTX's optimization pipeline"),
               clEnumValN(EmitLevel::PTX, "ptx", "PTX assembly"),
               clEnumValN(EmitLevel::Cubin, "cubin",
                          "a cubin assembled by ptxas (binary; use -o)")),
    cl::cat(tilecCat));
static cl::opt<std::string>
    arch("arch",
         cl::desc("GPU architecture: sm_80, sm_86, sm_89, sm_90 or sm_90a "
                  "(default sm_90a)"),
         cl::init("sm_90a"), cl::cat(tilecCat));
static cl::opt<bool> printResources(
    "print-resources",
    cl::desc("Print registers, spills, stack, shared memory and threads of "
             "each kernel (from ptxas) to stderr"),
    cl::cat(tilecCat));
static cl::opt<bool> listKernelsFlag(
    "list-kernels", cl::desc("List the @jit functions of the file and exit"),
    cl::cat(tilecCat));
static cl::opt<bool> verifyDiagnostics(
    "verify-diagnostics",
    cl::desc("Check diagnostics against expected-* comments in the input "
             "(for tests)"),
    cl::cat(tilecCat));
static cl::opt<bool> splitInputFile(
    "split-input-file",
    cl::desc("Compile each '# -----'-separated chunk of the input alone "
             "(for tests)"),
    cl::cat(tilecCat));
static cl::opt<bool> dumpAfterEachPass(
    "dump-after-each-pass",
    cl::desc("Print the IR after every pass (like "
             "--mlir-print-ir-after-all)"),
    cl::cat(tilecCat));

/// Reports an llvm::Error through MLIR's diagnostics; returns failure.
static mlir::LogicalResult report(mlir::MLIRContext &ctx, llvm::Error e) {
  mlir::emitError(mlir::UnknownLoc::get(&ctx)) << llvm::toString(std::move(e));
  return mlir::failure();
}

/// The levels below MLIR: LLVM IR, PTX, cubin (tilec/Target.h).
static mlir::LogicalResult emitMachineCode(mlir::ModuleOp module,
                                           llvm::raw_ostream &os,
                                           mlir::MLIRContext &ctx) {
  tilec::TargetOptions target;
  target.arch = arch;
  llvm::LLVMContext llvmCtx;
  llvm::Expected<std::unique_ptr<llvm::Module>> llvmModule =
      tilec::translateToLLVMIR(module, llvmCtx);
  if (!llvmModule)
    return report(ctx, llvmModule.takeError());
  if (emitLevel == EmitLevel::LLVMIR) {
    if (llvm::Error e = tilec::optimizeLLVMIR(**llvmModule, target))
      return report(ctx, std::move(e));
    (*llvmModule)->print(os, nullptr);
    return mlir::success();
  }
  llvm::Expected<std::string> ptx = tilec::compileToPTX(**llvmModule, target);
  if (!ptx)
    return report(ctx, ptx.takeError());
  if (emitLevel == EmitLevel::PTX && !printResources) {
    os << *ptx;
    return mlir::success();
  }
  llvm::Expected<tilec::CubinResult> cubin =
      tilec::assembleCubin(*ptx, target);
  if (!cubin)
    return report(ctx, cubin.takeError());
  if (printResources) {
    unsigned threads = 32 * static_cast<unsigned>(numWarps);
    for (const tilec::KernelResources &k : cubin->kernels)
      llvm::errs() << fmt::format(
          "{}: {} registers, {} bytes spill stores, {} bytes spill loads, "
          "{} bytes stack, {} bytes shared memory, {} threads\n",
          k.name, k.registers, k.spillStores, k.spillLoads, k.stackFrame,
          k.sharedBytes, threads);
  }
  if (emitLevel == EmitLevel::PTX)
    os << *ptx;
  else
    os << cubin->cubin;
  return mlir::success();
}

/// Compiles one buffer (a whole file or one split chunk).
static mlir::LogicalResult processBuffer(std::unique_ptr<llvm::MemoryBuffer> buf,
                                         llvm::raw_ostream &os,
                                         mlir::MLIRContext &ctx) {
  llvm::SourceMgr sourceMgr;
  std::string filename = buf->getBufferIdentifier().str();
  llvm::StringRef source = buf->getBuffer();
  sourceMgr.AddNewSourceBuffer(std::move(buf), llvm::SMLoc());

  auto run = [&]() -> mlir::LogicalResult {
    if (listKernelsFlag) {
      std::vector<std::string> names = tilec::listKernels(ctx, source,
                                                          filename);
      for (const std::string &n : names)
        os << n << "\n";
      return mlir::success(!names.empty());
    }
    if (emitLevel == EmitLevel::AST) {
      tilec::frontend::CollectingDiagnosticSink sink;
      std::unique_ptr<tilec::frontend::Module> m =
          tilec::frontend::parseModule(source, filename, sink);
      for (auto &e : sink.entries)
        mlir::emitError(mlir::FileLineColLoc::get(&ctx, filename, e.loc.line,
                                                  e.loc.col))
            << e.message;
      if (!m)
        return mlir::failure();
      tilec::frontend::dumpAST(*m, os);
      return mlir::success();
    }
    tilec::FrontendOptions opts;
    opts.kernelName = kernelName;
    opts.signature = signature;
    opts.numWarps = numWarps;
    opts.numStages = numStages;
    for (const std::string &d : defines) {
      auto [name, value] = llvm::StringRef(d).split('=');
      opts.defines.emplace_back(name.trim().str(), value.trim().str());
    }
    mlir::OwningOpRef<mlir::ModuleOp> module =
        tilec::emitTileModule(ctx, source, filename, opts);
    if (!module)
      return mlir::failure();
    if (emitLevel != EmitLevel::TileRaw) {
      mlir::PassManager pm(&ctx);
      if (mlir::failed(mlir::applyPassManagerCLOptions(pm)))
        return mlir::failure();
      if (dumpAfterEachPass) {
        ctx.disableMultithreading();
        pm.enableIRPrinting(
            /*shouldPrintBeforePass=*/[](mlir::Pass *, mlir::Operation *) {
              return false;
            },
            /*shouldPrintAfterPass=*/[](mlir::Pass *, mlir::Operation *) {
              return true;
            },
            /*printModuleScope=*/true, /*printAfterOnlyOnChange=*/false,
            /*printAfterOnlyOnFailure=*/false, llvm::errs());
      }
      tilec::buildTileOptimizationPipeline(pm);
      if (emitLevel != EmitLevel::Tile)
        tilec::buildTileGPUPipeline(pm, numWarps);
      if (emitLevel != EmitLevel::Tile && emitLevel != EmitLevel::TileGPU)
        tilec::buildLLVMPipeline(pm);
      if (mlir::failed(pm.run(*module)))
        return mlir::failure();
    }
    if (emitLevel <= EmitLevel::LLVMDialect) {
      module->print(os);
      return mlir::success();
    }
    return emitMachineCode(*module, os, ctx);
  };

  if (verifyDiagnostics) {
    mlir::SourceMgrDiagnosticVerifierHandler handler(sourceMgr, &ctx);
    (void)run();
    return handler.verify();
  }
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &ctx);
  return run();
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  mlir::registerAsmPrinterCLOptions();
  mlir::registerMLIRContextCLOptions();
  mlir::registerPassManagerCLOptions();
  cl::HideUnrelatedOptions(tilecCat);
  cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "tilec " << TILEC_VERSION << "\n";
  });
  cl::ParseCommandLineOptions(
      argc, argv,
      "tilec: compile Triton-language kernels\n\n"
      "  tilec FILE.py -k KERNEL -s SIGNATURE [-D NAME=V] [--num-warps N]\n"
      "        --emit=tile [-o OUT]\n");

  for (const std::string &d : defines) {
    llvm::StringRef s(d);
    if (!s.contains('=') || s.split('=').first.trim().empty()) {
      llvm::errs() << fmt::format("tilec: error: -D expects NAME=VALUE, got "
                                  "'{}'\n",
                                  d);
      return 1;
    }
  }

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << fmt::format("tilec: error: {}\n", errorMessage);
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << fmt::format("tilec: error: {}\n", errorMessage);
    return 1;
  }

  if (llvm::Error e = tilec::validateTargetOptions(
          tilec::TargetOptions{arch, 3, "", ""})) {
    llvm::errs() << fmt::format("tilec: error: {}\n",
                                llvm::toString(std::move(e)));
    return 1;
  }

  mlir::DialectRegistry registry;
  tilec::registerFrontendDialects(registry);
  tilec::registerTargetDialectTranslations(registry);
  mlir::MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();

  mlir::LogicalResult result = mlir::success();
  if (splitInputFile) {
    result = mlir::splitAndProcessBuffer(
        std::move(input),
        [&](std::unique_ptr<llvm::MemoryBuffer> chunk, llvm::raw_ostream &os) {
          return processBuffer(std::move(chunk), os, ctx);
        },
        output->os(), "# -----", "// -----");
  } else {
    result = processBuffer(std::move(input), output->os(), ctx);
  }
  if (mlir::failed(result))
    return 1;
  output->keep();
  return 0;
}
