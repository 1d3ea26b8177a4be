//===- tilec.cpp - The tilec compiler driver --------------------*- C++ -*-===//
//
// `tilec FILE.py -k KERNEL -s SIGNATURE --emit=LEVEL`: compiles one
// @triton.jit kernel of a Python file and prints (or writes with -o) what it
// becomes at the requested level. Like Toy's `toyc -emit=`, each level is
// the previous one plus a pipeline. Errors print as
// `file:line:col: error: ...` with the source line and a caret, and exit 1.
//
// The compile itself lives in the TilecCompiler library (tilec/Compiler.h),
// which the JIT uses too. `--emit=ptx|cubin|c-launcher` go through the disk
// kernel cache (tilec/KernelCache.h) unless `--no-cache` is given;
// `TILEC_CACHE_STATS=1` prints its hits and misses to stderr. Flags that
// watch the compile happen (--dump-after-each-pass, --verify-diagnostics,
// --split-input-file, --print-pipeline-remarks) compile in this process's
// context, uncached.
//
//===----------------------------------------------------------------------===//

#include "tilec/Compiler.h"
#include "tilec/Frontend.h"
#include "tilec/KernelCache.h"
#include "tilec/Limits.h"
#include "tilec/Target.h"

#include "Compiler/SourceDiagnostics.h"
#include "Frontend/ASTDump.h"
#include "Frontend/Parser.h"
#include "OutputFile.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/ToolUtilities.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <cstdlib>

namespace cl = llvm::cl;

static cl::OptionCategory tilecCat("tilec options");

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<kernel file .py>"),
                                          cl::init("-"), cl::cat(tilecCat));
static cl::opt<std::string> outputFilename("o", cl::desc("Output file"),
                                           cl::value_desc("file"),
                                           cl::init("-"), cl::cat(tilecCat));
static cl::opt<std::string>
    kernelName("k",
               cl::desc("The @triton.jit function to compile (default: "
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
static cl::list<std::string> includeDirs(
    "I",
    cl::desc("Search DIR for the modules the kernel file imports (after "
             "the file's own package, before PYTHONPATH)"),
    cl::value_desc("DIR"), cl::Prefix, cl::cat(tilecCat));
static cl::opt<int> numWarps("num-warps",
                             cl::desc("Warps per program (default 4)"),
                             cl::init(4), cl::cat(tilecCat));
static cl::opt<bool> fpFusion(
    "fp-fusion",
    cl::desc("Let a multiply and an add fuse into one fma (default true, as "
             "Triton's enable_fp_fusion); --fp-fusion=false keeps separate "
             "IEEE roundings"),
    cl::init(true), cl::cat(tilecCat));
static cl::opt<int>
    numStages("num-stages",
              cl::desc("Software-pipelining depth for loops (default 3)"),
              cl::init(3), cl::cat(tilecCat));

/// tilec::EmitLevel plus the levels that are not a compile stage.
enum class EmitLevel {
  AST,
  TileRaw,
  Tile,
  TileGPU,
  LLVMDialect,
  LLVMIR,
  PTX,
  Cubin,
  CLauncher
};
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
                          "a cubin assembled by ptxas (binary; use -o)"),
               clEnumValN(EmitLevel::CLauncher, "c-launcher",
                          "NAME.h and NAME.c (-o NAME) embedding the cubin, "
                          "with load_NAME, unload_NAME and NAME to launch "
                          "it through the CUDA driver API")),
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
static cl::opt<bool> printPipelineRemarks(
    "print-pipeline-remarks",
    cl::desc("Print a remark for every loop with a dot (or tl.range's "
             "num_stages): how tilegpu-pipeline pipelined it, or why not, "
             "and why each load left in it is not prefetched; and for every "
             "loop marked warp_specialize, whether it was split"),
    cl::cat(tilecCat));
static cl::opt<bool>
    listKernelsFlag("list-kernels",
                    cl::desc("List the @jit functions of the file and exit"),
                    cl::cat(tilecCat));
static cl::opt<bool> listBuiltins(
    "list-builtins",
    cl::desc("Print the table of builtins (name, reach, status, group, "
             "signature, minimum compute capability, reason; tab-separated) "
             "and exit"),
    cl::Hidden, cl::cat(tilecCat));
static cl::opt<bool> listConfigs(
    "list-configs",
    cl::desc("Print the key and the configs of the kernel's "
             "@triton.autotune decorator, one per line as 'N: ...', and exit"),
    cl::cat(tilecCat));
static cl::list<std::string> pruneFor(
    "prune-for",
    cl::desc("With --list-configs: run the decorator's prune_configs_by as "
             "the C++ autotuner does for a launch whose arguments (the key) "
             "are NAME=VALUE (spelled as -D takes them), and list the "
             "configs it would time, in order"),
    cl::value_desc("NAME=VALUE"), cl::CommaSeparated, cl::cat(tilecCat));
static cl::opt<int> configIndex(
    "config",
    cl::desc("Compile with config N of the kernel's @triton.autotune "
             "decorator: its constexprs, num_warps and num_stages (the "
             "signature then leaves those constexprs out)"),
    cl::value_desc("N"), cl::init(-1), cl::cat(tilecCat));
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
static cl::opt<bool> noCache(
    "no-cache",
    cl::desc("Compile even when the kernel cache ($TILEC_CACHE_DIR, else "
             "~/.cache/tilec) holds the result, and store nothing"),
    cl::cat(tilecCat));
static cl::opt<bool>
    dumpAfterEachPass("dump-after-each-pass",
                      cl::desc("Print the IR after every pass (like "
                               "--mlir-print-ir-after-all)"),
                      cl::cat(tilecCat));

/// Reports an llvm::Error through MLIR's diagnostics; returns failure.
static mlir::LogicalResult report(mlir::MLIRContext &ctx, llvm::Error e) {
  // An empty message: already reported at its source line.
  std::string message = llvm::toString(std::move(e));
  if (!message.empty())
    mlir::emitError(mlir::UnknownLoc::get(&ctx)) << message;
  return mlir::failure();
}

/// The compile options the flags describe.
static tilec::CompileOptions getCompileOptions() {
  tilec::CompileOptions opts;
  opts.kernelName = kernelName;
  opts.signature = signature;
  opts.numWarps = numWarps;
  opts.numStages = numStages;
  opts.arch = arch;
  opts.fpFusion = fpFusion;
  opts.pipelineRemarks = printPipelineRemarks;
  opts.includeDirs.assign(includeDirs.begin(), includeDirs.end());
  // Triton's debug switch: TRITON_DEBUG set to 1, true, yes, on or y.
  if (const char *env = std::getenv("TRITON_DEBUG")) {
    std::string v = llvm::StringRef(env).trim().lower();
    opts.debug = v == "1" || v == "true" || v == "yes" || v == "on" || v == "y";
  }
  for (const std::string &d : defines) {
    auto [name, value] = llvm::StringRef(d).split('=');
    opts.defines.emplace_back(name.trim().str(), value.trim().str());
  }
  bool needCubin = emitLevel >= EmitLevel::Cubin || printResources;
  opts.assemble = needCubin ? tilec::CompileOptions::Assemble::Always
                            : tilec::CompileOptions::Assemble::Never;
  return opts;
}

/// What the frontend needs to read a decorator: the target and -I.
static tilec::FrontendOptions autotuneFrontendOptions() {
  tilec::FrontendOptions fe;
  fe.arch = arch;
  fe.includeDirs.assign(includeDirs.begin(), includeDirs.end());
  return fe;
}

/// The kernel's autotune spec, or failure after reporting why there is
/// none (an error in the decorator, or no decorator).
static mlir::FailureOr<tilec::AutotuneSpec>
getAutotuneSpec(mlir::MLIRContext &ctx, llvm::StringRef source,
                llvm::StringRef filename) {
  mlir::FailureOr<std::optional<tilec::AutotuneSpec>> spec =
      tilec::readAutotuneSpec(ctx, source, filename, kernelName,
                              autotuneFrontendOptions());
  if (mlir::failed(spec))
    return mlir::failure();
  if (!*spec) {
    mlir::emitError(mlir::FileLineColLoc::get(&ctx, filename, 0, 0))
        << (kernelName.empty() ? std::string("the kernel")
                               : "kernel '" + kernelName + "'")
        << " has no @triton.autotune decorator";
    return mlir::failure();
  }
  return std::move(**spec);
}

/// --list-configs: "# key: M, N, K", then "N: BLOCK_M=64, ..." per config.
static mlir::LogicalResult printConfigs(mlir::MLIRContext &ctx,
                                        llvm::StringRef source,
                                        llvm::StringRef filename,
                                        llvm::raw_ostream &os) {
  mlir::FailureOr<tilec::AutotuneSpec> spec =
      getAutotuneSpec(ctx, source, filename);
  if (mlir::failed(spec))
    return mlir::failure();
  os << "# key: " << llvm::join(spec->key, ", ") << "\n";
  if (pruneFor.empty()) {
    for (auto [i, config] : llvm::enumerate(spec->configs))
      os << fmt::format("{}: {}\n", i, config.describe());
    return mlir::success();
  }
  auto fail = [&](const llvm::Twine &message) {
    mlir::emitError(mlir::FileLineColLoc::get(&ctx, filename, 0, 0))
        << message.str();
    return mlir::failure();
  };
  std::vector<std::pair<std::string, std::string>> args;
  for (const std::string &arg : pruneFor) {
    auto [name, text] = llvm::StringRef(arg).split('=');
    if (name.empty() || !llvm::StringRef(arg).contains('='))
      return fail("--prune-for=" + arg + ": expected NAME=VALUE");
    args.push_back({name.str(), text.str()});
  }
  if (!spec->prune)
    return fail("--prune-for: the kernel's @triton.autotune has no "
                "prune_configs_by");
  tilec::AutotuneSpec::PruneResult r = spec->prune(args);
  if (!r.error.empty())
    return fail("prune_configs_by: " + r.error);
  if (!r.notPruned.empty())
    os << "# not pruned: " << r.notPruned << "\n";
  for (size_t i : r.indices)
    os << fmt::format("{}: {}\n", i, spec->configs[i].describe());
  return mlir::success();
}

/// --config=N: binds config N's constexprs and sets its num_warps and
/// num_stages. Giving any of them on the command line as well is an error
/// rather than a silent override.
static mlir::LogicalResult applyConfig(mlir::MLIRContext &ctx,
                                       llvm::StringRef source,
                                       llvm::StringRef filename,
                                       tilec::CompileOptions &opts) {
  mlir::FailureOr<tilec::AutotuneSpec> spec =
      getAutotuneSpec(ctx, source, filename);
  if (mlir::failed(spec))
    return mlir::failure();
  mlir::Location file = mlir::FileLineColLoc::get(&ctx, filename, 0, 0);
  int index = configIndex;
  size_t n = spec->configs.size();
  if (static_cast<size_t>(index) >= n)
    return mlir::emitError(file)
           << "--config=" << index << ": the autotune decorator has " << n
           << " configs (0 to " << n - 1 << ")";
  const tilec::AutotuneConfig &config = spec->configs[index];
  if (numWarps.getNumOccurrences())
    return mlir::emitError(file)
           << "--num-warps cannot be combined with "
              "--config (config "
           << index << " sets num_warps=" << config.numWarps << ")";
  if (numStages.getNumOccurrences())
    return mlir::emitError(file)
           << "--num-stages cannot be combined with "
              "--config (config "
           << index << " sets num_stages=" << config.numStages << ")";
  for (const auto &[name, value] : config.constexprs) {
    for (const auto &[defined, _] : opts.defines)
      if (defined == name)
        return mlir::emitError(file)
               << "-D " << name << " conflicts with --config=" << index
               << ", which binds " << name << "=" << value;
    opts.defines.emplace_back(name, value);
  }
  opts.numWarps = config.numWarps;
  opts.numStages = config.numStages;
  return mlir::success();
}

static void printKernelResources(const tilec::KernelMetadata &md) {
  std::string tuned =
      md.minCtasPerSM
          ? fmt::format(", tuned for {} CTAs per SM", md.minCtasPerSM)
          : std::string();
  std::string dynamic = md.dynamicSharedBytes
                            ? fmt::format(", {} bytes dynamic shared memory",
                                          md.dynamicSharedBytes)
                            : std::string();
  llvm::errs() << fmt::format(
      "{}: {} registers, {} bytes spill stores, {} bytes spill loads, "
      "{} bytes stack, {} bytes shared memory{}, {} threads{}\n",
      md.name, md.registers, md.spillStores, md.spillLoads, md.stackBytes,
      md.sharedBytes, dynamic, md.threadsPerBlock, tuned);
}

/// `-o NAME` for --emit=c-launcher: writes NAME.h and NAME.c; neither
/// replaces an existing file before both are written in full.
static mlir::LogicalResult writeCLauncher(const tilec::CompiledKernel &k) {
  std::string base = outputFilename;
  llvm::StringRef name = llvm::sys::path::filename(base);
  std::string header, source;
  llvm::raw_string_ostream hos(header), cos(source);
  if (llvm::Error e = tilec::emitCLauncher(k, name, hos, cos)) {
    llvm::errs() << fmt::format("tilec: error: {}\n",
                                llvm::toString(std::move(e)));
    return mlir::failure();
  }
  std::string errorMessage;
  auto fail = [&] {
    llvm::errs() << fmt::format("tilec: error: {}\n", errorMessage);
    return mlir::failure();
  };
  std::unique_ptr<tilec::OutputFile> h =
      tilec::OutputFile::open(base + ".h", errorMessage);
  if (!h)
    return fail();
  std::unique_ptr<tilec::OutputFile> c =
      tilec::OutputFile::open(base + ".c", errorMessage);
  if (!c)
    return fail();
  h->os() << header;
  c->os() << source;
  if (!h->finish(errorMessage) || !c->finish(errorMessage) ||
      !h->keep(errorMessage) || !c->keep(errorMessage))
    return fail();
  return mlir::success();
}

/// --emit=ptx|cubin|c-launcher: through the kernel cache, with the same
/// compileKernel the JIT calls.
static mlir::LogicalResult
compileThroughCache(llvm::StringRef source, llvm::StringRef filename,
                    const tilec::CompileOptions &opts, llvm::raw_ostream &os) {
  llvm::Expected<std::shared_ptr<const tilec::CompiledKernel>> kernel = nullptr;
  if (noCache) {
    llvm::Expected<tilec::CompiledKernel> k =
        tilec::compileKernel(source, filename, opts);
    if (k)
      kernel = std::make_shared<const tilec::CompiledKernel>(std::move(*k));
    else
      kernel = k.takeError();
  } else {
    // Disk only: one process compiles one kernel, so memory adds nothing.
    tilec::KernelCache::Config config;
    config.useMemory = false;
    tilec::KernelCache cache(config);
    kernel = cache.getOrCompile(source, filename, opts);
    tilec::printCacheStatsIfRequested(cache);
  }
  if (!kernel) {
    llvm::handleAllErrors(
        kernel.takeError(),
        [](const tilec::CompileError &e) {
          llvm::errs() << e.getDiagnostics();
        },
        [](const llvm::ErrorInfoBase &e) {
          llvm::errs() << fmt::format("tilec: error: {}\n", e.message());
        });
    return mlir::failure();
  }
  const tilec::CompiledKernel &k = **kernel;
  if (printResources)
    printKernelResources(k.metadata);
  if (emitLevel == EmitLevel::CLauncher)
    return writeCLauncher(k);
  os << (emitLevel == EmitLevel::PTX ? k.ptx : k.cubin);
  return mlir::success();
}

/// Compiles one buffer (a whole file or one split chunk).
static mlir::LogicalResult
processBuffer(std::unique_ptr<llvm::MemoryBuffer> buf, llvm::raw_ostream &os,
              mlir::MLIRContext &ctx) {
  llvm::SourceMgr sourceMgr;
  std::string filename = buf->getBufferIdentifier().str();
  llvm::StringRef source = buf->getBuffer();
  sourceMgr.AddNewSourceBuffer(std::move(buf), llvm::SMLoc());

  auto run = [&]() -> mlir::LogicalResult {
    if (listKernelsFlag) {
      std::vector<std::string> names =
          tilec::listKernels(ctx, source, filename);
      for (const std::string &n : names)
        os << n << "\n";
      return mlir::success(!names.empty());
    }
    if (listConfigs)
      return printConfigs(ctx, source, filename, os);
    if (emitLevel == EmitLevel::AST) {
      tilec::frontend::CollectingDiagnosticSink sink;
      std::unique_ptr<tilec::frontend::Module> m =
          tilec::frontend::parseModule(source, filename, sink);
      for (auto &e : sink.entries)
        mlir::emitError(
            mlir::FileLineColLoc::get(&ctx, filename, e.loc.line, e.loc.col))
            << e.message;
      if (!m)
        return mlir::failure();
      tilec::frontend::dumpAST(*m, os);
      return mlir::success();
    }
    tilec::CompileOptions opts = getCompileOptions();
    if (configIndex >= 0 &&
        mlir::failed(applyConfig(ctx, source, filename, opts)))
      return mlir::failure();
    // Machine code goes through the cache, unless a test or debugging flag
    // asks to see the compile happen in this context.
    // Remarks print as the passes emit them, so they need it too.
    bool debugging = verifyDiagnostics || splitInputFile || dumpAfterEachPass ||
                     printPipelineRemarks;
    if (emitLevel == EmitLevel::CLauncher ||
        (emitLevel >= EmitLevel::PTX && !debugging))
      return compileThroughCache(source, filename, opts, os);
    auto configure = [&](mlir::PassManager &pm) -> mlir::LogicalResult {
      if (mlir::failed(mlir::applyPassManagerCLOptions(pm)))
        return mlir::failure();
      if (dumpAfterEachPass) {
        pm.enableIRPrinting(
            /*shouldPrintBeforePass=*/[](mlir::Pass *,
                                         mlir::Operation *) { return false; },
            /*shouldPrintAfterPass=*/
            [](mlir::Pass *, mlir::Operation *) { return true; },
            /*printModuleScope=*/true, /*printAfterOnlyOnChange=*/false,
            /*printAfterOnlyOnFailure=*/false, llvm::errs());
      }
      return mlir::success();
    };
    tilec::EmitLevel stop =
        std::min(static_cast<tilec::EmitLevel>(
                     static_cast<int>(emitLevel.getValue()) - 1),
                 tilec::EmitLevel::LLVMDialect);
    mlir::OwningOpRef<mlir::ModuleOp> module =
        tilec::lowerToLevel(ctx, source, filename, opts, stop, configure);
    if (!module)
      return mlir::failure();
    if (emitLevel <= EmitLevel::LLVMDialect) {
      module->print(os);
      return mlir::success();
    }
    tilec::CompiledKernel k;
    tilec::EmitLevel machineLevel =
        emitLevel == EmitLevel::LLVMIR ? tilec::EmitLevel::LLVMIR
        : emitLevel == EmitLevel::PTX && !printResources
            ? tilec::EmitLevel::PTX
            : tilec::EmitLevel::Cubin;
    if (llvm::Error e =
            tilec::emitMachineCode(*module, opts, machineLevel, k, &os))
      return report(ctx, std::move(e));
    if (emitLevel == EmitLevel::LLVMIR)
      return mlir::success();
    if (printResources) {
      k.metadata.name = kernelName;
      printKernelResources(k.metadata);
    }
    os << (emitLevel == EmitLevel::PTX ? k.ptx : k.cubin);
    return mlir::success();
  };

  if (verifyDiagnostics) {
    mlir::SourceMgrDiagnosticVerifierHandler handler(sourceMgr, &ctx);
    (void)run();
    return handler.verify();
  }
  tilec::SourceDiagnosticHandler handler(&ctx, llvm::errs());
  handler.addSource(filename, source);
  return run();
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // LLVM's fatal errors in the NVPTX back end ("Cannot select") come back
  // as errors at the kernel's line, with exit status 1 (see NVPTX.cpp).
  llvm::CrashRecoveryContext::Enable();
  mlir::registerAsmPrinterCLOptions();
  mlir::registerMLIRContextCLOptions();
  mlir::registerPassManagerCLOptions();
  cl::HideUnrelatedOptions(tilecCat);
  cl::AddExtraVersionPrinter(
      [](llvm::raw_ostream &os) { os << "tilec " << TILEC_VERSION << "\n"; });
  cl::ParseCommandLineOptions(
      argc, argv,
      "tilec: compile Triton-language kernels\n\n"
      "  tilec FILE.py -k KERNEL -s SIGNATURE [-D NAME=V] [--num-warps N]\n"
      "        --emit=tile [-o OUT]\n"
      "  tilec FILE.py -k KERNEL --list-configs\n"
      "  tilec FILE.py -k KERNEL -s SIGNATURE --config=N --emit=cubin\n");

  if (listBuiltins) {
    tilec::printBuiltinTable(llvm::outs());
    return 0;
  }

  for (const std::string &d : defines) {
    llvm::StringRef s(d);
    if (!s.contains('=') || s.split('=').first.trim().empty()) {
      llvm::errs() << fmt::format("tilec: error: -D expects NAME=VALUE, got "
                                  "'{}'\n",
                                  d);
      return 1;
    }
  }

  // The launch options are checked before any pass can depend on them;
  // a config's are checked where the decorator sets them.
  std::pair<const char *, std::optional<std::string>> launchChecks[] = {
      {"--num-warps", tilec::checkNumWarps(numWarps)},
      {"--num-stages", tilec::checkNumStages(numStages)}};
  for (const auto &[flag, why] : launchChecks) {
    if (why) {
      llvm::errs() << fmt::format("tilec: error: invalid {}: {}\n", flag, *why);
      return 1;
    }
  }

  if (configIndex.getNumOccurrences() && configIndex < 0) {
    llvm::errs() << fmt::format("tilec: error: --config expects a config "
                                "index from 0, got {}\n",
                                configIndex.getValue());
    return 1;
  }

  // A file-level error names the file and no position.
  llvm::StringRef inputName =
      inputFilename == "-" ? llvm::StringRef("<stdin>") : inputFilename;
  llvm::Expected<std::string> text = tilec::readKernelSource(inputFilename);
  if (!text) {
    llvm::errs() << fmt::format("{}: error: {}\n", inputName.str(),
                                llvm::toString(text.takeError()));
    return 1;
  }
  std::unique_ptr<llvm::MemoryBuffer> input =
      llvm::MemoryBuffer::getMemBufferCopy(*text, inputName);
  std::string errorMessage;
  // --emit=c-launcher writes NAME.h and NAME.c itself; -o only names them.
  bool writesOwnFiles = emitLevel == EmitLevel::CLauncher;
  if (writesOwnFiles && (outputFilename == "-" || splitInputFile)) {
    llvm::errs() << "tilec: error: --emit=c-launcher needs -o NAME (it "
                    "writes NAME.h and NAME.c) and one kernel per file\n";
    return 1;
  }
  // Written to a temporary and renamed on success: a failed compile leaves
  // no file behind and an existing one as it was.
  std::unique_ptr<tilec::OutputFile> output = tilec::OutputFile::open(
      writesOwnFiles ? "-" : outputFilename.getValue(), errorMessage);
  if (!output) {
    llvm::errs() << fmt::format("tilec: error: {}\n", errorMessage);
    return 1;
  }

  if (llvm::Error e =
          tilec::validateTargetOptions(tilec::TargetOptions{arch, 3, "", ""})) {
    llvm::errs() << fmt::format("tilec: error: {}\n",
                                llvm::toString(std::move(e)));
    return 1;
  }

  mlir::DialectRegistry registry;
  tilec::registerFrontendDialects(registry);
  tilec::registerTargetDialectTranslations(registry);
  // One kernel per module leaves nothing to run in parallel, and IR
  // printing (--dump-after-each-pass, --mlir-print-ir-*) needs a context
  // without threads.
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
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
  if (!output->commit(errorMessage)) {
    llvm::errs() << fmt::format("tilec: error: {}\n", errorMessage);
    return 1;
  }
  return 0;
}
