//===- TileGPUDialect.h - TileGPU dialect -----------------------*- C++ -*-===//
//
// Forwarding header: the dialect class is declared with everything else in
// TileGPUOps.h, which users include.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILEGPU_IR_TILEGPUDIALECT_H
#define TILEC_DIALECTS_TILEGPU_IR_TILEGPUDIALECT_H

#include "TileGPU/IR/TileGPUOps.h"

#endif // TILEC_DIALECTS_TILEGPU_IR_TILEGPUDIALECT_H
