//===- TileDialect.td - Tile dialect definition ------------*- tablegen -*-===//
//
// The `tile` dialect: target-independent operations on tiles, the level that
// the frontend emits. A tile is a builtin ranked tensor of scalars or of
// `!tile.ptr`; this file declares the dialect and the base class of its ops.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECTS_TILE_IR_TILEDIALECT_TD
#define TILEC_DIALECTS_TILE_IR_TILEDIALECT_TD

include "mlir/IR/OpBase.td"

def Tile_Dialect : Dialect {
  let name = "tile";
  let cppNamespace = "::tilec::tile";
  let summary = "Target-independent operations on tiles of values and pointers";
  let description = [{
    The `tile` dialect holds a kernel as a program over whole tiles, before any
    decision about which thread owns which element. Tiles are builtin ranked
    tensors whose elements are integers, floats or `!tile.ptr<T>`; scalars are
    plain builtin types. Elementwise math uses the `arith` and `math`
    dialects, control flow uses `scf`, and a kernel is a `func.func`.

    Tensor types may carry an encoding attribute: the layout dialect lowered
    from this one attaches layouts there, and every verifier here accepts
    them.
  }];

  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::func::FuncDialect",
  ];

  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;

  let extraClassDeclaration = [{
  private:
    void registerTypes();
    void registerAttributes();
  }];
}

/// Base class of every tile dialect operation.
class Tile_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tile_Dialect, mnemonic, traits>;

#endif // TILEC_DIALECTS_TILE_IR_TILEDIALECT_TD
