//===- ParseFString.cpp - f-strings of module-level Python -------*- C++ -*-===//
//
// f-strings in the code the evaluator runs (module level, decorators, plain
// functions), read as the expression Python computes:
// f"a{x!r}b{y:>4}" is 'a' + repr(x) + 'b' + format(y, '>4'), and a field
// without conversion or spec is str(x) (format(x, '') for the values the
// evaluator has). Each replacement field is lexed and parsed on its own,
// with its tokens placed where they are in the file. Kernels refuse
// f-strings (ParseExpr.cpp); so do fields the subset does not need:
// self-documenting `{x=}`, `!a`, and specs with nested fields.
//
//===----------------------------------------------------------------------===//

#include "Frontend/ParserImpl.h"

#include <algorithm>

using namespace tilec::frontend;
using namespace tilec::frontend::detail;
using llvm::StringRef;

/// Where the field's end is: the index of the `}` closing a field whose
/// expression starts at `i`, with `bang`/`colon` set to the top-level `!`
/// (conversion) and `:` (spec), or npos when the field does not close.
static size_t scanField(StringRef body, size_t i, size_t &bang,
                        size_t &colon) {
  bang = colon = StringRef::npos;
  int depth = 0;
  char quote = 0;
  for (; i < body.size(); ++i) {
    char c = body[i];
    if (quote) {
      if (c == '\\')
        ++i;
      else if (c == quote)
        quote = 0;
      continue;
    }
    if (colon != StringRef::npos) {
      // Inside the spec: a nested field is refused by the caller.
      if (c == '}')
        return i;
      continue;
    }
    switch (c) {
    case '\'':
    case '"':
      quote = c;
      break;
    case '(':
    case '[':
    case '{':
      ++depth;
      break;
    case ')':
    case ']':
      --depth;
      break;
    case '}':
      if (depth == 0)
        return i;
      --depth;
      break;
    case '!':
      if (depth == 0 && i + 1 < body.size() && body[i + 1] != '=' &&
          bang == StringRef::npos)
        bang = i;
      break;
    case ':':
      if (depth == 0)
        colon = i;
      break;
    default:
      break;
    }
  }
  return StringRef::npos;
}

ExprPtr Parser::parseFStringField(const Token &t, size_t begin, size_t end) {
  StringRef text = t.text.slice(begin, end);
  // The field's tokens, placed at their offsets in the file.
  std::vector<Token> sub = Lexer::tokenize(text);
  SourceLoc base = t.loc;
  unsigned before = 0; // line breaks in the literal before the field
  for (size_t k = 0; k < begin; ++k)
    before += t.text[k] == '\n';
  unsigned baseCol = base.col;
  if (before) {
    size_t nl = t.text.rfind('\n', begin);
    baseCol = 1 + countColumns(t.text.slice(nl + 1, begin));
  } else {
    baseCol = base.col + countColumns(t.text.take_front(begin));
  }
  for (Token &s : sub) {
    if (s.loc.line <= 1)
      s.loc.col = baseCol + s.loc.col - 1;
    s.loc.line += base.line + before - 1;
    s.loc.offset += base.offset + unsigned(begin);
  }
  std::vector<Token> saved = std::move(tokens);
  size_t savedIdx = idx;
  tokens = std::move(sub);
  idx = 0;
  ExprPtr e = parseExprList();
  bool complete = e && (is(TokenKind::Newline) || is(TokenKind::EndOfFile));
  SourceLoc stop = tok().loc;
  tokens = std::move(saved);
  idx = savedIdx;
  if (!e)
    return nullptr;
  if (!complete)
    return failAt(stop, "expected '}' in the f-string");
  return e;
}

bool Parser::parseFString(const Token &t, std::vector<ExprPtr> &parts) {
  StringRef text = t.text;
  size_t prefixLen = text.find_first_of("'\"");
  unsigned quoteLen = t.tripleQuoted ? 3 : 1;
  size_t bodyBegin = prefixLen + quoteLen;
  size_t bodyEnd = text.size() - quoteLen;
  std::string literal;
  SourceLoc loc = t.loc;
  // A literal run, its escapes decoded as in a plain string.
  auto flush = [&](size_t from, size_t to) -> bool {
    std::string quoted = text.take_front(prefixLen).str();
    quoted.erase(std::remove_if(quoted.begin(), quoted.end(),
                                [](char c) { return c == 'f' || c == 'F'; }),
                 quoted.end());
    std::string q(quoteLen, text[prefixLen]);
    std::string src = quoted + q + text.slice(from, to).str() + q;
    Token lit = t;
    lit.text = src;
    lit.stringPrefix = t.stringPrefix & ~SP_Format;
    std::string value, error;
    unsigned errorOffset = 0;
    if (!decodeStringLiteral(lit, value, error, errorOffset)) {
      failAt(t.loc, error);
      return false;
    }
    literal += value;
    return true;
  };
  auto pushLiteral = [&]() {
    if (!literal.empty())
      parts.push_back(std::make_unique<StrLitExpr>(loc, literal));
    literal.clear();
  };
  auto call = [&](StringRef fn, ExprPtr arg, ExprPtr spec) {
    auto c = std::make_unique<CallExpr>(
        arg->getLoc(), std::make_unique<NameExpr>(arg->getLoc(), fn.str()));
    c->args.push_back(std::move(arg));
    if (spec)
      c->args.push_back(std::move(spec));
    return c;
  };
  size_t run = bodyBegin;
  for (size_t i = bodyBegin; i < bodyEnd;) {
    char c = text[i];
    if ((c == '{' || c == '}') && i + 1 < bodyEnd && text[i + 1] == c) {
      // `{{` and `}}` are the braces themselves.
      if (!flush(run, i + 1))
        return false;
      i += 2;
      run = i;
      continue;
    }
    if (c == '}') {
      failAt(t.loc, "single '}' is not allowed in an f-string");
      return false;
    }
    if (c != '{') {
      ++i;
      continue;
    }
    if (!flush(run, i))
      return false;
    pushLiteral();
    size_t bang, colon;
    size_t close = scanField(text.slice(0, bodyEnd), i + 1, bang, colon);
    if (close == StringRef::npos) {
      failAt(t.loc, "expected '}' in the f-string");
      return false;
    }
    size_t exprEnd = std::min({close, bang, colon});
    StringRef exprText = text.slice(i + 1, exprEnd).rtrim();
    if (exprText.ends_with("=") && !exprText.ends_with("==") &&
        !exprText.ends_with("!=") && !exprText.ends_with("<=") &&
        !exprText.ends_with(">=")) {
      failAt(t.loc, "self-documenting f-string fields ('{x=}') are not "
                    "supported by tilec's evaluator");
      return false;
    }
    ExprPtr value = parseFStringField(t, i + 1, exprEnd);
    if (!value)
      return false;
    StringRef conv;
    if (bang != StringRef::npos && bang < close &&
        (colon == StringRef::npos || bang < colon))
      conv = text.slice(bang + 1, colon == StringRef::npos ? close : colon)
                 .trim();
    if (!conv.empty() && conv != "r" && conv != "s") {
      failAt(t.loc, "the f-string conversion '!" + conv +
                        "' is not supported by tilec's evaluator");
      return false;
    }
    if (conv == "r")
      value = call("repr", std::move(value), nullptr);
    else if (conv == "s")
      value = call("str", std::move(value), nullptr);
    if (colon != StringRef::npos && colon < close) {
      StringRef spec = text.slice(colon + 1, close);
      if (spec.contains('{')) {
        failAt(t.loc, "nested fields in an f-string's format spec are not "
                      "supported by tilec's evaluator");
        return false;
      }
      value = call("format", std::move(value),
                   std::make_unique<StrLitExpr>(loc, spec.str()));
    } else if (conv.empty()) {
      value = call("str", std::move(value), nullptr);
    }
    parts.push_back(std::move(value));
    i = close + 1;
    run = i;
  }
  if (!flush(run, bodyEnd))
    return false;
  pushLiteral();
  return true;
}
