//===- FrontendFuzzer.cpp - libFuzzer over the frontend ---*- C++ -*-===//
//
// `tilec-frontend-fuzzer`: each input is a kernel file plus the flags that
// pick and specialize a kernel, and runs what `tilec FILE -k KERNEL -s SIG
// -D NAME=VALUE --emit=tile` runs: lex, parse, specialize on the signature,
// emit the `tile` dialect, the tile clean-up pipeline with the verifier after
// every pass, and the printer, with diagnostics rendered (source line and
// caret) as tilec renders them. A compile error is a fine outcome; a crash, a
// sanitizer report, a leak, a timeout or running out of memory is a bug.
//
// Input: fields separated by NUL bytes, later ones optional:
//
//   SOURCE \0 SIGNATURE \0 KERNEL \0 DEFINES
//
// DEFINES holds `NAME=VALUE` lines, the -D flags. fuzz/make_corpus.py writes
// one seed per `tilec` RUN line of the tests and samples in this form.
//
//===----------------------------------------------------------------------===//

#include "tilec/Compiler.h"
#include "tilec/Frontend.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>

/// Longer inputs are refused: the samples are under 10 KiB, and a linear
/// frontend has nothing more to show on 64 KiB; the bound keeps a slow but
/// polynomial path from passing for a hang (`-max_len` in fuzz/run.sh too).
static constexpr size_t kMaxInputBytes = 64 * 1024;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > kMaxInputBytes)
    return -1;
  // An exactly sized copy: the frontend takes a StringRef, which promises no
  // terminator, so a read past the end is reported rather than hidden by
  // one.
  std::unique_ptr<char[]> copy(new char[size]);
  if (size)
    std::memcpy(copy.get(), data, size);
  llvm::StringRef input(copy.get(), size);

  auto [source, rest] = input.split('\0');
  auto [signature, rest2] = rest.split('\0');
  auto [kernel, definesText] = rest2.split('\0');
  tilec::CompileOptions options;
  options.kernelName = kernel.str();
  options.signature = signature.str();
  options.assemble = tilec::CompileOptions::Assemble::Never;
  llvm::SmallVector<llvm::StringRef> lines;
  definesText.split(lines, '\n', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (llvm::StringRef line : lines) {
    // What tilec's command line accepts for -D, and how it splits it.
    auto [name, value] = line.split('=');
    if (!line.contains('=') || name.trim().empty())
      continue;
    options.defines.emplace_back(name.trim().str(), value.trim().str());
  }

  // A fresh context per input, as each tilec process has: no state carries
  // from one input to the next, so every finding reproduces alone.
  std::unique_ptr<mlir::MLIRContext> ctx = tilec::createCompilerContext();
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(source, "fuzz.py",
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, ctx.get(), llvm::nulls());

  // tilec reads the autotune decorator for --config and --list-configs.
  (void)tilec::readAutotuneSpec(*ctx, source, "fuzz.py", options.kernelName);
  mlir::OwningOpRef<mlir::ModuleOp> module = tilec::lowerToLevel(
      *ctx, source, "fuzz.py", options, tilec::EmitLevel::Tile);
  if (module)
    module->print(llvm::nulls());
  return 0;
}
