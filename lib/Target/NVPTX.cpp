//===- NVPTX.cpp - LLVM dialect to LLVM IR to PTX ---------------*- C++ -*-===//
//
// The first half of tilec's back end: the supported GPU architectures and PTX
// ISA versions, the translation of the `llvm` and `nvvm` dialects to LLVM IR
// for nvptx64-nvidia-cuda, the optimization pipeline and PTX emission through
// LLVM's NVPTX target machine.
//
//===----------------------------------------------------------------------===//

#include "tilec/Target.h"
#include "tilec/Libdevice.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Compiler.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdlib>
#include <mutex>
#include <optional>

#if LLVM_ADDRESS_SANITIZER_BUILD
#include <sanitizer/lsan_interface.h>
#endif

using namespace tilec;

static constexpr llvm::StringLiteral kTriple = "nvptx64-nvidia-cuda";

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

//===----------------------------------------------------------------------===//
// Architectures and PTX versions
//===----------------------------------------------------------------------===//

// The minimum PTX ISA of each target is the one that introduced it (PTX ISA
// manual, "PTX Target Architecture"), which is also what LLVM's NVPTX back end
// picks when given no `+ptxNN` feature, except where the code tilec emits
// needs a later one: sm_80 and sm_86 take 7.5, whose cp.async has the
// ignore-src predicate that masked async copies use (7.0 and 7.1 only have
// the source-size form); sm_90 takes 8.0, since PTX 7.8 introduced it
// without the bulk copies (TMA) and mbarrier transaction counts that tensor
// descriptors lower to.
//
// Per multiprocessor: the CUDA C++ Programming Guide's table of technical
// specifications per compute capability. The reference cards: A100 SXM4
// 80GB (sm_80), A10 (sm_86), L40S (sm_89) and H100 SXM5 80GB (sm_90, whose
// 132 multiprocessors the H200 has too), with NVIDIA's published
// multiprocessor counts, memory and L2 sizes.
static constexpr uint64_t kGiB = uint64_t(1) << 30;
static constexpr unsigned kMiB = 1u << 20;
static const GpuArch kArchs[] = {
    {"sm_80", 80, false, 75, 2048, 32, 164 * 1024,
     {"NVIDIA A100-SXM4-80GB", 108, 80 * kGiB, 40 * kMiB}},
    {"sm_86", 86, false, 75, 1536, 16, 100 * 1024,
     {"NVIDIA A10", 72, 24 * kGiB, 6 * kMiB}},
    {"sm_89", 89, false, 78, 1536, 24, 100 * 1024,
     {"NVIDIA L40S", 142, 48 * kGiB, 96 * kMiB}},
    {"sm_90", 90, false, 80, 2048, 32, 228 * 1024,
     {"NVIDIA H100 80GB HBM3", 132, 80 * kGiB, 50 * kMiB}},
    {"sm_90a", 90, true, 80, 2048, 32, 228 * 1024,
     {"NVIDIA H100 80GB HBM3", 132, 80 * kGiB, 50 * kMiB}},
};

llvm::ArrayRef<GpuArch> tilec::getSupportedArchs() { return kArchs; }

llvm::Expected<GpuArch> tilec::parseArch(llvm::StringRef name) {
  for (const GpuArch &arch : kArchs)
    if (arch.name == name)
      return arch;
  std::string names = llvm::join(
      llvm::map_range(kArchs, [](const GpuArch &a) { return a.name; }), ", ");
  return makeError("unsupported GPU architecture '" + name +
                   "', expected one of " + names);
}

llvm::StringRef tilec::getArchForDevice(unsigned smVersion) {
  for (const GpuArch &arch : kArchs)
    if (arch.archSpecific && arch.smVersion == smVersion)
      return arch.name;
  const GpuArch *best = nullptr;
  for (const GpuArch &arch : kArchs)
    if (!arch.archSpecific && arch.smVersion <= smVersion &&
        (!best || arch.smVersion > best->smVersion))
      best = &arch;
  return best ? best->name : kArchs[0].name;
}

static std::string formatPtxVersion(unsigned version) {
  return llvm::formatv("{0}.{1}", version / 10, version % 10).str();
}

/// Parses "8.0" or "80" to 80.
static std::optional<unsigned> parsePtxVersionText(llvm::StringRef text) {
  unsigned major = 0, minor = 0;
  if (!text.contains('.')) {
    unsigned value = 0;
    if (text.size() < 2 || text.size() > 3 || text.getAsInteger(10, value) ||
        value < 10)
      return std::nullopt;
    return value;
  }
  auto [majorText, minorText] = text.split('.');
  if (majorText.getAsInteger(10, major) || minorText.size() != 1 ||
      minorText.getAsInteger(10, minor) || major == 0)
    return std::nullopt;
  return major * 10 + minor;
}

/// Registers the NVPTX target with LLVM's registry, once per process.
static void initializeNVPTX() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

static llvm::Expected<const llvm::Target *> lookupNVPTX() {
  initializeNVPTX();
  std::string message;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(llvm::Triple(kTriple), message);
  if (!target)
    return makeError("this LLVM has no NVPTX back end: " + message);
  return target;
}

llvm::Expected<unsigned>
tilec::resolvePtxVersion(const TargetOptions &options) {
  llvm::Expected<GpuArch> arch = parseArch(options.arch);
  if (!arch)
    return arch.takeError();
  if (options.ptxVersion.empty())
    return arch->minPtxVersion;

  std::optional<unsigned> version = parsePtxVersionText(options.ptxVersion);
  if (!version)
    return makeError("invalid PTX ISA version '" + options.ptxVersion +
                     "', expected a version such as 8.0");
  if (*version < arch->minPtxVersion)
    return makeError(llvm::formatv(
        "{0} needs PTX ISA {1} or later, got {2}", arch->name,
        formatPtxVersion(arch->minPtxVersion), formatPtxVersion(*version)));

  // Ask LLVM's own feature table rather than a hard-coded list, so that a newer
  // LLVM accepts newer versions.
  llvm::Expected<const llvm::Target *> target = lookupNVPTX();
  if (!target)
    return target.takeError();
  std::unique_ptr<llvm::MCSubtargetInfo> sti(
      (*target)->createMCSubtargetInfo(llvm::Triple(kTriple), arch->name, ""));
  if (!sti)
    return makeError("the NVPTX back end has no subtarget information");
  unsigned newest = 0;
  bool known = false;
  std::string wanted = "ptx" + std::to_string(*version);
  for (const llvm::SubtargetFeatureKV &feature :
       sti->getAllProcessorFeatures()) {
    llvm::StringRef key = feature.Key;
    unsigned value = 0;
    if (key.consume_front("ptx") && !key.getAsInteger(10, value))
      newest = std::max(newest, value);
    known |= wanted == feature.Key;
  }
  if (!known)
    return makeError(llvm::formatv("unsupported PTX ISA version {0}, LLVM's "
                                   "NVPTX back end emits at most {1}",
                                   formatPtxVersion(*version),
                                   formatPtxVersion(newest)));
  return *version;
}

static llvm::Error checkOptLevel(int optLevel) {
  if (optLevel < 0 || optLevel > 3)
    return makeError(llvm::formatv(
        "invalid optimization level {0}, expected 0 to 3", optLevel));
  return llvm::Error::success();
}

llvm::Error tilec::validateTargetOptions(const TargetOptions &options) {
  if (llvm::Error error = checkOptLevel(options.optLevel))
    return error;
  llvm::Expected<unsigned> version = resolvePtxVersion(options);
  if (!version)
    return version.takeError();
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// MLIR to LLVM IR
//===----------------------------------------------------------------------===//

void tilec::registerTargetDialectTranslations(mlir::DialectRegistry &registry) {
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  mlir::registerNVVMDialectTranslation(registry);
}

/// Gives `module` the NVPTX triple and data layout, or fails when it already
/// has those of another target.
static llvm::Error setNVPTXTarget(llvm::Module &module,
                                  const llvm::DataLayout &dataLayout) {
  const llvm::Triple &triple = module.getTargetTriple();
  if (triple.str().empty())
    module.setTargetTriple(llvm::Triple(kTriple));
  else if (triple.getArch() != llvm::Triple::nvptx64)
    return makeError("module targets '" + triple.str() + "', expected " +
                     kTriple);

  if (module.getDataLayoutStr().empty()) {
    module.setDataLayout(dataLayout);
  } else if (module.getDataLayout() != dataLayout) {
    return makeError("module data layout '" + module.getDataLayoutStr() +
                     "' is not NVPTX's '" +
                     dataLayout.getStringRepresentation() + "'");
  }
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<llvm::Module>>
tilec::translateToLLVMIR(mlir::ModuleOp module,
                         llvm::LLVMContext &llvmContext) {
  mlir::DialectRegistry registry;
  registerTargetDialectTranslations(registry);
  module.getContext()->appendDialectRegistry(registry);

  // The translation assumes valid IR; check first so that bad input is a
  // diagnostic, not a crash.
  if (mlir::failed(mlir::verify(module)))
    return makeError("module to translate to LLVM IR does not verify");

  std::unique_ptr<llvm::Module> llvmModule = mlir::translateModuleToLLVMIR(
      module, llvmContext, module.getName().value_or("tilec"));
  if (!llvmModule)
    return makeError("cannot translate the module to LLVM IR");

  llvm::Triple triple(kTriple);
  if (llvm::Error error = setNVPTXTarget(
          *llvmModule, llvm::DataLayout(triple.computeDataLayout())))
    return std::move(error);
  return std::move(llvmModule);
}

//===----------------------------------------------------------------------===//
// Optimization and PTX emission
//===----------------------------------------------------------------------===//

static llvm::CodeGenOptLevel getCodeGenOptLevel(int optLevel) {
  switch (optLevel) {
  case 0:
    return llvm::CodeGenOptLevel::None;
  case 1:
    return llvm::CodeGenOptLevel::Less;
  case 2:
    return llvm::CodeGenOptLevel::Default;
  default:
    return llvm::CodeGenOptLevel::Aggressive;
  }
}

static llvm::OptimizationLevel getOptimizationLevel(int optLevel) {
  switch (optLevel) {
  case 0:
    return llvm::OptimizationLevel::O0;
  case 1:
    return llvm::OptimizationLevel::O1;
  case 2:
    return llvm::OptimizationLevel::O2;
  default:
    return llvm::OptimizationLevel::O3;
  }
}

/// Creates the NVPTX target machine for `options`: CPU = the architecture,
/// features = `+ptxNN`.
static llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const TargetOptions &options) {
  if (llvm::Error error = checkOptLevel(options.optLevel))
    return std::move(error);
  llvm::Expected<GpuArch> arch = parseArch(options.arch);
  if (!arch)
    return arch.takeError();
  llvm::Expected<unsigned> ptxVersion = resolvePtxVersion(options);
  if (!ptxVersion)
    return ptxVersion.takeError();
  llvm::Expected<const llvm::Target *> target = lookupNVPTX();
  if (!target)
    return target.takeError();

  std::string features = "+ptx" + std::to_string(*ptxVersion);
  llvm::TargetOptions llvmOptions;
  llvmOptions.AllowFPOpFusion =
      options.fpFusion ? llvm::FPOpFusion::Fast : llvm::FPOpFusion::Strict;
  std::unique_ptr<llvm::TargetMachine> machine((*target)->createTargetMachine(
      llvm::Triple(kTriple), arch->name, features, llvmOptions, std::nullopt,
      std::nullopt, getCodeGenOptLevel(options.optLevel)));
  if (!machine)
    return makeError("cannot create the NVPTX target machine for " +
                     arch->name);
  return std::move(machine);
}

/// Verifies `module`, gives it the target's triple and data layout, makes
/// `__nvvm_reflect("__CUDA_FTZ")` fold to 1 unless the module says otherwise
/// (Triton's `enable_reflect_ftz`, on by default: libdevice's flush-to-zero
/// paths, e.g. sqrt.approx.ftz.f32), and links the libdevice functions the
/// module calls.
static llvm::Error prepareModule(llvm::Module &module,
                                 llvm::TargetMachine &machine) {
  std::string message;
  llvm::raw_string_ostream os(message);
  if (llvm::verifyModule(module, &os)) {
    llvm::StringRef text = llvm::StringRef(message).rtrim();
    return makeError("invalid LLVM module: " + text);
  }
  if (llvm::Error error = setNVPTXTarget(module, machine.createDataLayout()))
    return error;
  if (!module.getModuleFlag("nvvm-reflect-ftz"))
    module.addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz",
                         static_cast<uint32_t>(1));
  return linkLibdeviceIfNeeded(module);
}

//===----------------------------------------------------------------------===//
// Back-end failures
//===----------------------------------------------------------------------===//

// LLVM reports what its back end cannot do in two ways: errors through the
// LLVMContext's diagnostic handler (`no libcall available for flog2`), after
// which code generation goes on, and report_fatal_error (`Cannot select`),
// which ends the process. The first are collected into an error while tilec
// runs LLVM; for the second tilec installs LLVM's fatal error handler once
// per process. On a thread that is running tilec's LLVM pipelines, the
// handler keeps the message and, when the host enabled crash recovery
// (llvm::CrashRecoveryContext::Enable(), as the tilec command does), jumps
// back out of the pipeline so that the message comes back as an error that
// the caller reports at the kernel's line; without crash recovery it prints
// the message with the kernel's name and exits with status 1. On other
// threads it prints `LLVM ERROR: ...` and exits with status 1.

namespace {
/// What the fatal error handler needs to know about the compile running on
/// its thread.
struct BackendScope {
  std::string kernels;
  std::string arch;
  /// LLVM's diagnostics of error severity so far, "; "-separated: they say
  /// more than the fatal error that often follows them (a missing libcall
  /// becomes a call NVPTX cannot select).
  std::string errors;
  std::string fatalMessage;
};
} // namespace

static thread_local BackendScope *currentScope = nullptr;

static void handleFatalError(void *, const char *reason, bool) {
  llvm::StringRef text = llvm::StringRef(reason).rtrim();
  if (BackendScope *scope = currentScope) {
    scope->fatalMessage = text.str();
    if (llvm::CrashRecoveryContext *crc =
            llvm::CrashRecoveryContext::GetCurrent())
      crc->HandleExit(1);
    llvm::errs() << "error: the NVPTX back end cannot compile " << scope->kernels
                 << " for " << scope->arch << ": "
                 << (scope->errors.empty() ? text
                                           : llvm::StringRef(scope->errors))
                 << "\n";
  } else {
    llvm::errs() << "LLVM ERROR: " << text << "\n";
  }
  llvm::errs().flush();
  std::exit(1);
}

static void installFatalErrorHandler() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::install_fatal_error_handler(handleFatalError, nullptr);
  });
}

/// The names of the kernels of `module`, for messages: "kernel 'add'".
static std::string describeKernels(const llvm::Module &module) {
  std::string names;
  for (const llvm::Function &fn : module.functions()) {
    if (fn.isDeclaration() ||
        fn.getCallingConv() != llvm::CallingConv::PTX_Kernel)
      continue;
    names += (names.empty() ? "'" : ", '") + fn.getName().str() + "'";
  }
  if (names.empty())
    return "the module";
  return (names.find(',') == std::string::npos ? "kernel " : "kernels ") +
         names;
}

/// Runs `fn` (LLVM's pipelines on `module`) with LLVM's errors turned into
/// an llvm::Error: diagnostics of error severity are collected, and a fatal
/// error comes back when crash recovery is enabled (see above). After a
/// fatal error `leak` abandons the objects whose state LLVM left halfway
/// (the target machine, the pass manager) rather than destroy them, as clang
/// does after a crash, through llvm::BuryPointer, which keeps them reachable
/// for LeakSanitizer.
///
/// The jump out of a fatal error also skips the destructors of whatever the
/// frames of LLVM's pipelines held (the message strings of the error
/// itself, among others), which no pointer reaches any more. In a
/// sanitizer build LeakSanitizer would report those as leaks at exit, so
/// what LLVM allocates while `fn` runs is not leak-checked there; what tilec
/// allocates around it (the module, the target machine, the pass manager and
/// its passes) still is.
static llvm::Error
runCatchingBackendErrors(llvm::Module &module, const TargetOptions &options,
                         llvm::function_ref<void()> fn,
                         llvm::function_ref<void()> leak) {
  installFatalErrorHandler();
  BackendScope scope{describeKernels(module), options.arch, {}, {}};
  BackendScope *outer = currentScope;
  currentScope = &scope;

  llvm::LLVMContext &ctx = module.getContext();
  auto savedHandler = ctx.getDiagnosticHandlerCallBack();
  void *savedContext = ctx.getDiagnosticContext();
  ctx.setDiagnosticHandlerCallBack(
      [](const llvm::DiagnosticInfo *info, void *context) {
        if (info->getSeverity() != llvm::DS_Error)
          return;
        auto &out = *static_cast<std::string *>(context);
        llvm::raw_string_ostream os(out);
        if (!out.empty())
          os << "; ";
        llvm::DiagnosticPrinterRawOStream printer(os);
        info->print(printer);
      },
      &scope.errors);

  llvm::CrashRecoveryContext recovery;
#if LLVM_ADDRESS_SANITIZER_BUILD
  __lsan_disable();
#endif
  bool finished = recovery.RunSafely(fn);
#if LLVM_ADDRESS_SANITIZER_BUILD
  __lsan_enable();
#endif
  ctx.setDiagnosticHandlerCallBack(savedHandler, savedContext);
  currentScope = outer;
  if (!finished) {
    leak();
    std::string why = !scope.errors.empty()       ? scope.errors
                      : !scope.fatalMessage.empty() ? scope.fatalMessage
                                                    : "it crashed";
    return makeError("the NVPTX back end cannot compile " + scope.kernels +
                     " for " + options.arch + ": " + why);
  }
  if (!scope.errors.empty())
    return makeError("the NVPTX back end cannot compile " + scope.kernels +
                     " for " + options.arch + ": " + scope.errors);
  return llvm::Error::success();
}

static void runOptimizationPipeline(llvm::Module &module,
                                    llvm::TargetMachine &machine,
                                    int optLevel) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;

  // With the target machine, the PassBuilder registers NVPTX's callbacks
  // (NVVMReflect at the pipeline start, NVPTX alias analysis) and its TTI.
  llvm::PassBuilder builder(&machine);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);

  llvm::OptimizationLevel level = getOptimizationLevel(optLevel);
  llvm::ModulePassManager mpm =
      optLevel == 0 ? builder.buildO0DefaultPipeline(level)
                    : builder.buildPerModuleDefaultPipeline(level);
  mpm.run(module, mam);
}

llvm::Error tilec::optimizeLLVMIR(llvm::Module &module,
                                  const TargetOptions &options) {
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
      createTargetMachine(options);
  if (!machine)
    return machine.takeError();
  if (llvm::Error error = prepareModule(module, **machine))
    return error;
  return runCatchingBackendErrors(
      module, options,
      [&] { runOptimizationPipeline(module, **machine, options.optLevel); },
      [&] { llvm::BuryPointer(std::move(*machine)); });
}

/// Whether LLVM's loop strength reduction should run on `module`: not in
/// kernels whose wgmma reads operands that cp.async copies in (the
/// pipelined K loops of tilegpu-pipeline). There the loop's time is the
/// time its warps take to issue the next stage's copies, and LSR rewrote
/// each stepped copy pointer as an induction variable plus a loop-invariant
/// offset; without it, examples/matmul.py at 128x256x64 ran 13-14% faster
/// on the H200 with about the same number of SASS instructions in the loop
/// (bench/NOTES.md, run 18). Elsewhere LSR stays: without it, an sm_80 tf32
/// mma.sync kernel and a wgmma kernel with unspecialized strides (no
/// cp.async) needed more registers and spilled more.
static bool wantsLoopStrengthReduction(const llvm::Module &module) {
  return !(module.getFunction("llvm.nvvm.wgmma.fence.sync.aligned") &&
           module.getFunction("llvm.nvvm.cp.async.commit.group"));
}

/// Adds the code generator's passes for `machine` to `pm`, with or without
/// loop strength reduction. LLVM has no per-pipeline switch for LSR, only
/// its `-disable-lsr` command-line option, which TargetPassConfig reads
/// while it builds the pipeline: it is set for that call and restored,
/// under a lock, so that concurrent compiles each get their own choice. A
/// host that builds other LLVM code-generation pipelines at the same moment
/// could see the option set. Returns true on failure, as
/// addPassesToEmitFile does.
static bool addCodegenPasses(llvm::TargetMachine &machine,
                             llvm::legacy::PassManager &pm,
                             llvm::raw_pwrite_stream &os, bool withLSR) {
  static std::mutex lock;
  std::lock_guard<std::mutex> guard(lock);
  auto &options = llvm::cl::getRegisteredOptions();
  auto it = options.find("disable-lsr");
  auto *disableLSR = it == options.end()
                         ? nullptr
                         : static_cast<llvm::cl::opt<bool> *>(it->second);
  bool saved = disableLSR && disableLSR->getValue();
  if (disableLSR)
    disableLSR->setValue(!withLSR);
  bool failed = machine.addPassesToEmitFile(
      pm, os, nullptr, llvm::CodeGenFileType::AssemblyFile);
  if (disableLSR)
    disableLSR->setValue(saved);
  return failed;
}

llvm::Expected<std::string> tilec::compileToPTX(llvm::Module &module,
                                                const TargetOptions &options) {
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
      createTargetMachine(options);
  if (!machine)
    return machine.takeError();
  if (llvm::Error error = prepareModule(module, **machine))
    return std::move(error);
  if (llvm::Error error = runCatchingBackendErrors(
          module, options,
          [&] { runOptimizationPipeline(module, **machine, options.optLevel); },
          [&] { llvm::BuryPointer(std::move(*machine)); }))
    return std::move(error);

  llvm::SmallString<0> ptx;
  llvm::raw_svector_ostream os(ptx);
  auto codegen = std::make_unique<llvm::legacy::PassManager>();
  codegen->add(new llvm::TargetLibraryInfoWrapperPass(
      llvm::TargetLibraryInfoImpl(module.getTargetTriple())));
  if (addCodegenPasses(**machine, *codegen, os,
                       wantsLoopStrengthReduction(module)))
    return makeError("the NVPTX target machine cannot emit PTX");
  if (llvm::Error error = runCatchingBackendErrors(
          module, options, [&] { codegen->run(module); },
          [&] {
            llvm::BuryPointer(std::move(codegen));
            llvm::BuryPointer(std::move(*machine));
          }))
    return std::move(error);
  return std::string(ptx.str());
}
