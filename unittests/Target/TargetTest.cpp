//===- TargetTest.cpp - Tests of the LLVM-dialect to PTX back end ---------===//
//
// Unit tests of include/tilec/Target.h: architectures and PTX versions, the
// translation of an `llvm`/`nvvm` kernel to LLVM IR, PTX emission for sm_80
// and sm_90a, ptxas (skipped when /usr/local/cuda/bin/ptxas is absent), the
// parser of ptxas's `-v` report on logs captured from ptxas 13.0, and the
// errors that bad input comes back as.
//
//===----------------------------------------------------------------------===//

#include "tilec/Target.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdlib>


using namespace tilec;

namespace {

/// out[i..i+3] = a[i..i+3] + b[i..i+3] with 128-bit loads and stores, where
/// i = 4 * (ctaid.x * ntid.x + tid.x) and i + 4 <= n; `a` is also the output.
constexpr llvm::StringLiteral kVectorAdd = R"mlir(
llvm.func @add(%a: !llvm.ptr<1>, %b: !llvm.ptr<1>, %n: i32)
    attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>} {
  %tid = nvvm.read.ptx.sreg.tid.x : i32
  %ctaid = nvvm.read.ptx.sreg.ctaid.x : i32
  %ntid = nvvm.read.ptx.sreg.ntid.x : i32
  %c4 = llvm.mlir.constant(4 : i32) : i32
  %base = llvm.mul %ctaid, %ntid : i32
  %thread = llvm.add %base, %tid : i32
  %i = llvm.mul %thread, %c4 : i32
  %end = llvm.add %i, %c4 : i32
  %inBounds = llvm.icmp "sle" %end, %n : i32
  llvm.cond_br %inBounds, ^body, ^exit
^body:
  %pa = llvm.getelementptr %a[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
  %pb = llvm.getelementptr %b[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
  %va = llvm.load %pa {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
  %vb = llvm.load %pb {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
  %sum = llvm.fadd %va, %vb : vector<4xf32>
  llvm.store %sum, %pa {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
  llvm.br ^exit
^exit:
  llvm.return
}
)mlir";

/// Stores __nvvm_reflect("__CUDA_ARCH") and __nvvm_reflect("__CUDA_FTZ").
constexpr llvm::StringLiteral kReflect = R"mlir(
llvm.mlir.global private constant @arch("__CUDA_ARCH\00") {addr_space = 0 : i32}
llvm.mlir.global private constant @ftz("__CUDA_FTZ\00") {addr_space = 0 : i32}
llvm.func @__nvvm_reflect(!llvm.ptr) -> i32
llvm.func @reflect(%out: !llvm.ptr<1>) attributes {nvvm.kernel} {
  %archName = llvm.mlir.addressof @arch : !llvm.ptr
  %ftzName = llvm.mlir.addressof @ftz : !llvm.ptr
  %archValue = llvm.call @__nvvm_reflect(%archName) : (!llvm.ptr) -> i32
  %ftzValue = llvm.call @__nvvm_reflect(%ftzName) : (!llvm.ptr) -> i32
  %one = llvm.mlir.constant(1 : i32) : i32
  %p1 = llvm.getelementptr %out[%one] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
  llvm.store %archValue, %out : i32, !llvm.ptr<1>
  llvm.store %ftzValue, %p1 : i32, !llvm.ptr<1>
  llvm.return
}
)mlir";

/// wgmma exists on sm_90a alone: NVPTX cannot select it for sm_80.
constexpr llvm::StringLiteral kWgmmaFence = R"mlir(
llvm.func @fence() attributes {nvvm.kernel} {
  nvvm.wgmma.fence.aligned
  llvm.return
}
)mlir";

//===----------------------------------------------------------------------===//
// Logs of `ptxas -v -O3` from CUDA 13.0 (V13.0.88), captured from PTX that
// LLVM 22's NVPTX back end emitted.
//===----------------------------------------------------------------------===//

/// The vector add above, --gpu-name=sm_90a: no cmem[0] line on sm_90+.
constexpr llvm::StringLiteral kLogAddSm90a = R"(ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function 'add' for 'sm_90a'
ptxas info    : Function properties for add
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 14 registers, used 0 barriers
ptxas info    : Compile time = 36.914 ms
)";

/// 96 volatile loads kept live under "nvvm.maxnreg"="16", --gpu-name=sm_90a.
constexpr llvm::StringLiteral kLogSpills =
    R"(ptxas warning : For entry spilly adjusting per thread register count of 16 to lower bound of 24
ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function 'spilly' for 'sm_90a'
ptxas info    : Function properties for spilly
    480 bytes stack frame, 476 bytes spill stores, 476 bytes spill loads
ptxas info    : Used 24 registers, used 0 barriers, 480 bytes cumulative stack size
ptxas info    : Compile time = 40.606 ms
)";

/// Two kernels, --gpu-name=sm_80: one calls a helper that ptxas inlined (its
/// "Function properties" follow the kernel's), one uses shared memory and a
/// barrier; a module-level constant is reported as cmem[3].
constexpr llvm::StringLiteral kLogTwoKernels =
    R"(ptxas info    : 0 bytes gmem, 16 bytes cmem[3]
ptxas info    : Compiling entry function 'call_kernel' for 'sm_80'
ptxas info    : Function properties for call_kernel
    64 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 10 registers, used 0 barriers, 64 bytes cumulative stack size, 364 bytes cmem[0]
ptxas info    : Compile time = 5.995 ms
ptxas info    : Function properties for helper
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Compiling entry function 'smem_kernel' for 'sm_80'
ptxas info    : Function properties for smem_kernel
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 10 registers, used 1 barriers, 4096 bytes smem, 364 bytes cmem[0]
ptxas info    : Compile time = 2.536 ms
)";

/// A kernel calling a recursive device function, which spills on its own.
constexpr llvm::StringLiteral kLogDeviceFunction =
    R"(ptxas info    : 0 bytes gmem, 256 bytes cmem[3]
ptxas info    : Compiling entry function 'fib_kernel' for 'sm_80'
ptxas info    : Function properties for fib_kernel
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 24 registers, used 0 barriers, 364 bytes cmem[0]
ptxas info    : Compile time = 16.953 ms
ptxas info    : Function properties for fib
    24 bytes stack frame, 20 bytes spill stores, 20 bytes spill loads
)";

constexpr llvm::StringLiteral kDefaultPtxas = "/usr/local/cuda/bin/ptxas";

bool havePtxas() { return llvm::sys::fs::can_execute(kDefaultPtxas); }

/// Takes the message of an error (or the empty string on success).
std::string errorText(llvm::Error error) {
  return error ? llvm::toString(std::move(error)) : std::string();
}

/// Sets an environment variable for one scope.
class ScopedEnv {
public:
  ScopedEnv(const char *name, const char *value) : name(name) {
    if (const char *old = std::getenv(name))
      saved = old;
    ::setenv(name, value, /*overwrite=*/1);
  }
  ~ScopedEnv() {
    if (saved)
      ::setenv(name, saved->c_str(), 1);
    else
      ::unsetenv(name);
  }

private:
  const char *name;
  std::optional<std::string> saved;
};

class TargetTest : public ::testing::Test {
protected:
  TargetTest() {
    mlir::DialectRegistry registry;
    registry.insert<mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect>();
    registerTargetDialectTranslations(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  mlir::OwningOpRef<mlir::ModuleOp> parse(llvm::StringRef source) {
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(source, &context);
    EXPECT_TRUE(module) << "cannot parse the test kernel";
    return module;
  }

  /// Parses, translates and compiles `source` to PTX for `arch`.
  std::string compile(llvm::StringRef source, llvm::StringRef arch,
                      llvm::StringRef ptxVersion = "", bool fpFusion = true) {
    mlir::OwningOpRef<mlir::ModuleOp> module = parse(source);
    if (!module)
      return "";
    llvm::Expected<std::unique_ptr<llvm::Module>> llvmModule =
        translateToLLVMIR(*module, llvmContext);
    if (!llvmModule) {
      ADD_FAILURE() << llvm::toString(llvmModule.takeError());
      return "";
    }
    TargetOptions options;
    options.arch = arch.str();
    options.ptxVersion = ptxVersion.str();
    options.fpFusion = fpFusion;
    llvm::Expected<std::string> ptx = compileToPTX(**llvmModule, options);
    if (!ptx) {
      ADD_FAILURE() << llvm::toString(ptx.takeError());
      return "";
    }
    return *ptx;
  }

  mlir::MLIRContext context;
  llvm::LLVMContext llvmContext;
};

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

TEST(ArchTest, AcceptsTheSupportedArchitectures) {
  for (llvm::StringRef name : {"sm_80", "sm_86", "sm_89", "sm_90", "sm_90a"}) {
    llvm::Expected<GpuArch> arch = parseArch(name);
    ASSERT_TRUE(bool(arch)) << llvm::toString(arch.takeError());
    EXPECT_EQ(arch->name, name);
  }
  llvm::Expected<GpuArch> arch = parseArch("sm_90a");
  ASSERT_TRUE(bool(arch));
  EXPECT_EQ(arch->smVersion, 90u);
  EXPECT_TRUE(arch->archSpecific);
  EXPECT_EQ(arch->minPtxVersion, 80u);
  EXPECT_EQ(getSupportedArchs().size(), 5u);
}

// What hosts compile for on the device they run on (the C API, the JIT
// samples): the `a` target on Hopper, a device's own where the table has
// it, else the newest portable target it runs.
TEST(ArchTest, ArchForADevice) {
  EXPECT_EQ(getArchForDevice(90), "sm_90a");
  EXPECT_EQ(getArchForDevice(80), "sm_80");
  EXPECT_EQ(getArchForDevice(86), "sm_86");
  EXPECT_EQ(getArchForDevice(87), "sm_86");
  EXPECT_EQ(getArchForDevice(89), "sm_89");
  EXPECT_EQ(getArchForDevice(100), "sm_90");
  EXPECT_EQ(getArchForDevice(120), "sm_90");
  EXPECT_EQ(getArchForDevice(75), "sm_80");
}

TEST(ArchTest, RejectsOthersListingTheSupportedOnes) {
  for (llvm::StringRef name : {"sm_75", "sm_100a", "SM_90A", "", "sm_90a "}) {
    llvm::Expected<GpuArch> arch = parseArch(name);
    ASSERT_FALSE(bool(arch)) << name.str();
    EXPECT_EQ(llvm::toString(arch.takeError()),
              "unsupported GPU architecture '" + name.str() +
                  "', expected one of sm_80, sm_86, sm_89, sm_90, sm_90a");
  }
}

// The exceptions: sm_80 and sm_86 take 7.5, the first PTX whose cp.async
// takes an ignore-src predicate (masked async copies); sm_90 takes 8.0, the
// first with the bulk tensor copies that tensor descriptors lower to (7.8
// introduced the target without them).
TEST(PtxVersionTest, DefaultsToTheArchitecturesMinimum) {
  std::pair<const char *, unsigned> expected[] = {{"sm_80", 75},
                                                  {"sm_86", 75},
                                                  {"sm_89", 78},
                                                  {"sm_90", 80},
                                                  {"sm_90a", 80}};
  for (auto [arch, version] : expected) {
    TargetOptions options;
    options.arch = arch;
    llvm::Expected<unsigned> resolved = resolvePtxVersion(options);
    ASSERT_TRUE(bool(resolved)) << llvm::toString(resolved.takeError());
    EXPECT_EQ(*resolved, version) << arch;
  }
}

TEST(PtxVersionTest, AcceptsExplicitVersionsLLVMKnows) {
  TargetOptions options;
  options.ptxVersion = "8.4";
  llvm::Expected<unsigned> resolved = resolvePtxVersion(options);
  ASSERT_TRUE(bool(resolved)) << llvm::toString(resolved.takeError());
  EXPECT_EQ(*resolved, 84u);
  options.ptxVersion = "90";
  resolved = resolvePtxVersion(options);
  ASSERT_TRUE(bool(resolved)) << llvm::toString(resolved.takeError());
  EXPECT_EQ(*resolved, 90u);
}

TEST(PtxVersionTest, RejectsBadVersions) {
  TargetOptions options;
  options.ptxVersion = "7.8";
  EXPECT_EQ(llvm::toString(resolvePtxVersion(options).takeError()),
            "sm_90a needs PTX ISA 8.0 or later, got 7.8");
  options.ptxVersion = "9.9";
  EXPECT_EQ(llvm::toString(resolvePtxVersion(options).takeError()),
            "unsupported PTX ISA version 9.9, LLVM's NVPTX back end emits at "
            "most 9.0");
  for (const char *bad : {"8", "eight", "8.", "8.10", "ptx80", "-8.0"}) {
    options.ptxVersion = bad;
    EXPECT_EQ(llvm::toString(resolvePtxVersion(options).takeError()),
              std::string("invalid PTX ISA version '") + bad +
                  "', expected a version such as 8.0");
  }
}

TEST(OptionsTest, ValidatesEveryField) {
  TargetOptions options;
  EXPECT_EQ(errorText(validateTargetOptions(options)), "");
  options.optLevel = 4;
  EXPECT_EQ(errorText(validateTargetOptions(options)),
            "invalid optimization level 4, expected 0 to 3");
  options.optLevel = 2;
  options.arch = "sm_70";
  EXPECT_NE(errorText(validateTargetOptions(options)).find("'sm_70'"),
            std::string::npos);
}

//===----------------------------------------------------------------------===//
// Translation to LLVM IR
//===----------------------------------------------------------------------===//

TEST_F(TargetTest, TranslatesKernelsToThePtxKernelCallingConvention) {
  mlir::OwningOpRef<mlir::ModuleOp> module = parse(kVectorAdd);
  ASSERT_TRUE(module);
  llvm::Expected<std::unique_ptr<llvm::Module>> llvmModule =
      translateToLLVMIR(*module, llvmContext);
  ASSERT_TRUE(bool(llvmModule)) << llvm::toString(llvmModule.takeError());
  llvm::Module &m = **llvmModule;
  EXPECT_EQ(m.getTargetTriple().str(), "nvptx64-nvidia-cuda");
  EXPECT_FALSE(m.getDataLayoutStr().empty());
  llvm::Function *add = m.getFunction("add");
  ASSERT_NE(add, nullptr);
  // MLIR 22 marks `nvvm.kernel` functions with the calling convention, not
  // with !nvvm.annotations, and the block size as a function attribute.
  EXPECT_EQ(add->getCallingConv(), llvm::CallingConv::PTX_Kernel);
  EXPECT_EQ(add->getFnAttribute("nvvm.reqntid").getValueAsString(), "128,1,1");
}

TEST_F(TargetTest, RejectsModulesForAnotherTarget) {
  mlir::OwningOpRef<mlir::ModuleOp> module =
      parse("module attributes {llvm.target_triple = "
            "\"x86_64-unknown-linux-gnu\"} {}");
  ASSERT_TRUE(module);
  llvm::Expected<std::unique_ptr<llvm::Module>> llvmModule =
      translateToLLVMIR(*module, llvmContext);
  ASSERT_FALSE(bool(llvmModule));
  EXPECT_EQ(llvm::toString(llvmModule.takeError()),
            "module targets 'x86_64-unknown-linux-gnu', expected "
            "nvptx64-nvidia-cuda");
}

TEST_F(TargetTest, ReportsUntranslatableOpsAsDiagnostics) {
  mlir::OwningOpRef<mlir::ModuleOp> module = parse(R"mlir(
llvm.func @k(%x: i32) -> i64 {
  %y = builtin.unrealized_conversion_cast %x : i32 to i64
  llvm.return %y : i64
}
)mlir");
  ASSERT_TRUE(module);
  std::string diagnostics;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
    diagnostics += d.str() + "\n";
    return mlir::success();
  });
  llvm::Expected<std::unique_ptr<llvm::Module>> llvmModule =
      translateToLLVMIR(*module, llvmContext);
  ASSERT_FALSE(bool(llvmModule));
  EXPECT_EQ(llvm::toString(llvmModule.takeError()),
            "cannot translate the module to LLVM IR");
  EXPECT_NE(diagnostics.find("unrealized_conversion_cast"), std::string::npos)
      << diagnostics;
}

//===----------------------------------------------------------------------===//
// PTX
//===----------------------------------------------------------------------===//

/// How many times `needle` occurs in `text`.
static size_t countOccurrences(llvm::StringRef text, llvm::StringRef needle) {
  size_t n = 0;
  for (size_t pos = text.find(needle); pos != llvm::StringRef::npos;
       pos = text.find(needle, pos + 1))
    ++n;
  return n;
}

TEST_F(TargetTest, CompilesVectorAddForSm90a) {
  std::string ptx = compile(kVectorAdd, "sm_90a");
  EXPECT_NE(ptx.find(".version 8.0\n"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find(".target sm_90a\n"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find(".visible .entry add("), std::string::npos) << ptx;
  EXPECT_NE(ptx.find(".reqntid 128, 1, 1"), std::string::npos) << ptx;
  // LLVM 22's NVPTX prints untyped vector memory ops (.b32, not .f32).
  EXPECT_NE(ptx.find("ld.global.v4.b32"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find("st.global.v4.b32"), std::string::npos) << ptx;
  // With fp fusion (the default) adds carry no rounding mode, so ptxas may
  // fuse them with a multiply.
  EXPECT_EQ(countOccurrences(ptx, "add.f32"), 4u) << ptx;
  EXPECT_EQ(countOccurrences(ptx, "add.rn.f32"), 0u) << ptx;
}

/// A loop that copies 16 bytes a step with cp.async and fences wgmma: the
/// shape of a pipelined wgmma loop, for which the code generator runs
/// without loop strength reduction.
constexpr llvm::StringLiteral kCpAsyncWgmmaLoop = R"mlir(
llvm.mlir.global internal @ring() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<64 x i8>
llvm.func @loop(%src: !llvm.ptr<1>, %n: i32)
    attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %step = llvm.mlir.constant(64 : i32) : i32
  %dst = llvm.mlir.addressof @ring : !llvm.ptr<3>
  llvm.br ^head(%c0, %src : i32, !llvm.ptr<1>)
^head(%i: i32, %p: !llvm.ptr<1>):
  %more = llvm.icmp "slt" %i, %n : i32
  llvm.cond_br %more, ^body, ^exit
^body:
  nvvm.cp.async.shared.global %dst, %p, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
  nvvm.cp.async.commit.group
  nvvm.wgmma.fence.aligned
  %next = llvm.getelementptr %p[%step] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
  %j = llvm.add %i, %c1 : i32
  llvm.br ^head(%j, %next : i32, !llvm.ptr<1>)
^exit:
  llvm.return
}
)mlir";

// tilec turns LSR off for such kernels through LLVM's global -disable-lsr
// option (LLVM has no per-pipeline switch): only while it builds the code
// generator's pipeline. The option must be as it was afterwards, so that
// nothing else in the process loses the pass.
TEST_F(TargetTest, LeavesTheLoopStrengthReductionSwitchAsFound) {
  auto &registered = llvm::cl::getRegisteredOptions();
  auto it = registered.find("disable-lsr");
  ASSERT_NE(it, registered.end());
  auto *disableLSR = static_cast<llvm::cl::opt<bool> *>(it->second);
  ASSERT_FALSE(disableLSR->getValue());
  std::string ptx = compile(kCpAsyncWgmmaLoop, "sm_90a");
  EXPECT_NE(ptx.find("cp.async.cg.shared.global"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find("wgmma.fence.sync.aligned"), std::string::npos) << ptx;
  EXPECT_FALSE(disableLSR->getValue());
  // Also when something else in the process had set it: kept set.
  disableLSR->setValue(true);
  compile(kVectorAdd, "sm_90a");
  EXPECT_TRUE(disableLSR->getValue());
  disableLSR->setValue(false);
}

TEST_F(TargetTest, FpFusionOffKeepsRoundedAdds) {
  std::string ptx = compile(kVectorAdd, "sm_90a", "", /*fpFusion=*/false);
  EXPECT_EQ(countOccurrences(ptx, "add.rn.f32"), 4u) << ptx;
}

TEST_F(TargetTest, CompilesVectorAddForSm80) {
  std::string ptx = compile(kVectorAdd, "sm_80");
  EXPECT_NE(ptx.find(".version 7.5\n"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find(".target sm_80\n"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find(".visible .entry add("), std::string::npos) << ptx;
  EXPECT_NE(ptx.find("ld.global.v4.b32"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find("st.global.v4.b32"), std::string::npos) << ptx;
}

TEST_F(TargetTest, EmitsTheRequestedPtxVersion) {
  std::string ptx = compile(kVectorAdd, "sm_90a", "8.7");
  EXPECT_NE(ptx.find(".version 8.7\n"), std::string::npos) << ptx;
}

TEST_F(TargetTest, RunsNVVMReflectWithArchAndFtzOne) {
  for (auto [arch, value] :
       {std::pair<const char *, const char *>{"sm_80", "store i32 800"},
        {"sm_90a", "store i32 900"}}) {
    mlir::OwningOpRef<mlir::ModuleOp> module = parse(kReflect);
    ASSERT_TRUE(module);
    llvm::Expected<std::unique_ptr<llvm::Module>> llvmModule =
        translateToLLVMIR(*module, llvmContext);
    ASSERT_TRUE(bool(llvmModule)) << llvm::toString(llvmModule.takeError());
    TargetOptions options;
    options.arch = arch;
    ASSERT_EQ(errorText(optimizeLLVMIR(**llvmModule, options)), "");
    std::string ir;
    llvm::raw_string_ostream os(ir);
    (*llvmModule)->print(os, nullptr);
    EXPECT_EQ(ir.find("__nvvm_reflect("), std::string::npos) << ir;
    EXPECT_NE(ir.find(value), std::string::npos) << ir;
    EXPECT_NE(ir.find("store i32 1"), std::string::npos) << ir;
  }
}

TEST_F(TargetTest, RejectsBadOptionsBeforeCompiling) {
  mlir::OwningOpRef<mlir::ModuleOp> module = parse(kVectorAdd);
  ASSERT_TRUE(module);
  llvm::Expected<std::unique_ptr<llvm::Module>> llvmModule =
      translateToLLVMIR(*module, llvmContext);
  ASSERT_TRUE(bool(llvmModule));
  TargetOptions options;
  options.arch = "sm_75";
  llvm::Expected<std::string> ptx = compileToPTX(**llvmModule, options);
  ASSERT_FALSE(bool(ptx));
  EXPECT_NE(llvm::toString(ptx.takeError()).find("'sm_75'"), std::string::npos);
  options.arch = "sm_80";
  options.optLevel = -1;
  ptx = compileToPTX(**llvmModule, options);
  ASSERT_FALSE(bool(ptx));
  EXPECT_EQ(llvm::toString(ptx.takeError()),
            "invalid optimization level -1, expected 0 to 3");
}

TEST_F(TargetTest, RejectsModulesThatDoNotVerify) {
  llvm::Module module("broken", llvmContext);
  llvm::Function *f = llvm::Function::Create(
      llvm::FunctionType::get(llvm::Type::getVoidTy(llvmContext), false),
      llvm::Function::ExternalLinkage, "f", module);
  llvm::BasicBlock::Create(llvmContext, "entry", f); // no terminator
  llvm::Expected<std::string> ptx = compileToPTX(module, TargetOptions());
  ASSERT_FALSE(bool(ptx));
  EXPECT_TRUE(llvm::StringRef(llvm::toString(ptx.takeError()))
                  .starts_with("invalid LLVM module: "));
}

TEST_F(TargetTest, RejectsLLVMModulesForAnotherTarget) {
  llvm::Module module("x86", llvmContext);
  module.setTargetTriple(llvm::Triple("x86_64-unknown-linux-gnu"));
  llvm::Expected<std::string> ptx = compileToPTX(module, TargetOptions());
  ASSERT_FALSE(bool(ptx));
  EXPECT_EQ(llvm::toString(ptx.takeError()),
            "module targets 'x86_64-unknown-linux-gnu', expected "
            "nvptx64-nvidia-cuda");
}

// Under LeakSanitizer, this and the next test also check that what a fatal
// error abandons is not reported as leaked (runCatchingBackendErrors).
TEST_F(TargetTest, BackEndCrashIsAnErrorUnderCrashRecovery) {
  llvm::CrashRecoveryContext::Enable();
  mlir::OwningOpRef<mlir::ModuleOp> module = parse(kWgmmaFence);
  ASSERT_TRUE(module);
  llvm::Expected<std::unique_ptr<llvm::Module>> llvmModule =
      translateToLLVMIR(*module, llvmContext);
  ASSERT_TRUE(bool(llvmModule)) << llvm::toString(llvmModule.takeError());
  TargetOptions options;
  options.arch = "sm_80";
  // LLVM prints "LLVM ERROR: Cannot select: intrinsic ..." on stderr first.
  llvm::Expected<std::string> ptx = compileToPTX(**llvmModule, options);
  llvm::CrashRecoveryContext::Disable();
  ASSERT_FALSE(bool(ptx));
  std::string message = llvm::toString(ptx.takeError());
  EXPECT_TRUE(llvm::StringRef(message).starts_with(
      "the NVPTX back end cannot compile kernel 'fence' for sm_80: Cannot "
      "select: "))
      << message;
  EXPECT_NE(message.find("wgmma.fence"), std::string::npos) << message;
  // The module may be half-lowered; leak it as the back end's state is.
  (void)llvmModule->release();
}

/// An f64 log2 has no PTX instruction and no libcall: NVPTX reports it
/// through the LLVMContext, carries on, and then cannot select the call it
/// made instead; the error says what the diagnostic said.
constexpr llvm::StringLiteral kLog2F64 = R"mlir(
llvm.func @log2(%p: !llvm.ptr<1>) attributes {nvvm.kernel} {
  %x = llvm.load %p : !llvm.ptr<1> -> f64
  %y = llvm.intr.log2(%x) : (f64) -> f64
  llvm.store %y, %p : f64, !llvm.ptr<1>
  llvm.return
}
)mlir";

TEST_F(TargetTest, BackEndDiagnosticIsAnError) {
  llvm::CrashRecoveryContext::Enable();
  mlir::OwningOpRef<mlir::ModuleOp> module = parse(kLog2F64);
  ASSERT_TRUE(module);
  llvm::Expected<std::unique_ptr<llvm::Module>> llvmModule =
      translateToLLVMIR(*module, llvmContext);
  ASSERT_TRUE(bool(llvmModule)) << llvm::toString(llvmModule.takeError());
  TargetOptions options;
  options.arch = "sm_80";
  llvm::Expected<std::string> ptx = compileToPTX(**llvmModule, options);
  llvm::CrashRecoveryContext::Disable();
  ASSERT_FALSE(bool(ptx));
  std::string message = llvm::toString(ptx.takeError());
  EXPECT_TRUE(llvm::StringRef(message).starts_with(
      "the NVPTX back end cannot compile kernel 'log2' for sm_80: "))
      << message;
  EXPECT_NE(message.find("no libcall available for flog2"), std::string::npos)
      << message;
  (void)llvmModule->release();
}

/// Calls libdevice's sinf: linked in, inlined, and gone from the PTX.
constexpr llvm::StringLiteral kSinf = R"mlir(
llvm.func @__nv_sinf(f32) -> f32
llvm.func @sinf(%p: !llvm.ptr<1>) attributes {nvvm.kernel} {
  %x = llvm.load %p : !llvm.ptr<1> -> f32
  %y = llvm.call @__nv_sinf(%x) : (f32) -> f32
  llvm.store %y, %p : f32, !llvm.ptr<1>
  llvm.return
}
)mlir";

TEST_F(TargetTest, LinksLibdeviceWhenCalled) {
  if (!llvm::sys::fs::exists("/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"))
    GTEST_SKIP() << "no CUDA libdevice";
  mlir::OwningOpRef<mlir::ModuleOp> module = parse(kSinf);
  ASSERT_TRUE(module);
  llvm::Expected<std::unique_ptr<llvm::Module>> llvmModule =
      translateToLLVMIR(*module, llvmContext);
  ASSERT_TRUE(bool(llvmModule)) << llvm::toString(llvmModule.takeError());
  llvm::Expected<std::string> ptx = compileToPTX(**llvmModule, TargetOptions());
  ASSERT_TRUE(bool(ptx)) << llvm::toString(ptx.takeError());
  EXPECT_EQ(ptx->find("__nv_sinf"), std::string::npos) << *ptx;
  EXPECT_EQ(ptx->find("call."), std::string::npos) << *ptx;
  EXPECT_EQ(ptx->find(".func"), std::string::npos) << *ptx;
}

TEST_F(TargetTest, MissingLibdeviceIsAnError) {
  mlir::OwningOpRef<mlir::ModuleOp> module = parse(kSinf);
  ASSERT_TRUE(module);
  llvm::Expected<std::unique_ptr<llvm::Module>> llvmModule =
      translateToLLVMIR(*module, llvmContext);
  ASSERT_TRUE(bool(llvmModule)) << llvm::toString(llvmModule.takeError());
  ::setenv("TILEC_LIBDEVICE", "/nonexistent/libdevice.10.bc", 1);
  llvm::Expected<std::string> ptx = compileToPTX(**llvmModule, TargetOptions());
  ::unsetenv("TILEC_LIBDEVICE");
  ASSERT_FALSE(bool(ptx));
  EXPECT_EQ(llvm::toString(ptx.takeError()),
            "TILEC_LIBDEVICE names '/nonexistent/libdevice.10.bc', which is "
            "not a file");
}

//===----------------------------------------------------------------------===//
// ptxas
//===----------------------------------------------------------------------===//

TEST_F(TargetTest, AssemblesVectorAddWithPtxas) {
  if (!havePtxas())
    GTEST_SKIP() << kDefaultPtxas.str() << " is absent";
  for (const char *arch : {"sm_80", "sm_90a"}) {
    std::string ptx = compile(kVectorAdd, arch);
    ASSERT_FALSE(ptx.empty());
    TargetOptions options;
    options.arch = arch;
    options.ptxasPath = kDefaultPtxas.str();
    llvm::Expected<CubinResult> cubin = assembleCubin(ptx, options);
    ASSERT_TRUE(bool(cubin)) << llvm::toString(cubin.takeError());
    EXPECT_TRUE(llvm::StringRef(cubin->cubin)
                    .starts_with("\x7f"
                                 "ELF"));
    EXPECT_NE(cubin->log.find("Compiling entry function 'add' for '" +
                              std::string(arch) + "'"),
              std::string::npos)
        << cubin->log;
    ASSERT_EQ(cubin->kernels.size(), 1u) << cubin->log;
    const KernelResources &add = cubin->kernels[0];
    EXPECT_EQ(add.name, "add");
    EXPECT_GT(add.registers, 0);
    EXPECT_EQ(add.spillStores, 0);
    EXPECT_EQ(add.spillLoads, 0);
    EXPECT_EQ(add.stackFrame, 0);
    EXPECT_EQ(add.sharedBytes, 0);
  }
}

TEST_F(TargetTest, FindsPtxasThroughTheEnvironment) {
  if (!havePtxas())
    GTEST_SKIP() << kDefaultPtxas.str() << " is absent";
  ScopedEnv env("TILEC_PTXAS", kDefaultPtxas.data());
  llvm::Expected<std::string> ptxas = findPtxas(TargetOptions());
  ASSERT_TRUE(bool(ptxas)) << llvm::toString(ptxas.takeError());
  EXPECT_EQ(*ptxas, kDefaultPtxas);
}

TEST(PtxasTest, MissingPtxasIsAnError) {
  TargetOptions options;
  options.ptxasPath = "/nonexistent/bin/ptxas";
  llvm::Expected<CubinResult> cubin = assembleCubin(".version 8.0", options);
  ASSERT_FALSE(bool(cubin));
  EXPECT_EQ(llvm::toString(cubin.takeError()),
            "ptxas '/nonexistent/bin/ptxas' is not an executable file");

  ScopedEnv env("TILEC_PTXAS", "/nonexistent/ptxas");
  cubin = assembleCubin(".version 8.0", TargetOptions());
  ASSERT_FALSE(bool(cubin));
  EXPECT_EQ(llvm::toString(cubin.takeError()),
            "TILEC_PTXAS names '/nonexistent/ptxas', which is not an "
            "executable file");
}

TEST(PtxasTest, PtxasFailureReturnsItsMessage) {
  if (!havePtxas())
    GTEST_SKIP() << kDefaultPtxas.str() << " is absent";
  TargetOptions options;
  options.ptxasPath = kDefaultPtxas.str();

  // PTX for sm_90a assembled for sm_80.
  options.arch = "sm_80";
  llvm::Expected<CubinResult> cubin =
      assembleCubin(".version 8.0\n.target sm_90a\n.address_size 64\n"
                    ".visible .entry k()\n{\n  ret;\n}\n",
                    options);
  ASSERT_FALSE(bool(cubin));
  std::string message = llvm::toString(cubin.takeError());
  EXPECT_TRUE(llvm::StringRef(message).starts_with(
      "ptxas failed for sm_80 (exit code 255):\n"))
      << message;
  EXPECT_NE(message.find("SM version specified by .target is higher"),
            std::string::npos)
      << message;

  // A syntax error names the input <ptx>, not its temporary file.
  options.arch = "sm_90a";
  cubin = assembleCubin(".version 8.0\n.target sm_90a\n.address_size 64\n"
                        ".visible .entry k()\n{\n  bogus.op %r1;\n  ret;\n}\n",
                        options);
  ASSERT_FALSE(bool(cubin));
  message = llvm::toString(cubin.takeError());
  EXPECT_NE(message.find("ptxas <ptx>, line 6; error   : Not a name of any "
                         "known instruction: 'bogus'"),
            std::string::npos)
      << message;

  // Bad options never reach ptxas.
  options.arch = "sm_100a";
  cubin = assembleCubin("", options);
  ASSERT_FALSE(bool(cubin));
  EXPECT_NE(llvm::toString(cubin.takeError()).find("'sm_100a'"),
            std::string::npos);
}

TEST(PtxasInfoTest, ParsesOneKernel) {
  std::vector<KernelResources> kernels = parsePtxasInfo(kLogAddSm90a);
  ASSERT_EQ(kernels.size(), 1u);
  EXPECT_EQ(kernels[0].name, "add");
  EXPECT_EQ(kernels[0].registers, 14);
  EXPECT_EQ(kernels[0].spillStores, 0);
  EXPECT_EQ(kernels[0].spillLoads, 0);
  EXPECT_EQ(kernels[0].stackFrame, 0);
  EXPECT_EQ(kernels[0].sharedBytes, 0);
  EXPECT_EQ(kernels[0].constBytes, 0);
  EXPECT_EQ(kernels[0].barriers, 0);
}

TEST(PtxasInfoTest, ParsesSpills) {
  std::vector<KernelResources> kernels = parsePtxasInfo(kLogSpills);
  ASSERT_EQ(kernels.size(), 1u);
  EXPECT_EQ(kernels[0].name, "spilly");
  EXPECT_EQ(kernels[0].registers, 24);
  EXPECT_EQ(kernels[0].spillStores, 476);
  EXPECT_EQ(kernels[0].spillLoads, 476);
  EXPECT_EQ(kernels[0].stackFrame, 480);
}

TEST(PtxasInfoTest, ParsesSeveralKernelsSharedAndConstantMemory) {
  std::vector<KernelResources> kernels = parsePtxasInfo(kLogTwoKernels);
  ASSERT_EQ(kernels.size(), 2u);
  EXPECT_EQ(kernels[0].name, "call_kernel");
  EXPECT_EQ(kernels[0].registers, 10);
  EXPECT_EQ(kernels[0].stackFrame, 64);
  EXPECT_EQ(kernels[0].constBytes, 364);
  EXPECT_EQ(kernels[0].barriers, 0);
  EXPECT_EQ(kernels[1].name, "smem_kernel");
  EXPECT_EQ(kernels[1].registers, 10);
  EXPECT_EQ(kernels[1].sharedBytes, 4096);
  EXPECT_EQ(kernels[1].constBytes, 364);
  EXPECT_EQ(kernels[1].barriers, 1);
  EXPECT_EQ(kernels[1].stackFrame, 0);
}

TEST(PtxasInfoTest, IgnoresDeviceFunctions) {
  std::vector<KernelResources> kernels = parsePtxasInfo(kLogDeviceFunction);
  ASSERT_EQ(kernels.size(), 1u);
  EXPECT_EQ(kernels[0].name, "fib_kernel");
  EXPECT_EQ(kernels[0].registers, 24);
  EXPECT_EQ(kernels[0].spillStores, 0);
  EXPECT_EQ(kernels[0].stackFrame, 0);
  EXPECT_EQ(kernels[0].constBytes, 364);
}

TEST(PtxasInfoTest, EmptyAndErrorLogsHaveNoKernels) {
  EXPECT_TRUE(parsePtxasInfo("").empty());
  EXPECT_TRUE(parsePtxasInfo("ptxas fatal   : SM version specified by "
                             ".target is higher than default SM version "
                             "assumed\n")
                  .empty());
}

} // namespace
