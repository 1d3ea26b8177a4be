//===- Compiler.h - One kernel from source to machine code -----*- C++ -*-===//
//
// The compile driver shared by the `tilec` command line and the JIT: source
// text + kernel name + signature + constexprs + options in, PTX, cubin and
// metadata out. Both callers go through the same functions (lowerToLevel,
// emitMachineCode, compileKernel), so a kernel compiles identically whether
// `tilec --emit=cubin` or a C++ host asks for it.
//
// Errors: llvm::Expected, as in the rest of tilec. A kernel that does not
// compile returns a CompileError whose message is the compiler's diagnostics
// exactly as `tilec` prints them (`file:line:col: error: ...`, the source
// line and a caret). Nothing here aborts on bad input.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_COMPILER_H
#define TILEC_COMPILER_H

#include "tilec/Frontend.h"
#include "tilec/TensorDescriptor.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace mlir {
class MLIRContext;
class PassManager;
} // namespace mlir

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace tilec {

/// What to compile and how; every field is part of the cache key.
struct CompileOptions {
  /// The @jit function to compile. Empty: the file's only kernel.
  std::string kernelName;
  /// Triton's AOT signature: "*fp32:16, *fp32:16, i32:16, i32:16, i32, 1024".
  std::string signature;
  /// `-D NAME=VALUE` constexpr bindings, by parameter name.
  std::vector<std::pair<std::string, std::string>> defines;
  int numWarps = 4;
  int numStages = 3;
  /// The GPU architecture, as tilec::parseArch accepts it.
  std::string arch = "sm_90a";
  /// LLVM and ptxas optimization level, 0 to 3.
  int optLevel = 3;
  /// Whether a multiply and an add may fuse into an fma (TargetOptions).
  bool fpFusion = true;
  /// Triton's debug mode (TRITON_DEBUG=1): device asserts are compiled in.
  bool debug = false;
  /// Remarks from tilegpu-pipeline on every loop with a dot: how it was
  /// pipelined, or why not (`tilec --print-pipeline-remarks`).
  bool pipelineRemarks = false;
  /// `-I DIR`: where the kernel file's imports are searched after its own
  /// package, before PYTHONPATH.
  std::vector<std::string> includeDirs;
  /// Other Python modules the kernel's helpers come from, and module-level
  /// values Python evaluated (FrontendOptions; python/tilec fills them).
  std::vector<SourceModule> modules;
  std::vector<GlobalValue> globalValues;

  /// Whether to assemble a cubin with ptxas.
  enum class Assemble {
    /// Run ptxas when one is found; otherwise keep only the PTX (the driver
    /// JIT-compiles it at load time) and say so in the metadata.
    IfAvailable,
    /// Run ptxas; a missing ptxas is an error (`tilec --emit=cubin`).
    Always,
    /// PTX only (`tilec --emit=ptx`).
    Never,
  };
  Assemble assemble = Assemble::IfAvailable;
};

/// One runtime (not constexpr) parameter of a compiled kernel, in order.
struct KernelParam {
  /// TensorDesc: a `tensordesc<fp16[128, 64]>` parameter, passed as the
  /// 128-byte, 64-byte-aligned CUtensorMap the launcher encodes with `desc`.
  /// TensorDescShape and TensorDescStride: the hidden parameters of a
  /// descriptor whose `shape` or `strides` the kernel reads (what the map
  /// holds but a kernel cannot read back). They follow their descriptor
  /// directly, the rank shapes (i32, dimension 0 first) then the rank
  /// strides (i64, in elements); a descriptor whose shape and strides the
  /// kernel never reads has none. The user passes one tensor per
  /// descriptor and the launch fills its hidden parameters from it
  /// (jit::packArguments, the AOT C launcher), so they are not among the
  /// arguments a launch takes.
  enum class Kind { Pointer, Int, Float, TensorDesc, TensorDescShape,
                    TensorDescStride };
  /// The parameter's name in the source. A tuple argument is flattened into
  /// one parameter per leaf that is neither a constexpr nor None, in order,
  /// each named by its path: "shape.0", "t.1.2".
  std::string name;
  /// The signature entry without its specialization: "*fp32", "i32", "fp32".
  std::string type;
  Kind kind = Kind::Int;
  /// Width of the value passed to cuLaunchKernel: 64 for pointers, the
  /// scalar's width otherwise (1 for i1, passed as one byte); 1024 for a
  /// tensor descriptor.
  unsigned bits = 32;
  /// For Kind::TensorDesc: the box and swizzle the kernel was compiled for.
  TensorDescLayout desc;
  /// For TensorDescShape and TensorDescStride: the dimension (outermost
  /// first) of the preceding TensorDesc parameter.
  unsigned dim = 0;

  /// Whether the user passes this parameter (it is not a hidden one).
  bool isPassed() const {
    return kind != Kind::TensorDescShape && kind != Kind::TensorDescStride;
  }
};

/// What a host needs to launch the kernel and what the compiler reports.
struct KernelMetadata {
  /// The `.entry` name in the PTX and cubin.
  std::string name;
  std::string arch;
  int numWarps = 4;
  /// The block a launch must use, as the kernel declares it (`.reqntid`):
  /// 32 * numWarps, plus a producer warpgroup when warp-specialized.
  int threadsPerBlock = 128;
  /// From `ptxas -v` (0 when no cubin was assembled).
  int registers = 0;
  int spillStores = 0;
  int spillLoads = 0;
  int stackBytes = 0;
  /// Static shared memory in bytes.
  int sharedBytes = 0;
  /// Dynamic shared memory every launch must pass (`sharedMemBytes` of
  /// cuLaunchKernel): kernels that need more than the 48 KiB a kernel may
  /// declare statically (multi-stage operand rings) use dynamic shared
  /// memory instead. 0 for the others.
  int dynamicSharedBytes = 0;
  /// The CTAs per multiprocessor occupancy tuning asked ptxas for
  /// (`.minnctapersm`, see TargetOptions::tuneOccupancy); 0 when none.
  int minCtasPerSM = 0;
  /// The kernel's parameters, in order: the runtime parameters of the
  /// source and the hidden ones that follow a tensor descriptor (see
  /// KernelParam::Kind).
  std::vector<KernelParam> params;

  /// The number of arguments a launch takes: the parameters the user
  /// passes (not the hidden ones).
  size_t getNumPassedParams() const {
    size_t n = 0;
    for (const KernelParam &p : params)
      n += p.isPassed();
    return n;
  }
  /// True when `cubin` holds an image; false when only PTX was produced.
  bool hasCubin = false;
  /// Why there is no cubin ("ptxas not found: ..."), or empty.
  std::string cubinNote;
  /// Warnings from the compiler and ptxas's report.
  std::string compileLog;
};

/// The result of compiling one kernel.
struct CompiledKernel {
  std::string ptx;
  /// The ELF image from ptxas; empty when metadata.hasCubin is false.
  std::string cubin;
  KernelMetadata metadata;
};

/// A kernel that does not compile: the diagnostics as tilec prints them.
class CompileError : public llvm::ErrorInfo<CompileError> {
public:
  static char ID;
  explicit CompileError(std::string diagnostics)
      : diagnostics(std::move(diagnostics)) {}
  const std::string &getDiagnostics() const { return diagnostics; }
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;

private:
  std::string diagnostics;
};

/// Wall time of each stage of one compile, in milliseconds (for
/// `jit_bench --breakdown`).
struct CompileTimings {
  /// Creating the MLIRContext and loading the dialects.
  double setupMs = 0;
  /// Parsing and emitting the `tile` dialect.
  double frontendMs = 0;
  /// The MLIR pipelines down to the `llvm` dialect.
  double passesMs = 0;
  /// Translation to LLVM IR, LLVM's optimizations and PTX emission.
  double llvmMs = 0;
  /// ptxas (0 when no cubin was assembled).
  double ptxasMs = 0;
};

/// The levels `tilec --emit=` knows below the AST, in pipeline order.
enum class EmitLevel {
  TileRaw,
  Tile,
  TileGPU,
  LLVMDialect,
  LLVMIR,
  PTX,
  Cubin
};

/// "tilec 0.1.0 (build <getBuildId()>) llvm 22.x": part of every cache key,
/// so that a different compiler never reuses another's entries.
llvm::StringRef getCompilerVersion();

/// A hash of the archives the compiler was linked from (generated by
/// lib/Compiler/BuildId.cmake into the TilecBuildId library, which every
/// program that compiles must link): it changes with every change to the
/// compiler, committed or not.
const char *getBuildId();

/// A new context with every dialect and translation tilec uses loaded and
/// multithreading off (one kernel is too small to gain from threads, and
/// starting the thread pool costs more than the compile of a small kernel).
std::unique_ptr<mlir::MLIRContext> createCompilerContext();

/// Emits the kernel and runs the pipelines up to `level` (at most
/// EmitLevel::LLVMDialect). Diagnostics go through `ctx`'s engine; returns
/// null after reporting them. `configure`, when set, sees the pass manager
/// before the pipelines are added (for the CLI's IR printing flags).
/// `signature`, when set, receives the kernel's name and runtime parameters
/// (KernelMetadata::name and params), read from the kernel as emitted.
mlir::OwningOpRef<mlir::ModuleOp> lowerToLevel(
    mlir::MLIRContext &ctx, llvm::StringRef source, llvm::StringRef filename,
    const CompileOptions &options, EmitLevel level,
    const std::function<mlir::LogicalResult(mlir::PassManager &)> &configure =
        nullptr,
    CompileTimings *timings = nullptr, KernelMetadata *signature = nullptr);

/// The levels below MLIR for a module at EmitLevel::LLVMDialect: writes LLVM
/// IR (level LLVMIR) to `os`, or fills `out` with PTX and, for EmitLevel::
/// Cubin and options.assemble, a cubin and ptxas's resources. A failure of
/// LLVM's NVPTX back end is reported through the module's MLIRContext at the
/// kernel's line, and the CompileError returned for it is empty.
llvm::Error emitMachineCode(mlir::ModuleOp module,
                            const CompileOptions &options, EmitLevel level,
                            CompiledKernel &out, llvm::raw_ostream *os,
                            CompileTimings *timings = nullptr);

/// The text of the kernel file at `path` ("-": standard input), or an error
/// saying why not without naming the file: only a regular file (or standard
/// input) of at most kMaxKernelFileBytes (tilec/Limits.h) is read, so that a
/// device, a FIFO or a huge file fails at once instead of hanging or
/// exhausting memory.
llvm::Expected<std::string> readKernelSource(llvm::StringRef path);

/// readKernelSource, with an error naming the file.
llvm::Expected<std::string> readKernelFile(llvm::StringRef path);

/// Checks the options that are not the kernel's (arch, opt level,
/// num_warps, num_stages), as compileKernel does first: an error names the
/// bad value.
llvm::Error validateCompileOptions(const CompileOptions &options);

/// Compiles `source` (named `filename` in diagnostics) to PTX and, as
/// options.assemble says, a cubin, in a context of its own. Safe to call
/// from several threads at once.
llvm::Expected<CompiledKernel> compileKernel(llvm::StringRef source,
                                             llvm::StringRef filename,
                                             const CompileOptions &options,
                                             CompileTimings *timings = nullptr);

/// Writes `NAME.h` and `NAME.c` text: a C launcher that embeds the kernel's
/// cubin and loads and launches it through the CUDA driver API alone
/// (cuModuleLoadData, cuModuleGetFunction, cuLaunchKernel). `name` must be a
/// C identifier; the kernel must have a cubin.
llvm::Error emitCLauncher(const CompiledKernel &kernel, llvm::StringRef name,
                          llvm::raw_ostream &header, llvm::raw_ostream &source);

} // namespace tilec

#endif // TILEC_COMPILER_H
