//===- Emitter.h - AST to `tile` dialect emission ---------------*- C++ -*-===//
//
// The semantic half of the frontend: walks the AST of one kernel, evaluating
// constexprs, specializing on the launch signature, inlining @jit helpers,
// applying Triton's typing rules, and emitting `tile`, `arith`, `math` and
// `scf` operations. Internal to lib/Frontend; the public entry point is
// tilec/Frontend.h. The implementation is split by concept:
//   Emitter.cpp          kernels, scopes, helpers (inlining), names
//   EmitStmt.cpp         statements and structured control flow
//   EmitExpr.cpp         expressions, operators and promotion
//   EmitTensor.cpp       casts, broadcasting, constants
//   EmitBuiltins.cpp     builtin dispatch through the table (Builtins.def,
//                        BuiltinTable.h), argument binding, Python builtins
//   EmitMath.cpp         elementwise math, min/max, where
//   EmitMemory.cpp       loads, stores, atomics
//   EmitBlockPtr.cpp     block pointers (tl.make_block_ptr, tl.advance)
//   EmitShape.cpp        reshape, trans, dot, hints
//   EmitReduce.cpp       reductions and scans
//   EmitIntrospection.cpp  dtype attributes and predicates, isinstance,
//                        constexpr functions
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_EMITTER_H
#define TILEC_LIB_FRONTEND_EMITTER_H

#include "Frontend/AST.h"
#include "Frontend/BuiltinTable.h"
#include "Frontend/Evaluator.h"
#include "Frontend/Signature.h"
#include "Frontend/Value.h"
#include "tilec/Frontend.h"

#include "Tile/IR/TileOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"

#include <map>
#include <memory>
#include <optional>

namespace tilec::frontend {

using mlir::failure;
using mlir::FailureOr;
using mlir::LogicalResult;
using mlir::success;

/// The names bound in the function being emitted. Python functions have one
/// flat scope; control flow snapshots and merges it.
using Scope = std::map<std::string, TValue>;

/// What a statement sequence did to control flow.
struct FlowResult {
  bool returned = false;
  TValue value;
  SourceLoc loc;
};

class Emitter {
public:
  /// `evaluator` runs the module-level Python of `module` and of what it
  /// imports (Evaluator.h).
  Emitter(mlir::MLIRContext &ctx, const Module &module, Evaluator &evaluator);

  mlir::OwningOpRef<mlir::ModuleOp> emitKernel(const FrontendOptions &opts);

  //===--------------------------------------------------------------------===//
  // Diagnostics and locations (Emitter.cpp)
  //===--------------------------------------------------------------------===//

  mlir::Location loc(SourceLoc l);
  /// Emits an error at `l` and returns failure.
  LogicalResult err(SourceLoc l, const llvm::Twine &msg);

  //===--------------------------------------------------------------------===//
  // Names, calls and helpers (Emitter.cpp)
  //===--------------------------------------------------------------------===//

  FailureOr<TValue> lookupName(const NameExpr *e);
  FailureOr<TValue> evalGlobal(const ConstexprGlobal &g);
  /// Resolves an import alias or module path to its canonical form, e.g.
  /// `tl` -> `triton.language`.
  std::string canonicalModule(llvm::StringRef path);
  FailureOr<TValue> callFunction(const FunctionDef *f, const CallExpr *call,
                                 std::vector<TValue> args,
                                 std::vector<std::pair<std::string, TValue>>
                                     kwargs);
  /// Inlines `f` with already-bound parameter values; used by calls and by
  /// reduction combiners.
  FailureOr<TValue> inlineFunction(const FunctionDef *f, SourceLoc callLoc,
                                   const std::map<std::string, TValue> &bound);
  static bool isConstexprAnnotation(const Expr *annotation);
  /// The file that defines `f`: a prelude file (Prelude.h), a host module,
  /// the kernel's or a module it imports.
  const Module *moduleOf(const FunctionDef *f) const;
  /// The kernel-language value of a module-level value the evaluator
  /// computed for `name`, or an error at `l` saying why a kernel cannot use
  /// it (EmitGlobals.cpp).
  FailureOr<TValue> fromPyValue(const PyValue &v, llvm::StringRef name,
                                SourceLoc l);
  /// A name outside the program (`triton.language.float16`, `math`), as a
  /// kernel sees it.
  FailureOr<TValue> resolveExternal(llvm::StringRef path, SourceLoc l);
  /// `mod.attr` for a module of the program (TValue::module "pymod:...").
  FailureOr<TValue> programModuleAttr(const TValue &mod, llvm::StringRef attr,
                                      SourceLoc l);

  //===--------------------------------------------------------------------===//
  // Modules and values a host hands over (EmitHostModules.cpp)
  //===--------------------------------------------------------------------===//

  /// Makes `m` importable under the Python module name `name`.
  void addHostModule(llvm::StringRef name, const Module &m);
  /// Records the host's values of module-level names (FrontendOptions::
  /// globalValues); a value that does not parse, or a module the host did
  /// not hand over, is an error at `at`.
  LogicalResult setHostValues(llvm::ArrayRef<GlobalValue> values,
                              SourceLoc at);
  /// The host's value of `name` in the current module, if it gave one.
  std::optional<TValue> lookupHostValue(llvm::StringRef name) const;
  /// The host module named `path`, or null.
  const Module *findHostModule(llvm::StringRef path) const;
  /// Whether `path` is a package above a host module ("mylib" for
  /// "mylib.helpers").
  bool isHostPackage(llvm::StringRef path) const;
  /// What an import of `path` binds when `path` is a host module or a name
  /// in one (`from mylib import helper` imports "mylib.helper"); nullopt
  /// when it is neither.
  std::optional<FailureOr<TValue>> resolveHostImport(llvm::StringRef path,
                                                     SourceLoc l);
  /// `name` looked up in host module `m`, as `m.name` or an import of it:
  /// the host's value, a tl.constexpr global, a @jit function or a
  /// submodule; anything else is an error at `l`.
  FailureOr<TValue> lookupInHostModule(const Module *m, llvm::StringRef name,
                                       SourceLoc l);

  //===--------------------------------------------------------------------===//
  // Statements (EmitStmt.cpp)
  //===--------------------------------------------------------------------===//

  LogicalResult emitStmts(const std::vector<const Stmt *> &stmts,
                          FlowResult &out);
  LogicalResult emitSimpleStmt(const Stmt *s);
  LogicalResult emitIf(const IfStmt *s, const TValue &cond);
  LogicalResult emitReturningIf(const IfStmt *s, const TValue &cond,
                                std::vector<const Stmt *> thenList,
                                std::vector<const Stmt *> elseList,
                                FlowResult &out);
  LogicalResult emitFor(const ForStmt *s);
  LogicalResult emitWhile(const WhileStmt *s);
  /// Evaluates a `while` test, where tl.condition may be called;
  /// `disableLicm` tells whether it asked for that.
  FailureOr<TValue> evalWhileTest(const Expr *test, bool &disableLicm);
  LogicalResult assign(const Expr *target, const TValue &value);

  /// Merges the value of a variable on two paths of an `if` into a pattern:
  /// equal constexprs stay constexpr, everything else becomes results of the
  /// scf.if (materialized in the branch that needs it).
  FailureOr<TValue> unify(const TValue &a, const TValue &b,
                          mlir::Operation *aTerm, mlir::Operation *bTerm,
                          llvm::SmallVectorImpl<mlir::Value> &aYield,
                          llvm::SmallVectorImpl<mlir::Value> &bYield,
                          llvm::StringRef what, SourceLoc l);
  /// Gives a result-less scf.if whose branches are emitted the results
  /// `thenYield` / `elseYield`; returns the new op.
  mlir::scf::IfOp addIfResults(mlir::scf::IfOp ifOp,
                               llvm::ArrayRef<mlir::Value> thenYield,
                               llvm::ArrayRef<mlir::Value> elseYield,
                               mlir::Location l);
  /// Rebuilds a pattern from unify() with the op's results.
  TValue rebuild(const TValue &pattern, mlir::ValueRange results,
                 unsigned &idx);
  /// Flattens a loop-carried value into runtime values (constexpr numbers
  /// are materialized; other constexprs, such as None, stay in the pattern
  /// and are not carried); returns the pattern.
  FailureOr<TValue> flattenCarried(const TValue &v,
                                   llvm::SmallVectorImpl<mlir::Value> &out,
                                   llvm::StringRef name, SourceLoc l);
  /// Matches a value at the end of a loop body against a carried pattern.
  LogicalResult matchCarried(const TValue &v, const TValue &pattern,
                             llvm::SmallVectorImpl<mlir::Value> &out,
                             llvm::StringRef name, SourceLoc l);

  //===--------------------------------------------------------------------===//
  // Expressions (EmitExpr.cpp)
  //===--------------------------------------------------------------------===//

  FailureOr<TValue> eval(const Expr *e);
  FailureOr<TValue> evalAttribute(const AttributeExpr *e);
  /// `base.a` (evalAttribute's work, which getattr() shares); `exprLoc` is
  /// the whole expression's, `attrLoc` the attribute name's.
  FailureOr<TValue> attributeOf(TValue base, const std::string &a,
                                SourceLoc exprLoc, SourceLoc attrLoc);
  FailureOr<TValue> evalSubscript(const SubscriptExpr *e);
  FailureOr<TValue> sliceTuple(const TValue &t, const SliceExpr *s);
  FailureOr<TValue> evalCall(const CallExpr *e);
  /// Evaluates a call's positional arguments, spreading each `*t` (a tuple)
  /// into its elements, which all take the location of `t`.
  LogicalResult evalCallArgs(const CallExpr *e, std::vector<TValue> &args,
                             std::vector<SourceLoc> &argLocs);
  FailureOr<TValue> evalIfExp(const IfExpExpr *e);
  FailureOr<TValue> evalListComprehension(const ComprehensionExpr *c);
  FailureOr<TValue> binaryOp(BinaryOpKind op, const TValue &a,
                             const TValue &b, SourceLoc l);
  FailureOr<TValue> compareOp(CompareOpKind op, const TValue &a,
                              const TValue &b, SourceLoc l);
  FailureOr<TValue> unaryOp(UnaryOpKind op, const TValue &a, SourceLoc l);
  FailureOr<TValue> constFoldBinary(BinaryOpKind op, const TValue &a,
                                    const TValue &b, SourceLoc l);
  FailureOr<TValue> logicalOp(bool isAnd, const TValue &a, const TValue &b,
                              SourceLoc l);
  /// Python truthiness of a constexpr.
  FailureOr<bool> truthy(const TValue &v, SourceLoc l);
  /// Converts a runtime scalar condition to i1.
  FailureOr<mlir::Value> scalarCondition(const TValue &v, SourceLoc l,
                                         llvm::StringRef what = "'if'");

  //===--------------------------------------------------------------------===//
  // Compile-time introspection (EmitIntrospection.cpp)
  //===--------------------------------------------------------------------===//

  /// An attribute of a dtype object: `primitive_bitwidth`, `element_ty`,
  /// `scalar`, `shape` (block types), ...; an error names what the class
  /// lacks.
  FailureOr<TValue> dtypeAttribute(const TValue &dt, llvm::StringRef attr,
                                   SourceLoc l);
  /// Whether `m` names a method of Triton's dtype classes.
  static bool isDTypeMethod(llvm::StringRef m);
  /// `dt.is_int64()`, `dt.with_element_ty(t)`, ...
  FailureOr<TValue> callDTypeMethod(const TValue &dt, llvm::StringRef m,
                                    const CallExpr *call);
  /// `isinstance(x, classes)`, answered at compile time as Triton's code
  /// generator answers it.
  FailureOr<TValue> evalIsInstance(const CallExpr *call);
  /// Runs a `@triton.constexpr_function` (or `@tl.constexpr`) function's
  /// body at compile time; its result must be a constexpr.
  FailureOr<TValue>
  callConstexprFunction(const FunctionDef *f, SourceLoc callLoc,
                        const std::map<std::string, TValue> &bound);

  //===--------------------------------------------------------------------===//
  // Tensor descriptors (EmitDescriptor.cpp)
  //===--------------------------------------------------------------------===//

  FailureOr<TValue> descriptorAttribute(const TValue &desc,
                                        llvm::StringRef attr, SourceLoc l);
  FailureOr<TValue> callDescriptorMethod(const TValue &desc,
                                         llvm::StringRef method,
                                         const CallExpr *call);
  FailureOr<llvm::SmallVector<mlir::Value>>
  descriptorOffsets(const TValue &desc, const TValue &offsets, SourceLoc l);
  /// `desc.load(offsets)` / `tl.load_tensor_descriptor(desc, offsets)`.
  FailureOr<TValue> descriptorLoad(const TValue &desc, const TValue &offsets,
                                   SourceLoc offsetsLoc, SourceLoc l);
  /// `desc.store(offsets, value)` / `tl.store_tensor_descriptor`.
  FailureOr<TValue> descriptorStore(const TValue &desc, const TValue &offsets,
                                    const TValue &value, SourceLoc offsetsLoc,
                                    SourceLoc valueLoc, SourceLoc l);

  //===--------------------------------------------------------------------===//
  // Block pointers (EmitBlockPtr.cpp)
  //===--------------------------------------------------------------------===//

  /// A load or store through a block pointer, expanded: the tile of
  /// pointers, the boundary mask (null when nothing is checked), the padding
  /// (loads; null when undefined) or the value (stores), and the block type.
  struct BlockAccess {
    TValue ptrs;
    mlir::Value mask, other, value;
    TileType type;
  };
  /// `tl.make_block_ptr(base, shape, strides, offsets, block_shape, order)`.
  FailureOr<TValue> makeBlockPtr(const BoundArgs &a, SourceLoc l);
  /// `tl.advance(base, offsets)`.
  FailureOr<TValue> advanceBlockPtr(const BoundArgs &a, SourceLoc l);
  /// Checks and expands `tl.load(block_ptr, ...)` (tl.load's slots);
  /// `padding` is the validated padding option.
  FailureOr<BlockAccess> blockPtrLoad(const BoundArgs &a,
                                      llvm::StringRef padding, SourceLoc l);
  /// Checks and expands `tl.store(block_ptr, value, ...)` (tl.store's slots).
  FailureOr<BlockAccess> blockPtrStore(const BoundArgs &a, SourceLoc l);
  FailureOr<BlockAccess> expandBlockPtr(const TValue &bp,
                                        llvm::ArrayRef<int> checkDims,
                                        SourceLoc l);
  /// `tl.make_tensor_descriptor(base, shape, strides, block_shape,
  /// padding_option)` in a kernel.
  FailureOr<TValue> makeTensorDescriptor(const BoundArgs &a, SourceLoc l);
  /// A device descriptor's block at `offsets` (i32) as a block pointer
  /// access checked on every dimension: the padding (loads) is filled in.
  FailureOr<BlockAccess>
  expandDeviceDescriptor(const TValue &desc,
                         llvm::ArrayRef<mlir::Value> offsets, bool isLoad,
                         SourceLoc l);
  /// `desc.atomic_add(offsets, value)` and the other TMA reductions, on a
  /// descriptor from tl.make_tensor_descriptor (EmitDescriptor.cpp).
  FailureOr<TValue> descriptorAtomic(const TValue &desc, llvm::StringRef method,
                                     const TValue &offsets,
                                     const TValue &value, SourceLoc offsetsLoc,
                                     SourceLoc valueLoc, SourceLoc l);

  //===--------------------------------------------------------------------===//
  // Tensors (EmitTensor.cpp)
  //===--------------------------------------------------------------------===//

  /// A constexpr number as a runtime value of its default type.
  FailureOr<TValue> toRuntime(const TValue &v, SourceLoc l);
  /// A number bound by a plain assignment as the scalar tensor Triton makes
  /// of it (TValue::asAssigned); any other value unchanged.
  FailureOr<TValue> assignedToTensor(const TValue &v, SourceLoc l);
  /// A constexpr number as a runtime scalar/tensor of `type`.
  FailureOr<TValue> materialize(const TValue &v, const TileType &type,
                                SourceLoc l);
  mlir::Value constantScalar(ElemType et, double f, int64_t i, bool isF);
  /// Triton's `cast`; `roundTowardZero` is `fp_downcast_rounding="rtz"`
  /// on a float narrowing (the caller checks that it is one).
  FailureOr<TValue> cast(const TValue &v, ElemType to, SourceLoc l,
                         bool bitcast = false, bool roundTowardZero = false);
  /// A conversion to or from fp8e4b15 (EmitFp8e4b15.cpp); no bitcast.
  FailureOr<TValue> castFp8e4b15(const TValue &v, ElemType to, SourceLoc l);
  FailureOr<TValue> broadcastTo(const TValue &v, llvm::ArrayRef<int64_t> shape,
                                SourceLoc l);
  /// Broadcasts two runtime values to a common shape (numpy rules, ranks
  /// aligned at the right).
  LogicalResult broadcastPair(TValue &a, TValue &b, SourceLoc l);
  FailureOr<llvm::SmallVector<int64_t>>
  broadcastShapes(llvm::ArrayRef<int64_t> a, llvm::ArrayRef<int64_t> b,
                  SourceLoc l);
  /// The shape runtime `values` broadcast to together.
  FailureOr<llvm::SmallVector<int64_t>>
  broadcastShapes(llvm::ArrayRef<TValue> values, SourceLoc l);
  FailureOr<TValue> expandDims(const TValue &v, int axis, SourceLoc l);
  FailureOr<TValue> zerosOf(const TileType &type, SourceLoc l);
  /// Brings a Python number or runtime value to a runtime value of element
  /// type `et` (materializing or casting) without changing its shape.
  FailureOr<TValue> coerce(const TValue &v, ElemType et, SourceLoc l);
  /// Converts like Triton's cast of a stored value: a Python number first
  /// takes its default type, then converts to `et` (so 2.5 stored to an int32
  /// pointer truncates).
  FailureOr<TValue> convertTo(const TValue &v, ElemType et, SourceLoc l);
  /// Reads a constexpr integer (or a bool), erroring with `what` otherwise.
  FailureOr<int64_t> constInt(const TValue &v, llvm::StringRef what,
                              SourceLoc l);
  /// Reads a constexpr shape (tuple/list of ints or one int).
  FailureOr<llvm::SmallVector<int64_t>> constShape(const TValue &v,
                                                   llvm::StringRef what,
                                                   SourceLoc l);
  LogicalResult checkShape(llvm::ArrayRef<int64_t> shape, llvm::StringRef what,
                           SourceLoc l);
  FailureOr<ElemType> constDType(const TValue &v, llvm::StringRef what,
                                 SourceLoc l);

  //===--------------------------------------------------------------------===//
  // Builtins (EmitBuiltins.cpp, EmitReduce.cpp)
  //===--------------------------------------------------------------------===//

  /// Calls the builtin `name` (a Python builtin, or a path under `triton.`)
  /// through the table of Builtins.def.
  FailureOr<TValue> callBuiltin(llvm::StringRef name, const CallExpr *call,
                                std::vector<TValue> args,
                                std::vector<std::pair<std::string, TValue>>
                                    kwargs,
                                std::vector<SourceLoc> argLocs);
  /// Reads an optional constexpr string argument ("" when absent).
  FailureOr<std::string> constStr(const BoundArgs &a, unsigned i,
                                  llvm::StringRef what);
  FailureOr<BoundArgs>
  bindArgs(llvm::StringRef fn, const CallExpr *call,
           llvm::ArrayRef<llvm::StringRef> params, unsigned numRequired,
           std::vector<TValue> &args,
           std::vector<std::pair<std::string, TValue>> &kwargs,
           const std::vector<SourceLoc> &argLocs);
  /// Calls the entry `fn` of the table found among `reach`; `qn` is the
  /// name diagnostics use.
  FailureOr<TValue> callTableEntry(llvm::StringRef fn, unsigned reach,
                                   std::string qn, const CallExpr *call,
                                   std::vector<TValue> &args,
                                   std::vector<std::pair<std::string, TValue>>
                                       &kwargs,
                                   const std::vector<SourceLoc> &argLocs);

  /// The handlers of Builtins.def's entries, each defined in the Emit*.cpp
  /// of its concept.
#define BUILTIN_HANDLER(HANDLER) FailureOr<TValue> HANDLER(BuiltinCall &c);
#include "Frontend/Builtins.def"

  FailureOr<TValue> mathUnary(llvm::StringRef fn, const TValue &x,
                              SourceLoc l);
  /// tl.umulhi, tl.div_rn and tl.fdiv, checked and promoted as Triton does.
  FailureOr<TValue> mathBinary(llvm::StringRef fn, const TValue &x,
                               const TValue &y, SourceLoc l);
  /// `libdevice.<fn>(args)`: the libdevice function of that name for the
  /// argument dtypes, read from libdevice.10.bc (tilec/Libdevice.h).
  FailureOr<TValue> callLibdevice(llvm::StringRef fn, std::vector<TValue> &args,
                                  SourceLoc l);
  /// A tile.extern_elementwise call of `symbol` on the runtime values `args`,
  /// broadcast to one shape, with result element type `result`.
  FailureOr<TValue> externElementwise(llvm::StringRef symbol,
                                      std::vector<TValue> args,
                                      ElemType result, SourceLoc l);
  FailureOr<TValue> minMax(bool isMax, const TValue &a, const TValue &b,
                           bool propagateNan, SourceLoc l);
  FailureOr<TValue> load(const BoundArgs &a, SourceLoc l);
  FailureOr<TValue> store(const BoundArgs &a, SourceLoc l);
  FailureOr<TValue> dot(const BoundArgs &a, SourceLoc l);
  /// The checked tl.dot x @ y + acc as 2-D tile.dot ops: batched operands
  /// one dot per batch, bf16Parts 2 or 3 Triton's bf16x3 / bf16x6 split of
  /// fp32 operands (EmitDot.cpp).
  FailureOr<TValue> emitDot(const TValue &x, const TValue &y,
                            const TValue &acc, tile::InputPrecision prec,
                            int bf16Parts, int32_t maxImprecise, SourceLoc l);
  FailureOr<std::vector<TValue>> splitBatches(const TValue &x, SourceLoc l);
  FailureOr<TValue> joinBatches(llvm::ArrayRef<TValue> parts, SourceLoc l);
  FailureOr<TValue> atomic(llvm::StringRef fn, const BoundArgs &a,
                           SourceLoc l);
  FailureOr<TValue> reshape(const TValue &x, llvm::ArrayRef<int64_t> shape,
                            bool canReorder, SourceLoc l);
  FailureOr<TValue> trans(const TValue &x, llvm::ArrayRef<int32_t> order,
                          SourceLoc l);
  /// tl.join / split / interleave / cat / flip / swizzle2d.
  FailureOr<TValue> join(const TValue &a, const TValue &b, SourceLoc l);
  FailureOr<TValue> split(const TValue &a, SourceLoc l);
  FailureOr<TValue> interleave(const TValue &a, const TValue &b, SourceLoc l);
  FailureOr<TValue> cat(const TValue &a, const TValue &b, bool canReorder,
                        SourceLoc l);
  FailureOr<TValue> flip(const TValue &x, const TValue &dim, SourceLoc l);
  FailureOr<TValue> swizzle2d(const TValue &i, const TValue &j,
                              const TValue &sizeI, const TValue &sizeJ,
                              const TValue &sizeG, SourceLoc l);
  /// The element of a one-element tensor, as a scalar.
  FailureOr<TValue> unsplat(const TValue &x, SourceLoc l);
  FailureOr<TValue> where(const TValue &c, const TValue &x, const TValue &y,
                          SourceLoc l);
  FailureOr<TValue> hint(llvm::StringRef fn, const TValue &x,
                         const TValue &values, SourceLoc l);
  /// tl.inline_asm_elementwise's bound arguments (EmitInlineAsm.cpp).
  FailureOr<TValue> inlineAsmElementwise(const BoundArgs &a, SourceLoc l);

  // Debugging (EmitDebug.cpp)
  // Gather and histogram (EmitGather.cpp)
  /// tl.gather and tl.histogram; std::nullopt when `fn` is neither.
  std::optional<FailureOr<TValue>>
  callGatherBuiltin(llvm::StringRef fn, const CallExpr *call,
                    std::vector<TValue> &args,
                    std::vector<std::pair<std::string, TValue>> &kwargs,
                    const std::vector<SourceLoc> &argLocs);
  /// tl.device_assert(cond, msg, mask) and Python's `assert cond, msg`:
  /// nothing unless the kernel compiles in debug mode, as in Triton.
  FailureOr<TValue> deviceAssert(const TValue &cond, const TValue *msg,
                                 const TValue *mask, SourceLoc l,
                                 SourceLoc msgLoc);
  /// Whether device_assert is active: the debug option (TRITON_DEBUG) or
  /// `@triton.jit(debug=True)` on the kernel.
  bool isDebugMode();

  /// Reduction kinds with a built-in combiner.
  enum class ReduceKind { Sum, Max, Min, ArgMax, ArgMin, Prod, XorSum, Or };
  /// `promoteNarrowSum`: a sum of integers narrower than 32 bits runs in
  /// (u)int32, as Triton's does when no `dtype` is given.
  FailureOr<TValue> reduce(ReduceKind kind, const TValue &x,
                           const TValue &axis, bool keepDims,
                           bool returnIndices, SourceLoc l,
                           bool promoteNarrowSum = true);
  /// `tl.reduce(x, axis, combine_fn)` with a user @jit combiner.
  FailureOr<TValue> reduceWith(const TValue &x, const TValue &axis,
                               const TValue &combineFn, bool keepDims,
                               SourceLoc l);
  FailureOr<TValue> scan(ReduceKind kind, const TValue &x, int64_t axis,
                         bool reverse, const TValue *combineFn, SourceLoc l);
  FailureOr<int> normalizeAxis(int64_t axis, size_t rank, SourceLoc l);

  /// Counts the operations the builder inserts, for the kMaxEmittedOps
  /// budget.
  struct OpCounter : mlir::OpBuilder::Listener {
    void notifyOperationInserted(mlir::Operation *,
                                 mlir::OpBuilder::InsertPoint) override {
      ++count;
    }
    int64_t count = 0;
  };

  /// Fails with an error at `l` once the kernel has more operations than
  /// kMaxEmittedOps; `what` names what would add more ("call to 'h'").
  LogicalResult checkSizeBudget(SourceLoc l, const llvm::Twine &what);
  /// Refuses a tile type of more than kMaxTileRank dimensions or
  /// kMaxTileElements elements anywhere in `module`, at the operation that
  /// makes it.
  LogicalResult checkTileShapes(mlir::ModuleOp module);

  mlir::MLIRContext &ctx;
  /// The kernel's file.
  const Module &module;
  Evaluator &evaluator;
  /// The file whose names are in scope: the kernel's, or a prelude file's
  /// or host module's while one of its functions is inlined (moduleOf).
  const Module *current;
  /// Host modules by Python name, and the host's values of module-level
  /// names by module (EmitHostModules.cpp).
  std::map<std::string, const Module *> hostModules;
  std::map<std::pair<const Module *, std::string>, TValue> hostValues;
  /// While a prelude function is inlined: the location of the kernel's call
  /// that entered the prelude, which every location inside it takes.
  std::optional<mlir::Location> preludeCallSite;
  OpCounter opCounter;
  mlir::OpBuilder b;
  /// Helper calls inlined so far.
  int64_t inlinedCalls = 0;
  Scope scope;
  FrontendOptions options;

  /// Call-site locations of the helpers being inlined, innermost last.
  std::vector<mlir::Location> callStack;
  llvm::SmallPtrSet<const FunctionDef *, 8> activeFunctions;
  std::map<const ConstexprGlobal *, TValue> globalCache;
  llvm::SmallPtrSet<const ConstexprGlobal *, 4> globalsInProgress;
  /// Implicit `return None` statements appended to function bodies.
  std::vector<std::unique_ptr<ReturnStmt>> implicitReturns;
  /// Iterations unrolled by tl.static_range so far, over the whole kernel
  /// (nested unrolled loops multiply).
  int64_t unrolledIterations = 0;
  /// The @jit functions being emitted, the kernel first.
  std::vector<const FunctionDef *> functionStack;
  /// Loop nesting depth (returns are refused inside loops).
  unsigned loopDepth = 0;
  /// The test of the `while` loop being emitted: the one place a call of
  /// tl.condition is valid; and whether that call said disable_licm=True.
  const Expr *whileTest = nullptr;
  bool whileDisableLicm = false;
  /// Name of the enclosing reduction combiner, if any.
  bool inCombiner = false;
  /// Nonzero while a constexpr function's body runs: its loops are Python
  /// loops, unrolled at compile time.
  unsigned compileTimeDepth = 0;
};

/// True if `stmts` (or a nested if) contains a return statement.
bool containsReturn(const StmtList &stmts);
bool containsReturn(const std::vector<const Stmt *> &stmts);
/// Collects the names a statement list assigns (nested blocks included).
void collectAssignedNames(const StmtList &stmts,
                          std::vector<std::string> &names);

/// What the evaluator answers from the command line (`--arch`, `-I`).
EvalOptions toEvalOptions(const FrontendOptions &options);

} // namespace tilec::frontend

#endif // TILEC_LIB_FRONTEND_EMITTER_H
