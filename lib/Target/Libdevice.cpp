//===- Libdevice.cpp - CUDA libdevice: find, read, link ---------*- C++ -*-===//
//
// libdevice.10.bc is the CUDA toolkit's bitcode library of `__nv_*` math
// functions. tilec reads the signatures of its functions from the file (once
// per process) to resolve `libdevice.<name>(...)` calls without a list of
// names of its own, and links the functions a kernel calls into the kernel's
// LLVM module before optimization, as Triton does (LinkOnlyNeeded, then the
// linked functions made internal so that the optimizer inlines them and
// drops the rest).
//
//===----------------------------------------------------------------------===//

#include "tilec/Libdevice.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"

#include <map>
#include <mutex>

using namespace tilec;

#ifndef TILEC_LIBDEVICE_PATH
#define TILEC_LIBDEVICE_PATH "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"
#endif

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<std::string> tilec::findLibdevice() {
  if (std::optional<std::string> env =
          llvm::sys::Process::GetEnv("TILEC_LIBDEVICE");
      env && !env->empty()) {
    if (!llvm::sys::fs::is_regular_file(*env))
      return makeError("TILEC_LIBDEVICE names '" + *env +
                       "', which is not a file");
    return *env;
  }
  if (llvm::sys::fs::is_regular_file(TILEC_LIBDEVICE_PATH))
    return std::string(TILEC_LIBDEVICE_PATH);
  return makeError("cannot find CUDA's libdevice at '" TILEC_LIBDEVICE_PATH
                   "': set TILEC_LIBDEVICE to the path of libdevice.10.bc");
}

//===----------------------------------------------------------------------===//
// The functions libdevice defines
//===----------------------------------------------------------------------===//

namespace {
/// A scalar LLVM type of a libdevice signature: i32, i64, float or double;
/// anything else (pointers, i16, void) is `Other` and matches no dtype.
enum class Scalar { I32, I64, F32, F64, Other };

struct Signature {
  Scalar result;
  llvm::SmallVector<Scalar, 3> params;
};

/// The signatures of the `__nv_*` functions of one libdevice file.
using Table = llvm::StringMap<Signature>;
} // namespace

static Scalar classify(llvm::Type *t) {
  if (t->isFloatTy())
    return Scalar::F32;
  if (t->isDoubleTy())
    return Scalar::F64;
  if (t->isIntegerTy(32))
    return Scalar::I32;
  if (t->isIntegerTy(64))
    return Scalar::I64;
  return Scalar::Other;
}

/// The table of the libdevice at $TILEC_LIBDEVICE or the configured path,
/// read lazily (function headers only) on first use and kept for the
/// process.
static llvm::Expected<const Table *> getTable() {
  static std::mutex lock;
  static std::map<std::string, std::unique_ptr<Table>> tables;
  llvm::Expected<std::string> path = findLibdevice();
  if (!path)
    return path.takeError();
  std::lock_guard<std::mutex> guard(lock);
  if (auto it = tables.find(*path); it != tables.end())
    return it->second.get();
  llvm::LLVMContext ctx;
  llvm::SMDiagnostic diag;
  std::unique_ptr<llvm::Module> lib =
      llvm::getLazyIRFileModule(*path, diag, ctx);
  if (!lib)
    return makeError(llvm::Twine("cannot read libdevice '") + *path +
                     "': " + diag.getMessage());
  auto table = std::make_unique<Table>();
  for (llvm::Function &fn : lib->functions()) {
    if (!fn.getName().starts_with("__nv_"))
      continue;
    Signature sig{classify(fn.getReturnType()), {}};
    for (llvm::Type *p : fn.getFunctionType()->params())
      sig.params.push_back(classify(p));
    table->try_emplace(fn.getName(), std::move(sig));
  }
  const Table *result = table.get();
  tables.emplace(*path, std::move(table));
  return result;
}

static Scalar toScalar(const LibdeviceType &t) {
  if (t.isFloat)
    return t.bits == 64   ? Scalar::F64
           : t.bits == 32 ? Scalar::F32
                          : Scalar::Other;
  return t.bits == 64   ? Scalar::I64
         : t.bits == 32 ? Scalar::I32
                        : Scalar::Other;
}

/// The names libdevice may give `name` for arguments of `args`, most likely
/// first, each with whether it is the unsigned variant. These are the ways
/// libdevice spells its families: a type suffix (`expf`), a type prefix
/// (`fdiv_rn`, `ddiv_rn`, `fabsf`), a predicate suffix for double
/// (`isnand`), an integer exponent (`powif`), a type letter before the
/// rounding suffix (`fmaf_rn`) or after `fast_` (`fast_fdividef`), 64-bit
/// integer forms (`clzll`, `llabs`, `mul64hi`) and unsigned ones
/// (`umulhi`), or the name as it is (`saturatef`, `float2int_rn`).
static llvm::SmallVector<std::pair<std::string, bool>>
candidates(llvm::StringRef name, llvm::ArrayRef<LibdeviceType> args) {
  llvm::SmallVector<std::pair<std::string, bool>> out;
  auto add = [&](const llvm::Twine &n, bool isUnsigned = false) {
    out.push_back({("__nv_" + n).str(), isUnsigned});
  };
  bool anyFloat = false, anyDouble = false, anyInt = false, any64 = false;
  bool allUnsigned = !args.empty();
  for (const LibdeviceType &t : args) {
    anyFloat |= t.isFloat;
    anyDouble |= t.isFloat && t.bits == 64;
    anyInt |= !t.isFloat;
    any64 |= !t.isFloat && t.bits == 64;
    allUnsigned &= !t.isFloat && t.isUnsigned;
  }
  if (anyFloat) {
    std::string suffix = anyDouble ? "" : "f";
    std::string letter = anyDouble ? "d" : "f";
    add(name + suffix);
    if (anyInt)
      add(name + "i" + suffix);
    add(letter + name);
    add(letter + name + suffix);
    add(name + letter);
    if (anyDouble)
      add("f" + name);
    for (llvm::StringRef r : {"_rn", "_rz", "_rd", "_ru"})
      if (name.ends_with(r))
        add(name.drop_back(3) + suffix + r);
    if (name.starts_with("fast_"))
      add("fast_" + letter + name.drop_front(5));
    add(name);
    return out;
  }
  auto intForms = [&](const std::string &prefix, bool isUnsigned) {
    add(prefix + name, isUnsigned);
    if (any64) {
      add(prefix + name + "ll", isUnsigned);
      add(prefix + "ll" + name, isUnsigned);
      if (name.ends_with("hi"))
        add(prefix + name.drop_back(2) + "64hi", isUnsigned);
    }
  };
  if (allUnsigned)
    intForms("u", true);
  intForms("", false);
  return out;
}

static LibdeviceType fromScalar(Scalar s, bool isUnsigned) {
  switch (s) {
  case Scalar::F32:
    return {true, false, 32};
  case Scalar::F64:
    return {true, false, 64};
  case Scalar::I64:
    return {false, isUnsigned, 64};
  default:
    return {false, isUnsigned, 32};
  }
}

llvm::Expected<std::optional<LibdeviceCallee>>
tilec::resolveLibdeviceCall(llvm::StringRef name,
                            llvm::ArrayRef<LibdeviceType> args) {
  llvm::Expected<const Table *> table = getTable();
  if (!table)
    return table.takeError();
  llvm::SmallVector<Scalar> want;
  for (const LibdeviceType &t : args) {
    want.push_back(toScalar(t));
    if (want.back() == Scalar::Other)
      return std::nullopt;
  }
  for (auto &[symbol, isUnsigned] : candidates(name, args)) {
    auto it = (*table)->find(symbol);
    if (it == (*table)->end())
      continue;
    const Signature &sig = it->second;
    if (sig.result == Scalar::Other ||
        llvm::ArrayRef<Scalar>(sig.params) != llvm::ArrayRef<Scalar>(want))
      continue;
    return LibdeviceCallee{symbol, fromScalar(sig.result, isUnsigned)};
  }
  return std::nullopt;
}

llvm::Expected<bool> tilec::libdeviceHasName(llvm::StringRef name) {
  llvm::Expected<const Table *> table = getTable();
  if (!table)
    return table.takeError();
  for (llvm::StringRef prefix : {"", "f", "d", "u", "ll"})
    for (llvm::StringRef suffix : {"", "f", "d", "ll"})
      if ((*table)->contains(("__nv_" + prefix + name + suffix).str()))
        return true;
  return false;
}

//===----------------------------------------------------------------------===//
// Linking
//===----------------------------------------------------------------------===//

llvm::Error tilec::linkLibdeviceIfNeeded(llvm::Module &module) {
  bool needed = llvm::any_of(module.functions(), [](llvm::Function &fn) {
    return fn.isDeclaration() && fn.getName().starts_with("__nv_");
  });
  if (!needed)
    return llvm::Error::success();
  llvm::Expected<std::string> path = findLibdevice();
  if (!path)
    return path.takeError();
  llvm::SMDiagnostic diag;
  std::unique_ptr<llvm::Module> lib =
      llvm::getLazyIRFileModule(*path, diag, module.getContext());
  if (!lib)
    return makeError(llvm::Twine("cannot read libdevice '") + *path +
                     "': " + diag.getMessage());
  lib->setTargetTriple(module.getTargetTriple());
  lib->setDataLayout(module.getDataLayout());
  llvm::StringSet<> defined;
  for (llvm::Function &fn : lib->functions())
    if (!fn.isDeclaration())
      defined.insert(fn.getName());
  if (llvm::Linker::linkModules(module, std::move(lib),
                                llvm::Linker::Flags::LinkOnlyNeeded))
    return makeError("cannot link libdevice '" + *path + "' into the kernel");
  // External linkage marks kernels in the NVPTX back end; what came from
  // libdevice is internal, so that what is inlined is also dropped.
  for (llvm::Function &fn : module.functions())
    if (!fn.isDeclaration() && defined.contains(fn.getName()))
      fn.setLinkage(llvm::GlobalValue::InternalLinkage);
  for (llvm::Function &fn : module.functions())
    if (fn.isDeclaration() && fn.getName().starts_with("__nv_"))
      return makeError(llvm::Twine("libdevice '") + *path +
                       "' does not define '" + fn.getName() + "'");
  return llvm::Error::success();
}
