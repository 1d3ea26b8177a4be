//===- ParseModule.cpp - Module-level Python kept for the evaluator -*- C++ -*-===//
//
// The part of the parser that keeps the module-level Python a kernel depends
// on, for the evaluator (Evaluator.h) to run: simple statements, `if`,
// `for`, `while` and `try` blocks (kernels defined inside them included) and
// plain `def`s. Nothing here is an error: a statement or a function outside
// the subset is kept as an OpaqueStmt or a DefStmt without a body, naming
// what the parser refused, and the names it binds become unknown values that
// fail only where a kernel or a decorator uses them. Errors inside `@jit`
// functions are reported as everywhere else.
//
//===----------------------------------------------------------------------===//

#include "Frontend/ParserImpl.h"

using namespace tilec::frontend;
using namespace tilec::frontend::detail;

namespace {
/// Sets the parser's modes for module-level Python and restores them.
struct ModuleModes {
  ModuleModes(bool &decoratorMode, bool &plainMode)
      : decoratorMode(decoratorMode), plainMode(plainMode),
        savedDecorator(decoratorMode), savedPlain(plainMode) {
    decoratorMode = true;
    plainMode = true;
  }
  ~ModuleModes() {
    decoratorMode = savedDecorator;
    plainMode = savedPlain;
  }
  bool &decoratorMode, &plainMode;
  bool savedDecorator, savedPlain;
};
} // namespace

void Parser::pushOpaque(SourceLoc loc, StringRef why,
                        std::vector<std::string> names) {
  auto stmt = std::make_unique<OpaqueStmt>(loc, why.str());
  stmt->names = std::move(names);
  topBody->push_back(std::move(stmt));
}

std::vector<std::string> Parser::namesBoundAt(size_t i) const {
  std::vector<std::string> names, segment;
  unsigned depth = 0;
  bool elementStart = true;
  for (;; ++i) {
    const Token &t = at(i);
    if (t.is(TokenKind::Newline) || t.is(TokenKind::EndOfFile) ||
        (depth == 0 && t.is(TokenKind::Semi)))
      break;
    if (isOpeningBracket(t.kind))
      ++depth;
    else if (isClosingBracket(t.kind) && depth)
      --depth;
    if (depth == 0 && (t.is(TokenKind::Equal) || augAssignOp(t.kind) ||
                       t.is(TokenKind::Colon))) {
      // What stood before the operator was a target list.
      names.insert(names.end(), segment.begin(), segment.end());
      segment.clear();
      elementStart = true;
      continue;
    }
    if (depth == 0 && t.is(TokenKind::Comma)) {
      elementStart = true;
      continue;
    }
    // `x = ...` and `x[k] = ...` rebind or change x; `x.attr = ...` (a
    // module's flag set by the program) leaves what tilec reads of x alone.
    if (elementStart && depth == 0 && t.is(TokenKind::Name) &&
        !at(i + 1).is(TokenKind::Dot))
      segment.push_back(t.text.str());
    if (!t.is(TokenKind::Star) && !isOpeningBracket(t.kind))
      elementStart = false;
  }
  return names;
}

std::vector<std::string> Parser::namesBoundInBlock(size_t from,
                                                   size_t to) const {
  std::vector<std::string> names;
  for (size_t i = from; i < to; ++i) {
    bool lineStart = i == from || at(i - 1).is(TokenKind::Newline) ||
                     at(i - 1).is(TokenKind::Indent) ||
                     at(i - 1).is(TokenKind::Dedent) ||
                     at(i - 1).is(TokenKind::Colon);
    if (!lineStart)
      continue;
    const Token &t = at(i);
    if ((t.is(TokenKind::kw_def) || t.is(TokenKind::kw_class)) &&
        at(i + 1).is(TokenKind::Name)) {
      names.push_back(at(i + 1).text.str());
    } else if (t.is(TokenKind::kw_import) || t.is(TokenKind::kw_from)) {
      // The last name of each imported item binds.
      size_t j = i;
      while (!at(j).is(TokenKind::kw_import) && j < to)
        ++j;
      if (t.is(TokenKind::kw_import))
        j = i;
      for (++j; j < to && !at(j).is(TokenKind::Newline); ++j)
        if (at(j).is(TokenKind::Name) &&
            (at(j + 1).is(TokenKind::Comma) ||
             at(j + 1).is(TokenKind::Newline) ||
             at(j + 1).is(TokenKind::RParen))) {
          std::string n = at(j).text.str();
          // `import a.b` binds `a`.
          size_t k = j;
          while (t.is(TokenKind::kw_import) && k >= 2 &&
                 at(k - 1).is(TokenKind::Dot) && at(k - 2).is(TokenKind::Name))
            k -= 2;
          names.push_back(at(k).text.str());
          (void)n;
        }
    } else if (t.is(TokenKind::kw_for)) {
      for (size_t j = i + 1; j < to && !at(j).is(TokenKind::kw_in); ++j)
        if (at(j).is(TokenKind::Name))
          names.push_back(at(j).text.str());
    } else if (t.is(TokenKind::Name)) {
      std::vector<std::string> more = namesBoundAt(i);
      names.insert(names.end(), more.begin(), more.end());
    }
  }
  return names;
}

void Parser::keepSimpleStmt() {
  size_t start = idx;
  SourceLoc loc = tok().loc;
  StmtList parsed;
  bool ok;
  suppressedError.clear();
  {
    ModuleModes modes(decoratorMode, plainMode);
    Tentative tentative(*this);
    ok = parseSimpleStmt(parsed) && atEndOfSimpleStmt();
  }
  if (ok) {
    for (StmtPtr &stmt : parsed)
      topBody->push_back(std::move(stmt));
    return;
  }
  // The parser's reason, without the kernel-language context.
  StringRef reason = suppressedError;
  reason.consume_back(" in tilec kernels");
  std::string why = "a statement outside the evaluated subset";
  if (!reason.empty())
    why += " (" + reason.str() + ")";
  failed = false;
  idx = start;
  std::vector<std::string> names = namesBoundAt(start);
  skipSimpleStmt();
  pushOpaque(loc, why, std::move(names));
}

bool Parser::parsePlainDef(std::vector<ExprPtr> decorators,
                           unsigned startOffset, size_t defIdx) {
  idx = defIdx;
  SourceLoc loc = tok().loc;
  std::string name = peek().text.str();
  recordDefName(defIdx);
  suppressedError.clear();
  bool ok;
  {
    ModuleModes modes(decoratorMode, plainMode);
    Tentative tentative(*this);
    ok = parseFunctionDef(std::move(decorators), startOffset, /*jit=*/false);
  }
  if (ok)
    return true;
  auto def = std::make_unique<DefStmt>(loc, name);
  def->why = suppressedError.empty() ? "a construct outside the subset"
                                     : suppressedError;
  def->whyLoc = suppressedError.empty() ? loc : suppressedLoc;
  failed = false;
  idx = defIdx;
  skipLogicalLine();
  skipIndentedBlock();
  // The module globals the body rebinds: a call of it makes them unknown.
  for (size_t i = defIdx; i < idx; ++i)
    if (at(i).is(TokenKind::kw_global))
      for (size_t j = i + 1; at(j).is(TokenKind::Name); j += 2) {
        def->globalNames.push_back(at(j).text.str());
        if (!at(j + 1).is(TokenKind::Comma))
          break;
      }
  topBody->push_back(std::move(def));
  return true;
}

bool Parser::parseModuleCompound() {
  size_t start = idx;
  SourceLoc loc = tok().loc;
  std::string keyword = tok().text.str();
  suppressedError.clear();
  bool ok;
  switch (tok().kind) {
  case TokenKind::kw_if:
    ok = parseModuleIf(*topBody);
    break;
  case TokenKind::kw_for:
    ok = parseModuleFor(*topBody);
    break;
  case TokenKind::kw_while:
    ok = parseModuleWhile(*topBody);
    break;
  default:
    ok = parseModuleTry(*topBody);
    break;
  }
  if (ok)
    return true;
  if (reported)
    return false; // a real error, in a jit function inside the block
  // A header outside the subset: the whole statement is opaque.
  failed = false;
  idx = start;
  skipLogicalLine();
  skipIndentedBlock();
  pushOpaque(loc, "an '" + keyword + "' statement outside the evaluated subset",
             namesBoundInBlock(start, idx));
  return true;
}

bool Parser::parseModuleBlock(StmtList &body) {
  NestingScope nesting(blockDepth);
  if (!nesting.enter())
    return errorHere("blocks nested too deeply (the limit is 200 levels)");
  StmtList *saved = topBody;
  topBody = &body;
  bool ok = true;
  if (!consumeIf(TokenKind::Newline)) {
    ok = parseTopLevelSimpleLine();
  } else if (!is(TokenKind::Indent)) {
    ok = errorHere("expected an indented block");
  } else {
    consume();
    while (ok && !is(TokenKind::Dedent) && !is(TokenKind::EndOfFile))
      ok = parseTopLevelStatement();
    consumeIf(TokenKind::Dedent);
  }
  topBody = saved;
  return ok;
}

bool Parser::parseModuleIf(StmtList &body) {
  SourceLoc loc = tok().loc;
  consume(); // if / elif
  ExprPtr test;
  {
    ModuleModes modes(decoratorMode, plainMode);
    Tentative tentative(*this);
    test = parseTest();
  }
  if (!test || !consumeIf(TokenKind::Colon))
    return false;
  auto stmt = std::make_unique<IfStmt>(loc, std::move(test));
  if (!parseModuleBlock(stmt->body))
    return false;
  if (is(TokenKind::kw_elif)) {
    if (!parseModuleIf(stmt->orelse))
      return false;
  } else if (is(TokenKind::kw_else)) {
    consume();
    if (!consumeIf(TokenKind::Colon) || !parseModuleBlock(stmt->orelse))
      return false;
  }
  body.push_back(std::move(stmt));
  return true;
}

bool Parser::parseModuleFor(StmtList &body) {
  SourceLoc loc = tok().loc;
  consume(); // for
  ExprPtr target, iter;
  {
    ModuleModes modes(decoratorMode, plainMode);
    Tentative tentative(*this);
    target = parseBitOr();
    if (target && is(TokenKind::Comma)) {
      auto tuple = std::make_unique<TupleExpr>(startLoc(target.get()));
      tuple->elts.push_back(std::move(target));
      while (consumeIf(TokenKind::Comma) && !is(TokenKind::kw_in)) {
        ExprPtr elt = parseBitOr();
        if (!elt)
          return false;
        tuple->elts.push_back(std::move(elt));
      }
      target = std::move(tuple);
    }
    if (target && consumeIf(TokenKind::kw_in))
      iter = parseExprList();
  }
  if (!iter || !consumeIf(TokenKind::Colon))
    return false;
  auto stmt = std::make_unique<ForStmt>(loc, std::move(target),
                                        std::move(iter));
  if (!parseModuleBlock(stmt->body) || is(TokenKind::kw_else))
    return false;
  body.push_back(std::move(stmt));
  return true;
}

bool Parser::parseModuleWhile(StmtList &body) {
  SourceLoc loc = tok().loc;
  consume(); // while
  ExprPtr test;
  {
    ModuleModes modes(decoratorMode, plainMode);
    Tentative tentative(*this);
    test = parseTest();
  }
  if (!test || !consumeIf(TokenKind::Colon))
    return false;
  auto stmt = std::make_unique<WhileStmt>(loc, std::move(test));
  if (!parseModuleBlock(stmt->body) || is(TokenKind::kw_else))
    return false;
  body.push_back(std::move(stmt));
  return true;
}

bool Parser::parseModuleTry(StmtList &body) {
  auto stmt = std::make_unique<TryStmt>(tok().loc);
  consume(); // try
  if (!consumeIf(TokenKind::Colon) || !parseModuleBlock(stmt->body))
    return false;
  while (is(TokenKind::kw_except)) {
    TryStmt::Handler handler;
    handler.loc = tok().loc;
    consume();
    if (!is(TokenKind::Colon)) {
      {
        ModuleModes modes(decoratorMode, plainMode);
        Tentative tentative(*this);
        handler.type = parseTest();
      }
      if (!handler.type)
        return false;
      // `except E as e`: the name is not used by the code tilec evaluates.
      if (consumeIf(TokenKind::kw_as) && !consumeIf(TokenKind::Name))
        return false;
    }
    if (!consumeIf(TokenKind::Colon) || !parseModuleBlock(handler.body))
      return false;
    stmt->handlers.push_back(std::move(handler));
  }
  if (is(TokenKind::kw_else)) {
    consume();
    if (!consumeIf(TokenKind::Colon) || !parseModuleBlock(stmt->orelse))
      return false;
  }
  if (is(TokenKind::kw_finally)) {
    consume();
    if (!consumeIf(TokenKind::Colon) || !parseModuleBlock(stmt->finalbody))
      return false;
  }
  body.push_back(std::move(stmt));
  return true;
}

bool Parser::parsePlainImport(StmtList &body) {
  auto stmt = std::make_unique<ImportStmt>(tok().loc);
  stmt->local = true;
  size_t before = module->imports.size();
  bool ok = is(TokenKind::kw_import) ? parseImport() : parseFromImport();
  // Move what was parsed to the function-local imports.
  for (size_t i = before; i < module->imports.size(); ++i) {
    stmt->aliases.push_back(module->localImports.size());
    module->localImports.push_back(std::move(module->imports[i]));
  }
  module->imports.resize(before);
  if (!ok)
    return false;
  body.push_back(std::move(stmt));
  return true;
}

bool Parser::parsePlainTry(StmtList &body) {
  SourceLoc loc = tok().loc;
  auto stmt = std::make_unique<TryStmt>(loc);
  consume(); // try
  if (!expectColon("'try'") ||
      !parseSuite(stmt->body, "'try' statement", loc.line))
    return false;
  while (is(TokenKind::kw_except)) {
    TryStmt::Handler handler;
    handler.loc = tok().loc;
    consume();
    if (!is(TokenKind::Colon)) {
      handler.type = parseTest();
      if (!handler.type)
        return false;
      // `except E as e`: the evaluator binds no exception objects.
      if (consumeIf(TokenKind::kw_as) && !consumeIf(TokenKind::Name))
        return errorHere("expected a name after 'as'");
    }
    if (!expectColon("'except'") ||
        !parseSuite(handler.body, "'except' clause", handler.loc.line))
      return false;
    stmt->handlers.push_back(std::move(handler));
  }
  if (is(TokenKind::kw_else)) {
    SourceLoc elseLoc = tok().loc;
    consume();
    if (!expectColon("'else'") ||
        !parseSuite(stmt->orelse, "'else' clause", elseLoc.line))
      return false;
  }
  if (is(TokenKind::kw_finally)) {
    SourceLoc finLoc = tok().loc;
    consume();
    if (!expectColon("'finally'") ||
        !parseSuite(stmt->finalbody, "'finally' clause", finLoc.line))
      return false;
  }
  if (stmt->handlers.empty() && stmt->finalbody.empty())
    return errorAt(loc, "'try' without 'except' or 'finally'");
  body.push_back(std::move(stmt));
  return true;
}
