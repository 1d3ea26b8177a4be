//===- Lexer.h - Python tokenizer for kernel files --------------*- C++ -*-===//
//
// Tokenizes a whole `.py` file with Python's rules: INDENT / DEDENT / NEWLINE
// from a stack of indentation widths, implicit line joining inside brackets,
// backslash continuation, comments, every number, string and operator form.
// The lexer never reports a diagnostic itself: a problem becomes an Error
// token carrying its message, and the parser reports it only when the token
// falls inside code it actually parses. Arbitrary Python elsewhere in the
// file therefore never causes an error.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_LEXER_H
#define TILEC_LIB_FRONTEND_LEXER_H

#include "Frontend/AST.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <deque>
#include <string>
#include <utility>
#include <vector>

namespace tilec::frontend {

enum class TokenKind : uint8_t {
  EndOfFile,
  Newline,
  Indent,
  Dedent,
  /// Something Python does not accept; Token::message says what.
  Error,

  Name,
  Int,
  Float,
  Imaginary,
  String,

  // Keywords (soft keywords such as `match` and `type` stay Names).
  kw_False,
  kw_None,
  kw_True,
  kw_and,
  kw_as,
  kw_assert,
  kw_async,
  kw_await,
  kw_break,
  kw_class,
  kw_continue,
  kw_def,
  kw_del,
  kw_elif,
  kw_else,
  kw_except,
  kw_finally,
  kw_for,
  kw_from,
  kw_global,
  kw_if,
  kw_import,
  kw_in,
  kw_is,
  kw_lambda,
  kw_nonlocal,
  kw_not,
  kw_or,
  kw_pass,
  kw_raise,
  kw_return,
  kw_try,
  kw_while,
  kw_with,
  kw_yield,

  // Delimiters.
  LParen,
  RParen,
  LSquare,
  RSquare,
  LBrace,
  RBrace,
  Comma,
  Colon,
  Semi,
  Dot,
  Ellipsis,   // ...
  Arrow,      // ->
  ColonEqual, // :=
  Exclaim,    // !

  // Operators.
  Equal,
  EqEqual,
  NotEqual,
  Less,
  LessEqual,
  Greater,
  GreaterEqual,
  Plus,
  Minus,
  Star,
  Slash,
  DoubleSlash,
  Percent,
  DoubleStar,
  At,
  Amp,
  Pipe,
  Caret,
  Tilde,
  LeftShift,
  RightShift,

  // Augmented assignment operators.
  PlusEqual,
  MinusEqual,
  StarEqual,
  SlashEqual,
  DoubleSlashEqual,
  PercentEqual,
  DoubleStarEqual,
  AtEqual,
  AmpEqual,
  PipeEqual,
  CaretEqual,
  LeftShiftEqual,
  RightShiftEqual,
};

/// The prefix letters of a string literal, as a bit set.
enum StringPrefixFlags : uint8_t {
  SP_None = 0,
  SP_Raw = 1 << 0,      // r
  SP_Bytes = 1 << 1,    // b
  SP_Format = 1 << 2,   // f
  SP_Unicode = 1 << 3,  // u
  SP_Template = 1 << 4, // t (Python 3.14 template strings)
};

struct Token {
  TokenKind kind = TokenKind::EndOfFile;
  /// For String tokens: StringPrefixFlags of the prefix.
  uint8_t stringPrefix = SP_None;
  /// For String tokens: whether the literal is triple-quoted.
  bool tripleQuoted = false;
  /// For the Error token of a bracket still open at the end of the file
  /// (the token lies at the end, like the EOF token).
  bool neverClosed = false;
  /// Where the token starts.
  SourceLoc loc;
  /// The exact source text of the token (empty for INDENT, DEDENT, EOF and
  /// the NEWLINE synthesized at the end of a file without a final newline).
  llvm::StringRef text;
  /// For Error tokens: what is wrong, in diagnostic form.
  std::string message;
  /// For Error tokens: where to report `message` (line 0: at `loc`). An
  /// unclosed bracket is reported at the bracket.
  SourceLoc errorLoc;

  /// Where an Error token's message belongs.
  SourceLoc getErrorLoc() const { return errorLoc.line ? errorLoc : loc; }

  bool is(TokenKind k) const { return kind == k; }
  bool isNot(TokenKind k) const { return kind != k; }
  bool isKeyword() const {
    return kind >= TokenKind::kw_False && kind <= TokenKind::kw_yield;
  }
  /// Byte offset one past the token's last character.
  unsigned getEndOffset() const { return loc.offset + text.size(); }
};

/// A readable name for a token kind (`'('`, `NEWLINE`, `'def'`), for
/// diagnostics and tests.
llvm::StringRef getTokenKindSpelling(TokenKind kind);

/// Produces the tokens of a buffer one at a time. After the EndOfFile token
/// every further call returns EndOfFile again.
class Lexer {
public:
  explicit Lexer(llvm::StringRef buffer);

  /// Returns the next token.
  Token lex();

  /// Tokenizes the whole buffer; the last token is always EndOfFile.
  static std::vector<Token> tokenize(llvm::StringRef buffer);

private:
  void lexLineStart();
  void lexEndOfFile();
  Token lexIdentifierOrString();
  Token lexNumber();
  Token lexString(size_t start, uint8_t prefix, size_t quotePos);
  Token lexOperator();
  Token lexInvalidCharacter();

  /// Scans a string body that starts at `p` (after the opening quotes); on
  /// success returns true and sets `p` past the closing quotes.
  bool scanStringBody(size_t &p, char quote, bool triple, bool isFormat,
                      unsigned depth, std::string &error);
  /// Scans an f-string replacement field whose `{` precedes `p`.
  bool scanReplacementField(size_t &p, char quote, bool triple, unsigned depth,
                            std::string &error);
  /// Scans an f-string format spec (after the `:` of a field).
  bool scanFormatSpec(size_t &p, char quote, bool triple, unsigned depth,
                      std::string &error);

  /// Length of the line break at `p` (1 or 2), or 0 when there is none.
  unsigned newlineLength(size_t p) const;
  /// Records a line break of length `len` at `p`; returns the position
  /// after it.
  size_t takeNewline(size_t p, unsigned len);

  SourceLoc locAt(size_t p) const;
  Token makeToken(TokenKind kind, size_t start, size_t end) const;
  Token makeError(size_t start, size_t end, std::string message) const;

  llvm::StringRef buffer;
  size_t pos = 0;
  unsigned line = 1;
  size_t lineStart = 0;
  /// locAt's memo: the column `colCount` of byte `colOffset` on the line
  /// starting at `colLineStart`.
  mutable size_t colLineStart = 0, colOffset = 0;
  mutable unsigned colCount = 1;

  /// Indentation widths: (column with tabs to multiples of 8, column with
  /// tabs counting 1), to detect inconsistent tabs and spaces.
  std::vector<std::pair<unsigned, unsigned>> indents;
  /// An open bracket: its character and where it is.
  struct OpenBracket {
    char c;
    SourceLoc loc;
  };
  /// The open brackets, innermost last.
  std::vector<OpenBracket> brackets;
  bool atLineStart = true;
  bool lineHasTokens = false;
  bool finished = false;
  std::deque<Token> pending;
};

/// Decodes the value of a String token (prefix, quotes and escapes
/// processed, line breaks normalized to `\n`). On a malformed escape returns
/// false with `error` set and `errorOffset` the byte offset of the escape.
bool decodeStringLiteral(const Token &tok, std::string &value,
                         std::string &error, unsigned &errorOffset);

} // namespace tilec::frontend

#endif // TILEC_LIB_FRONTEND_LEXER_H
