//===- Target.h - LLVM dialect to PTX and cubin -----------------*- C++ -*-===//
//
// Public entry points of tilec's back end: translate a module of MLIR's `llvm`
// and `nvvm` dialects to LLVM IR, optimize it and emit PTX through LLVM's
// NVPTX back end, and assemble the PTX to a cubin with the CUDA toolkit's
// `ptxas`, reporting each kernel's registers, spills and memory.
//
// Errors: every fallible function returns llvm::Expected<T> (or llvm::Error),
// whose message is a complete diagnostic in tilec's style (lowercase, no final
// period), e.g. "unsupported GPU architecture 'sm_75', expected one of sm_80,
// sm_86, sm_89, sm_90, sm_90a". Nothing here aborts on bad input: callers
// print the message with llvm::toString(E.takeError()) or pass it on.
// translateToLLVMIR also reports the details of a failed translation through
// the MLIRContext's diagnostic engine, with the offending op's location.
//
// Thread safety: the functions share no mutable state; concurrent calls are
// safe as long as each uses its own llvm::LLVMContext and MLIRContext.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TARGET_H
#define TILEC_TARGET_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace tilec {

/// A GPU architecture tilec compiles for.
struct GpuArch {
  /// The name, as `ptxas --gpu-name`, the PTX `.target` and LLVM's NVPTX CPU
  /// spell it: "sm_90a".
  llvm::StringRef name;
  /// The compute capability times ten: 90 for sm_90a.
  unsigned smVersion;
  /// True for the architecture-specific targets (the `a` suffix), whose code
  /// (wgmma, setmaxnreg) runs on that architecture alone.
  bool archSpecific;
  /// The oldest PTX ISA that knows the target, times ten: 80 for sm_90a.
  unsigned minPtxVersion;

  /// What one multiprocessor holds (the CUDA occupancy tables): threads,
  /// CTAs and shared memory bytes. Every architecture here has 64K 32-bit
  /// registers per multiprocessor.
  unsigned maxThreadsPerSM, maxCtasPerSM, sharedBytesPerSM;
  /// The architecture's reference card: what module-level Python reads
  /// from `torch.cuda.get_device_properties()` when tilec compiles for it
  /// (the target is known, the card is not; these are the card's published
  /// figures, not those of whatever GPU the kernel later runs on).
  struct ReferenceDevice {
    /// The name as `torch.cuda.get_device_name()` reports it.
    llvm::StringRef name;
    unsigned multiProcessorCount;
    /// Memory and L2 cache, in bytes (nominal: 80 GB is 80 GiB).
    uint64_t totalMemoryBytes;
    unsigned l2CacheBytes;
  } device;

  /// Whether the target has wgmma (warpgroup MMA): sm_90a alone.
  bool hasWgmma() const { return archSpecific && smVersion == 90; }
  /// Whether the target has TMA (cp.async.bulk.tensor) and the mbarrier
  /// transaction counts it completes on: sm_90 and newer.
  bool hasTMA() const { return smVersion >= 90; }
};

/// The architectures tilec supports, oldest first.
llvm::ArrayRef<GpuArch> getSupportedArchs();

/// Looks up an architecture by name ("sm_80", "sm_86", "sm_89", "sm_90",
/// "sm_90a"). The error lists the supported ones.
llvm::Expected<GpuArch> parseArch(llvm::StringRef name);

/// The architecture to compile for on a device of compute capability
/// `smVersion` (times ten): its architecture-specific target where the
/// table has one (sm_90a on Hopper: wgmma, TMA), else the newest portable
/// one the device runs (sm_86 code on an sm_87 device; past the table, sm_90
/// as PTX the driver compiles forward), else the oldest.
llvm::StringRef getArchForDevice(unsigned smVersion);

/// What the back end compiles for and how hard it optimizes.
struct TargetOptions {
  /// The GPU architecture, as parseArch accepts it.
  std::string arch = "sm_90a";
  /// 0 to 3: the LLVM optimization pipeline (O0..O3), the NVPTX code
  /// generator's level and ptxas's `-O`.
  int optLevel = 3;
  /// The PTX ISA version to emit, "8.0" or "80". Empty: the oldest version
  /// that knows the architecture (see resolvePtxVersion).
  std::string ptxVersion;
  /// The ptxas to run. Empty: $TILEC_PTXAS, else /usr/local/cuda/bin/ptxas,
  /// else `ptxas` on $PATH.
  std::string ptxasPath;
  /// Whether a multiply and an add may become one fma (one rounding instead
  /// of two): NVPTX then emits fma and plain add/mul that ptxas may fuse,
  /// instead of `.rn` forms that forbid it. On by default, as Triton's
  /// enable_fp_fusion; off gives IEEE-exact separate roundings.
  bool fpFusion = true;
  /// When registers are what limits how many CTAs of a kernel fit on one
  /// multiprocessor, assemble once more asking ptxas for one CTA more
  /// (`.minnctapersm`) and keep that cubin if it needs no local memory (no
  /// spills, no stack). Memory-bound kernels hide latency with CTAs in
  /// flight; a spill would cost more than the CTA gains, hence the check.
  bool tuneOccupancy = true;
  /// The dynamic shared memory each CTA of the kernel is launched with
  /// (the module's `tilegpu.dynamic_shared_memory`): ptxas does not see it,
  /// but it bounds the CTAs per multiprocessor as static shared memory does,
  /// so occupancy tuning counts it.
  int dynamicSharedBytes = 0;
};

/// The PTX ISA version, times ten, that `options` asks for: the explicit
/// `ptxVersion`, checked against the architecture and against the versions
/// LLVM's NVPTX back end can emit, or else the architecture's minimum
/// (sm_80: 7.0, sm_86: 7.1, sm_89 and sm_90: 7.8, sm_90a: 8.0).
llvm::Expected<unsigned> resolvePtxVersion(const TargetOptions &options);

/// Checks every field of `options` (architecture, optimization level, PTX
/// version) without compiling anything, for drivers that validate their
/// flags up front.
llvm::Error validateTargetOptions(const TargetOptions &options);

/// Adds the translations to LLVM IR of the builtin, `llvm` and `nvvm`
/// dialects to `registry`, for tools that build their MLIRContext from one.
void registerTargetDialectTranslations(mlir::DialectRegistry &registry);

/// Translates `module`, which must hold only `llvm` and `nvvm` dialect ops, to
/// LLVM IR for nvptx64-nvidia-cuda (triple and data layout set). Functions
/// with the `nvvm.kernel` unit attribute become kernels (the `ptx_kernel`
/// calling convention); `nvvm.maxntid`, `nvvm.reqntid`, `nvvm.minctasm` and
/// `nvvm.maxnreg` become the matching `"nvvm.*"` function attributes. The
/// translations are registered on the module's context as needed.
llvm::Expected<std::unique_ptr<llvm::Module>>
translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &llvmContext);

/// Optimizes `module` in place with LLVM's default new-pass-manager pipeline
/// at `options.optLevel`, built with the NVPTX target machine so that its own
/// passes run (NVVMReflect with __CUDA_ARCH from the architecture and
/// __CUDA_FTZ = 1, as Triton sets it, unless the module sets the
/// "nvvm-reflect-ftz" flag), after linking the libdevice functions the module
/// calls (tilec/Libdevice.h). Sets
/// the triple and data layout when the module has none; fails on a module for
/// another target or one that does not verify. For `--emit=llvm`:
/// compileToPTX runs the same pipeline itself.
llvm::Error optimizeLLVMIR(llvm::Module &module, const TargetOptions &options);

/// Optimizes `module` in place (optimizeLLVMIR) and emits it as PTX text for
/// `options.arch` at the PTX ISA version of resolvePtxVersion.
///
/// Errors the NVPTX back end reports through the LLVMContext ("no libcall
/// available for ...") come back as an error naming the kernel. When the
/// host has called llvm::CrashRecoveryContext::Enable(), so do its fatal
/// errors ("Cannot select: ...", an intrinsic the architecture lacks) and
/// crashes; otherwise a fatal error prints the message with the kernel's
/// name and exits with status 1 (tilec installs LLVM's fatal error handler
/// once per process for this; see NVPTX.cpp).
llvm::Expected<std::string> compileToPTX(llvm::Module &module,
                                         const TargetOptions &options);

/// What ptxas reports for one kernel (`.entry`) with `-v`. Sizes are bytes.
struct KernelResources {
  std::string name;
  int registers = 0;
  int spillStores = 0;
  int spillLoads = 0;
  int stackFrame = 0;
  /// Static shared memory (`smem`).
  int sharedBytes = 0;
  /// The kernel's constant banks (`cmem[N]`) summed. ptxas 13 reports the
  /// parameter bank cmem[0] for sm_8x but not for sm_90 and later.
  int constBytes = 0;
  /// Named barriers used (`used N barriers`).
  int barriers = 0;
  /// The `.minnctapersm` occupancy tuning added (0: none; see
  /// TargetOptions::tuneOccupancy).
  int minCtasPerSM = 0;
};

/// Extracts each kernel's resources from the log of `ptxas -v`, in the
/// order ptxas compiled them. Lines it does not know are skipped, and so are
/// non-inlined device functions (`.func`), which have no "Compiling entry
/// function" line.
std::vector<KernelResources> parsePtxasInfo(llvm::StringRef log);

/// The result of assembling PTX.
struct CubinResult {
  /// The cubin, an ELF image, as bytes.
  std::string cubin;
  /// One entry per kernel, from parsePtxasInfo.
  std::vector<KernelResources> kernels;
  /// ptxas's stdout and stderr (the `-v` report and any warnings).
  std::string log;
  /// The PTX the cubin was assembled from: the input, plus the occupancy
  /// directive when tuning kept one.
  std::string ptx;
};

/// The ptxas that assembleCubin runs (see TargetOptions::ptxasPath), or an
/// error saying where it looked.
llvm::Expected<std::string> findPtxas(const TargetOptions &options);

/// Runs `ptxas --gpu-name=<arch> -v -O<optLevel>` on `ptx` through temporary
/// files. A ptxas that fails returns its messages as the error.
llvm::Expected<CubinResult> assembleCubin(llvm::StringRef ptx,
                                          const TargetOptions &options);

} // namespace tilec

#endif // TILEC_TARGET_H
