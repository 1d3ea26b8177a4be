//===- ParseExpr.cpp - Expressions of Triton-language kernels ---*- C++ -*-===//
//
// The expression rules of the parser (ParserImpl.h), from Python's
// `expression` down to atoms and literals, with the nesting bound and the
// hints for the mistakes that Python's grammar makes easy (a missing comma
// between juxtaposed operands, `=` for `==`).
//
//===----------------------------------------------------------------------===//

#include "Frontend/ParserImpl.h"

#include "llvm/ADT/APFloat.h"

#include <limits>

using namespace tilec::frontend;
using namespace tilec::frontend::detail;

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
    // `f(*t)` in a kernel spreads a tuple over the arguments, as Triton's
    // code generator does (EmitExpr.cpp); `**` has no kernel meaning there.
    if (!decoratorMode && is(TokenKind::DoubleStar))
      return failAt(tok().loc, "keyword argument unpacking with '**' is not "
                               "supported in tilec kernels");
    if (is(TokenKind::DoubleStar) || is(TokenKind::Star)) {
      // `*args` is a StarredExpr argument; `**kwargs` a keyword named "**"
      // (the evaluator expands both; the emitter, `*args` alone).
      bool dbl = is(TokenKind::DoubleStar);
      SourceLoc starLoc = tok().loc;
      consume();
      ExprPtr value = parseElement();
      if (!value)
        return nullptr;
      if (dbl)
        call->keywords.push_back({starLoc, "**", std::move(value)});
      else
        call->args.push_back(
            std::make_unique<StarredExpr>(starLoc, std::move(value), false));
      if (consumeIf(TokenKind::Comma))
        continue;
      if (!is(TokenKind::RParen))
        return failHere("expected ',' or ')' in the argument list");
      continue;
    }
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
      if (decoratorMode && is(TokenKind::kw_for)) {
        arg = parseComprehension(argLoc, ComprehensionExpr::Shape::Generator,
                                 std::move(arg));
        if (!arg)
          return nullptr;
      }
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
  if (decoratorMode && is(TokenKind::kw_for)) {
    first = parseComprehension(loc, ComprehensionExpr::Shape::Generator,
                               std::move(first));
    if (!first)
      return nullptr;
  }
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
  // Kernels have list comprehensions too: Triton 3.6 makes one over a tuple
  // a tuple (the emitter checks the rest).
  if (is(TokenKind::kw_for)) {
    ExprPtr comp = parseComprehension(loc, ComprehensionExpr::Shape::List,
                                      std::move(first));
    if (!comp)
      return nullptr;
    if (!consumeIf(TokenKind::RSquare))
      return failHere("expected ']' after the list comprehension");
    return comp;
  }
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
    if (dict->keys.empty() && is(TokenKind::kw_for)) {
      ExprPtr comp =
          parseComprehension(loc, ComprehensionExpr::Shape::Dict,
                             std::move(value), std::move(key));
      if (!comp)
        return nullptr;
      if (!consumeIf(TokenKind::RBrace))
        return failHere("expected '}' after the dict comprehension");
      return comp;
    }
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
  // In the code the evaluator runs, f-strings are the sum of their parts.
  bool evaluated = decoratorMode || plainMode;
  std::vector<ExprPtr> parts;
  bool formatted = false;
  while (is(TokenKind::String)) {
    const Token &t = tok();
    if ((t.stringPrefix & SP_Format) && evaluated &&
        !(t.stringPrefix & (SP_Template | SP_Bytes))) {
      if (!value.empty())
        parts.push_back(std::make_unique<StrLitExpr>(loc, value));
      value.clear();
      if (!parseFString(t, parts))
        return nullptr;
      formatted = true;
      consume();
      continue;
    }
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
  if (!formatted)
    return std::make_unique<StrLitExpr>(loc, std::move(value));
  if (!value.empty())
    parts.push_back(std::make_unique<StrLitExpr>(loc, std::move(value)));
  ExprPtr sum = std::make_unique<StrLitExpr>(loc, "");
  for (ExprPtr &p : parts)
    sum = std::make_unique<BinOpExpr>(loc, BinaryOpKind::Add, std::move(sum),
                                      std::move(p));
  return sum;
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

ExprPtr Parser::parseComprehension(SourceLoc loc,
                                   ComprehensionExpr::Shape shape, ExprPtr elt,
                                   ExprPtr key) {
  auto comp = std::make_unique<ComprehensionExpr>(loc, shape);
  comp->elt = std::move(elt);
  comp->key = std::move(key);
  while (is(TokenKind::kw_for)) {
    consume();
    CompFor clause;
    clause.target = parseBitOr();
    if (!clause.target)
      return nullptr;
    if (is(TokenKind::Comma)) {
      auto tuple = std::make_unique<TupleExpr>(startLoc(clause.target.get()));
      tuple->elts.push_back(std::move(clause.target));
      while (consumeIf(TokenKind::Comma) && !is(TokenKind::kw_in)) {
        ExprPtr target = parseBitOr();
        if (!target)
          return nullptr;
        tuple->elts.push_back(std::move(target));
      }
      clause.target = std::move(tuple);
    }
    if (!consumeIf(TokenKind::kw_in))
      return failHere("expected 'in' in the comprehension");
    clause.iter = parseOrTest();
    if (!clause.iter)
      return nullptr;
    while (consumeIf(TokenKind::kw_if)) {
      ExprPtr cond = parseOrTest();
      if (!cond)
        return nullptr;
      clause.ifs.push_back(std::move(cond));
    }
    comp->generators.push_back(std::move(clause));
  }
  return comp;
}
