//===- TileAttrs.td - Tile dialect enum attributes ---------*- tablegen -*-===//
//
// Enumerations carried by memory, atomic, dot, conversion and grid
// dependency control ops. Each is an
// I32EnumAttr wrapped in a dialect EnumAttr, so that op formats print the bare
// keyword (`cache = cg`) and the generic form prints `#tile<cache cg>`.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILE_IR_TILEATTRS_TD
#define TILEC_DIALECTS_TILE_IR_TILEATTRS_TD

include "Tile/IR/TileDialect.td"
include "mlir/IR/EnumAttr.td"

class Tile_I32Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::tilec::tile";
  let genSpecializedAttr = 0;
}

class Tile_EnumAttr<EnumAttrInfo info, string mnemonic>
    : EnumAttr<Tile_Dialect, info, mnemonic>;

def Tile_CacheModifier : Tile_I32Enum<"CacheModifier", "cache modifier", [
  I32EnumAttrCase<"None", 1, "none">,
  I32EnumAttrCase<"CA", 2, "ca">,
  I32EnumAttrCase<"CG", 3, "cg">,
  I32EnumAttrCase<"CS", 4, "cs">,
  I32EnumAttrCase<"LU", 5, "lu">,
  I32EnumAttrCase<"CV", 6, "cv">,
  I32EnumAttrCase<"WB", 7, "wb">,
  I32EnumAttrCase<"WT", 8, "wt">,
]>;
def Tile_CacheModifierAttr : Tile_EnumAttr<Tile_CacheModifier, "cache">;

def Tile_EvictionPolicy : Tile_I32Enum<"EvictionPolicy", "eviction policy", [
  I32EnumAttrCase<"Normal", 1, "normal">,
  I32EnumAttrCase<"EvictFirst", 2, "evict_first">,
  I32EnumAttrCase<"EvictLast", 3, "evict_last">,
]>;
def Tile_EvictionPolicyAttr : Tile_EnumAttr<Tile_EvictionPolicy, "evict">;

def Tile_RMWOp : Tile_I32Enum<"RMWOp", "atomic read-modify-write operation", [
  I32EnumAttrCase<"And", 1, "and">,
  I32EnumAttrCase<"Or", 2, "or">,
  I32EnumAttrCase<"Xor", 3, "xor">,
  I32EnumAttrCase<"Add", 4, "add">,
  I32EnumAttrCase<"FAdd", 5, "fadd">,
  I32EnumAttrCase<"Max", 6, "max">,
  I32EnumAttrCase<"Min", 7, "min">,
  I32EnumAttrCase<"UMax", 8, "umax">,
  I32EnumAttrCase<"UMin", 9, "umin">,
  I32EnumAttrCase<"Xchg", 10, "xchg">,
  I32EnumAttrCase<"FMax", 11, "fmax">,
  I32EnumAttrCase<"FMin", 12, "fmin">,
]>;
def Tile_RMWOpAttr : Tile_EnumAttr<Tile_RMWOp, "rmw_op">;

def Tile_MemSemantic : Tile_I32Enum<"MemSemantic", "memory ordering semantic", [
  I32EnumAttrCase<"Relaxed", 1, "relaxed">,
  I32EnumAttrCase<"Acquire", 2, "acquire">,
  I32EnumAttrCase<"Release", 3, "release">,
  I32EnumAttrCase<"AcqRel", 4, "acq_rel">,
]>;
def Tile_MemSemanticAttr : Tile_EnumAttr<Tile_MemSemantic, "sem">;

def Tile_MemScope : Tile_I32Enum<"MemScope", "memory synchronization scope", [
  I32EnumAttrCase<"CTA", 1, "cta">,
  I32EnumAttrCase<"GPU", 2, "gpu">,
  I32EnumAttrCase<"Sys", 3, "sys">,
]>;
def Tile_MemScopeAttr : Tile_EnumAttr<Tile_MemScope, "scope">;

def Tile_InputPrecision : Tile_I32Enum<"InputPrecision",
                                       "precision of fp32 dot operands", [
  I32EnumAttrCase<"TF32", 0, "tf32">,
  I32EnumAttrCase<"TF32x3", 1, "tf32x3">,
  I32EnumAttrCase<"IEEE", 2, "ieee">,
]>;
def Tile_InputPrecisionAttr
    : Tile_EnumAttr<Tile_InputPrecision, "input_precision">;

def Tile_RoundingMode : Tile_I32Enum<"RoundingMode",
                                     "float rounding mode", [
  I32EnumAttrCase<"RTNE", 0, "rtne">,
  I32EnumAttrCase<"RTZ", 1, "rtz">,
]>;
def Tile_RoundingModeAttr : Tile_EnumAttr<Tile_RoundingMode, "rounding">;

def Tile_GridDepAction : Tile_I32Enum<"GridDepAction",
                                      "grid dependency control action", [
  I32EnumAttrCase<"Wait", 0, "wait">,
  I32EnumAttrCase<"LaunchDependents", 1, "launch_dependents">,
]>;
def Tile_GridDepActionAttr : Tile_EnumAttr<Tile_GridDepAction, "grid_dep">;

#endif // TILEC_DIALECTS_TILE_IR_TILEATTRS_TD
