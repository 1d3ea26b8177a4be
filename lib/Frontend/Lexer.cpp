//===- Lexer.cpp - Python tokenizer for kernel files ------------*- C++ -*-===//
//
// Python's tokenizer, reimplemented for the whole of a `.py` file. Problems
// become Error tokens instead of diagnostics (see Lexer.h), and every path
// either produces a token or advances, so no input can make the lexer loop
// or read past the buffer.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Lexer.h"

#include "tilec/Limits.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace tilec::frontend;

/// f-strings nested deeper than this are refused (Python's own limit is
/// lower), so that adversarial input cannot exhaust the stack.
static constexpr unsigned kMaxFStringDepth = 200;

llvm::StringRef tilec::frontend::getTokenKindSpelling(TokenKind kind) {
  switch (kind) {
  case TokenKind::EndOfFile:
    return "end of file";
  case TokenKind::Newline:
    return "NEWLINE";
  case TokenKind::Indent:
    return "INDENT";
  case TokenKind::Dedent:
    return "DEDENT";
  case TokenKind::Error:
    return "ERROR";
  case TokenKind::Name:
    return "NAME";
  case TokenKind::Int:
    return "INT";
  case TokenKind::Float:
    return "FLOAT";
  case TokenKind::Imaginary:
    return "IMAGINARY";
  case TokenKind::String:
    return "STRING";
#define KW(X)                                                                  \
  case TokenKind::kw_##X:                                                      \
    return "'" #X "'";
    KW(False) KW(None) KW(True) KW(and) KW(as) KW(assert) KW(async) KW(await)
    KW(break) KW(class) KW(continue) KW(def) KW(del) KW(elif) KW(else)
    KW(except) KW(finally) KW(for) KW(from) KW(global) KW(if) KW(import)
    KW(in) KW(is) KW(lambda) KW(nonlocal) KW(not) KW(or) KW(pass) KW(raise)
    KW(return) KW(try) KW(while) KW(with) KW(yield)
#undef KW
  case TokenKind::LParen:
    return "'('";
  case TokenKind::RParen:
    return "')'";
  case TokenKind::LSquare:
    return "'['";
  case TokenKind::RSquare:
    return "']'";
  case TokenKind::LBrace:
    return "'{'";
  case TokenKind::RBrace:
    return "'}'";
  case TokenKind::Comma:
    return "','";
  case TokenKind::Colon:
    return "':'";
  case TokenKind::Semi:
    return "';'";
  case TokenKind::Dot:
    return "'.'";
  case TokenKind::Ellipsis:
    return "'...'";
  case TokenKind::Arrow:
    return "'->'";
  case TokenKind::ColonEqual:
    return "':='";
  case TokenKind::Exclaim:
    return "'!'";
  case TokenKind::Equal:
    return "'='";
  case TokenKind::EqEqual:
    return "'=='";
  case TokenKind::NotEqual:
    return "'!='";
  case TokenKind::Less:
    return "'<'";
  case TokenKind::LessEqual:
    return "'<='";
  case TokenKind::Greater:
    return "'>'";
  case TokenKind::GreaterEqual:
    return "'>='";
  case TokenKind::Plus:
    return "'+'";
  case TokenKind::Minus:
    return "'-'";
  case TokenKind::Star:
    return "'*'";
  case TokenKind::Slash:
    return "'/'";
  case TokenKind::DoubleSlash:
    return "'//'";
  case TokenKind::Percent:
    return "'%'";
  case TokenKind::DoubleStar:
    return "'**'";
  case TokenKind::At:
    return "'@'";
  case TokenKind::Amp:
    return "'&'";
  case TokenKind::Pipe:
    return "'|'";
  case TokenKind::Caret:
    return "'^'";
  case TokenKind::Tilde:
    return "'~'";
  case TokenKind::LeftShift:
    return "'<<'";
  case TokenKind::RightShift:
    return "'>>'";
  case TokenKind::PlusEqual:
    return "'+='";
  case TokenKind::MinusEqual:
    return "'-='";
  case TokenKind::StarEqual:
    return "'*='";
  case TokenKind::SlashEqual:
    return "'/='";
  case TokenKind::DoubleSlashEqual:
    return "'//='";
  case TokenKind::PercentEqual:
    return "'%='";
  case TokenKind::DoubleStarEqual:
    return "'**='";
  case TokenKind::AtEqual:
    return "'@='";
  case TokenKind::AmpEqual:
    return "'&='";
  case TokenKind::PipeEqual:
    return "'|='";
  case TokenKind::CaretEqual:
    return "'^='";
  case TokenKind::LeftShiftEqual:
    return "'<<='";
  case TokenKind::RightShiftEqual:
    return "'>>='";
  }
  return "token";
}

//===----------------------------------------------------------------------===//
// Character classes
//===----------------------------------------------------------------------===//

static bool isIdentStartASCII(char c) { return llvm::isAlpha(c) || c == '_'; }

static bool isIdentContinueASCII(char c) {
  return llvm::isAlnum(c) || c == '_';
}

/// Decodes the UTF-8 sequence at `p`; returns its length (0 if invalid) and
/// sets `cp`.
static unsigned decodeUTF8(llvm::StringRef buf, size_t p, uint32_t &cp) {
  auto byte = [&](size_t i) -> unsigned char {
    return static_cast<unsigned char>(buf[i]);
  };
  unsigned char c = byte(p);
  unsigned len;
  uint32_t min;
  if (c < 0x80) {
    cp = c;
    return 1;
  }
  if ((c & 0xE0) == 0xC0) {
    len = 2;
    cp = c & 0x1F;
    min = 0x80;
  } else if ((c & 0xF0) == 0xE0) {
    len = 3;
    cp = c & 0x0F;
    min = 0x800;
  } else if ((c & 0xF8) == 0xF0) {
    len = 4;
    cp = c & 0x07;
    min = 0x10000;
  } else {
    return 0;
  }
  if (p + len > buf.size())
    return 0;
  for (unsigned i = 1; i < len; ++i) {
    unsigned char cc = byte(p + i);
    if ((cc & 0xC0) != 0x80)
      return 0;
    cp = (cp << 6) | (cc & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
    return 0;
  return len;
}

/// Whether a non-ASCII code point may appear in an identifier. This is an
/// approximation of XID_Start/XID_Continue that rejects the punctuation,
/// spaces and symbols people paste by accident (quotes, arrows, math signs,
/// no-break spaces, emoji).
static bool isIdentCodePoint(uint32_t cp) {
  if (cp < 0x80)
    return false;
  if (cp <= 0xBF)
    return cp == 0xAA || cp == 0xB5 || cp == 0xBA;
  if (cp == 0xD7 || cp == 0xF7)
    return false;
  if (cp >= 0x2000 && cp <= 0x206F) // general punctuation and spaces
    return false;
  if (cp >= 0x20A0 && cp <= 0x20CF) // currency symbols
    return false;
  if (cp >= 0x2190 && cp <= 0x2BFF) // arrows, math, technical, shapes
    return false;
  if (cp >= 0x3000 && cp <= 0x303F) // CJK punctuation
    return false;
  if (cp >= 0xE000 && cp <= 0xF8FF) // private use
    return false;
  if (cp >= 0xFE00 && cp <= 0xFE0F) // variation selectors
    return false;
  if (cp == 0xFEFF || (cp >= 0xFFF0 && cp <= 0xFFFF))
    return false;
  if (cp >= 0xFF01 && cp <= 0xFF0F) // fullwidth punctuation
    return false;
  if (cp >= 0x1F000 && cp <= 0x1FAFF) // emoji and pictographs
    return false;
  return true;
}

/// Length of the identifier character at `p`, or 0 if there is none.
static unsigned identCharLength(llvm::StringRef buf, size_t p, bool start) {
  if (p >= buf.size())
    return 0;
  char c = buf[p];
  if (static_cast<unsigned char>(c) < 0x80)
    return (start ? isIdentStartASCII(c) : isIdentContinueASCII(c)) ? 1 : 0;
  uint32_t cp;
  unsigned len = decodeUTF8(buf, p, cp);
  if (!len || !isIdentCodePoint(cp))
    return 0;
  return len;
}

/// The prefix flags of a string prefix such as `rb`, or -1 if `text` is not
/// a string prefix.
static int stringPrefixFlags(llvm::StringRef text) {
  if (text.empty() || text.size() > 2)
    return -1;
  uint8_t flags = SP_None;
  for (char c : text) {
    uint8_t f;
    switch (llvm::toLower(c)) {
    case 'r':
      f = SP_Raw;
      break;
    case 'b':
      f = SP_Bytes;
      break;
    case 'f':
      f = SP_Format;
      break;
    case 'u':
      f = SP_Unicode;
      break;
    case 't':
      f = SP_Template;
      break;
    default:
      return -1;
    }
    if (flags & f)
      return -1;
    flags |= f;
  }
  // Two-letter prefixes pair `r` with one of b, f, t.
  if (text.size() == 2 && (!(flags & SP_Raw) || (flags & SP_Unicode)))
    return -1;
  return flags;
}

static TokenKind keywordKind(llvm::StringRef text) {
  return llvm::StringSwitch<TokenKind>(text)
      .Case("False", TokenKind::kw_False)
      .Case("None", TokenKind::kw_None)
      .Case("True", TokenKind::kw_True)
      .Case("and", TokenKind::kw_and)
      .Case("as", TokenKind::kw_as)
      .Case("assert", TokenKind::kw_assert)
      .Case("async", TokenKind::kw_async)
      .Case("await", TokenKind::kw_await)
      .Case("break", TokenKind::kw_break)
      .Case("class", TokenKind::kw_class)
      .Case("continue", TokenKind::kw_continue)
      .Case("def", TokenKind::kw_def)
      .Case("del", TokenKind::kw_del)
      .Case("elif", TokenKind::kw_elif)
      .Case("else", TokenKind::kw_else)
      .Case("except", TokenKind::kw_except)
      .Case("finally", TokenKind::kw_finally)
      .Case("for", TokenKind::kw_for)
      .Case("from", TokenKind::kw_from)
      .Case("global", TokenKind::kw_global)
      .Case("if", TokenKind::kw_if)
      .Case("import", TokenKind::kw_import)
      .Case("in", TokenKind::kw_in)
      .Case("is", TokenKind::kw_is)
      .Case("lambda", TokenKind::kw_lambda)
      .Case("nonlocal", TokenKind::kw_nonlocal)
      .Case("not", TokenKind::kw_not)
      .Case("or", TokenKind::kw_or)
      .Case("pass", TokenKind::kw_pass)
      .Case("raise", TokenKind::kw_raise)
      .Case("return", TokenKind::kw_return)
      .Case("try", TokenKind::kw_try)
      .Case("while", TokenKind::kw_while)
      .Case("with", TokenKind::kw_with)
      .Case("yield", TokenKind::kw_yield)
      .Default(TokenKind::Name);
}

//===----------------------------------------------------------------------===//
// Lexer
//===----------------------------------------------------------------------===//

Lexer::Lexer(llvm::StringRef buffer) : buffer(buffer) {
  indents.push_back({0, 0});
  // A UTF-8 byte order mark is allowed at the very start of a file.
  if (buffer.starts_with("\xEF\xBB\xBF"))
    pos = lineStart = 3;
}

std::vector<Token> Lexer::tokenize(llvm::StringRef buffer) {
  Lexer lexer(buffer);
  std::vector<Token> tokens;
  while (true) {
    tokens.push_back(lexer.lex());
    if (tokens.back().is(TokenKind::EndOfFile))
      return tokens;
  }
}

unsigned Lexer::newlineLength(size_t p) const {
  if (p >= buffer.size())
    return 0;
  if (buffer[p] == '\n')
    return 1;
  if (buffer[p] == '\r')
    return (p + 1 < buffer.size() && buffer[p + 1] == '\n') ? 2 : 1;
  return 0;
}

size_t Lexer::takeNewline(size_t p, unsigned len) {
  ++line;
  lineStart = p + len;
  return p + len;
}

SourceLoc Lexer::locAt(size_t p) const {
  // Columns count code points; counting on from the last position asked
  // about keeps a long line linear.
  if (colLineStart != lineStart || p < colOffset) {
    colLineStart = colOffset = lineStart;
    colCount = 1;
  }
  colCount += countColumns(buffer.slice(colOffset, p));
  colOffset = p;
  SourceLoc loc;
  loc.line = line;
  loc.col = colCount;
  loc.offset = static_cast<unsigned>(p);
  return loc;
}

Token Lexer::makeToken(TokenKind kind, size_t start, size_t end) const {
  Token tok;
  tok.kind = kind;
  tok.loc = locAt(start);
  tok.text = buffer.slice(start, end);
  return tok;
}

Token Lexer::makeError(size_t start, size_t end, std::string message) const {
  Token tok = makeToken(TokenKind::Error, start, end);
  tok.message = std::move(message);
  return tok;
}

Token Lexer::lex() {
  while (true) {
    if (!pending.empty()) {
      Token tok = std::move(pending.front());
      pending.pop_front();
      return tok;
    }
    if (finished)
      return makeToken(TokenKind::EndOfFile, buffer.size(), buffer.size());

    if (atLineStart) {
      lexLineStart();
      continue;
    }

    // Whitespace between tokens.
    while (pos < buffer.size() &&
           (buffer[pos] == ' ' || buffer[pos] == '\t' || buffer[pos] == '\f'))
      ++pos;

    if (pos >= buffer.size()) {
      lexEndOfFile();
      continue;
    }

    char c = buffer[pos];
    if (c == '#') {
      while (pos < buffer.size() && buffer[pos] != '\n' && buffer[pos] != '\r')
        ++pos;
      continue;
    }

    if (unsigned len = newlineLength(pos)) {
      if (!brackets.empty()) {
        // Implicit line joining.
        pos = takeNewline(pos, len);
        continue;
      }
      atLineStart = true;
      if (!lineHasTokens) {
        pos = takeNewline(pos, len);
        continue;
      }
      lineHasTokens = false;
      Token tok = makeToken(TokenKind::Newline, pos, pos + len);
      pos = takeNewline(pos, len);
      return tok;
    }

    if (c == '\\') {
      if (unsigned len = newlineLength(pos + 1)) {
        pos = takeNewline(pos + 1, len);
        continue;
      }
      lineHasTokens = true;
      size_t start = pos++;
      if (pos >= buffer.size())
        return makeError(start, pos,
                         "unexpected end of file after line "
                         "continuation character");
      // The token is the character after the backslash, where Python
      // points.
      uint32_t cp;
      unsigned len = decodeUTF8(buffer, pos, cp);
      pos += len ? len : 1;
      return makeError(start + 1, pos,
                       "unexpected character after line continuation "
                       "character");
    }

    lineHasTokens = true;
    if (identCharLength(buffer, pos, /*start=*/true))
      return lexIdentifierOrString();
    if (llvm::isDigit(c) ||
        (c == '.' && pos + 1 < buffer.size() && llvm::isDigit(buffer[pos + 1])))
      return lexNumber();
    if (c == '\'' || c == '"')
      return lexString(pos, SP_None, pos);
    return lexOperator();
  }
}

void Lexer::lexLineStart() {
  atLineStart = false;
  unsigned col = 0, altCol = 0;
  size_t p = pos;
  for (; p < buffer.size(); ++p) {
    char c = buffer[p];
    if (c == ' ') {
      ++col;
      ++altCol;
    } else if (c == '\t') {
      col = (col / 8 + 1) * 8;
      ++altCol;
    } else if (c == '\f') {
      col = altCol = 0;
    } else {
      break;
    }
  }
  pos = p;
  // Blank and comment-only lines do not take part in indentation.
  if (p >= buffer.size() || buffer[p] == '#' || newlineLength(p))
    return;

  SourceLoc loc = locAt(p);
  auto push = [&](TokenKind kind) {
    Token tok;
    tok.kind = kind;
    tok.loc = loc;
    tok.text = buffer.slice(p, p);
    pending.push_back(std::move(tok));
  };
  auto pushError = [&](const char *message) {
    pending.push_back(makeError(p, p, message));
  };

  auto top = indents.back();
  if (col == top.first) {
    if (altCol != top.second)
      pushError("inconsistent use of tabs and spaces in indentation");
    return;
  }
  if (col > top.first) {
    if (altCol <= top.second)
      pushError("inconsistent use of tabs and spaces in indentation");
    indents.push_back({col, altCol});
    push(TokenKind::Indent);
    return;
  }
  while (indents.size() > 1 && col < indents.back().first) {
    indents.pop_back();
    push(TokenKind::Dedent);
  }
  if (col != indents.back().first)
    pushError("unindent does not match any outer indentation level");
  else if (altCol != indents.back().second)
    pushError("inconsistent use of tabs and spaces in indentation");
}

void Lexer::lexEndOfFile() {
  size_t end = buffer.size();
  if (!brackets.empty()) {
    // Reported at the innermost bracket still open, as Python does.
    const OpenBracket &open = brackets.back();
    Token tok =
        makeError(end, end, std::string("'") + open.c + "' was never closed");
    tok.errorLoc = open.loc;
    tok.neverClosed = true;
    pending.push_back(std::move(tok));
    brackets.clear();
  }
  if (lineHasTokens) {
    lineHasTokens = false;
    pending.push_back(makeToken(TokenKind::Newline, end, end));
  }
  while (indents.size() > 1) {
    indents.pop_back();
    pending.push_back(makeToken(TokenKind::Dedent, end, end));
  }
  pending.push_back(makeToken(TokenKind::EndOfFile, end, end));
  finished = true;
}

Token Lexer::lexIdentifierOrString() {
  size_t start = pos;
  while (unsigned len = identCharLength(buffer, pos, /*start=*/pos == start))
    pos += len;
  llvm::StringRef text = buffer.slice(start, pos);
  if (pos < buffer.size() && (buffer[pos] == '\'' || buffer[pos] == '"')) {
    int flags = stringPrefixFlags(text);
    if (flags >= 0)
      return lexString(start, static_cast<uint8_t>(flags), pos);
  }
  return makeToken(keywordKind(text), start, pos);
}

/// The keywords Python accepts directly after a number (`1if x else 2`).
static bool isKeywordAfterNumber(llvm::StringRef word) {
  return llvm::is_contained(llvm::ArrayRef<llvm::StringRef>{"and", "else",
                                                            "for", "if", "in",
                                                            "is", "not", "or"},
                            word);
}

Token Lexer::lexNumber() {
  size_t start = pos;
  const size_t n = buffer.size();
  auto at = [&](size_t p) -> char { return p < n ? buffer[p] : '\0'; };

  // Consumes digits accepted by `isDigit` with single underscores between
  // them; returns false on a misplaced underscore.
  auto digits = [&](auto isDigit) {
    if (!isDigit(at(pos)))
      return false;
    while (true) {
      while (isDigit(at(pos)))
        ++pos;
      if (at(pos) != '_')
        return true;
      if (!isDigit(at(pos + 1))) {
        ++pos;
        return false;
      }
      ++pos;
    }
  };
  auto isDec = [](char c) { return llvm::isDigit(c); };

  // Turns the rest of an invalid literal (trailing identifier characters
  // included) into one Error token.
  auto invalid = [&](const char *what) {
    while (unsigned len = identCharLength(buffer, pos, /*start=*/false))
      pos += len;
    return makeError(start, pos, std::string("invalid ") + what + " literal");
  };

  // Refuses an identifier glued to the number (`1abc`), except for the
  // keywords Python allows there, and a literal of more digits than
  // kMaxLiteralDigits.
  auto finish = [&](TokenKind kind, const char *what) {
    if (identCharLength(buffer, pos, /*start=*/false)) {
      size_t q = pos;
      while (unsigned len = identCharLength(buffer, q, /*start=*/false))
        q += len;
      if (!isKeywordAfterNumber(buffer.slice(pos, q)))
        return invalid(what);
    }
    llvm::StringRef text = buffer.slice(start, pos);
    bool prefixed = llvm::StringRef(what) != "decimal" &&
                    llvm::StringRef(what) != "imaginary";
    size_t numDigits =
        llvm::count_if(prefixed ? text.drop_front(2) : text, [&](char c) {
          return prefixed ? llvm::isHexDigit(c) : llvm::isDigit(c);
        });
    if (numDigits > kMaxLiteralDigits) {
      // CPython's own message for a decimal integer; tilec's for the rest.
      if (kind == TokenKind::Int && !prefixed)
        return makeError(start, pos,
                         "exceeds the limit (" +
                             std::to_string(kMaxLiteralDigits) +
                             " digits) for integer string conversion: value "
                             "has " +
                             std::to_string(numDigits) + " digits");
      return makeError(start, pos,
                       std::string(kind == TokenKind::Int     ? what
                                   : kind == TokenKind::Float ? "float"
                                                              : "imaginary") +
                           " literal has " + std::to_string(numDigits) +
                           " digits; tilec accepts at most " +
                           std::to_string(kMaxLiteralDigits));
    }
    return makeToken(kind, start, pos);
  };

  char c0 = at(pos), c1 = llvm::toLower(at(pos + 1));
  if (c0 == '0' && (c1 == 'x' || c1 == 'o' || c1 == 'b')) {
    pos += 2;
    if (at(pos) == '_')
      ++pos;
    bool ok;
    const char *what;
    if (c1 == 'x') {
      ok = digits([](char c) { return llvm::isHexDigit(c); });
      what = "hexadecimal";
    } else if (c1 == 'o') {
      ok = digits([](char c) { return c >= '0' && c <= '7'; });
      what = "octal";
    } else {
      ok = digits([](char c) { return c == '0' || c == '1'; });
      what = "binary";
    }
    if (!ok || llvm::isDigit(at(pos)))
      return invalid(what);
    return finish(TokenKind::Int, what);
  }

  bool isFloat = false;
  if (c0 != '.') {
    if (!digits(isDec))
      return invalid("decimal");
  }
  if (at(pos) == '.') {
    isFloat = true;
    ++pos;
    if (llvm::isDigit(at(pos)) && !digits(isDec))
      return invalid("decimal");
  }
  if (llvm::toLower(at(pos)) == 'e') {
    size_t save = pos;
    ++pos;
    if (at(pos) == '+' || at(pos) == '-')
      ++pos;
    if (llvm::isDigit(at(pos))) {
      if (!digits(isDec))
        return invalid("decimal");
      isFloat = true;
    } else {
      // `1else`: the `e` starts a keyword, not an exponent.
      pos = save;
    }
  }
  if (llvm::toLower(at(pos)) == 'j') {
    ++pos;
    return finish(TokenKind::Imaginary, "imaginary");
  }
  if (!isFloat) {
    // `0`, `00` and `0_0` are fine; `01` is not.
    llvm::StringRef text = buffer.slice(start, pos);
    if (text.size() > 1 && text[0] == '0' &&
        text.find_first_not_of("0_") != llvm::StringRef::npos) {
      Token tok = invalid("decimal");
      tok.message = "leading zeros in decimal integer literals are not "
                    "permitted; use an 0o prefix for octal integers";
      return tok;
    }
    return finish(TokenKind::Int, "decimal");
  }
  return finish(TokenKind::Float, "decimal");
}

Token Lexer::lexString(size_t start, uint8_t prefix, size_t quotePos) {
  SourceLoc startLoc = locAt(start);
  char quote = buffer[quotePos];
  bool triple = quotePos + 2 < buffer.size() && buffer[quotePos + 1] == quote &&
                buffer[quotePos + 2] == quote;
  size_t p = quotePos + (triple ? 3 : 1);
  std::string error;
  bool isFormat = prefix & (SP_Format | SP_Template);
  bool ok = scanStringBody(p, quote, triple, isFormat, 0, error);
  if (!ok && llvm::StringRef(error).starts_with("unterminated")) {
    // Python names the kind of literal and the line where the scan gave
    // up: the string's own line, or for a triple-quoted one the last line
    // of the file (a final line break ends that line).
    unsigned detected = line;
    if (p >= buffer.size() && detected > startLoc.line &&
        (buffer[p - 1] == '\n' || buffer[p - 1] == '\r'))
      --detected;
    const char *kind = (prefix & SP_Format)     ? "f-string"
                       : (prefix & SP_Template) ? "t-string"
                                                : "string";
    error = std::string("unterminated ") + (triple ? "triple-quoted " : "") +
            kind + " literal (detected at line " + std::to_string(detected) +
            ")";
  }
  pos = p;
  Token tok;
  tok.kind = ok ? TokenKind::String : TokenKind::Error;
  tok.loc = startLoc;
  tok.text = buffer.slice(start, p);
  tok.stringPrefix = prefix;
  tok.tripleQuoted = triple;
  tok.message = std::move(error);
  return tok;
}

bool Lexer::scanStringBody(size_t &p, char quote, bool triple, bool isFormat,
                           unsigned depth, std::string &error) {
  const size_t n = buffer.size();
  auto unterminated = [&] {
    error = triple ? "unterminated triple-quoted string literal"
                   : "unterminated string literal";
    return false;
  };
  if (depth > kMaxFStringDepth) {
    error = "f-string nested too deeply";
    return false;
  }
  while (true) {
    if (p >= n)
      return unterminated();
    char c = buffer[p];
    if (c == '\\') {
      ++p;
      if (unsigned len = newlineLength(p))
        p = takeNewline(p, len);
      else if (p < n)
        ++p;
      continue;
    }
    if (unsigned len = newlineLength(p)) {
      if (!triple)
        return unterminated();
      p = takeNewline(p, len);
      continue;
    }
    if (c == quote) {
      if (!triple) {
        ++p;
        return true;
      }
      if (p + 2 < n && buffer[p + 1] == quote && buffer[p + 2] == quote) {
        p += 3;
        return true;
      }
      ++p;
      continue;
    }
    if (isFormat && c == '{') {
      if (p + 1 < n && buffer[p + 1] == '{') {
        p += 2;
        continue;
      }
      ++p;
      if (!scanReplacementField(p, quote, triple, depth + 1, error))
        return false;
      continue;
    }
    ++p;
  }
}

bool Lexer::scanReplacementField(size_t &p, char quote, bool triple,
                                 unsigned depth, std::string &error) {
  const size_t n = buffer.size();
  unsigned nesting = 0;
  while (true) {
    if (p >= n) {
      error = triple ? "unterminated triple-quoted string literal"
                     : "unterminated string literal";
      return false;
    }
    char c = buffer[p];
    if (unsigned len = newlineLength(p)) {
      // Python 3.12 allows line breaks inside replacement fields.
      p = takeNewline(p, len);
      continue;
    }
    if (c == '#') {
      while (p < n && !newlineLength(p))
        ++p;
      continue;
    }
    if (c == '\'' || c == '"') {
      char q = c;
      bool t = p + 2 < n && buffer[p + 1] == q && buffer[p + 2] == q;
      p += t ? 3 : 1;
      if (!scanStringBody(p, q, t, /*isFormat=*/false, depth + 1, error))
        return false;
      continue;
    }
    if (identCharLength(buffer, p, /*start=*/true)) {
      size_t s = p;
      while (unsigned len = identCharLength(buffer, p, /*start=*/p == s))
        p += len;
      if (p < n && (buffer[p] == '\'' || buffer[p] == '"')) {
        int flags = stringPrefixFlags(buffer.slice(s, p));
        if (flags >= 0) {
          char q = buffer[p];
          bool t = p + 2 < n && buffer[p + 1] == q && buffer[p + 2] == q;
          p += t ? 3 : 1;
          if (!scanStringBody(p, q, t, flags & (SP_Format | SP_Template),
                              depth + 1, error))
            return false;
        }
      }
      continue;
    }
    ++p;
    switch (c) {
    case '(':
    case '[':
    case '{':
      ++nesting;
      break;
    case ')':
    case ']':
      if (nesting)
        --nesting;
      break;
    case '}':
      if (!nesting)
        return true;
      --nesting;
      break;
    case ':':
      if (!nesting)
        return scanFormatSpec(p, quote, triple, depth, error);
      break;
    default:
      break;
    }
  }
}

bool Lexer::scanFormatSpec(size_t &p, char quote, bool triple, unsigned depth,
                           std::string &error) {
  const size_t n = buffer.size();
  while (true) {
    if (p >= n || (!triple && newlineLength(p))) {
      error = triple ? "unterminated triple-quoted string literal"
                     : "unterminated string literal";
      return false;
    }
    char c = buffer[p];
    if (unsigned len = newlineLength(p)) {
      p = takeNewline(p, len);
      continue;
    }
    if (c == quote && !triple) {
      error = "unterminated string literal";
      return false;
    }
    ++p;
    if (c == '}')
      return true;
    if (c == '{' && !scanReplacementField(p, quote, triple, depth + 1, error))
      return false;
  }
}

Token Lexer::lexOperator() {
  size_t start = pos;
  llvm::StringRef rest = buffer.substr(pos);
  struct Op {
    const char *spelling;
    TokenKind kind;
  };
  // Longest spellings first.
  static const Op ops[] = {
      {"**=", TokenKind::DoubleStarEqual},
      {"//=", TokenKind::DoubleSlashEqual},
      {">>=", TokenKind::RightShiftEqual},
      {"<<=", TokenKind::LeftShiftEqual},
      {"...", TokenKind::Ellipsis},
      {"->", TokenKind::Arrow},
      {":=", TokenKind::ColonEqual},
      {"**", TokenKind::DoubleStar},
      {"//", TokenKind::DoubleSlash},
      {">>", TokenKind::RightShift},
      {"<<", TokenKind::LeftShift},
      {"<=", TokenKind::LessEqual},
      {">=", TokenKind::GreaterEqual},
      {"==", TokenKind::EqEqual},
      {"!=", TokenKind::NotEqual},
      {"+=", TokenKind::PlusEqual},
      {"-=", TokenKind::MinusEqual},
      {"*=", TokenKind::StarEqual},
      {"/=", TokenKind::SlashEqual},
      {"%=", TokenKind::PercentEqual},
      {"@=", TokenKind::AtEqual},
      {"&=", TokenKind::AmpEqual},
      {"|=", TokenKind::PipeEqual},
      {"^=", TokenKind::CaretEqual},
      {"(", TokenKind::LParen},
      {")", TokenKind::RParen},
      {"[", TokenKind::LSquare},
      {"]", TokenKind::RSquare},
      {"{", TokenKind::LBrace},
      {"}", TokenKind::RBrace},
      {",", TokenKind::Comma},
      {":", TokenKind::Colon},
      {";", TokenKind::Semi},
      {".", TokenKind::Dot},
      {"!", TokenKind::Exclaim},
      {"=", TokenKind::Equal},
      {"<", TokenKind::Less},
      {">", TokenKind::Greater},
      {"+", TokenKind::Plus},
      {"-", TokenKind::Minus},
      {"*", TokenKind::Star},
      {"/", TokenKind::Slash},
      {"%", TokenKind::Percent},
      {"@", TokenKind::At},
      {"&", TokenKind::Amp},
      {"|", TokenKind::Pipe},
      {"^", TokenKind::Caret},
      {"~", TokenKind::Tilde},
  };
  for (const Op &op : ops) {
    if (!rest.starts_with(op.spelling))
      continue;
    pos += std::strlen(op.spelling);
    switch (op.kind) {
    case TokenKind::LParen:
    case TokenKind::LSquare:
    case TokenKind::LBrace:
      brackets.push_back({op.spelling[0], locAt(start)});
      break;
    case TokenKind::RParen:
    case TokenKind::RSquare:
    case TokenKind::RBrace: {
      // A bad closer becomes an Error token (reported when the parser
      // reaches it); a mismatched one still closes.
      char c = op.spelling[0];
      if (brackets.empty())
        return makeError(start, pos, std::string("unmatched '") + c + "'");
      OpenBracket open = brackets.back();
      brackets.pop_back();
      char expected = open.c == '(' ? ')' : open.c == '[' ? ']' : '}';
      if (c != expected) {
        std::string message = std::string("closing parenthesis '") + c +
                              "' does not match opening parenthesis '" +
                              open.c + "'";
        if (open.loc.line != line)
          message += " on line " + std::to_string(open.loc.line);
        return makeError(start, pos, std::move(message));
      }
      break;
    }
    default:
      break;
    }
    return makeToken(op.kind, start, pos);
  }
  return lexInvalidCharacter();
}

Token Lexer::lexInvalidCharacter() {
  size_t start = pos;
  uint32_t cp;
  unsigned len = decodeUTF8(buffer, pos, cp);
  std::string message;
  llvm::raw_string_ostream os(message);
  if (!len) {
    len = 1;
    os << "invalid UTF-8 byte "
       << llvm::format("0x%02X", static_cast<unsigned char>(buffer[pos]));
  } else if (cp < 0x20 || (cp >= 0x7F && cp <= 0xA0) || cp == 0xAD ||
             (cp >= 0x2000 && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202F) ||
             (cp >= 0x205F && cp <= 0x206F) || cp == 0x3000 || cp == 0xFEFF) {
    // Spaces, controls and format characters: not visible in a message.
    os << "invalid non-printable character " << llvm::format("U+%04X", cp);
  } else {
    os << "invalid character '" << buffer.substr(pos, len) << "' ("
       << llvm::format("U+%04X", cp) << ")";
  }
  pos += len;
  return makeError(start, pos, std::move(message));
}

//===----------------------------------------------------------------------===//
// String values
//===----------------------------------------------------------------------===//

static void appendUTF8(std::string &out, uint32_t cp) {
  char buf[UNI_MAX_UTF8_BYTES_PER_CODE_POINT];
  char *ptr = buf;
  if (llvm::ConvertCodePointToUTF8(cp, ptr))
    out.append(buf, ptr);
}

bool tilec::frontend::decodeStringLiteral(const Token &tok, std::string &value,
                                          std::string &error,
                                          unsigned &errorOffset) {
  value.clear();
  llvm::StringRef text = tok.text;
  size_t prefixLen = text.find_first_of("'\"");
  if (prefixLen == llvm::StringRef::npos)
    return true;
  unsigned quoteLen = tok.tripleQuoted ? 3 : 1;
  if (text.size() < prefixLen + 2 * quoteLen) {
    error = "malformed string literal";
    errorOffset = tok.loc.offset;
    return false;
  }
  size_t bodyStart = prefixLen + quoteLen;
  llvm::StringRef body = text.slice(bodyStart, text.size() - quoteLen);
  unsigned bodyOffset = tok.loc.offset + bodyStart;
  bool raw = tok.stringPrefix & SP_Raw;
  bool bytes = tok.stringPrefix & SP_Bytes;

  for (size_t i = 0; i < body.size();) {
    char c = body[i];
    if (c == '\r') {
      value += '\n';
      i += (i + 1 < body.size() && body[i + 1] == '\n') ? 2 : 1;
      continue;
    }
    if (c != '\\' || raw || i + 1 >= body.size()) {
      value += c;
      ++i;
      continue;
    }
    size_t escStart = i;
    char e = body[i + 1];
    i += 2;
    auto hexEscape = [&](unsigned digits, const char *form) {
      if (i + digits > body.size() ||
          !llvm::all_of(body.substr(i, digits),
                        [](char h) { return llvm::isHexDigit(h); })) {
        error = std::string("truncated ") + form + " escape";
        errorOffset = bodyOffset + escStart;
        return false;
      }
      uint32_t cp = 0;
      for (char h : body.substr(i, digits))
        cp = cp * 16 + llvm::hexDigitValue(h);
      i += digits;
      if (digits == 2 && bytes) {
        value += static_cast<char>(cp);
        return true;
      }
      if (cp > 0x10FFFF) {
        error = "illegal Unicode character in escape";
        errorOffset = bodyOffset + escStart;
        return false;
      }
      appendUTF8(value, cp);
      return true;
    };
    switch (e) {
    case '\n':
      break;
    case '\r':
      if (i < body.size() && body[i] == '\n')
        ++i;
      break;
    case '\\':
    case '\'':
    case '"':
      value += e;
      break;
    case 'a':
      value += '\a';
      break;
    case 'b':
      value += '\b';
      break;
    case 'f':
      value += '\f';
      break;
    case 'n':
      value += '\n';
      break;
    case 'r':
      value += '\r';
      break;
    case 't':
      value += '\t';
      break;
    case 'v':
      value += '\v';
      break;
    case 'x':
      if (!hexEscape(2, "\\xXX"))
        return false;
      break;
    case 'u':
      if (bytes) {
        value += "\\u";
        break;
      }
      if (!hexEscape(4, "\\uXXXX"))
        return false;
      break;
    case 'U':
      if (bytes) {
        value += "\\U";
        break;
      }
      if (!hexEscape(8, "\\UXXXXXXXX"))
        return false;
      break;
    default:
      if (e >= '0' && e <= '7') {
        uint32_t cp = e - '0';
        for (unsigned k = 0;
             k < 2 && i < body.size() && body[i] >= '0' && body[i] <= '7';
             ++k, ++i)
          cp = cp * 8 + (body[i] - '0');
        if (bytes)
          value += static_cast<char>(cp & 0xFF);
        else
          appendUTF8(value, cp);
        break;
      }
      // Unknown escapes (and `\N{...}`, which needs the Unicode name
      // database) keep their backslash, as Python does for unknown ones.
      value += '\\';
      value += e;
      break;
    }
  }
  return true;
}
