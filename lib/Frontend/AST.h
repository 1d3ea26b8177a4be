//===- AST.h - Abstract syntax tree of Triton-language kernels --*- C++ -*-===//
//
// The small AST that the parser builds for the `@triton.jit` functions of a
// `.py` file, their imports and their module-level `tl.constexpr` globals.
// It is owned by the frontend alone: the emitter walks it once to produce the
// `tile` dialect. Nodes carry the location of their first token; everything
// outside the supported Python subset is refused by the parser, so the emitter
// only ever sees constructs it knows.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_AST_H
#define TILEC_LIB_FRONTEND_AST_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tilec::frontend {

/// A position in the source file: 1-based line and column, and the byte
/// offset of the position in the buffer. Columns count characters (UTF-8
/// code points, as Python's do), not bytes: see countColumns.
struct SourceLoc {
  unsigned line = 0;
  unsigned col = 0;
  unsigned offset = 0;
};

/// The number of columns `text` spans: one per UTF-8 code point, that is
/// one per byte that is not a continuation byte (10xxxxxx). The diagnostic
/// printer maps columns back to bytes by the same rule.
inline unsigned countColumns(llvm::StringRef text) {
  unsigned n = 0;
  for (char c : text)
    n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

enum class BinaryOpKind {
  Add,
  Sub,
  Mul,
  TrueDiv,
  FloorDiv,
  Mod,
  Pow,
  MatMul,
  LShift,
  RShift,
  BitAnd,
  BitOr,
  BitXor,
};

enum class UnaryOpKind { Neg, Pos, Invert, Not };

enum class CompareOpKind { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };

enum class BoolOpKind { And, Or };

/// Base of every expression node. `kind` is used for LLVM-style RTTI.
class Expr {
public:
  enum class Kind {
    Name,
    IntLit,
    FloatLit,
    StrLit,
    BoolLit,
    NoneLit,
    EllipsisLit,
    Attribute,
    Call,
    Subscript,
    Slice,
    Tuple,
    List,
    BinOp,
    UnaryOp,
    BoolOp,
    Compare,
    IfExp,
    // The two kinds below only occur inside decorator expressions (e.g. the
    // configs of `@triton.autotune`), never in a kernel body.
    Dict,
    Opaque,
    // The kinds below occur only in decorators and module-level Python,
    // which the evaluator (Evaluator.h) runs; a kernel never sees them.
    Comprehension,
    Starred,
  };

  Expr(Kind kind, SourceLoc loc) : kind(kind), loc(loc) {}
  virtual ~Expr() = default;

  Kind getKind() const { return kind; }
  SourceLoc getLoc() const { return loc; }

private:
  Kind kind;
  SourceLoc loc;
};

using ExprPtr = std::unique_ptr<Expr>;

/// `name`
struct NameExpr : Expr {
  NameExpr(SourceLoc loc, std::string name)
      : Expr(Kind::Name, loc), name(std::move(name)) {}
  std::string name;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Name; }
};

/// An integer literal. Python integers are unbounded; tilec keeps 64 bits
/// and the parser refuses literals that do not fit in an unsigned 64-bit
/// value. `value` holds the bit pattern; `isUnsignedOnly` is set when the
/// literal exceeds INT64_MAX.
struct IntLitExpr : Expr {
  IntLitExpr(SourceLoc loc, uint64_t value, bool isUnsignedOnly)
      : Expr(Kind::IntLit, loc), value(value), isUnsignedOnly(isUnsignedOnly) {
  }
  uint64_t value;
  bool isUnsignedOnly;
  static bool classof(const Expr *e) { return e->getKind() == Kind::IntLit; }
};

/// A float literal (`1.0`, `1e-5`, `.5`).
struct FloatLitExpr : Expr {
  FloatLitExpr(SourceLoc loc, double value)
      : Expr(Kind::FloatLit, loc), value(value) {}
  double value;
  static bool classof(const Expr *e) { return e->getKind() == Kind::FloatLit; }
};

/// A string literal (adjacent literals are concatenated by the parser;
/// f-strings and byte strings are refused).
struct StrLitExpr : Expr {
  StrLitExpr(SourceLoc loc, std::string value)
      : Expr(Kind::StrLit, loc), value(std::move(value)) {}
  std::string value;
  static bool classof(const Expr *e) { return e->getKind() == Kind::StrLit; }
};

/// `True` / `False`.
struct BoolLitExpr : Expr {
  BoolLitExpr(SourceLoc loc, bool value)
      : Expr(Kind::BoolLit, loc), value(value) {}
  bool value;
  static bool classof(const Expr *e) { return e->getKind() == Kind::BoolLit; }
};

/// `None`.
struct NoneLitExpr : Expr {
  explicit NoneLitExpr(SourceLoc loc) : Expr(Kind::NoneLit, loc) {}
  static bool classof(const Expr *e) { return e->getKind() == Kind::NoneLit; }
};

/// `...`
struct EllipsisLitExpr : Expr {
  explicit EllipsisLitExpr(SourceLoc loc) : Expr(Kind::EllipsisLit, loc) {}
  static bool classof(const Expr *e) {
    return e->getKind() == Kind::EllipsisLit;
  }
};

/// `value.attr`; `attrLoc` is the location of the attribute name.
struct AttributeExpr : Expr {
  AttributeExpr(SourceLoc loc, ExprPtr value, std::string attr,
                SourceLoc attrLoc)
      : Expr(Kind::Attribute, loc), value(std::move(value)),
        attr(std::move(attr)), attrLoc(attrLoc) {}
  ExprPtr value;
  std::string attr;
  SourceLoc attrLoc;
  static bool classof(const Expr *e) {
    return e->getKind() == Kind::Attribute;
  }
};

/// A keyword argument `name=value` of a call.
struct Keyword {
  SourceLoc loc;
  std::string name;
  ExprPtr value;
};

/// `func(args..., name=value...)`. Star-arguments are refused by the parser.
struct CallExpr : Expr {
  CallExpr(SourceLoc loc, ExprPtr func) : Expr(Kind::Call, loc),
                                          func(std::move(func)) {}
  ExprPtr func;
  std::vector<ExprPtr> args;
  std::vector<Keyword> keywords;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Call; }
};

/// `lower:upper:step` inside a subscript; absent parts are null.
struct SliceExpr : Expr {
  explicit SliceExpr(SourceLoc loc) : Expr(Kind::Slice, loc) {}
  ExprPtr lower, upper, step;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Slice; }
};

/// `value[i0, i1, ...]`; each index is an expression or a SliceExpr. A
/// single index without a comma gives one element.
struct SubscriptExpr : Expr {
  SubscriptExpr(SourceLoc loc, ExprPtr value)
      : Expr(Kind::Subscript, loc), value(std::move(value)) {}
  ExprPtr value;
  std::vector<ExprPtr> indices;
  static bool classof(const Expr *e) {
    return e->getKind() == Kind::Subscript;
  }
};

/// `(a, b)` or `a, b`.
struct TupleExpr : Expr {
  explicit TupleExpr(SourceLoc loc) : Expr(Kind::Tuple, loc) {}
  std::vector<ExprPtr> elts;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Tuple; }
};

/// `[a, b]` (only as a constant shape or tuple-like value).
struct ListExpr : Expr {
  explicit ListExpr(SourceLoc loc) : Expr(Kind::List, loc) {}
  std::vector<ExprPtr> elts;
  static bool classof(const Expr *e) { return e->getKind() == Kind::List; }
};

/// `lhs op rhs`; `loc` is the operator's location.
struct BinOpExpr : Expr {
  BinOpExpr(SourceLoc loc, BinaryOpKind op, ExprPtr lhs, ExprPtr rhs)
      : Expr(Kind::BinOp, loc), op(op), lhs(std::move(lhs)),
        rhs(std::move(rhs)) {}
  BinaryOpKind op;
  ExprPtr lhs, rhs;
  static bool classof(const Expr *e) { return e->getKind() == Kind::BinOp; }
};

/// `op operand`.
struct UnaryOpExpr : Expr {
  UnaryOpExpr(SourceLoc loc, UnaryOpKind op, ExprPtr operand)
      : Expr(Kind::UnaryOp, loc), op(op), operand(std::move(operand)) {}
  UnaryOpKind op;
  ExprPtr operand;
  static bool classof(const Expr *e) { return e->getKind() == Kind::UnaryOp; }
};

/// `a and b and c` / `a or b`.
struct BoolOpExpr : Expr {
  BoolOpExpr(SourceLoc loc, BoolOpKind op) : Expr(Kind::BoolOp, loc), op(op) {}
  BoolOpKind op;
  std::vector<ExprPtr> values;
  static bool classof(const Expr *e) { return e->getKind() == Kind::BoolOp; }
};

/// `left op0 c0 op1 c1 ...` (a chained comparison).
struct CompareExpr : Expr {
  CompareExpr(SourceLoc loc, ExprPtr left)
      : Expr(Kind::Compare, loc), left(std::move(left)) {}
  ExprPtr left;
  std::vector<CompareOpKind> ops;
  std::vector<SourceLoc> opLocs;
  std::vector<ExprPtr> comparators;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Compare; }
};

/// `body if test else orelse`.
struct IfExpExpr : Expr {
  IfExpExpr(SourceLoc loc, ExprPtr test, ExprPtr body, ExprPtr orelse)
      : Expr(Kind::IfExp, loc), test(std::move(test)), body(std::move(body)),
        orelse(std::move(orelse)) {}
  ExprPtr test, body, orelse;
  static bool classof(const Expr *e) { return e->getKind() == Kind::IfExp; }
};

/// `{k0: v0, k1: v1}`; only in decorator expressions (the parser refuses
/// dict displays inside kernels).
struct DictExpr : Expr {
  explicit DictExpr(SourceLoc loc) : Expr(Kind::Dict, loc) {}
  std::vector<ExprPtr> keys;
  std::vector<ExprPtr> values;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Dict; }
};

/// A piece of Python outside the kernel subset, kept as its source text;
/// only in decorator expressions (a `lambda` in `triton.heuristics`, a list
/// comprehension of `triton.Config`s, a whole decorator that the subset
/// cannot express).
struct OpaqueExpr : Expr {
  OpaqueExpr(SourceLoc loc, std::string text)
      : Expr(Kind::Opaque, loc), text(std::move(text)) {}
  std::string text;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Opaque; }
};

/// One `for target in iter if cond...` clause of a comprehension.
struct CompFor {
  ExprPtr target;
  ExprPtr iter;
  std::vector<ExprPtr> ifs;
};

/// `[elt for ...]`, `{elt for ...}`, `{key: elt for ...}`, `(elt for ...)`;
/// only in decorators and module-level Python.
struct ComprehensionExpr : Expr {
  enum class Shape { List, Set, Dict, Generator };
  ComprehensionExpr(SourceLoc loc, Shape shape)
      : Expr(Kind::Comprehension, loc), shape(shape) {}
  Shape shape;
  ExprPtr key; // Dict only
  ExprPtr elt;
  std::vector<CompFor> generators;
  static bool classof(const Expr *e) {
    return e->getKind() == Kind::Comprehension;
  }
};

/// `*value` in a display or a call, or `**value` in a call or a dict
/// display; only in decorators and module-level Python.
struct StarredExpr : Expr {
  StarredExpr(SourceLoc loc, ExprPtr value, bool doubleStar)
      : Expr(Kind::Starred, loc), value(std::move(value)),
        doubleStar(doubleStar) {}
  ExprPtr value;
  bool doubleStar;
  static bool classof(const Expr *e) { return e->getKind() == Kind::Starred; }
};

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

class Stmt {
public:
  enum class Kind {
    Expr,
    Assign,
    AugAssign,
    AnnAssign,
    Return,
    If,
    For,
    While,
    Pass,
    Assert,
    // Module level and the bodies of plain (non-jit) functions only.
    Import,
    Def,
    Try,
    Break,
    Continue,
    Raise,
    Opaque,
  };

  Stmt(Kind kind, SourceLoc loc) : kind(kind), loc(loc) {}
  virtual ~Stmt() = default;

  Kind getKind() const { return kind; }
  SourceLoc getLoc() const { return loc; }

private:
  Kind kind;
  SourceLoc loc;
};

using StmtPtr = std::unique_ptr<Stmt>;
using StmtList = std::vector<StmtPtr>;

/// An expression evaluated for its effect (`tl.store(...)`, a docstring).
struct ExprStmt : Stmt {
  ExprStmt(SourceLoc loc, ExprPtr value)
      : Stmt(Kind::Expr, loc), value(std::move(value)) {}
  ExprPtr value;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Expr; }
};

/// `t0 = t1 = value`; targets are NameExpr or TupleExpr of NameExpr
/// (the parser refuses other targets, e.g. subscripts and attributes).
struct AssignStmt : Stmt {
  AssignStmt(SourceLoc loc, ExprPtr value)
      : Stmt(Kind::Assign, loc), value(std::move(value)) {}
  std::vector<ExprPtr> targets;
  ExprPtr value;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Assign; }
};

/// `target op= value`; target is a NameExpr.
struct AugAssignStmt : Stmt {
  AugAssignStmt(SourceLoc loc, ExprPtr target, BinaryOpKind op, ExprPtr value)
      : Stmt(Kind::AugAssign, loc), target(std::move(target)), op(op),
        value(std::move(value)) {}
  ExprPtr target;
  BinaryOpKind op;
  ExprPtr value;
  static bool classof(const Stmt *s) {
    return s->getKind() == Kind::AugAssign;
  }
};

/// `target: annotation = value` (value may be null).
struct AnnAssignStmt : Stmt {
  AnnAssignStmt(SourceLoc loc, ExprPtr target, ExprPtr annotation,
                ExprPtr value)
      : Stmt(Kind::AnnAssign, loc), target(std::move(target)),
        annotation(std::move(annotation)), value(std::move(value)) {}
  ExprPtr target, annotation, value;
  static bool classof(const Stmt *s) {
    return s->getKind() == Kind::AnnAssign;
  }
};

/// `return [value]`.
struct ReturnStmt : Stmt {
  ReturnStmt(SourceLoc loc, ExprPtr value)
      : Stmt(Kind::Return, loc), value(std::move(value)) {}
  ExprPtr value; // may be null
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Return; }
};

/// `if test: body [elif ...] [else: orelse]`; `elif` chains become a nested
/// IfStmt as the only statement of `orelse`.
struct IfStmt : Stmt {
  IfStmt(SourceLoc loc, ExprPtr test) : Stmt(Kind::If, loc),
                                        test(std::move(test)) {}
  ExprPtr test;
  StmtList body;
  StmtList orelse;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::If; }
};

/// `for target in iter: body`; target is a NameExpr. `for ... else` is
/// refused by the parser.
struct ForStmt : Stmt {
  ForStmt(SourceLoc loc, ExprPtr target, ExprPtr iter)
      : Stmt(Kind::For, loc), target(std::move(target)),
        iter(std::move(iter)) {}
  ExprPtr target;
  ExprPtr iter;
  StmtList body;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::For; }
};

/// `while test: body`; `while ... else` is refused by the parser.
struct WhileStmt : Stmt {
  WhileStmt(SourceLoc loc, ExprPtr test)
      : Stmt(Kind::While, loc), test(std::move(test)) {}
  ExprPtr test;
  StmtList body;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::While; }
};

/// `pass`.
struct PassStmt : Stmt {
  explicit PassStmt(SourceLoc loc) : Stmt(Kind::Pass, loc) {}
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Pass; }
};

/// `assert test` or `assert test, msg`: tl.device_assert(test, msg).
struct AssertStmt : Stmt {
  AssertStmt(SourceLoc loc, ExprPtr test, ExprPtr msg)
      : Stmt(Kind::Assert, loc), test(std::move(test)), msg(std::move(msg)) {}
  ExprPtr test;
  ExprPtr msg; // may be null
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Assert; }
};

/// `raise [exc [from cause]]`. Parsed, not evaluated: a kernel may hold one
/// in a branch that a constexpr condition removes (Triton only rejects what
/// it generates code for), so the emitter refuses it only when reached.
struct RaiseStmt : Stmt {
  RaiseStmt(SourceLoc loc, std::string text)
      : Stmt(Kind::Raise, loc), text(std::move(text)) {}
  /// The statement's source text after `raise`, whitespace collapsed, to
  /// name the exception in diagnostics ("ValueError('bad mode')").
  std::string text;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Raise; }
};

struct ImportAlias;
struct FunctionDef;

/// `break` / `continue` (plain functions and module-level loops only).
struct BreakStmt : Stmt {
  BreakStmt(SourceLoc loc, bool isContinue)
      : Stmt(isContinue ? Kind::Continue : Kind::Break, loc) {}
  static bool classof(const Stmt *s) {
    return s->getKind() == Kind::Break || s->getKind() == Kind::Continue;
  }
};

/// An `import` or `from ... import` statement at module level, or in the
/// body of a plain function (`local`).
struct ImportStmt : Stmt {
  explicit ImportStmt(SourceLoc loc) : Stmt(Kind::Import, loc) {}
  /// Indices into Module::imports, or Module::localImports when `local`.
  std::vector<size_t> aliases;
  bool local = false;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Import; }
};

/// A `def` at module level (a jit function or a plain one) or in a
/// module-level block. `fn` is null when the body is outside the subset the
/// evaluator runs; `why` then says what the parser refused.
struct DefStmt : Stmt {
  DefStmt(SourceLoc loc, std::string name)
      : Stmt(Kind::Def, loc), name(std::move(name)) {}
  std::string name;
  const FunctionDef *fn = nullptr;
  bool isJit = false;
  bool isClass = false;
  std::string why;
  SourceLoc whyLoc;
  /// For a function without `fn`: the names its body declares `global`,
  /// whose values a call of it may change.
  std::vector<std::string> globalNames;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Def; }
};

/// `try: ... except T: ... else: ... finally: ...` at module level.
struct TryStmt : Stmt {
  explicit TryStmt(SourceLoc loc) : Stmt(Kind::Try, loc) {}
  struct Handler {
    SourceLoc loc;
    ExprPtr type; // null for a bare `except:`
    StmtList body;
  };
  StmtList body;
  std::vector<Handler> handlers;
  StmtList orelse;
  StmtList finalbody;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Try; }
};

/// A module-level statement outside the subset the evaluator runs (a
/// `class`, `with`, a subscript assignment, ...): the names it binds become
/// unknown values, an error only where a kernel or decorator uses them.
struct OpaqueStmt : Stmt {
  OpaqueStmt(SourceLoc loc, std::string why)
      : Stmt(Kind::Opaque, loc), why(std::move(why)) {}
  std::string why;
  std::vector<std::string> names;
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Opaque; }
};

//===----------------------------------------------------------------------===//
// Module level
//===----------------------------------------------------------------------===//

/// One parameter of a jit function.
struct Param {
  SourceLoc loc;
  std::string name;
  /// `*args` / `**kwargs` (plain functions only; kernels refuse them).
  enum class Star { None, Args, Kwargs } star = Star::None;
  ExprPtr annotation;   // may be null; `tl.constexpr` marks a constexpr
  ExprPtr defaultValue; // may be null
};

/// A function decorated with `@triton.jit`, `@jit`, `@tl.jit` or
/// `@tilec.jit` (possibly called with arguments, possibly below other
/// decorators, which are kept for later use, e.g. `triton.autotune`).
struct FunctionDef {
  /// A plain function whose body defines functions (nested `def`s, which
  /// the evaluator runs as closures).
  bool hasNestedFunctions = false;
  SourceLoc loc;     // location of the `def` keyword
  SourceLoc nameLoc; // location of the function's name
  std::string name;
  std::vector<Param> params;
  std::vector<ExprPtr> decorators; // all decorators, jit included, top first
  ExprPtr returnAnnotation;        // may be null
  StmtList body;
  /// The source text of the whole definition (decorators to the end of the
  /// body), used for cache keys.
  std::string sourceText;
  /// Decorated `@triton.constexpr_function` or `@tl.constexpr` instead of
  /// jit: a Python function that kernels call at compile time.
  bool isConstexprFunction = false;
  /// The names a plain function declares `global`: it binds them in its
  /// module.
  std::vector<std::string> globalNames;
};

/// `import a.b.c as x` / `from a.b import c as x`: binds `alias` to the
/// dotted module path `module` (for `from a.b import c`, module is `a.b.c`).
struct ImportAlias {
  SourceLoc loc;
  std::string module;
  std::string alias;
  /// For `from M import N [as A]`: M (with its leading dots) and N; empty
  /// for `import`. For `import a.b` (no `as`), `dotted` is `a.b`.
  std::string from, name, dotted;
};

/// A module-level `NAME = tl.constexpr(value)` or
/// `NAME: tl.constexpr = value` global.
struct ConstexprGlobal {
  SourceLoc loc;
  std::string name;
  ExprPtr value; // the inner value (the argument of tl.constexpr(...))
};

/// A module-level `NAME = [...]` whose list display parsed as a decorator
/// expression: the configs of `@triton.autotune(configs=NAME, ...)`.
struct ListGlobal {
  SourceLoc loc;
  std::string name;
  ExprPtr value; // a ListExpr
};

/// What tilec reads of a `.py` file. All other top-level statements are
/// skipped without being parsed.
struct Module {
  std::string filename;
  std::vector<ImportAlias> imports;
  /// Imports in the bodies of plain functions: they bind names of the
  /// function's frame, not of the module, so name resolution of kernels
  /// never sees them.
  std::vector<ImportAlias> localImports;
  std::vector<ConstexprGlobal> globals;
  std::vector<ListGlobal> listGlobals;
  std::vector<std::unique_ptr<FunctionDef>> functions;
  /// The module's statements in order, as the evaluator runs them.
  StmtList body;
  /// Plain (non-jit) functions the evaluator may call, and jit functions a
  /// later definition of the same name replaced in `functions`.
  std::vector<std::unique_ptr<FunctionDef>> plainFunctions;
  /// `@triton.constexpr_function` / `@tl.constexpr` functions whose bodies
  /// are in the kernel subset.
  std::vector<std::unique_ptr<FunctionDef>> constexprFunctions;
  /// Constexpr functions whose bodies are not: the first construct outside
  /// the subset, reported when a kernel calls one.
  struct UnparsedFunction {
    std::string name;
    SourceLoc loc;
    SourceLoc errorLoc;
    std::string message;
  };
  std::vector<UnparsedFunction> unparsedConstexprFunctions;
  /// Other top-level names (non-jit `def`s, classes, plain assignments) with
  /// where they are bound, so that a kernel using one gets a precise error.
  struct OtherName {
    std::string name;
    SourceLoc loc;
    bool isFunction = false; // bound by a non-jit `def` or a `class`
  };
  std::vector<OtherName> otherNames;

  const FunctionDef *lookupFunction(llvm::StringRef name) const {
    for (const auto &f : functions)
      if (f->name == name)
        return f.get();
    return nullptr;
  }
  const FunctionDef *lookupConstexprFunction(llvm::StringRef name) const {
    for (const auto &f : constexprFunctions)
      if (f->name == name)
        return f.get();
    return nullptr;
  }
};

} // namespace tilec::frontend

#endif // TILEC_LIB_FRONTEND_AST_H
