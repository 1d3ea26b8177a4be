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
// exhaust the stack, and the first error stops the parse. This file holds
// the module, top-level and statement rules; ParseExpr.cpp the expressions.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Parser.h"
#include "Frontend/ParserImpl.h"

using namespace tilec::frontend;
using namespace tilec::frontend::detail;

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
  // Columns of line 1 start after a byte order mark, as in the lexer.
  size_t start = lineStarts[lineIdx];
  if (lineIdx == 0 && buffer.starts_with("\xEF\xBB\xBF"))
    start = std::min<size_t>(3, offset);
  loc.col = countColumns(buffer.slice(start, offset)) + 1;
  loc.offset = offset;
  return loc;
}

//===----------------------------------------------------------------------===//
// Top level
//===----------------------------------------------------------------------===//

std::unique_ptr<Module> Parser::parseModule() {
  module = std::make_unique<Module>();
  module->filename = filename.str();
  topBody = &module->body;
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
    return parsePlainDef({}, t.loc.offset, idx);
  case TokenKind::kw_class:
  case TokenKind::kw_async: {
    size_t start = idx;
    SourceLoc loc = t.loc;
    recordDefName(idx);
    skipLogicalLine();
    skipIndentedBlock();
    auto def = std::make_unique<DefStmt>(
        loc, at(start + 1 + at(start).is(TokenKind::kw_async)).text.str());
    def->isClass = at(start).is(TokenKind::kw_class);
    def->why = def->isClass ? "a class" : "an 'async' function";
    def->whyLoc = loc;
    topBody->push_back(std::move(def));
    return true;
  }
  case TokenKind::kw_if:
  case TokenKind::kw_for:
  case TokenKind::kw_while:
  case TokenKind::kw_try:
    return parseModuleCompound();
  case TokenKind::kw_elif:
  case TokenKind::kw_else:
  case TokenKind::kw_except:
  case TokenKind::kw_finally:
  case TokenKind::kw_with: {
    size_t start = idx;
    SourceLoc loc = t.loc;
    std::string what = t.text.str();
    skipLogicalLine();
    skipIndentedBlock();
    pushOpaque(loc, "a '" + what + "' block", namesBoundInBlock(start, idx));
    return true;
  }
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
  if (is(TokenKind::kw_import) || is(TokenKind::kw_from)) {
    parsed = true;
    auto stmt = std::make_unique<ImportStmt>(tok().loc);
    size_t before = module->imports.size();
    bool ok = is(TokenKind::kw_import) ? parseImport() : parseFromImport();
    for (size_t i = before; i < module->imports.size(); ++i)
      stmt->aliases.push_back(i);
    if (ok)
      topBody->push_back(std::move(stmt));
    return ok;
  }
  if (is(TokenKind::Name)) {
    size_t end;
    // Constexpr globals are read for the emitter and kept for the
    // evaluator too.
    size_t start = idx;
    if (peek().is(TokenKind::Equal) && isDottedConstexprAt(idx + 2, end) &&
        at(end).is(TokenKind::LParen)) {
      parsed = true;
      if (!parseConstexprAssign())
        return false;
      idx = start;
      keepSimpleStmt();
      return true;
    }
    if (peek().is(TokenKind::Colon) && isDottedConstexprAt(idx + 2, end) &&
        at(end).is(TokenKind::Equal)) {
      parsed = true;
      if (!parseConstexprAnnotated())
        return false;
      idx = start;
      keepSimpleStmt();
      return true;
    }
  }
  recordAssignedNames();
  if (is(TokenKind::Name) && peek().is(TokenKind::Equal) &&
      at(idx + 2).is(TokenKind::LSquare)) {
    size_t start = idx;
    parseListGlobal();
    idx = start;
  }
  keepSimpleStmt();
  return true;
}

void Parser::parseListGlobal() {
  // Tentative, in decorator mode: any list display parses (what the subset
  // cannot express becomes an OpaqueExpr), and a line that is not a plain
  // `NAME = [...]` is skipped like any other top-level statement, without
  // an error; only an autotune decorator naming it reads it.
  size_t start = idx;
  SourceLoc loc = tok().loc;
  std::string name = tok().text.str();
  bool savedMode = decoratorMode;
  decoratorMode = true;
  idx += 2;
  ExprPtr value;
  {
    Tentative tentative(*this);
    value = parseListDisplay();
  }
  decoratorMode = savedMode;
  if (value && atEndOfSimpleStmt()) {
    module->listGlobals.push_back({loc, std::move(name), std::move(value)});
    return;
  }
  idx = start;
  failed = false;
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
      module->imports.push_back({loc, path, tok().text.str(), "", "", ""});
      consume();
    } else {
      // `import a.b` binds `a` to the package `a`.
      module->imports.push_back({loc, first, first, "", "", path});
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
    module->imports.push_back({loc, full, alias, path, name, ""});
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
    // `@triton.constexpr_function` / `@tl.constexpr`: a function kernels
    // call at compile time (and the evaluator sees as a plain function).
    for (size_t start : starts)
      if (isConstexprFunctionDecoratorAt(start + 1) && is(TokenKind::kw_def))
        return parseConstexprFunction(first);
    // A plain function (or a class): kept for the evaluator when its
    // decorators and body stay in the subset.
    size_t defIdx = idx;
    std::vector<ExprPtr> decorators;
    bool ok = true;
    for (size_t start : starts) {
      idx = start + 1;
      Tentative tentative(*this);
      ExprPtr decorator = parseDecoratorExpr();
      if (!decorator || !is(TokenKind::Newline)) {
        ok = false;
        break;
      }
      decorators.push_back(std::move(decorator));
    }
    failed = false;
    idx = defIdx;
    if (ok && is(TokenKind::kw_def))
      return parsePlainDef(std::move(decorators), at(first).loc.offset,
                           defIdx);
    SourceLoc loc = tok().loc;
    std::string name = at(idx + 1 + is(TokenKind::kw_async)).text.str();
    recordDefName(idx);
    skipLogicalLine();
    skipIndentedBlock();
    auto def = std::make_unique<DefStmt>(loc, name);
    def->why = "a decorated definition outside the subset tilec evaluates";
    def->whyLoc = loc;
    topBody->push_back(std::move(def));
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

bool Parser::isConstexprFunctionDecoratorAt(size_t i) const {
  if (!at(i).is(TokenKind::Name))
    return false;
  StringRef last = at(i).text;
  ++i;
  while (at(i).is(TokenKind::Dot) && at(i + 1).is(TokenKind::Name)) {
    last = at(i + 1).text;
    i += 2;
  }
  // `@triton.constexpr_function`, or `@tl.constexpr`, which makes the
  // function a constexpr global that kernels call the same way.
  return (last == "constexpr_function" || last == "constexpr") &&
         at(i).is(TokenKind::Newline);
}

bool Parser::parseConstexprFunction(size_t first) {
  size_t defIdx = idx;
  std::string name = at(idx + 1).text.str();
  SourceLoc nameLoc = at(idx + 1).loc;
  CapturedError captured;
  bool savedFailed = failed, savedReported = reported;
  capture = &captured;
  bool ok = parseFunctionDef({}, at(first).loc.offset, /*jit=*/false,
                             /*isConstexprFunction=*/true);
  capture = nullptr;
  if (ok)
    return true;
  // Not in the subset: skip it, and say why where a kernel calls it.
  failed = savedFailed;
  reported = savedReported;
  module->unparsedConstexprFunctions.push_back(
      {name, nameLoc, captured.loc, captured.message});
  idx = defIdx;
  skipLogicalLine();
  skipIndentedBlock();
  return true;
}

bool Parser::parseFunctionDef(std::vector<ExprPtr> decorators,
                              unsigned startOffset, bool jit,
                              bool isConstexprFunction) {
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
  pendingGlobals.clear();
  bool outerSawNestedDef = sawNestedDef;
  sawNestedDef = false;
  if (!parseSuite(func->body, "function definition", func->loc.line))
    return false;
  func->globalNames = std::move(pendingGlobals);
  pendingGlobals.clear();
  func->hasNestedFunctions = sawNestedDef;
  sawNestedDef = outerSawNestedDef;

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
  func->isConstexprFunction = isConstexprFunction;

  auto def = std::make_unique<DefStmt>(func->loc, func->name);
  def->fn = func.get();
  def->isJit = jit;
  topBody->push_back(std::move(def));
  if (!jit && !isConstexprFunction) {
    module->plainFunctions.push_back(std::move(func));
    return true;
  }
  // A later definition rebinds the name, as in Python; the earlier one stays
  // alive for the statement that defined it.
  auto &list =
      isConstexprFunction ? module->constexprFunctions : module->functions;
  for (auto &f : list)
    if (f->name == func->name)
      module->plainFunctions.push_back(std::move(f));
  llvm::erase_if(list, [](const auto &f) { return !f; });
  list.push_back(std::move(func));
  return true;
}

bool Parser::parseNestedDef(StmtList &body) {
  // parseFunctionDef puts the definition's statement in `topBody` and
  // collects `global` names for the function it parses: both are the
  // enclosing function's again afterwards.
  StmtList *savedTop = topBody;
  std::vector<std::string> outerGlobals = std::move(pendingGlobals);
  topBody = &body;
  bool ok = parseFunctionDef({}, tok().loc.offset, /*jit=*/false);
  topBody = savedTop;
  pendingGlobals = std::move(outerGlobals);
  sawNestedDef = true;
  return ok;
}

bool Parser::parseParams(FunctionDef &func) {
  llvm::StringSet<> seen;
  bool sawDefault = false;
  while (!is(TokenKind::RParen)) {
    // Plain functions: `*args`, `**kwargs`, and the `*` and `/` markers
    // (keyword-only and positional-only parameters bind as others here).
    if (plainMode && (is(TokenKind::Star) || is(TokenKind::DoubleStar))) {
      Param::Star star =
          is(TokenKind::Star) ? Param::Star::Args : Param::Star::Kwargs;
      consume();
      if (is(TokenKind::Name)) {
        Param param;
        param.loc = tok().loc;
        param.name = tok().text.str();
        param.star = star;
        consume();
        func.params.push_back(std::move(param));
      }
      if (consumeIf(TokenKind::Comma))
        continue;
      if (!is(TokenKind::RParen))
        return errorHere("expected ',' or ')' in the parameter list");
      continue;
    }
    if (plainMode && is(TokenKind::Slash)) {
      consume();
      consumeIf(TokenKind::Comma);
      continue;
    }
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
    } else if (sawDefault && !plainMode) {
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
  if (is(TokenKind::Star)) {
    SourceLoc loc = tok().loc;
    consume();
    ExprPtr value = parseElement();
    if (!value)
      return nullptr;
    return std::make_unique<StarredExpr>(loc, std::move(value), false);
  }
  return parseElement();
}

ExprPtr Parser::parseOpaque(bool inBrackets) {
  size_t start = idx;
  unsigned depth = 0;
  // A lambda's parameters are separated by commas of their own.
  if (is(TokenKind::kw_lambda))
    while (!is(TokenKind::Colon) && !is(TokenKind::Newline) &&
           !is(TokenKind::EndOfFile))
      consume();
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
    // Plain functions the evaluator runs may define functions (closures);
    // kernels may not.
    if (plainMode)
      return parseNestedDef(body);
    return errorAt(loc, "nested 'def' is not supported in tilec kernels; "
                        "define a separate jit function");
  case TokenKind::kw_class:
    return errorAt(loc, "nested 'class' definitions are not supported in "
                        "tilec kernels");
  case TokenKind::kw_try:
    if (plainMode)
      return parsePlainTry(body);
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
  case TokenKind::kw_continue:
    if (!plainMode)
      return refuse(tok().text);
    body.push_back(
        std::make_unique<BreakStmt>(loc, is(TokenKind::kw_continue)));
    consume();
    return true;
  case TokenKind::kw_del:
    return refuse("del");
  case TokenKind::kw_global:
    if (!plainMode)
      return refuse("global");
    // `global a, b` in a plain function: the evaluator binds the names in
    // the module.
    consume();
    while (true) {
      if (!is(TokenKind::Name))
        return errorHere("expected a name after 'global'");
      pendingGlobals.push_back(tok().text.str());
      consume();
      if (!consumeIf(TokenKind::Comma))
        break;
    }
    body.push_back(std::make_unique<PassStmt>(loc));
    return true;
  case TokenKind::kw_nonlocal:
    return refuse("nonlocal");
  case TokenKind::kw_raise: {
    // Kept unparsed: the evaluator cannot raise (reaching it makes the
    // result unknown), and the emitter refuses a raise only where it would
    // generate code for it, as Triton does.
    consume();
    size_t first = idx;
    skipSimpleStmt();
    std::string text;
    if (idx > first) {
      // The source from the first to the last token, each run of white
      // space (a line break inside brackets among them) made one space.
      const char *b = at(first).text.data();
      const char *e = at(idx - 1).text.data() + at(idx - 1).text.size();
      for (const char *c = b; c < e; ++c) {
        bool space = *c == ' ' || *c == '\t' || *c == '\n' || *c == '\r';
        if (!space)
          text += *c;
        else if (!text.empty() && text.back() != ' ')
          text += ' ';
      }
    }
    body.push_back(std::make_unique<RaiseStmt>(loc, std::move(text)));
    return true;
  }
  case TokenKind::kw_yield:
    return refuse("yield");
  case TokenKind::kw_assert: {
    consume();
    if (!expectOperand(startsExpression(tok()), "assert"))
      return false;
    ExprPtr test = parseTest();
    if (!test)
      return false;
    ExprPtr msg;
    if (is(TokenKind::Comma)) {
      consume();
      msg = parseTest();
      if (!msg)
        return false;
    }
    body.push_back(
        std::make_unique<AssertStmt>(loc, std::move(test), std::move(msg)));
    return true;
  }
  case TokenKind::kw_import:
    if (plainMode)
      return parsePlainImport(body);
    return errorAt(loc, "'import' is not supported inside tilec kernels; "
                        "import at module level");
  case TokenKind::kw_from:
    if (plainMode)
      return parsePlainImport(body);
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
  if (plainMode && is(TokenKind::Comma)) {
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
  if (is(TokenKind::Comma))
    return errorAt(startLoc(target.get()), "'for' loop target must be a "
                                           "single name in tilec kernels");
  if (!is(TokenKind::kw_in))
    return errorHere("expected 'in' after the 'for' loop target");
  if (!isa<NameExpr>(target.get()) && !(plainMode && isa<TupleExpr>(target.get()))) {
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

std::unique_ptr<Module> tilec::frontend::parseModule(StringRef buffer,
                                                     StringRef filename,
                                                     DiagnosticSink &diag) {
  Parser parser(buffer, filename, diag);
  return parser.parseModule();
}
