//===- Passes.h - tilec conversion passes -----------------------*- C++ -*-===//
//
// Declarations and registration of the passes between levels.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_CONVERSION_PASSES_H
#define TILEC_LIB_CONVERSION_PASSES_H

#include "TileGPU/IR/TileGPUOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace tilec {

#define GEN_PASS_DECL
#include "Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Conversion/Passes.h.inc"

} // namespace tilec

#endif // TILEC_LIB_CONVERSION_PASSES_H
