//===- Compile.cpp - One kernel from source to PTX and cubin ----*- C++ -*-===//
//
// The compile driver that `tilec` and the JIT share (include/tilec/
// Compiler.h): the frontend, the named pipelines of tilec/Pipelines.h, then
// the back end of tilec/Target.h. It was factored out of tools/tilec so that
// the command line and a C++ host cannot drift apart.
//
//===----------------------------------------------------------------------===//

#include "tilec/Compiler.h"
#include "tilec/Frontend.h"
#include "tilec/Limits.h"
#include "tilec/Pipelines.h"
#include "tilec/Target.h"

#include "Compiler/KernelSignature.h"
#include "Compiler/SourceDiagnostics.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <chrono>
#include <optional>

using namespace tilec;

namespace {
/// Adds the time from construction to destruction to `*slot` (when set).
class StageTimer {
public:
  explicit StageTimer(double *slot)
      : slot(slot), start(std::chrono::steady_clock::now()) {}
  ~StageTimer() {
    if (slot)
      *slot += std::chrono::duration<double, std::milli>(
                   std::chrono::steady_clock::now() - start)
                   .count();
  }

private:
  double *slot;
  std::chrono::steady_clock::time_point start;
};
} // namespace

char CompileError::ID = 0;

void CompileError::log(llvm::raw_ostream &os) const {
  // The diagnostics end with a newline as the handler prints them; an
  // llvm::Error message does not.
  os << llvm::StringRef(diagnostics).rtrim('\n');
}

std::error_code CompileError::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}

llvm::StringRef tilec::getCompilerVersion() {
  static const std::string version =
      fmt::format("tilec {} (build {}) llvm {}", TILEC_VERSION, getBuildId(),
                  LLVM_VERSION_STRING);
  return version;
}

std::unique_ptr<mlir::MLIRContext> tilec::createCompilerContext() {
  mlir::DialectRegistry registry;
  registerFrontendDialects(registry);
  registerTargetDialectTranslations(registry);
  auto ctx = std::make_unique<mlir::MLIRContext>(
      registry, mlir::MLIRContext::Threading::DISABLED);
  ctx->loadAllAvailableDialects();
  return ctx;
}

static FrontendOptions toFrontendOptions(const CompileOptions &options) {
  FrontendOptions fe;
  fe.kernelName = options.kernelName;
  fe.signature = options.signature;
  fe.defines = options.defines;
  fe.numWarps = options.numWarps;
  fe.numStages = options.numStages;
  fe.debug = options.debug;
  fe.arch = options.arch;
  fe.includeDirs = options.includeDirs;
  // An unknown architecture is reported by the back end.
  if (llvm::Expected<GpuArch> arch = parseArch(options.arch))
    fe.computeCapability = arch->smVersion;
  else
    llvm::consumeError(arch.takeError());
  fe.modules = options.modules;
  fe.globalValues = options.globalValues;
  return fe;
}

mlir::OwningOpRef<mlir::ModuleOp> tilec::lowerToLevel(
    mlir::MLIRContext &ctx, llvm::StringRef source, llvm::StringRef filename,
    const CompileOptions &options, EmitLevel level,
    const std::function<mlir::LogicalResult(mlir::PassManager &)> &configure,
    CompileTimings *timings, KernelMetadata *signature) {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  {
    StageTimer t(timings ? &timings->frontendMs : nullptr);
    module = emitTileModule(ctx, source, filename, toFrontendOptions(options));
  }
  if (!module)
    return module;
  // The launch signature, from the kernel as emitted: before any pass can
  // change its arguments.
  if (signature) {
    if (llvm::Error e = describeKernelSignature(*module, *signature)) {
      mlir::emitError(module->getLoc()) << llvm::toString(std::move(e));
      return nullptr;
    }
  }
  if (level == EmitLevel::TileRaw)
    return module;
  mlir::PassManager pm(&ctx);
  if (configure && mlir::failed(configure(pm)))
    return nullptr;
  // An unknown architecture is reported by the back end; the passes then
  // plan for sm_90a, the default.
  llvm::Expected<GpuArch> arch = parseArch(options.arch);
  if (!arch)
    llvm::consumeError(arch.takeError());
  TileGPUPipelineOptions gpu;
  gpu.numWarps = options.numWarps;
  gpu.computeCapability = arch ? arch->smVersion : 90;
  gpu.wgmma = arch ? arch->hasWgmma() : true;
  gpu.tma = arch ? arch->hasTMA() : true;
  gpu.numStages = unsigned(std::max(options.numStages, 1));
  gpu.pipelineRemarks = options.pipelineRemarks;
  buildTileLegalityCheck(pm, gpu);
  buildTileOptimizationPipeline(pm);
  if (level >= EmitLevel::TileGPU)
    buildTileGPUPipeline(pm, gpu);
  if (level >= EmitLevel::LLVMDialect)
    buildLLVMPipeline(pm, getMaxSharedBytes(gpu.computeCapability),
                      gpu.computeCapability);
  StageTimer t(timings ? &timings->passesMs : nullptr);
  if (mlir::failed(pm.run(*module)))
    return nullptr;
  return module;
}

/// A back-end failure (LLVM's NVPTX code generator) as a diagnostic at the
/// kernel's `def` line, since the LLVM IR carries no source lines: reported
/// through the MLIRContext's handler, which prints the source line and a
/// caret, and returned as an empty CompileError (already reported). Errors
/// of a module without a located kernel come back unchanged.
static llvm::Error reportAtKernel(mlir::ModuleOp module, llvm::Error error) {
  mlir::Location where = mlir::UnknownLoc::get(module.getContext());
  module.walk([&](mlir::Operation *op) {
    if (!op->hasAttr("nvvm.kernel"))
      return mlir::WalkResult::advance();
    where = op->getLoc();
    return mlir::WalkResult::interrupt();
  });
  if (!llvm::isa<mlir::FileLineColLoc>(where))
    return error;
  mlir::emitError(where) << llvm::toString(std::move(error));
  return llvm::make_error<CompileError>(std::string());
}

llvm::Error tilec::emitMachineCode(mlir::ModuleOp module,
                                   const CompileOptions &options,
                                   EmitLevel level, CompiledKernel &out,
                                   llvm::raw_ostream *os,
                                   CompileTimings *timings) {
  std::optional<StageTimer> llvmTimer(std::in_place,
                                      timings ? &timings->llvmMs : nullptr);
  if (auto dynamic = module->getAttrOfType<mlir::IntegerAttr>(
          "tilegpu.dynamic_shared_memory"))
    out.metadata.dynamicSharedBytes = static_cast<int>(dynamic.getInt());
  // The CTA size the kernel declares (a warp-specialized kernel has a
  // producer warpgroup beyond num_warps): launches must match it.
  module.walk([&](mlir::Operation *op) {
    auto threads = op->getAttrOfType<mlir::DenseI32ArrayAttr>("nvvm.reqntid");
    if (!op->hasAttr("nvvm.kernel") || !threads || threads.empty())
      return mlir::WalkResult::advance();
    out.metadata.threadsPerBlock = threads[0];
    return mlir::WalkResult::interrupt();
  });
  TargetOptions target;
  target.arch = options.arch;
  target.optLevel = options.optLevel;
  target.fpFusion = options.fpFusion;
  target.dynamicSharedBytes = out.metadata.dynamicSharedBytes;
  llvm::LLVMContext llvmCtx;
  llvm::Expected<std::unique_ptr<llvm::Module>> llvmModule =
      translateToLLVMIR(module, llvmCtx);
  if (!llvmModule)
    return llvmModule.takeError();
  if (level == EmitLevel::LLVMIR) {
    if (llvm::Error e = optimizeLLVMIR(**llvmModule, target))
      return reportAtKernel(module, std::move(e));
    if (os)
      (*llvmModule)->print(*os, nullptr);
    return llvm::Error::success();
  }
  llvm::Expected<std::string> ptx = compileToPTX(**llvmModule, target);
  if (!ptx)
    return reportAtKernel(module, ptx.takeError());
  out.ptx = std::move(*ptx);
  out.metadata.hasCubin = false;
  llvmTimer.reset();
  if (level != EmitLevel::Cubin ||
      options.assemble == CompileOptions::Assemble::Never)
    return llvm::Error::success();

  if (options.assemble == CompileOptions::Assemble::IfAvailable) {
    llvm::Expected<std::string> ptxas = findPtxas(target);
    if (!ptxas) {
      // The driver JIT-compiles PTX at load time; say why there is no cubin.
      out.metadata.cubinNote =
          fmt::format("no cubin: {}; the driver will JIT-compile the PTX",
                      llvm::toString(ptxas.takeError()));
      return llvm::Error::success();
    }
  }
  StageTimer ptxasTimer(timings ? &timings->ptxasMs : nullptr);
  llvm::Expected<CubinResult> cubin = assembleCubin(out.ptx, target);
  if (!cubin)
    return cubin.takeError();
  out.cubin = std::move(cubin->cubin);
  // What ptxas assembled: with the occupancy directive, if tuning kept one.
  out.ptx = std::move(cubin->ptx);
  out.metadata.hasCubin = true;
  out.metadata.compileLog += cubin->log;
  for (const KernelResources &k : cubin->kernels) {
    if (!out.metadata.name.empty() && k.name != out.metadata.name)
      continue;
    out.metadata.registers = k.registers;
    out.metadata.spillStores = k.spillStores;
    out.metadata.spillLoads = k.spillLoads;
    out.metadata.stackBytes = k.stackFrame;
    out.metadata.sharedBytes = k.sharedBytes;
    out.metadata.minCtasPerSM = k.minCtasPerSM;
  }
  return llvm::Error::success();
}

static std::string formatFileLimit() {
  return fmt::format("{} bytes ({} MiB)", kMaxKernelFileBytes,
                     kMaxKernelFileBytes >> 20);
}

llvm::Expected<std::string> tilec::readKernelSource(llvm::StringRef path) {
  namespace fs = llvm::sys::fs;
  if (path == "-") {
    // Standard input may be endless (`< /dev/zero`): read in chunks and stop
    // past the limit.
    std::string text;
    char chunk[1 << 16];
    while (true) {
      llvm::Expected<size_t> n =
          fs::readNativeFile(fs::getStdinHandle(), chunk);
      if (!n)
        return llvm::createStringError(fmt::format(
            "cannot read standard input: {}", llvm::toString(n.takeError())));
      if (*n == 0)
        return text;
      text.append(chunk, *n);
      if (text.size() > kMaxKernelFileBytes)
        return llvm::createStringError("standard input holds more than " +
                                       formatFileLimit() +
                                       ", the most a kernel file may have");
    }
  }
  // Only a regular file has a size to check before reading: a device or a
  // FIFO would be read forever or block.
  fs::file_status status;
  if (std::error_code ec = fs::status(path, status))
    return llvm::createStringError(ec.message());
  if (status.type() == fs::file_type::directory_file)
    return llvm::createStringError("is a directory, not a kernel file");
  if (status.type() != fs::file_type::regular_file)
    return llvm::createStringError("not a regular file");
  if (status.getSize() > kMaxKernelFileBytes)
    return llvm::createStringError(
        fmt::format("the file has {} bytes; a kernel file may have at most {}",
                    status.getSize(), formatFileLimit()));
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buf =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true,
                                  /*RequiresNullTerminator=*/false);
  if (!buf)
    return llvm::createStringError(
        fmt::format("cannot read the file: {}", buf.getError().message()));
  if ((*buf)->getBufferSize() > kMaxKernelFileBytes)
    return llvm::createStringError("the file grew past " + formatFileLimit() +
                                   " while it was read");
  return (*buf)->getBuffer().str();
}

llvm::Expected<std::string> tilec::readKernelFile(llvm::StringRef path) {
  llvm::Expected<std::string> source = readKernelSource(path);
  if (!source)
    return llvm::createStringError(
        fmt::format("cannot read kernel file '{}': {}", path.str(),
                    llvm::toString(source.takeError())));
  return source;
}

llvm::Error tilec::validateCompileOptions(const CompileOptions &options) {
  if (llvm::Error e = validateTargetOptions(
          TargetOptions{options.arch, options.optLevel, "", ""}))
    return e;
  if (std::optional<std::string> why = checkNumWarps(options.numWarps))
    return llvm::createStringError(*why);
  if (std::optional<std::string> why = checkNumStages(options.numStages))
    return llvm::createStringError(*why);
  return llvm::Error::success();
}

llvm::Expected<CompiledKernel>
tilec::compileKernel(llvm::StringRef source, llvm::StringRef filename,
                     const CompileOptions &options, CompileTimings *timings) {
  if (llvm::Error e = validateCompileOptions(options))
    return std::move(e);

  std::unique_ptr<mlir::MLIRContext> ctx;
  {
    StageTimer t(timings ? &timings->setupMs : nullptr);
    ctx = createCompilerContext();
  }
  // Diagnostics print as tilec prints them (file:line:col, the source line
  // and a caret) into a string that becomes the error or the compile log.
  std::string diagnostics;
  llvm::raw_string_ostream diagOS(diagnostics);
  SourceDiagnosticHandler handler(ctx.get(), diagOS);
  handler.addSource(filename, source);
  for (const SourceModule &m : options.modules)
    handler.addSource(m.filename, m.text);

  CompiledKernel out;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      lowerToLevel(*ctx, source, filename, options, EmitLevel::LLVMDialect,
                   /*configure=*/nullptr, timings, &out.metadata);
  if (!module)
    return llvm::make_error<CompileError>(std::move(diagnostics));
  if (llvm::Error e = emitMachineCode(*module, options, EmitLevel::Cubin, out,
                                      /*os=*/nullptr, timings)) {
    // Report through the engine so the text reads as tilec prints it
    // (back-end failures are already reported, at the kernel's line).
    std::string message = llvm::toString(std::move(e));
    if (!message.empty())
      mlir::emitError(mlir::UnknownLoc::get(ctx.get())) << message;
    return llvm::make_error<CompileError>(std::move(diagnostics));
  }
  out.metadata.arch = options.arch;
  out.metadata.numWarps = options.numWarps;
  out.metadata.compileLog = diagnostics + out.metadata.compileLog;
  return out;
}
