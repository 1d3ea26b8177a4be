//===- Parser.cpp - Parser for Triton-language kernel files -----*- C++ -*-===//
//
// A recursive-descent parser over the tokens of the whole file. At the top
// level it reads imports, `tl.constexpr` globals and `@jit` functions and
// skips every other statement token-wise (a logical line and the indented
// block after it), recording the names they bind. Inside jit functions it
// parses the Python subset of AST.h and refuses everything else by name.
// Decorators above a jit function may hold any Python (autotune configs,
// heuristics lambdas): what the subset cannot express is kept as
// OpaqueExpr. Expression and block nesting are bounded so that no input can
// exhaust the stack, and the first error stops the parse.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Parser.h"
#include "Frontend/Lexer.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/Error.h"

#include <algorithm>
#include <limits>

using namespace tilec::frontend;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;
using llvm::StringRef;
using llvm::Twine;

/// The deepest expression tree and the deepest block nesting accepted.
static constexpr unsigned kMaxNesting = 200;

/// The start of an expression: its first token (a BinOp records its
/// operator instead).
static SourceLoc startLoc(const Expr *e) {
  while (const auto *bin = dyn_cast<BinOpExpr>(e))
    e = bin->lhs.get();
  return e->getLoc();
}

/// `a.b.c` as a string, or the empty string when `e` is not a dotted name.
static std::string dottedName(const Expr *e) {
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
static bool isConstexprSpelling(const Expr *e) {
  std::string name = dottedName(e);
  return name == "constexpr" || StringRef(name).ends_with(".constexpr");
}

static std::optional<BinaryOpKind> augAssignOp(TokenKind kind) {
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

static bool isOpeningBracket(TokenKind kind) {
  return kind == TokenKind::LParen || kind == TokenKind::LSquare ||
         kind == TokenKind::LBrace;
}

static bool isClosingBracket(TokenKind kind) {
  return kind == TokenKind::RParen || kind == TokenKind::RSquare ||
         kind == TokenKind::RBrace;
}

/// Whether a token can begin an expression (an Error token counts, so that
/// the parser reports it).
static bool startsExpression(const Token &tok) {
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
static bool startsFactor(const Token &tok) {
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
static bool startsNotTest(const Token &tok) {
  return tok.is(TokenKind::kw_not) || startsFactor(tok);
}

/// Whether a token directly after a complete expression begins another one,
/// i.e. a comma is probably missing between them. Brackets and signs would
/// continue the first expression instead.
static bool startsJuxtaposed(const Token &tok) {
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
static const char *targetKindName(const Expr &e) {
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
static bool suggestsEquality(const Expr &e) {
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

namespace {

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
    if (suppress || reported)
      return false;
    reported = true;
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
  bool parseTopLevelSimpleLine();
  bool parseTopLevelSimpleStmt(bool &parsed);
  bool parseImport();
  bool parseFromImport();
  bool parseConstexprAssign();
  bool parseConstexprAnnotated();
  bool parseDecorated();
  bool parseFunctionDef(std::vector<ExprPtr> decorators, unsigned startOffset);
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

  bool failed = false;
  bool reported = false;
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

} // namespace

SourceLoc Parser::locForOffset(unsigned offset) {
  if (lineStarts.empty()) {
    lineStarts.push_back(0);
    for (size_t i = 0; i < buffer.size(); ++i) {
      if (buffer[i] == '\n' || (buffer[i] == '\r' && (i + 1 >= buffer.size() ||
                                                      buffer[i + 1] != '\n')))
        lineStarts.push_back(i + 1);
    }
  }
  auto it = std::upper_bound(lineStarts.begin(), lineStarts.end(), offset);
  unsigned lineIdx = static_cast<unsigned>(it - lineStarts.begin()) - 1;
  SourceLoc loc;
  loc.line = lineIdx + 1;
  loc.col = offset - lineStarts[lineIdx] + 1;
  loc.offset = offset;
  return loc;
}

//===----------------------------------------------------------------------===//
// Top level
//===----------------------------------------------------------------------===//

std::unique_ptr<Module> Parser::parseModule() {
  module = std::make_unique<Module>();
  module->filename = filename.str();
  while (!is(TokenKind::EndOfFile)) {
    size_t before = idx;
    if (!parseTopLevelStatement())
      return nullptr;
    if (idx == before) // Cannot happen; guards against a stuck loop.
      consume();
  }
  if (failed)
    return nullptr;
  return std::move(module);
}

bool Parser::parseTopLevelStatement() {
  const Token &t = tok();
  switch (t.kind) {
  case TokenKind::Newline:
  case TokenKind::Dedent:
    consume();
    return true;
  case TokenKind::Indent:
    return errorHere("unexpected indent");
  case TokenKind::Error:
    // Indentation errors (empty Error tokens at a line start) break the
    // structure of the file; other bad characters are skipped with their
    // statement.
    if (t.text.empty() && t.loc.offset < buffer.size())
      return errorHere("invalid syntax");
    return parseTopLevelSimpleLine();
  case TokenKind::At:
    return parseDecorated();
  case TokenKind::kw_def:
  case TokenKind::kw_class:
  case TokenKind::kw_async:
    recordDefName(idx);
    skipLogicalLine();
    skipIndentedBlock();
    return true;
  case TokenKind::kw_if:
  case TokenKind::kw_elif:
  case TokenKind::kw_else:
  case TokenKind::kw_for:
  case TokenKind::kw_while:
  case TokenKind::kw_try:
  case TokenKind::kw_except:
  case TokenKind::kw_finally:
  case TokenKind::kw_with:
    skipLogicalLine();
    skipIndentedBlock();
    return true;
  default:
    return parseTopLevelSimpleLine();
  }
}

void Parser::skipLogicalLine() {
  while (!is(TokenKind::Newline) && !is(TokenKind::EndOfFile))
    consume();
  consumeIf(TokenKind::Newline);
}

void Parser::skipIndentedBlock() {
  if (!is(TokenKind::Indent))
    return;
  unsigned depth = 0;
  do {
    if (is(TokenKind::Indent))
      ++depth;
    else if (is(TokenKind::Dedent))
      --depth;
    consume();
  } while (depth > 0 && !is(TokenKind::EndOfFile));
}

void Parser::skipSimpleStmt() {
  unsigned depth = 0;
  while (!is(TokenKind::Newline) && !is(TokenKind::EndOfFile) &&
         !(depth == 0 && is(TokenKind::Semi))) {
    if (isOpeningBracket(tok().kind))
      ++depth;
    else if (isClosingBracket(tok().kind) && depth)
      --depth;
    consume();
  }
}

void Parser::recordDefName(size_t i) {
  if (at(i).is(TokenKind::kw_async))
    ++i;
  if ((at(i).is(TokenKind::kw_def) || at(i).is(TokenKind::kw_class)) &&
      at(i + 1).is(TokenKind::Name))
    module->otherNames.push_back({at(i + 1).text.str(), at(i + 1).loc,
                                  /*isFunction=*/true});
}

void Parser::recordAssignedNames() {
  size_t i = idx;
  while (at(i).is(TokenKind::Name)) {
    llvm::SmallVector<size_t, 4> names{i};
    size_t j = i + 1;
    while (at(j).is(TokenKind::Comma) && at(j + 1).is(TokenKind::Name)) {
      names.push_back(j + 1);
      j += 2;
    }
    if (at(j).is(TokenKind::Comma))
      ++j;
    if (at(j).is(TokenKind::Colon) && names.size() == 1) {
      // `NAME: annotation = value` binds NAME; a bare annotation does not.
      unsigned depth = 0;
      for (size_t k = j + 1;; ++k) {
        const Token &t = at(k);
        if (t.is(TokenKind::Newline) || t.is(TokenKind::EndOfFile) ||
            (depth == 0 && t.is(TokenKind::Semi)))
          return;
        if (isOpeningBracket(t.kind))
          ++depth;
        else if (isClosingBracket(t.kind) && depth)
          --depth;
        else if (depth == 0 && t.is(TokenKind::Equal))
          break;
      }
      module->otherNames.push_back({at(i).text.str(), at(i).loc});
      return;
    }
    if (!at(j).is(TokenKind::Equal))
      return;
    for (size_t n : names)
      module->otherNames.push_back({at(n).text.str(), at(n).loc});
    i = j + 1;
  }
}

bool Parser::parseTopLevelSimpleLine() {
  bool parsedAny = false;
  while (true) {
    bool parsed = false;
    if (!parseTopLevelSimpleStmt(parsed))
      return false;
    parsedAny |= parsed;
    if (consumeIf(TokenKind::Semi)) {
      if (is(TokenKind::Newline) || is(TokenKind::EndOfFile))
        break;
      continue;
    }
    break;
  }
  if (parsedAny) {
    if (!is(TokenKind::Newline) && !is(TokenKind::EndOfFile))
      return errorAfterStatement();
  } else {
    skipLogicalLine();
  }
  consumeIf(TokenKind::Newline);
  if (is(TokenKind::Indent)) {
    if (parsedAny)
      return errorHere("unexpected indent");
    skipIndentedBlock();
  }
  return true;
}

bool Parser::isDottedConstexprAt(size_t i, size_t &end) const {
  if (!at(i).is(TokenKind::Name))
    return false;
  StringRef last = at(i).text;
  ++i;
  while (at(i).is(TokenKind::Dot) && at(i + 1).is(TokenKind::Name)) {
    last = at(i + 1).text;
    i += 2;
  }
  end = i;
  return last == "constexpr";
}

bool Parser::parseTopLevelSimpleStmt(bool &parsed) {
  parsed = false;
  lastOperandStart = SourceLoc();
  if (is(TokenKind::kw_import)) {
    parsed = true;
    return parseImport();
  }
  if (is(TokenKind::kw_from)) {
    parsed = true;
    return parseFromImport();
  }
  if (is(TokenKind::Name)) {
    size_t end;
    if (peek().is(TokenKind::Equal) && isDottedConstexprAt(idx + 2, end) &&
        at(end).is(TokenKind::LParen)) {
      parsed = true;
      return parseConstexprAssign();
    }
    if (peek().is(TokenKind::Colon) && isDottedConstexprAt(idx + 2, end) &&
        at(end).is(TokenKind::Equal)) {
      parsed = true;
      return parseConstexprAnnotated();
    }
  }
  recordAssignedNames();
  skipSimpleStmt();
  return true;
}

bool Parser::parseImport() {
  consume(); // import
  while (true) {
    if (!is(TokenKind::Name))
      return errorHere("expected a module name after 'import'");
    SourceLoc loc = tok().loc;
    std::string first = tok().text.str();
    std::string path = first;
    lastOperandStart = loc;
    consume();
    while (consumeIf(TokenKind::Dot)) {
      if (!is(TokenKind::Name))
        return errorHere("expected a name after '.' in the module path");
      path += "." + tok().text.str();
      consume();
    }
    if (consumeIf(TokenKind::kw_as)) {
      if (!is(TokenKind::Name))
        return errorHere("expected a name after 'as'");
      module->imports.push_back({loc, path, tok().text.str()});
      consume();
    } else {
      // `import a.b` binds `a` to the package `a`.
      module->imports.push_back({loc, first, first});
    }
    if (!consumeIf(TokenKind::Comma))
      return true;
  }
}

bool Parser::parseFromImport() {
  consume(); // from
  std::string path;
  while (is(TokenKind::Dot) || is(TokenKind::Ellipsis)) {
    path += tok().text.str();
    consume();
  }
  if (is(TokenKind::Name)) {
    path += tok().text.str();
    consume();
    while (consumeIf(TokenKind::Dot)) {
      if (!is(TokenKind::Name))
        return errorHere("expected a name after '.' in the module path");
      path += "." + tok().text.str();
      consume();
    }
  }
  if (path.empty())
    return errorHere("expected a module name after 'from'");
  if (!consumeIf(TokenKind::kw_import))
    return errorHere("expected 'import' after the module name");
  // `from m import *` binds nothing tilec can name.
  if (consumeIf(TokenKind::Star))
    return true;
  bool parenthesized = consumeIf(TokenKind::LParen);
  while (true) {
    if (!is(TokenKind::Name))
      return errorHere("expected a name to import");
    SourceLoc loc = tok().loc;
    std::string name = tok().text.str();
    lastOperandStart = loc;
    consume();
    std::string alias = name;
    if (consumeIf(TokenKind::kw_as)) {
      if (!is(TokenKind::Name))
        return errorHere("expected a name after 'as'");
      alias = tok().text.str();
      consume();
    }
    std::string full =
        StringRef(path).ends_with(".") ? path + name : path + "." + name;
    module->imports.push_back({loc, full, alias});
    if (!consumeIf(TokenKind::Comma))
      break;
    if (parenthesized && is(TokenKind::RParen))
      break;
    if (!parenthesized && atEndOfSimpleStmt())
      return errorHere("trailing comma not allowed without surrounding "
                       "parentheses");
  }
  if (parenthesized && !consumeIf(TokenKind::RParen))
    return errorHere("expected ',' or ')' after the imported names");
  return true;
}

bool Parser::parseConstexprAssign() {
  SourceLoc loc = tok().loc;
  std::string name = tok().text.str();
  consume(); // NAME
  consume(); // =
  ExprPtr value = parseExprList();
  if (!value)
    return false;
  if (!atEndOfSimpleStmt())
    return errorAfterStatement();
  auto *call = dyn_cast<CallExpr>(value.get());
  if (!call || !isConstexprSpelling(call->func.get())) {
    // E.g. `N = tl.constexpr(3) + 1`: not a plain constexpr global.
    module->otherNames.push_back({name, loc});
    return true;
  }
  if (call->args.size() != 1 || !call->keywords.empty())
    return errorAt(call->getLoc(), "'" + dottedName(call->func.get()) +
                                       "' in the definition of global '" +
                                       name + "' takes exactly one value");
  module->globals.push_back({loc, name, std::move(call->args[0])});
  return true;
}

bool Parser::parseConstexprAnnotated() {
  SourceLoc loc = tok().loc;
  std::string name = tok().text.str();
  consume(); // NAME
  consume(); // :
  ExprPtr annotation = parseTest();
  if (!annotation)
    return false;
  if (!consumeIf(TokenKind::Equal))
    return errorHere("expected '=' after the constexpr annotation");
  if (!expectOperand(startsExpression(tok()), "="))
    return false;
  ExprPtr value = parseExprList();
  if (!value)
    return false;
  if (!atEndOfSimpleStmt())
    return errorAfterStatement();
  if (auto *call = dyn_cast<CallExpr>(value.get());
      call && isConstexprSpelling(call->func.get())) {
    if (call->args.size() != 1 || !call->keywords.empty())
      return errorAt(call->getLoc(), "'" + dottedName(call->func.get()) +
                                         "' in the definition of global '" +
                                         name + "' takes exactly one value");
    ExprPtr inner = std::move(call->args[0]);
    value = std::move(inner);
  }
  module->globals.push_back({loc, name, std::move(value)});
  return true;
}

bool Parser::isJitDecoratorAt(size_t i) const {
  if (!at(i).is(TokenKind::Name))
    return false;
  StringRef last = at(i).text;
  ++i;
  while (at(i).is(TokenKind::Dot) && at(i + 1).is(TokenKind::Name)) {
    last = at(i + 1).text;
    i += 2;
  }
  // `@jit` or `@x.jit(...)`; what the call holds is parsed (and its errors
  // reported) with the function.
  return last == "jit" &&
         (at(i).is(TokenKind::Newline) || at(i).is(TokenKind::LParen));
}

bool Parser::parseDecorated() {
  size_t first = idx;
  llvm::SmallVector<size_t, 4> starts;
  bool jit = false;
  while (is(TokenKind::At)) {
    starts.push_back(idx);
    jit |= isJitDecoratorAt(idx + 1);
    skipLogicalLine();
  }
  if (!jit) {
    recordDefName(idx);
    skipLogicalLine();
    skipIndentedBlock();
    return true;
  }
  // Decorator errors come first, in source order.
  size_t defIdx = idx;
  std::vector<ExprPtr> decorators;
  for (size_t start : starts) {
    idx = start + 1;
    if (!expectOperand(startsExpression(tok()), "@"))
      return false;
    ExprPtr decorator = parseDecoratorExpr();
    if (!decorator)
      return false;
    if (!is(TokenKind::Newline))
      return errorHere("invalid syntax");
    decorators.push_back(std::move(decorator));
  }
  idx = defIdx;
  if (is(TokenKind::kw_async))
    return errorAt(tok().loc, "'async' is not supported in tilec kernels");
  if (is(TokenKind::kw_class))
    return errorAt(tok().loc,
                   "a jit decorator must decorate a function, not a class");
  if (!is(TokenKind::kw_def))
    return errorHere("expected 'def' after the decorators of a jit function");
  return parseFunctionDef(std::move(decorators), at(first).loc.offset);
}

bool Parser::parseFunctionDef(std::vector<ExprPtr> decorators,
                              unsigned startOffset) {
  auto func = std::make_unique<FunctionDef>();
  func->loc = tok().loc;
  consume(); // def
  if (!is(TokenKind::Name))
    return errorHere("expected a function name after 'def'");
  func->name = tok().text.str();
  func->nameLoc = tok().loc;
  consume();
  if (!consumeIf(TokenKind::LParen))
    return errorHere("expected '(' after the function name");
  if (!parseParams(*func))
    return false;
  if (consumeIf(TokenKind::Arrow)) {
    if (!startsExpression(tok()))
      return errorHere("expected a return annotation after '->'");
    func->returnAnnotation = parseTest();
    if (!func->returnAnnotation)
      return false;
  }
  if (!consumeIf(TokenKind::Colon))
    return errorHere("expected ':' after function signature");
  if (!parseSuite(func->body, "function definition", func->loc.line))
    return false;

  // The definition ends with the last line of its body.
  size_t last = idx;
  while (last > 0 && at(last - 1).is(TokenKind::Dedent))
    --last;
  unsigned endOffset = buffer.size();
  if (last > 0) {
    const Token &t = at(last - 1);
    endOffset = t.is(TokenKind::Newline) ? t.loc.offset : t.getEndOffset();
  }
  func->sourceText = buffer.slice(startOffset, endOffset).str();
  func->decorators = std::move(decorators);

  // A later definition rebinds the name, as in Python.
  llvm::erase_if(module->functions,
                 [&](const auto &f) { return f->name == func->name; });
  module->functions.push_back(std::move(func));
  return true;
}

bool Parser::parseParams(FunctionDef &func) {
  llvm::StringSet<> seen;
  bool sawDefault = false;
  while (!is(TokenKind::RParen)) {
    if (is(TokenKind::Star)) {
      if (peek().is(TokenKind::Name))
        return errorAt(tok().loc,
                       "'*args' parameters are not supported in tilec kernels");
      return errorAt(tok().loc, "keyword-only parameter marker '*' is not "
                                "supported in tilec kernels");
    }
    if (is(TokenKind::DoubleStar))
      return errorAt(
          tok().loc,
          "'**kwargs' parameters are not supported in tilec kernels");
    if (is(TokenKind::Slash))
      return errorAt(tok().loc, "positional-only parameter marker '/' is not "
                                "supported in tilec kernels");
    if (!is(TokenKind::Name))
      return errorHere("expected a parameter name");
    Param param;
    param.loc = tok().loc;
    param.name = tok().text.str();
    consume();
    if (!seen.insert(param.name).second)
      return errorAt(param.loc, "duplicate parameter '" + param.name +
                                    "' in function definition");
    if (consumeIf(TokenKind::Colon)) {
      if (!startsExpression(tok()))
        return errorHere("expected an annotation after ':'");
      param.annotation = parseTest();
      if (!param.annotation)
        return false;
    }
    if (consumeIf(TokenKind::Equal)) {
      if (!startsExpression(tok()))
        return errorHere("expected a default value after '='");
      param.defaultValue = parseTest();
      if (!param.defaultValue)
        return false;
      sawDefault = true;
    } else if (sawDefault) {
      return errorAt(param.loc, "parameter without a default follows "
                                "parameter with a default");
    }
    func.params.push_back(std::move(param));
    if (consumeIf(TokenKind::Comma))
      continue;
    if (!is(TokenKind::RParen))
      return errorHere("expected ',' or ')' in the parameter list");
  }
  consume(); // )
  return true;
}

//===----------------------------------------------------------------------===//
// Decorators
//===----------------------------------------------------------------------===//

ExprPtr Parser::parseDecoratorExpr() {
  bool savedMode = decoratorMode;
  decoratorMode = true;
  size_t start = idx;
  ExprPtr e;
  {
    Tentative tentative(*this);
    e = parseTest();
  }
  if (!e || !is(TokenKind::Newline)) {
    idx = start;
    failed = false;
    e = parseOpaque(/*inBrackets=*/false);
  }
  decoratorMode = savedMode;
  return e;
}

ExprPtr Parser::parseElement() {
  if (!decoratorMode)
    return parseTest();
  size_t start = idx;
  ExprPtr e;
  {
    Tentative tentative(*this);
    e = parseTest();
  }
  if (e)
    return e;
  idx = start;
  failed = false;
  return parseOpaque(/*inBrackets=*/true);
}

ExprPtr Parser::parseElementOrStar() {
  if (!decoratorMode && is(TokenKind::Star))
    return failAt(tok().loc,
                  "starred expressions are not supported in tilec kernels");
  return parseElement();
}

ExprPtr Parser::parseOpaque(bool inBrackets) {
  size_t start = idx;
  unsigned depth = 0;
  while (true) {
    const Token &t = tok();
    if (t.is(TokenKind::Error))
      return failHere("invalid syntax");
    if (t.is(TokenKind::Newline) || t.is(TokenKind::EndOfFile))
      break;
    if (depth == 0 && inBrackets &&
        (t.is(TokenKind::Comma) || isClosingBracket(t.kind)))
      break;
    if (isOpeningBracket(t.kind))
      ++depth;
    else if (isClosingBracket(t.kind) && depth)
      --depth;
    consume();
  }
  if (idx == start)
    return failHere("invalid syntax");
  const Token &first = at(start);
  StringRef text = buffer.slice(first.loc.offset, at(idx - 1).getEndOffset());
  return std::make_unique<OpaqueExpr>(first.loc, text.str());
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

bool Parser::parseSuite(StmtList &body, StringRef what, unsigned line) {
  NestingScope nesting(blockDepth);
  if (!nesting.enter())
    return errorHere("blocks nested too deeply (the limit is 200 levels)");
  if (!consumeIf(TokenKind::Newline))
    return parseSimpleLine(body);
  if (!is(TokenKind::Indent))
    return errorHere("expected an indented block after " + what + " on line " +
                     Twine(line));
  consume();
  while (!is(TokenKind::Dedent) && !is(TokenKind::EndOfFile)) {
    if (!parseStatement(body))
      return false;
  }
  consumeIf(TokenKind::Dedent);
  return true;
}

bool Parser::isMatchStatement() const {
  if (!isName("match"))
    return false;
  const Token &next = peek();
  if (next.is(TokenKind::Equal) || next.is(TokenKind::Colon) ||
      next.is(TokenKind::Dot) || next.is(TokenKind::Newline) ||
      augAssignOp(next.kind))
    return false;
  // `match subject:` is the only statement of this shape ending in ':'.
  size_t i = idx + 1;
  while (!at(i + 1).is(TokenKind::Newline) &&
         !at(i + 1).is(TokenKind::EndOfFile))
    ++i;
  return at(i).is(TokenKind::Colon);
}

bool Parser::parseStatement(StmtList &body) {
  SourceLoc loc = tok().loc;
  switch (tok().kind) {
  case TokenKind::kw_if:
    return parseIf(body);
  case TokenKind::kw_for:
    return parseFor(body);
  case TokenKind::kw_while:
    return parseWhile(body);
  case TokenKind::kw_def:
    return errorAt(loc, "nested 'def' is not supported in tilec kernels; "
                        "define a separate jit function");
  case TokenKind::kw_class:
    return errorAt(loc, "nested 'class' definitions are not supported in "
                        "tilec kernels");
  case TokenKind::kw_try:
    return errorAt(loc, "'try' is not supported in tilec kernels");
  case TokenKind::kw_with:
    return errorAt(loc, "'with' is not supported in tilec kernels");
  case TokenKind::kw_async:
    return errorAt(loc, "'async' is not supported in tilec kernels");
  case TokenKind::At:
    return errorAt(loc, "decorators are not supported inside tilec kernels");
  case TokenKind::kw_else:
  case TokenKind::kw_elif:
    return errorAt(loc, "'" + tok().text + "' without a matching 'if'");
  case TokenKind::kw_except:
  case TokenKind::kw_finally:
    return errorAt(loc, "'" + tok().text + "' without a matching 'try'");
  default:
    if (isMatchStatement())
      return errorAt(loc, "'match' is not supported in tilec kernels");
    return parseSimpleLine(body);
  }
}

bool Parser::parseSimpleLine(StmtList &body) {
  while (true) {
    if (!parseSimpleStmt(body))
      return false;
    if (consumeIf(TokenKind::Semi)) {
      if (is(TokenKind::Newline) || is(TokenKind::EndOfFile))
        break;
      continue;
    }
    break;
  }
  if (consumeIf(TokenKind::Newline) || is(TokenKind::EndOfFile))
    return true;
  return errorAfterStatement();
}

bool Parser::parseSimpleStmt(StmtList &body) {
  SourceLoc loc = tok().loc;
  lastOperandStart = SourceLoc();
  auto refuse = [&](StringRef what) {
    return errorAt(loc, "'" + what + "' is not supported in tilec kernels");
  };
  switch (tok().kind) {
  case TokenKind::kw_pass:
    consume();
    body.push_back(std::make_unique<PassStmt>(loc));
    return true;
  case TokenKind::kw_return: {
    consume();
    ExprPtr value;
    if (is(TokenKind::kw_yield))
      return refuse("yield");
    if (!atEndOfSimpleStmt()) {
      if (!expectOperand(startsExpression(tok()), "return"))
        return false;
      value = parseExprList();
      if (!value)
        return false;
    }
    body.push_back(std::make_unique<ReturnStmt>(loc, std::move(value)));
    return true;
  }
  case TokenKind::kw_break:
    return refuse("break");
  case TokenKind::kw_continue:
    return refuse("continue");
  case TokenKind::kw_del:
    return refuse("del");
  case TokenKind::kw_global:
    return refuse("global");
  case TokenKind::kw_nonlocal:
    return refuse("nonlocal");
  case TokenKind::kw_raise:
    return refuse("raise");
  case TokenKind::kw_yield:
    return refuse("yield");
  case TokenKind::kw_assert:
    return errorAt(loc, "'assert' is not supported in tilec kernels; use "
                        "tl.static_assert");
  case TokenKind::kw_import:
    return errorAt(loc, "'import' is not supported inside tilec kernels; "
                        "import at module level");
  case TokenKind::kw_from:
    return errorAt(loc, "'from ... import' is not supported inside tilec "
                        "kernels; import at module level");
  default:
    break;
  }
  if (isName("type") && peek().is(TokenKind::Name) &&
      (peek(2).is(TokenKind::Equal) || peek(2).is(TokenKind::LSquare)))
    return errorAt(
        loc, "'type' alias statements are not supported in tilec kernels");
  return parseExprOrAssign(body);
}

bool Parser::validateTarget(ExprPtr &target, bool inTuple,
                            bool beforeOnlyEqual) {
  SourceLoc loc = startLoc(target.get());
  switch (target->getKind()) {
  case Expr::Kind::Name:
    return true;
  case Expr::Kind::Tuple:
  case Expr::Kind::List: {
    if (inTuple)
      return errorAt(
          loc, "nested tuple unpacking is not supported in tilec kernels");
    if (auto *list = dyn_cast<ListExpr>(target.get())) {
      auto tuple = std::make_unique<TupleExpr>(list->getLoc());
      tuple->elts = std::move(list->elts);
      target = std::move(tuple);
    }
    // Only the last element of an unparenthesized tuple stands right
    // before the '='.
    auto &elts = cast<TupleExpr>(target.get())->elts;
    bool bare =
        !elts.empty() && startLoc(elts.front().get()).offset == loc.offset;
    for (ExprPtr &elt : elts)
      if (!validateTarget(elt, /*inTuple=*/true,
                          beforeOnlyEqual && bare && &elt == &elts.back()))
        return false;
    return true;
  }
  case Expr::Kind::Subscript:
    return errorAt(loc, "assignment to a subscript is not supported; tiles "
                        "are immutable values");
  case Expr::Kind::Attribute:
    return errorAt(loc, "assignment to an attribute is not supported; tiles "
                        "are immutable values");
  default:
    // Python's wording, with its hint when `target = value` is the whole
    // statement and the target could be a comparison's operand.
    if (beforeOnlyEqual && suggestsEquality(*target))
      return errorAt(loc, Twine("cannot assign to ") + targetKindName(*target) +
                              " here. Maybe you meant '==' instead of '='?");
    return errorAt(loc, Twine("cannot assign to ") + targetKindName(*target));
  }
}

bool Parser::validateSingleTarget(const Expr &target, bool augmented) {
  SourceLoc loc = startLoc(&target);
  switch (target.getKind()) {
  case Expr::Kind::Name:
    return true;
  case Expr::Kind::Subscript:
    return errorAt(loc, "assignment to a subscript is not supported; tiles "
                        "are immutable values");
  case Expr::Kind::Attribute:
    return errorAt(loc, "assignment to an attribute is not supported; tiles "
                        "are immutable values");
  default:
    break;
  }
  if (augmented)
    return errorAt(loc, Twine("'") + targetKindName(target) +
                            "' is an illegal expression for augmented "
                            "assignment");
  if (isa<TupleExpr>(&target) || isa<ListExpr>(&target))
    return errorAt(loc, Twine("only single target (not ") +
                            targetKindName(target) + ") can be annotated");
  return errorAt(loc, "illegal target for annotation");
}

bool Parser::parseExprOrAssign(StmtList &body) {
  SourceLoc loc = tok().loc;
  ExprPtr first = parseExprList();
  if (!first)
    return false;

  // What may not follow the value of an augmented or annotated assignment.
  auto refuseChained = [&](StringRef what) {
    if (is(TokenKind::Equal) || augAssignOp(tok().kind))
      return errorHere(what + " cannot be chained");
    return true;
  };

  if (is(TokenKind::Equal)) {
    std::vector<ExprPtr> chain;
    chain.push_back(std::move(first));
    while (is(TokenKind::Equal)) {
      consume();
      if (is(TokenKind::kw_yield))
        return errorAt(tok().loc, "'yield' is not supported in tilec kernels");
      if (!expectOperand(startsExpression(tok()), "="))
        return false;
      ExprPtr next = parseExprList();
      if (!next)
        return false;
      chain.push_back(std::move(next));
    }
    if (augAssignOp(tok().kind))
      return errorHere("augmented assignment cannot be chained");
    for (size_t i = 0; i + 1 < chain.size(); ++i)
      if (!validateTarget(chain[i], /*inTuple=*/false,
                          /*beforeOnlyEqual=*/chain.size() == 2))
        return false;
    auto assign = std::make_unique<AssignStmt>(loc, std::move(chain.back()));
    chain.pop_back();
    assign->targets = std::move(chain);
    body.push_back(std::move(assign));
    return true;
  }

  if (auto op = augAssignOp(tok().kind)) {
    if (!validateSingleTarget(*first, /*augmented=*/true))
      return false;
    StringRef opText = tok().text;
    consume();
    if (is(TokenKind::kw_yield))
      return errorAt(tok().loc, "'yield' is not supported in tilec kernels");
    if (!expectOperand(startsExpression(tok()), opText))
      return false;
    ExprPtr value = parseExprList();
    if (!value || !refuseChained("augmented assignment"))
      return false;
    body.push_back(std::make_unique<AugAssignStmt>(loc, std::move(first), *op,
                                                   std::move(value)));
    return true;
  }

  if (is(TokenKind::Colon)) {
    if (!validateSingleTarget(*first, /*augmented=*/false))
      return false;
    consume();
    if (!startsExpression(tok()))
      return errorHere("expected an annotation after ':'");
    ExprPtr annotation = parseTest();
    if (!annotation)
      return false;
    ExprPtr value;
    if (consumeIf(TokenKind::Equal)) {
      if (is(TokenKind::kw_yield))
        return errorAt(tok().loc, "'yield' is not supported in tilec kernels");
      if (!expectOperand(startsExpression(tok()), "="))
        return false;
      value = parseExprList();
      if (!value)
        return false;
    }
    if (!refuseChained("annotated assignment"))
      return false;
    body.push_back(std::make_unique<AnnAssignStmt>(
        loc, std::move(first), std::move(annotation), std::move(value)));
    return true;
  }

  body.push_back(std::make_unique<ExprStmt>(loc, std::move(first)));
  return true;
}

bool Parser::expectColon(StringRef what) {
  if (consumeIf(TokenKind::Colon))
    return true;
  if (is(TokenKind::Equal))
    return errorHere("invalid syntax. Maybe you meant '==' instead of '='?");
  return errorHere("expected ':' after " + what);
}

bool Parser::parseIf(StmtList &body) {
  SourceLoc loc = tok().loc;
  consume(); // if
  if (!expectOperand(startsNotTest(tok()), "if"))
    return false;
  ExprPtr test = parseTest();
  if (!test || !expectColon("'if' condition"))
    return false;
  auto stmt = std::make_unique<IfStmt>(loc, std::move(test));
  if (!parseSuite(stmt->body, "'if' statement", loc.line))
    return false;

  IfStmt *current = stmt.get();
  NestingScope nesting(blockDepth);
  while (is(TokenKind::kw_elif)) {
    // Each `elif` nests one IfStmt deeper.
    if (!nesting.enter())
      return errorHere("blocks nested too deeply (the limit is 200 levels)");
    SourceLoc elifLoc = tok().loc;
    consume();
    if (!expectOperand(startsNotTest(tok()), "elif"))
      return false;
    ExprPtr elifTest = parseTest();
    if (!elifTest || !expectColon("'elif' condition"))
      return false;
    auto elif = std::make_unique<IfStmt>(elifLoc, std::move(elifTest));
    if (!parseSuite(elif->body, "'elif' statement", elifLoc.line))
      return false;
    IfStmt *next = elif.get();
    current->orelse.push_back(std::move(elif));
    current = next;
  }
  if (is(TokenKind::kw_else)) {
    SourceLoc elseLoc = tok().loc;
    consume();
    if (!expectColon("'else'"))
      return false;
    if (!parseSuite(current->orelse, "'else' statement", elseLoc.line))
      return false;
  }
  body.push_back(std::move(stmt));
  return true;
}

bool Parser::parseFor(StmtList &body) {
  SourceLoc loc = tok().loc;
  consume(); // for
  // The target is an expression list without comparisons, so that `in`
  // ends it.
  if (is(TokenKind::Star))
    return errorAt(tok().loc,
                   "starred expressions are not supported in tilec kernels");
  if (!startsFactor(tok()))
    return errorHere("expected a loop target after 'for'");
  ExprPtr target = parseBitOr();
  if (!target)
    return false;
  if (is(TokenKind::Comma))
    return errorAt(startLoc(target.get()), "'for' loop target must be a "
                                           "single name in tilec kernels");
  if (!is(TokenKind::kw_in))
    return errorHere("expected 'in' after the 'for' loop target");
  if (!isa<NameExpr>(target.get())) {
    if (isa<TupleExpr>(target.get()) || isa<ListExpr>(target.get()))
      return errorAt(startLoc(target.get()), "'for' loop target must be a "
                                             "single name in tilec kernels");
    ExprPtr copy = std::move(target);
    validateTarget(copy, /*inTuple=*/false, /*beforeOnlyEqual=*/false);
    return false;
  }
  consume(); // in
  if (!expectOperand(startsExpression(tok()), "in"))
    return false;
  ExprPtr iter = parseExprList();
  if (!iter || !expectColon("'for' iterable"))
    return false;
  auto stmt =
      std::make_unique<ForStmt>(loc, std::move(target), std::move(iter));
  if (!parseSuite(stmt->body, "'for' statement", loc.line))
    return false;
  if (is(TokenKind::kw_else))
    return errorAt(tok().loc,
                   "'for ... else' is not supported in tilec kernels");
  body.push_back(std::move(stmt));
  return true;
}

bool Parser::parseWhile(StmtList &body) {
  SourceLoc loc = tok().loc;
  consume(); // while
  if (!expectOperand(startsNotTest(tok()), "while"))
    return false;
  ExprPtr test = parseTest();
  if (!test || !expectColon("'while' condition"))
    return false;
  auto stmt = std::make_unique<WhileStmt>(loc, std::move(test));
  if (!parseSuite(stmt->body, "'while' statement", loc.line))
    return false;
  if (is(TokenKind::kw_else))
    return errorAt(tok().loc,
                   "'while ... else' is not supported in tilec kernels");
  body.push_back(std::move(stmt));
  return true;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

static const char *const kTooDeep =
    "expression nested too deeply (the limit is 200 levels)";

ExprPtr Parser::parseExprList() {
  ExprPtr first = parseTestOrStar();
  if (!first || !is(TokenKind::Comma))
    return first;
  auto tuple = std::make_unique<TupleExpr>(startLoc(first.get()));
  tuple->elts.push_back(std::move(first));
  while (consumeIf(TokenKind::Comma)) {
    if (is(TokenKind::Comma))
      return failHere("expected an expression before ','");
    if (!startsExpression(tok()))
      break;
    ExprPtr elt = parseTestOrStar();
    if (!elt)
      return nullptr;
    tuple->elts.push_back(std::move(elt));
  }
  return tuple;
}

ExprPtr Parser::parseTestOrStar() {
  if (is(TokenKind::Star))
    return failAt(tok().loc,
                  "starred expressions are not supported in tilec kernels");
  return parseTest();
}

ExprPtr Parser::parseTest() {
  NestingScope nesting(exprDepth);
  if (!nesting.enter())
    return failHere(kTooDeep);
  if (is(TokenKind::kw_lambda))
    return failAt(tok().loc, "'lambda' is not supported in tilec kernels");
  ExprPtr body = parseOrTest();
  if (!body)
    return nullptr;
  if (consumeIf(TokenKind::kw_if)) {
    if (!expectOperand(startsNotTest(tok()), "if"))
      return nullptr;
    ExprPtr test = parseOrTest();
    if (!test)
      return nullptr;
    if (!consumeIf(TokenKind::kw_else))
      return failHere("expected 'else' after 'if' expression");
    if (!expectOperand(startsExpression(tok()) && !is(TokenKind::Star) &&
                           !is(TokenKind::kw_yield),
                       "else"))
      return nullptr;
    ExprPtr orelse = parseTest();
    if (!orelse)
      return nullptr;
    SourceLoc loc = startLoc(body.get());
    body = std::make_unique<IfExpExpr>(loc, std::move(test), std::move(body),
                                       std::move(orelse));
  }
  if (is(TokenKind::ColonEqual))
    return failAt(startLoc(body.get()), "':=' assignment expressions are not "
                                        "supported in tilec kernels");
  return body;
}

ExprPtr Parser::parseOrTest() {
  ExprPtr first = parseAndTest();
  if (!first)
    return nullptr;
  if (!is(TokenKind::kw_or)) {
    lastOperandStart = startLoc(first.get());
    return first;
  }
  auto op = std::make_unique<BoolOpExpr>(startLoc(first.get()), BoolOpKind::Or);
  op->values.push_back(std::move(first));
  while (consumeIf(TokenKind::kw_or)) {
    if (!expectOperand(startsNotTest(tok()), "or"))
      return nullptr;
    ExprPtr next = parseAndTest();
    if (!next)
      return nullptr;
    op->values.push_back(std::move(next));
  }
  lastOperandStart = op->getLoc();
  return op;
}

ExprPtr Parser::parseAndTest() {
  ExprPtr first = parseNotTest();
  if (!first || !is(TokenKind::kw_and))
    return first;
  auto op =
      std::make_unique<BoolOpExpr>(startLoc(first.get()), BoolOpKind::And);
  op->values.push_back(std::move(first));
  while (consumeIf(TokenKind::kw_and)) {
    if (!expectOperand(startsNotTest(tok()), "and"))
      return nullptr;
    ExprPtr next = parseNotTest();
    if (!next)
      return nullptr;
    op->values.push_back(std::move(next));
  }
  return op;
}

ExprPtr Parser::parseNotTest() {
  if (!is(TokenKind::kw_not))
    return parseComparison();
  NestingScope nesting(exprDepth);
  if (!nesting.enter())
    return failHere(kTooDeep);
  SourceLoc loc = tok().loc;
  consume();
  if (!expectOperand(startsNotTest(tok()), "not"))
    return nullptr;
  ExprPtr operand = parseNotTest();
  if (!operand)
    return nullptr;
  return std::make_unique<UnaryOpExpr>(loc, UnaryOpKind::Not,
                                       std::move(operand));
}

ExprPtr Parser::parseComparison() {
  ExprPtr left = parseBitOr();
  if (!left)
    return nullptr;
  std::unique_ptr<CompareExpr> cmp;
  while (true) {
    std::optional<CompareOpKind> op;
    unsigned length = 1;
    switch (tok().kind) {
    case TokenKind::Less:
      op = CompareOpKind::Lt;
      break;
    case TokenKind::LessEqual:
      op = CompareOpKind::LtE;
      break;
    case TokenKind::Greater:
      op = CompareOpKind::Gt;
      break;
    case TokenKind::GreaterEqual:
      op = CompareOpKind::GtE;
      break;
    case TokenKind::EqEqual:
      op = CompareOpKind::Eq;
      break;
    case TokenKind::NotEqual:
      op = CompareOpKind::NotEq;
      break;
    case TokenKind::kw_in:
      op = CompareOpKind::In;
      break;
    case TokenKind::kw_not:
      if (peek().is(TokenKind::kw_in)) {
        op = CompareOpKind::NotIn;
        length = 2;
      }
      break;
    case TokenKind::kw_is:
      if (peek().is(TokenKind::kw_not)) {
        op = CompareOpKind::IsNot;
        length = 2;
      } else {
        op = CompareOpKind::Is;
      }
      break;
    default:
      break;
    }
    if (!op)
      break;
    SourceLoc opLoc = tok().loc;
    std::string opText = tok().text.str();
    if (length == 2)
      opText += " " + peek().text.str();
    for (unsigned i = 0; i < length; ++i)
      consume();
    if (!expectOperand(startsFactor(tok()), opText))
      return nullptr;
    ExprPtr right = parseBitOr();
    if (!right)
      return nullptr;
    if (!cmp) {
      SourceLoc loc = startLoc(left.get());
      cmp = std::make_unique<CompareExpr>(loc, std::move(left));
    }
    cmp->ops.push_back(*op);
    cmp->opLocs.push_back(opLoc);
    cmp->comparators.push_back(std::move(right));
  }
  if (cmp)
    return cmp;
  return left;
}

template <typename NextFn, typename OpFn>
ExprPtr Parser::parseLeftAssoc(NextFn next, OpFn opFor) {
  ExprPtr lhs = (this->*next)();
  if (!lhs)
    return nullptr;
  // Each operator makes the tree one level deeper.
  NestingScope nesting(exprDepth);
  while (std::optional<BinaryOpKind> op = opFor(tok().kind)) {
    if (!nesting.enter())
      return failHere(kTooDeep);
    SourceLoc loc = tok().loc;
    StringRef opText = tok().text;
    consume();
    if (!expectOperand(startsFactor(tok()), opText))
      return nullptr;
    ExprPtr rhs = (this->*next)();
    if (!rhs)
      return nullptr;
    lhs = std::make_unique<BinOpExpr>(loc, *op, std::move(lhs), std::move(rhs));
  }
  return lhs;
}

ExprPtr Parser::parseBitOr() {
  return parseLeftAssoc(&Parser::parseBitXor,
                        [](TokenKind k) -> std::optional<BinaryOpKind> {
                          if (k == TokenKind::Pipe)
                            return BinaryOpKind::BitOr;
                          return std::nullopt;
                        });
}

ExprPtr Parser::parseBitXor() {
  return parseLeftAssoc(&Parser::parseBitAnd,
                        [](TokenKind k) -> std::optional<BinaryOpKind> {
                          if (k == TokenKind::Caret)
                            return BinaryOpKind::BitXor;
                          return std::nullopt;
                        });
}

ExprPtr Parser::parseBitAnd() {
  return parseLeftAssoc(&Parser::parseShift,
                        [](TokenKind k) -> std::optional<BinaryOpKind> {
                          if (k == TokenKind::Amp)
                            return BinaryOpKind::BitAnd;
                          return std::nullopt;
                        });
}

ExprPtr Parser::parseShift() {
  return parseLeftAssoc(&Parser::parseArith,
                        [](TokenKind k) -> std::optional<BinaryOpKind> {
                          if (k == TokenKind::LeftShift)
                            return BinaryOpKind::LShift;
                          if (k == TokenKind::RightShift)
                            return BinaryOpKind::RShift;
                          return std::nullopt;
                        });
}

ExprPtr Parser::parseArith() {
  return parseLeftAssoc(&Parser::parseTerm,
                        [](TokenKind k) -> std::optional<BinaryOpKind> {
                          if (k == TokenKind::Plus)
                            return BinaryOpKind::Add;
                          if (k == TokenKind::Minus)
                            return BinaryOpKind::Sub;
                          return std::nullopt;
                        });
}

ExprPtr Parser::parseTerm() {
  return parseLeftAssoc(&Parser::parseFactor,
                        [](TokenKind k) -> std::optional<BinaryOpKind> {
                          switch (k) {
                          case TokenKind::Star:
                            return BinaryOpKind::Mul;
                          case TokenKind::Slash:
                            return BinaryOpKind::TrueDiv;
                          case TokenKind::DoubleSlash:
                            return BinaryOpKind::FloorDiv;
                          case TokenKind::Percent:
                            return BinaryOpKind::Mod;
                          case TokenKind::At:
                            return BinaryOpKind::MatMul;
                          default:
                            return std::nullopt;
                          }
                        });
}

ExprPtr Parser::parseFactor() {
  std::optional<UnaryOpKind> op;
  if (is(TokenKind::Minus))
    op = UnaryOpKind::Neg;
  else if (is(TokenKind::Plus))
    op = UnaryOpKind::Pos;
  else if (is(TokenKind::Tilde))
    op = UnaryOpKind::Invert;
  if (!op)
    return parsePower();
  NestingScope nesting(exprDepth);
  if (!nesting.enter())
    return failHere(kTooDeep);
  SourceLoc loc = tok().loc;
  StringRef opText = tok().text;
  consume();
  if (!expectOperand(startsFactor(tok()), opText))
    return nullptr;
  ExprPtr operand = parseFactor();
  if (!operand)
    return nullptr;
  return std::make_unique<UnaryOpExpr>(loc, *op, std::move(operand));
}

ExprPtr Parser::parsePower() {
  if (is(TokenKind::kw_await))
    return failAt(tok().loc, "'await' is not supported in tilec kernels");
  ExprPtr base = parsePrimary();
  if (!base || !is(TokenKind::DoubleStar))
    return base;
  NestingScope nesting(exprDepth);
  if (!nesting.enter())
    return failHere(kTooDeep);
  SourceLoc loc = tok().loc;
  consume();
  if (!expectOperand(startsFactor(tok()), "**"))
    return nullptr;
  // Right-associative, and binds tighter than a unary operator on its left
  // but not on its right: -x**-y == -(x**(-y)).
  ExprPtr exponent = parseFactor();
  if (!exponent)
    return nullptr;
  return std::make_unique<BinOpExpr>(loc, BinaryOpKind::Pow, std::move(base),
                                     std::move(exponent));
}

ExprPtr Parser::parsePrimary() {
  ExprPtr e = parseAtom();
  if (!e)
    return nullptr;
  // Each trailer makes the tree one level deeper.
  NestingScope nesting(exprDepth);
  while (true) {
    if (is(TokenKind::Dot)) {
      if (!nesting.enter())
        return failHere(kTooDeep);
      consume();
      if (!is(TokenKind::Name))
        return failHere("expected an attribute name after '.'");
      SourceLoc loc = startLoc(e.get());
      e = std::make_unique<AttributeExpr>(loc, std::move(e), tok().text.str(),
                                          tok().loc);
      consume();
    } else if (is(TokenKind::LParen)) {
      if (!nesting.enter())
        return failHere(kTooDeep);
      e = parseCall(std::move(e));
    } else if (is(TokenKind::LSquare)) {
      if (!nesting.enter())
        return failHere(kTooDeep);
      e = parseSubscript(std::move(e));
    } else {
      return e;
    }
    if (!e)
      return nullptr;
  }
}

ExprPtr Parser::parseCall(ExprPtr func) {
  SourceLoc loc = startLoc(func.get());
  auto call = std::make_unique<CallExpr>(loc, std::move(func));
  consume(); // (
  llvm::StringSet<> keywordNames;
  while (!is(TokenKind::RParen)) {
    if (is(TokenKind::Comma))
      return failHere("expected an argument before ','");
    if (!decoratorMode && is(TokenKind::Star))
      return failAt(tok().loc, "argument unpacking with '*' is not supported "
                               "in tilec kernels");
    if (!decoratorMode && is(TokenKind::DoubleStar))
      return failAt(tok().loc, "keyword argument unpacking with '**' is not "
                               "supported in tilec kernels");
    if (is(TokenKind::Name) && peek().is(TokenKind::Equal)) {
      Keyword kw;
      kw.loc = tok().loc;
      kw.name = tok().text.str();
      if (!keywordNames.insert(kw.name).second)
        return failAt(kw.loc, "keyword argument repeated: '" + kw.name + "'");
      consume();
      consume();
      if (!startsExpression(tok()))
        return failHere("expected a value for keyword argument '" + kw.name +
                        "'");
      kw.value = parseElement();
      if (!kw.value)
        return nullptr;
      call->keywords.push_back(std::move(kw));
    } else {
      ExprPtr arg = parseElement();
      if (!arg)
        return nullptr;
      SourceLoc argLoc = startLoc(arg.get());
      if (is(TokenKind::kw_for))
        return failAt(argLoc, "generator expressions are not supported in "
                              "tilec kernels");
      if (is(TokenKind::Equal))
        return failAt(argLoc, "expression cannot contain assignment, perhaps "
                              "you meant \"==\"?");
      if (!call->keywords.empty())
        return failAt(argLoc, "positional argument follows keyword argument");
      call->args.push_back(std::move(arg));
    }
    if (consumeIf(TokenKind::Comma))
      continue;
    if (!is(TokenKind::RParen) && !reportMissingComma())
      return failHere("expected ',' or ')' in the argument list");
    if (!is(TokenKind::RParen))
      return nullptr;
  }
  consume(); // )
  return call;
}

ExprPtr Parser::parseSubscript(ExprPtr value) {
  SourceLoc loc = startLoc(value.get());
  auto sub = std::make_unique<SubscriptExpr>(loc, std::move(value));
  consume(); // [
  if (is(TokenKind::RSquare))
    return failHere("expected an index or a slice after '['");
  while (true) {
    if (is(TokenKind::Comma))
      return failHere("expected an index or a slice before ','");
    if (is(TokenKind::Star))
      return failAt(tok().loc,
                    "starred expressions are not supported in tilec kernels");
    ExprPtr item = parseSliceItem();
    if (!item)
      return nullptr;
    sub->indices.push_back(std::move(item));
    if (!consumeIf(TokenKind::Comma))
      break;
    if (is(TokenKind::RSquare))
      break;
  }
  if (!consumeIf(TokenKind::RSquare)) {
    if (reportMissingComma())
      return nullptr;
    return failHere("expected ',' or ']' in the subscript");
  }
  return sub;
}

ExprPtr Parser::parseSliceItem() {
  SourceLoc loc = tok().loc;
  ExprPtr lower;
  if (!is(TokenKind::Colon)) {
    lower = parseTest();
    if (!lower || !is(TokenKind::Colon))
      return lower;
    loc = startLoc(lower.get());
  }
  auto slice = std::make_unique<SliceExpr>(loc);
  slice->lower = std::move(lower);
  consume(); // :
  auto endsPart = [&] {
    return is(TokenKind::Colon) || is(TokenKind::Comma) ||
           is(TokenKind::RSquare);
  };
  if (!endsPart()) {
    slice->upper = parseTest();
    if (!slice->upper)
      return nullptr;
  }
  if (consumeIf(TokenKind::Colon) && !is(TokenKind::Comma) &&
      !is(TokenKind::RSquare)) {
    slice->step = parseTest();
    if (!slice->step)
      return nullptr;
  }
  return slice;
}

ExprPtr Parser::parseAtom() {
  const Token &t = tok();
  SourceLoc loc = t.loc;
  switch (t.kind) {
  case TokenKind::Name: {
    auto name = std::make_unique<NameExpr>(loc, t.text.str());
    consume();
    return name;
  }
  case TokenKind::Int:
    return parseInt();
  case TokenKind::Float:
    return parseFloat();
  case TokenKind::Imaginary:
    return failAt(loc, "imaginary literals are not supported in tilec kernels");
  case TokenKind::String:
    return parseStrings();
  case TokenKind::kw_None:
    consume();
    return std::make_unique<NoneLitExpr>(loc);
  case TokenKind::kw_True:
  case TokenKind::kw_False: {
    bool value = t.is(TokenKind::kw_True);
    consume();
    return std::make_unique<BoolLitExpr>(loc, value);
  }
  case TokenKind::Ellipsis:
    consume();
    return std::make_unique<EllipsisLitExpr>(loc);
  case TokenKind::LParen:
    return parseParen();
  case TokenKind::LSquare:
    return parseListDisplay();
  case TokenKind::LBrace:
    return parseBrace();
  case TokenKind::kw_lambda:
    return failAt(loc, "'lambda' is not supported in tilec kernels");
  case TokenKind::kw_yield:
    return failAt(loc, "'yield' is not supported in tilec kernels");
  case TokenKind::kw_await:
    return failAt(loc, "'await' is not supported in tilec kernels");
  case TokenKind::Star:
    return failAt(loc,
                  "starred expressions are not supported in tilec kernels");
  case TokenKind::Comma:
    return failAt(loc, "expected an expression before ','");
  default:
    return failHere("invalid syntax");
  }
}

ExprPtr Parser::parseParen() {
  SourceLoc loc = tok().loc;
  consume(); // (
  if (consumeIf(TokenKind::RParen))
    return std::make_unique<TupleExpr>(loc);
  if (is(TokenKind::Comma))
    return failHere("expected an expression before ','");
  if (is(TokenKind::kw_yield))
    return failAt(tok().loc, "'yield' is not supported in tilec kernels");
  ExprPtr first = parseElementOrStar();
  if (!first)
    return nullptr;
  if (is(TokenKind::kw_for))
    return failAt(loc,
                  "generator expressions are not supported in tilec kernels");
  if (consumeIf(TokenKind::RParen))
    return first;
  if (!is(TokenKind::Comma)) {
    if (reportMissingComma())
      return nullptr;
    return failHere("expected ',' or ')'");
  }
  auto tuple = std::make_unique<TupleExpr>(loc);
  tuple->elts.push_back(std::move(first));
  while (consumeIf(TokenKind::Comma)) {
    if (is(TokenKind::RParen))
      break;
    if (is(TokenKind::Comma))
      return failHere("expected an expression before ','");
    ExprPtr elt = parseElementOrStar();
    if (!elt)
      return nullptr;
    tuple->elts.push_back(std::move(elt));
  }
  if (!consumeIf(TokenKind::RParen)) {
    if (reportMissingComma())
      return nullptr;
    return failHere("expected ',' or ')'");
  }
  return tuple;
}

ExprPtr Parser::parseListDisplay() {
  SourceLoc loc = tok().loc;
  consume(); // [
  auto list = std::make_unique<ListExpr>(loc);
  if (consumeIf(TokenKind::RSquare))
    return list;
  if (is(TokenKind::Comma))
    return failHere("expected an expression before ','");
  ExprPtr first = parseElementOrStar();
  if (!first)
    return nullptr;
  if (is(TokenKind::kw_for))
    return failAt(loc,
                  "list comprehensions are not supported in tilec kernels");
  list->elts.push_back(std::move(first));
  while (consumeIf(TokenKind::Comma)) {
    if (is(TokenKind::RSquare))
      break;
    if (is(TokenKind::Comma))
      return failHere("expected an expression before ','");
    ExprPtr elt = parseElementOrStar();
    if (!elt)
      return nullptr;
    list->elts.push_back(std::move(elt));
  }
  if (!consumeIf(TokenKind::RSquare)) {
    if (reportMissingComma())
      return nullptr;
    return failHere("expected ',' or ']'");
  }
  return list;
}

ExprPtr Parser::parseBrace() {
  SourceLoc loc = tok().loc;
  consume(); // {
  if (!decoratorMode) {
    // Parse far enough to name what is refused.
    if (is(TokenKind::RBrace) || is(TokenKind::DoubleStar))
      return failAt(loc, "dict displays are not supported in tilec kernels");
    if (is(TokenKind::Star))
      return failAt(loc, "set displays are not supported in tilec kernels");
    ExprPtr first = parseTest();
    if (!first)
      return nullptr;
    if (consumeIf(TokenKind::Colon)) {
      ExprPtr value = parseTest();
      if (!value)
        return nullptr;
      if (is(TokenKind::kw_for))
        return failAt(loc,
                      "dict comprehensions are not supported in tilec kernels");
      return failAt(loc, "dict displays are not supported in tilec kernels");
    }
    if (is(TokenKind::kw_for))
      return failAt(loc,
                    "set comprehensions are not supported in tilec kernels");
    return failAt(loc, "set displays are not supported in tilec kernels");
  }

  // In decorators (autotune configs): a dict display.
  auto dict = std::make_unique<DictExpr>(loc);
  while (!is(TokenKind::RBrace)) {
    ExprPtr key = parseTest();
    if (!key)
      return nullptr;
    if (!consumeIf(TokenKind::Colon))
      return failHere("expected ':' in the dict display");
    ExprPtr value = parseElement();
    if (!value)
      return nullptr;
    dict->keys.push_back(std::move(key));
    dict->values.push_back(std::move(value));
    if (consumeIf(TokenKind::Comma))
      continue;
    if (!is(TokenKind::RBrace) && !reportMissingComma())
      return failHere("expected ',' or '}' in the dict display");
    if (!is(TokenKind::RBrace))
      return nullptr;
  }
  consume(); // }
  return dict;
}

ExprPtr Parser::parseStrings() {
  SourceLoc loc = tok().loc;
  std::string value;
  while (is(TokenKind::String)) {
    const Token &t = tok();
    if (t.stringPrefix & SP_Format)
      return failAt(t.loc, "f-strings are not supported in tilec kernels");
    if (t.stringPrefix & SP_Template)
      return failAt(t.loc,
                    "template strings are not supported in tilec kernels");
    if (t.stringPrefix & SP_Bytes)
      return failAt(t.loc, "bytes literals are not supported in tilec kernels");
    std::string piece, error;
    unsigned errorOffset = 0;
    if (!decodeStringLiteral(t, piece, error, errorOffset))
      return failAt(locForOffset(errorOffset), error);
    value += piece;
    consume();
  }
  return std::make_unique<StrLitExpr>(loc, std::move(value));
}

ExprPtr Parser::parseInt() {
  const Token &t = tok();
  std::string digits;
  for (char c : t.text)
    if (c != '_')
      digits += c;
  unsigned base = 10;
  StringRef text = digits;
  if (text.size() > 1 && text[0] == '0') {
    char c = llvm::toLower(text[1]);
    if (c == 'x' || c == 'o' || c == 'b') {
      base = c == 'x' ? 16 : c == 'o' ? 8 : 2;
      text = text.drop_front(2);
    }
  }
  uint64_t value = 0;
  const uint64_t max = std::numeric_limits<uint64_t>::max();
  for (char c : text) {
    unsigned d = llvm::hexDigitValue(c);
    if (d >= base)
      return failAt(t.loc, "invalid integer literal");
    if (value > (max - d) / base)
      return failAt(t.loc, "integer literal does not fit in 64 bits");
    value = value * base + d;
  }
  SourceLoc loc = t.loc;
  consume();
  bool unsignedOnly =
      value > static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
  return std::make_unique<IntLitExpr>(loc, value, unsignedOnly);
}

ExprPtr Parser::parseFloat() {
  const Token &t = tok();
  std::string digits;
  for (char c : t.text)
    if (c != '_')
      digits += c;
  llvm::APFloat value(llvm::APFloat::IEEEdouble());
  auto status =
      value.convertFromString(digits, llvm::APFloat::rmNearestTiesToEven);
  if (!status) {
    llvm::consumeError(status.takeError());
    return failAt(t.loc, "invalid float literal");
  }
  SourceLoc loc = t.loc;
  consume();
  return std::make_unique<FloatLitExpr>(loc, value.convertToDouble());
}

std::unique_ptr<Module> tilec::frontend::parseModule(StringRef buffer,
                                                     StringRef filename,
                                                     DiagnosticSink &diag) {
  Parser parser(buffer, filename, diag);
  return parser.parseModule();
}
