//===- Emit.cpp - C API: a kernel at an intermediate level ------*- C++ -*-===//
//
// tilec_emit: the text `tilec --emit=tile|tilegpu|llvm-mlir|llvm` prints,
// for bindings that show a kernel at every level (Python's `.asm['tile']`).
// It runs the same lowerToLevel and emitMachineCode as the compile driver;
// nothing is cached, as these texts are read by people, rarely.
//
//===----------------------------------------------------------------------===//

#include "CAPI/Handles.h"

#include "Compiler/SourceDiagnostics.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>
#include <optional>

using namespace tilec;

extern "C" {

tilec_status tilec_emit(const char *source, ptrdiff_t length,
                        const char *filename, const tilec_options *options,
                        const char *level, char **text, tilec_error **error) {
  if (!source || !level || !text)
    return capi::reportInvalid(
        "tilec_emit: source, level and text must not be NULL", error);
  *text = nullptr;
  std::optional<EmitLevel> stop =
      llvm::StringSwitch<std::optional<EmitLevel>>(level)
          .Case("tile-raw", EmitLevel::TileRaw)
          .Case("tile", EmitLevel::Tile)
          .Case("tilegpu", EmitLevel::TileGPU)
          .Case("llvm-mlir", EmitLevel::LLVMDialect)
          .Case("llvm", EmitLevel::LLVMIR)
          .Default(std::nullopt);
  if (!stop)
    return capi::reportInvalid(
        std::string("unknown level '") + level +
            "' (expected tile-raw, tile, tilegpu, llvm-mlir or llvm)",
        error);
  CompileOptions defaults;
  const CompileOptions &opts = options ? options->options : defaults;
  if (llvm::Error e = validateCompileOptions(opts))
    return capi::report(std::move(e), error);
  llvm::StringRef src(source, length < 0 ? std::strlen(source)
                                         : static_cast<size_t>(length));
  llvm::StringRef name = filename && *filename ? filename : "<source>";

  std::unique_ptr<mlir::MLIRContext> ctx = createCompilerContext();
  std::string diagnostics;
  llvm::raw_string_ostream diagOS(diagnostics);
  SourceDiagnosticHandler handler(ctx.get(), diagOS);
  handler.addSource(name, src);
  for (const SourceModule &m : opts.modules)
    handler.addSource(m.filename, m.text);
  auto failed = [&]() {
    return capi::report(llvm::make_error<CompileError>(diagnostics), error);
  };

  mlir::OwningOpRef<mlir::ModuleOp> module = lowerToLevel(
      *ctx, src, name, opts, std::min(*stop, EmitLevel::LLVMDialect));
  if (!module)
    return failed();
  std::string out;
  llvm::raw_string_ostream os(out);
  if (*stop == EmitLevel::LLVMIR) {
    CompiledKernel unused;
    if (llvm::Error e =
            emitMachineCode(*module, opts, EmitLevel::LLVMIR, unused, &os)) {
      std::string message = llvm::toString(std::move(e));
      if (!message.empty())
        mlir::emitError(mlir::UnknownLoc::get(ctx.get())) << message;
      return failed();
    }
  } else {
    module->print(os);
  }
  *text = capi::copyString(out);
  return TILEC_OK;
}

} // extern "C"
