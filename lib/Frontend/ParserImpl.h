//===- ParserImpl.h - The parser's class and token helpers ------*- C++ -*-===//
//
// Internal to the frontend: the recursive-descent Parser class that
// Parser.cpp (module, top level, statements) and ParseExpr.cpp (expressions)
// implement between them, and the token classifications both use. The
// public entry point is parseModule in Frontend/Parser.h.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_PARSERIMPL_H
#define TILEC_LIB_FRONTEND_PARSERIMPL_H

#include "Frontend/Lexer.h"
#include "Frontend/Parser.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/Error.h"
#include <algorithm>
#include <limits>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tilec::frontend::detail {

using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;
using llvm::StringRef;
using llvm::Twine;

/// The deepest expression tree and the deepest block nesting accepted.
inline constexpr unsigned kMaxNesting = 200;

/// The start of an expression: its first token (a BinOp records its
/// operator instead).
inline SourceLoc startLoc(const Expr *e) {
  while (const auto *bin = dyn_cast<BinOpExpr>(e))
    e = bin->lhs.get();
  return e->getLoc();
}

/// `a.b.c` as a string, or the empty string when `e` is not a dotted name.
inline std::string dottedName(const Expr *e) {
  if (const auto *name = dyn_cast<NameExpr>(e))
    return name->name;
  if (const auto *attr = dyn_cast<AttributeExpr>(e)) {
    std::string base = dottedName(attr->value.get());
    if (!base.empty())
      return base + "." + attr->attr;
  }
  return "";
}

/// Whether `e` spells the constexpr type: a dotted name ending in
/// `constexpr` (the emitter resolves the alias).
inline bool isConstexprSpelling(const Expr *e) {
  std::string name = dottedName(e);
  return name == "constexpr" || StringRef(name).ends_with(".constexpr");
}

inline std::optional<BinaryOpKind> augAssignOp(TokenKind kind) {
  switch (kind) {
  case TokenKind::PlusEqual:
    return BinaryOpKind::Add;
  case TokenKind::MinusEqual:
    return BinaryOpKind::Sub;
  case TokenKind::StarEqual:
    return BinaryOpKind::Mul;
  case TokenKind::SlashEqual:
    return BinaryOpKind::TrueDiv;
  case TokenKind::DoubleSlashEqual:
    return BinaryOpKind::FloorDiv;
  case TokenKind::PercentEqual:
    return BinaryOpKind::Mod;
  case TokenKind::DoubleStarEqual:
    return BinaryOpKind::Pow;
  case TokenKind::AtEqual:
    return BinaryOpKind::MatMul;
  case TokenKind::AmpEqual:
    return BinaryOpKind::BitAnd;
  case TokenKind::PipeEqual:
    return BinaryOpKind::BitOr;
  case TokenKind::CaretEqual:
    return BinaryOpKind::BitXor;
  case TokenKind::LeftShiftEqual:
    return BinaryOpKind::LShift;
  case TokenKind::RightShiftEqual:
    return BinaryOpKind::RShift;
  default:
    return std::nullopt;
  }
}

inline bool isOpeningBracket(TokenKind kind) {
  return kind == TokenKind::LParen || kind == TokenKind::LSquare ||
         kind == TokenKind::LBrace;
}

inline bool isClosingBracket(TokenKind kind) {
  return kind == TokenKind::RParen || kind == TokenKind::RSquare ||
         kind == TokenKind::RBrace;
}

/// Whether a token can begin an expression (an Error token counts, so that
/// the parser reports it).
inline bool startsExpression(const Token &tok) {
  switch (tok.kind) {
  case TokenKind::Name:
  case TokenKind::Int:
  case TokenKind::Float:
  case TokenKind::Imaginary:
  case TokenKind::String:
  case TokenKind::kw_None:
  case TokenKind::kw_True:
  case TokenKind::kw_False:
  case TokenKind::kw_not:
  case TokenKind::kw_lambda:
  case TokenKind::kw_await:
  case TokenKind::kw_yield:
  case TokenKind::LParen:
  case TokenKind::LSquare:
  case TokenKind::LBrace:
  case TokenKind::Minus:
  case TokenKind::Plus:
  case TokenKind::Tilde:
  case TokenKind::Ellipsis:
  case TokenKind::Star:
  case TokenKind::Error:
    return true;
  default:
    return false;
  }
}

/// Whether a token can begin the operand of an arithmetic, bitwise or
/// comparison operator (Python's `factor`); an Error token counts.
inline bool startsFactor(const Token &tok) {
  switch (tok.kind) {
  case TokenKind::Name:
  case TokenKind::Int:
  case TokenKind::Float:
  case TokenKind::Imaginary:
  case TokenKind::String:
  case TokenKind::kw_None:
  case TokenKind::kw_True:
  case TokenKind::kw_False:
  case TokenKind::kw_await:
  case TokenKind::LParen:
  case TokenKind::LSquare:
  case TokenKind::LBrace:
  case TokenKind::Minus:
  case TokenKind::Plus:
  case TokenKind::Tilde:
  case TokenKind::Ellipsis:
  case TokenKind::Error:
    return true;
  default:
    return false;
  }
}

/// Whether a token can begin the operand of `not`, `and`, `or` or of a
/// conditional expression's test.
inline bool startsNotTest(const Token &tok) {
  return tok.is(TokenKind::kw_not) || startsFactor(tok);
}

/// Whether a token directly after a complete expression begins another one,
/// i.e. a comma is probably missing between them. Brackets and signs would
/// continue the first expression instead.
inline bool startsJuxtaposed(const Token &tok) {
  switch (tok.kind) {
  case TokenKind::Name:
  case TokenKind::Int:
  case TokenKind::Float:
  case TokenKind::Imaginary:
  case TokenKind::String:
  case TokenKind::kw_None:
  case TokenKind::kw_True:
  case TokenKind::kw_False:
  case TokenKind::kw_lambda:
  case TokenKind::kw_await:
  case TokenKind::LBrace:
  case TokenKind::Tilde:
  case TokenKind::Ellipsis:
    return true;
  default:
    return false;
  }
}

/// Python's name for an expression that cannot be assigned to, as in
/// "cannot assign to function call".
inline const char *targetKindName(const Expr &e) {
  switch (e.getKind()) {
  case Expr::Kind::Call:
    return "function call";
  case Expr::Kind::IntLit:
  case Expr::Kind::FloatLit:
  case Expr::Kind::StrLit:
    return "literal";
  case Expr::Kind::BoolLit:
    return cast<BoolLitExpr>(e).value ? "True" : "False";
  case Expr::Kind::NoneLit:
    return "None";
  case Expr::Kind::EllipsisLit:
    return "ellipsis";
  case Expr::Kind::Compare:
    return "comparison";
  case Expr::Kind::IfExp:
    return "conditional expression";
  case Expr::Kind::Tuple:
    return "tuple";
  case Expr::Kind::List:
    return "list";
  case Expr::Kind::Subscript:
    return "subscript";
  case Expr::Kind::Attribute:
    return "attribute";
  case Expr::Kind::Name:
    return "name";
  default:
    return "expression";
  }
}

/// Whether Python suggests '==' for `e = value`: `e` is a plain operand
/// (Python's `bitwise_or`), not a comparison, boolean operation,
/// conditional expression or the constants True, False and None.
inline bool suggestsEquality(const Expr &e) {
  switch (e.getKind()) {
  case Expr::Kind::Compare:
  case Expr::Kind::BoolOp:
  case Expr::Kind::IfExp:
  case Expr::Kind::BoolLit:
  case Expr::Kind::NoneLit:
  case Expr::Kind::Tuple:
  case Expr::Kind::List:
    return false;
  case Expr::Kind::UnaryOp:
    return cast<UnaryOpExpr>(e).op != UnaryOpKind::Not;
  default:
    return true;
  }
}

class Parser {
public:
  Parser(StringRef buffer, StringRef filename, DiagnosticSink &diag)
      : buffer(buffer), filename(filename), diag(diag),
        tokens(Lexer::tokenize(buffer)) {
    for (const Token &t : tokens)
      if (t.neverClosed)
        neverClosed = &t;
  }

  std::unique_ptr<Module> parseModule();

private:
  //===--------------------------------------------------------------------===//
  // Tokens
  //===--------------------------------------------------------------------===//

  const Token &tok() const { return tokens[idx]; }
  const Token &at(size_t i) const {
    return tokens[std::min(i, tokens.size() - 1)];
  }
  const Token &peek(size_t n = 1) const { return at(idx + n); }
  bool is(TokenKind kind) const { return tok().is(kind); }
  bool isName(StringRef name) const {
    return is(TokenKind::Name) && tok().text == name;
  }
  void consume() {
    if (idx + 1 < tokens.size())
      ++idx;
  }
  bool consumeIf(TokenKind kind) {
    if (!is(kind))
      return false;
    consume();
    return true;
  }
  bool atEndOfSimpleStmt() const {
    return is(TokenKind::Newline) || is(TokenKind::Semi) ||
           is(TokenKind::EndOfFile);
  }

  //===--------------------------------------------------------------------===//
  // Diagnostics
  //===--------------------------------------------------------------------===//

  /// Reports `message` at `loc` (unless an error was reported already or a
  /// tentative parse is under way); always returns false.
  bool errorAt(SourceLoc loc, const Twine &message) {
    failed = true;
    if (suppress && suppressedError.empty()) {
      suppressedError = message.str();
      suppressedLoc = loc;
    }
    if (suppress || reported)
      return false;
    reported = true;
    if (capture) {
      capture->loc = loc;
      capture->message = message.str();
      return false;
    }
    // As in Python, a bracket left open on a line before the error (or
    // before the token the parser stopped at) is the cause of whatever goes
    // wrong after it: the rest of the file is inside it.
    if (neverClosed &&
        std::max(loc.line, tok().loc.line) > neverClosed->errorLoc.line) {
      diag.error(neverClosed->errorLoc, neverClosed->message);
      return false;
    }
    diag.error(loc, message);
    return false;
  }
  /// Reports at the current token. An Error token reports its own message
  /// and an INDENT "unexpected indent", whatever the parser expected.
  bool errorHere(const Twine &message) {
    const Token &t = tok();
    if (t.is(TokenKind::Error))
      return errorAt(t.getErrorLoc(), t.message);
    if (t.is(TokenKind::Indent))
      return errorAt(t.loc, "unexpected indent");
    return errorAt(t.loc, message);
  }
  std::nullptr_t failAt(SourceLoc loc, const Twine &message) {
    errorAt(loc, message);
    return nullptr;
  }
  std::nullptr_t failHere(const Twine &message) {
    errorHere(message);
    return nullptr;
  }
  /// Reports "expected an expression after 'OP'" at the current token
  /// unless `starts` says that it can begin the operand.
  bool expectOperand(bool starts, const Twine &op) {
    if (starts)
      return true;
    return errorHere("expected an expression after '" + op + "'");
  }
  /// When the current token begins an expression right after a complete
  /// one, reports the missing comma at the start of the complete one (as
  /// Python does) and returns true.
  bool reportMissingComma() {
    if (!startsJuxtaposed(tok()) || lastOperandStart.line == 0)
      return false;
    // `name "text"` is no list of two items (Python's own exception).
    if (tok().is(TokenKind::String) && idx > 0 &&
        at(idx - 1).is(TokenKind::Name) &&
        at(idx - 1).loc.offset == lastOperandStart.offset)
      return false;
    errorAt(lastOperandStart, "invalid syntax. Perhaps you forgot a comma?");
    return true;
  }
  /// The last resort after a statement: a missing comma, else "invalid
  /// syntax" at the current token.
  bool errorAfterStatement() {
    if (reportMissingComma())
      return false;
    return errorHere("invalid syntax");
  }

  SourceLoc locForOffset(unsigned offset);

  /// Counts nesting; `enter` fails once the limit is passed.
  struct NestingScope {
    NestingScope(unsigned &depth) : depth(depth) {}
    ~NestingScope() { depth -= added; }
    bool enter() {
      ++depth;
      ++added;
      return depth <= kMaxNesting;
    }
    unsigned &depth;
    unsigned added = 0;
  };

  /// Suppresses diagnostics for a tentative parse.
  struct Tentative {
    Tentative(Parser &p) : p(p) { ++p.suppress; }
    ~Tentative() { --p.suppress; }
    Parser &p;
  };

  //===--------------------------------------------------------------------===//
  // Top level
  //===--------------------------------------------------------------------===//

  bool parseTopLevelStatement();
  // Module-level Python kept for the evaluator (ParseModule.cpp).
  bool parseModuleCompound();
  bool parseModuleBlock(StmtList &body);
  bool parseModuleIf(StmtList &body);
  bool parseModuleFor(StmtList &body);
  bool parseModuleWhile(StmtList &body);
  bool parseModuleTry(StmtList &body);
  bool parsePlainDef(std::vector<ExprPtr> decorators, unsigned startOffset,
                     size_t defIdx);
  /// A `def` in the body of a plain function (plainMode): a DefStmt in
  /// `body`, run by the evaluator as a closure.
  bool parseNestedDef(StmtList &body);
  void keepSimpleStmt();
  void pushOpaque(SourceLoc loc, StringRef why,
                  std::vector<std::string> names);
  /// Names bound by the logical line at `i` (`a = b = ...`, `a, b = ...`,
  /// `a[..] = ...`, `a.x = ...`, `a += ...`).
  std::vector<std::string> namesBoundAt(size_t i) const;
  std::vector<std::string> namesBoundInBlock(size_t from, size_t to) const;
  bool parseTopLevelSimpleLine();
  bool parseTopLevelSimpleStmt(bool &parsed);
  bool parseImport();
  bool parseFromImport();
  bool parseConstexprAssign();
  bool parseConstexprAnnotated();
  void parseListGlobal();
  bool parseDecorated();
  bool isConstexprFunctionDecoratorAt(size_t i) const;
  bool parseConstexprFunction(size_t first);
  bool parseFunctionDef(std::vector<ExprPtr> decorators, unsigned startOffset,
                        bool jit = true, bool isConstexprFunction = false);
  bool parseParams(FunctionDef &func);

  bool isDottedConstexprAt(size_t i, size_t &end) const;
  bool isJitDecoratorAt(size_t i) const;
  void recordDefName(size_t i);
  void recordAssignedNames();
  void skipLogicalLine();
  void skipIndentedBlock();
  void skipSimpleStmt();

  //===--------------------------------------------------------------------===//
  // Statements
  //===--------------------------------------------------------------------===//

  bool parseSuite(StmtList &body, StringRef what, unsigned line);
  bool parseStatement(StmtList &body);
  bool parseSimpleLine(StmtList &body);
  bool parseSimpleStmt(StmtList &body);
  bool parseExprOrAssign(StmtList &body);
  bool parseIf(StmtList &body);
  bool parseFor(StmtList &body);
  bool parseWhile(StmtList &body);
  /// `try` and imports in the body of a plain function (the evaluator's
  /// subset; kernels refuse them).
  bool parsePlainTry(StmtList &body);
  bool parsePlainImport(StmtList &body);
  bool expectColon(StringRef what);
  bool isMatchStatement() const;

  bool validateTarget(ExprPtr &target, bool inTuple, bool beforeOnlyEqual);
  bool validateSingleTarget(const Expr &target, bool augmented);

  //===--------------------------------------------------------------------===//
  // Expressions
  //===--------------------------------------------------------------------===//

  ExprPtr parseExprList();
  ExprPtr parseTestOrStar();
  ExprPtr parseTest();
  ExprPtr parseOrTest();
  ExprPtr parseAndTest();
  ExprPtr parseNotTest();
  ExprPtr parseComparison();
  ExprPtr parseBitOr();
  ExprPtr parseBitXor();
  ExprPtr parseBitAnd();
  ExprPtr parseShift();
  ExprPtr parseArith();
  ExprPtr parseTerm();
  ExprPtr parseFactor();
  ExprPtr parsePower();
  ExprPtr parsePrimary();
  ExprPtr parseAtom();
  ExprPtr parseCall(ExprPtr func);
  ExprPtr parseSubscript(ExprPtr value);
  ExprPtr parseSliceItem();
  ExprPtr parseParen();
  ExprPtr parseListDisplay();
  ExprPtr parseBrace();
  ExprPtr parseStrings();
  /// An f-string token's parts (ParseFString.cpp), in evaluator code.
  bool parseFString(const Token &t, std::vector<ExprPtr> &parts);
  ExprPtr parseFStringField(const Token &t, size_t begin, size_t end);
  /// The `for ... in ... if ...` clauses after `elt` (decorators and
  /// module-level Python only).
  ExprPtr parseComprehension(SourceLoc loc, ComprehensionExpr::Shape shape,
                             ExprPtr elt, ExprPtr key = nullptr);
  ExprPtr parseInt();
  ExprPtr parseFloat();

  template <typename NextFn, typename OpFn>
  ExprPtr parseLeftAssoc(NextFn next, OpFn opFor);

  /// An element of a call, list, tuple or dict: a test, or in decorators,
  /// an OpaqueExpr when the subset cannot express it.
  ExprPtr parseElement();
  ExprPtr parseElementOrStar();
  ExprPtr parseDecoratorExpr();
  ExprPtr parseOpaque(bool inBrackets);

  StringRef buffer;
  StringRef filename;
  DiagnosticSink &diag;
  std::vector<Token> tokens;
  size_t idx = 0;
  std::unique_ptr<Module> module;

  /// Where module-level statements go (the module's body or a block).
  StmtList *topBody = nullptr;
  /// Plain functions and module-level code: `break`, `continue`, `raise`
  /// and tuple loop targets parse (the evaluator runs them).
  bool plainMode = false;
  /// The `global` names of the plain function being parsed.
  std::vector<std::string> pendingGlobals;
  /// Whether the body of the plain function being parsed has a `def`.
  bool sawNestedDef = false;
  /// The first error of a tentative parse, kept as the reason a plain
  /// function or a module-level statement is outside the subset.
  std::string suppressedError;
  SourceLoc suppressedLoc;

  bool failed = false;
  bool reported = false;
  /// While a constexpr function is parsed: where its first error goes
  /// instead of the sink (a body outside the subset only matters if a
  /// kernel calls the function).
  struct CapturedError {
    SourceLoc loc;
    std::string message;
  };
  CapturedError *capture = nullptr;
  unsigned suppress = 0;
  bool decoratorMode = false;
  unsigned exprDepth = 0;
  unsigned blockDepth = 0;
  std::vector<unsigned> lineStarts;
  /// The Error token of a bracket never closed, if any.
  const Token *neverClosed = nullptr;
  /// The start of the last complete operand (Python's `disjunction`) or
  /// imported module, for the missing-comma hint; line 0 when none.
  SourceLoc lastOperandStart;
};

} // namespace tilec::frontend::detail

#endif // TILEC_LIB_FRONTEND_PARSERIMPL_H
