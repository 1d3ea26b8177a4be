//===- LexerTest.cpp - Tests of the Python tokenizer ------------*- C++ -*-===//
//
// Checks the lexer against Python's tokenizer rules: indentation tokens,
// line joining, every number, string and operator form, token locations,
// and that problems become Error tokens rather than crashes.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Lexer.h"

#include "gtest/gtest.h"

#include <random>
#include <string>
#include <vector>

using namespace tilec::frontend;

namespace {

/// The token kinds of `src`, spelled and separated by spaces (the final EOF
/// left out).
std::string kinds(llvm::StringRef src) {
  std::string out;
  for (const Token &t : Lexer::tokenize(src)) {
    if (t.is(TokenKind::EndOfFile))
      break;
    if (!out.empty())
      out += ' ';
    out += getTokenKindSpelling(t.kind).str();
  }
  return out;
}

/// The only token of `src` before NEWLINE.
Token single(llvm::StringRef src) {
  std::vector<Token> toks = Lexer::tokenize(src);
  EXPECT_GE(toks.size(), 3u) << src.str();
  if (toks.size() < 3)
    return Token();
  EXPECT_TRUE(toks[1].is(TokenKind::Newline)) << src.str();
  return toks[0];
}

unsigned count(llvm::StringRef src, TokenKind kind) {
  unsigned n = 0;
  for (const Token &t : Lexer::tokenize(src))
    n += t.is(kind);
  return n;
}

const Token *firstError(const std::vector<Token> &toks) {
  for (const Token &t : toks)
    if (t.is(TokenKind::Error))
      return &t;
  return nullptr;
}

std::string decode(llvm::StringRef src) {
  Token t = single(src);
  EXPECT_TRUE(t.is(TokenKind::String)) << src.str() << ": " << t.message;
  std::string value, error;
  unsigned offset = 0;
  EXPECT_TRUE(decodeStringLiteral(t, value, error, offset)) << error;
  return value;
}

TEST(LexerTest, SimpleStatement) {
  EXPECT_EQ(kinds("x = 1\n"), "NAME '=' INT NEWLINE");
  EXPECT_EQ(kinds(""), "");
  EXPECT_EQ(kinds("\n\n"), "");
}

TEST(LexerTest, MissingFinalNewlineIsSynthesized) {
  std::vector<Token> toks = Lexer::tokenize("x");
  ASSERT_EQ(toks.size(), 3u);
  EXPECT_TRUE(toks[1].is(TokenKind::Newline));
  EXPECT_TRUE(toks[1].text.empty());
  EXPECT_TRUE(toks[2].is(TokenKind::EndOfFile));
}

TEST(LexerTest, IndentAndDedent) {
  const char *src = "if a:\n"
                    "    if b:\n"
                    "        c\n"
                    "    d\n"
                    "e\n";
  EXPECT_EQ(kinds(src), "'if' NAME ':' NEWLINE INDENT 'if' NAME ':' NEWLINE "
                        "INDENT NAME NEWLINE DEDENT NAME NEWLINE DEDENT NAME "
                        "NEWLINE");
}

TEST(LexerTest, SeveralDedentsAtOnceAndAtEndOfFile) {
  const char *src = "a:\n b:\n  c:\n   d\ne\n";
  EXPECT_EQ(count(src, TokenKind::Indent), 3u);
  EXPECT_EQ(count(src, TokenKind::Dedent), 3u);
  // All three DEDENTs come right before `e`.
  std::vector<Token> toks = Lexer::tokenize(src);
  size_t e = 0;
  while (toks[e].text != "e")
    ++e;
  EXPECT_TRUE(toks[e - 1].is(TokenKind::Dedent));
  EXPECT_TRUE(toks[e - 2].is(TokenKind::Dedent));
  EXPECT_TRUE(toks[e - 3].is(TokenKind::Dedent));
  EXPECT_EQ(toks[e - 1].loc.line, 5u);

  // Without a final dedent line, the DEDENTs come at the end of the file.
  EXPECT_EQ(kinds("a:\n  b:\n    c"),
            "NAME ':' NEWLINE INDENT NAME ':' NEWLINE INDENT NAME NEWLINE "
            "DEDENT DEDENT");
}

TEST(LexerTest, InconsistentDedentIsAnError) {
  std::vector<Token> toks = Lexer::tokenize("if a:\n    b\n  c\n");
  const Token *err = firstError(toks);
  ASSERT_NE(err, nullptr);
  EXPECT_EQ(err->message,
            "unindent does not match any outer indentation level");
  EXPECT_EQ(err->loc.line, 3u);
  EXPECT_EQ(err->loc.col, 3u);
}

TEST(LexerTest, TabsCountToTheNextMultipleOfEight) {
  // A tab and then two spaces is column 10: deeper than a lone tab.
  std::vector<Token> toks = Lexer::tokenize("a:\n\tb:\n\t  c\n");
  EXPECT_EQ(firstError(toks), nullptr);
  EXPECT_EQ(count("a:\n\tb:\n\t  c\n", TokenKind::Indent), 2u);
  // Three spaces and a tab is column 8, the same as a lone tab; but the
  // two lines disagree once tabs count 1, which Python refuses.
  toks = Lexer::tokenize("a:\n\tb\n   \tc\n");
  const Token *err = firstError(toks);
  ASSERT_NE(err, nullptr);
  EXPECT_EQ(err->message, "inconsistent use of tabs and spaces in indentation");
  // Tabs used consistently are fine.
  EXPECT_EQ(firstError(Lexer::tokenize("a:\n\tb:\n\t\tc\n\td\n")), nullptr);
}

TEST(LexerTest, BlankLinesAndCommentsProduceNoTokens) {
  const char *src = "x\n"
                    "\n"
                    "      # an indented comment\n"
                    "   \n"
                    "# another\n"
                    "y  # trailing\n";
  EXPECT_EQ(kinds(src), "NAME NEWLINE NAME NEWLINE");
  // A comment-only line inside a block does not dedent.
  EXPECT_EQ(kinds("a:\n    b\n# c\n    d\n"),
            "NAME ':' NEWLINE INDENT NAME NEWLINE NAME NEWLINE DEDENT");
}

TEST(LexerTest, ImplicitLineJoiningInBrackets) {
  const char *src = "f(a,\n"
                    "        b, [c,\n"
                    "  d], {e:\n"
                    "f})\n"
                    "g\n";
  EXPECT_EQ(kinds(src), "NAME '(' NAME ',' NAME ',' '[' NAME ',' NAME ']' ','"
                        " '{' NAME ':' NAME '}' ')' NEWLINE NAME NEWLINE");
}

TEST(LexerTest, BackslashContinuation) {
  EXPECT_EQ(kinds("x = 1 + \\\n        2\ny\n"),
            "NAME '=' INT '+' INT NEWLINE NAME NEWLINE");
  EXPECT_EQ(kinds("x = 1 + \\\r\n2\n"), "NAME '=' INT '+' INT NEWLINE");
  std::vector<Token> toks = Lexer::tokenize("x = \\ 1\n");
  const Token *err = firstError(toks);
  ASSERT_NE(err, nullptr);
  EXPECT_EQ(err->message,
            "unexpected character after line continuation character");
  // At the character after the backslash, as Python reports it.
  EXPECT_EQ(err->loc.col, 6u);
  EXPECT_EQ(err->text, " ");
  toks = Lexer::tokenize("x = \\");
  err = firstError(toks);
  ASSERT_NE(err, nullptr);
  EXPECT_EQ(err->message,
            "unexpected end of file after line continuation character");
}

TEST(LexerTest, LineEndings) {
  EXPECT_EQ(kinds("a\r\nb\rc\n"), "NAME NEWLINE NAME NEWLINE NAME NEWLINE");
  std::vector<Token> toks = Lexer::tokenize("a\r\n  b\r\n");
  EXPECT_EQ(toks[0].loc.line, 1u);
  EXPECT_EQ(toks[2].kind, TokenKind::Indent);
  EXPECT_EQ(toks[3].loc.line, 2u);
  EXPECT_EQ(toks[3].loc.col, 3u);
}

TEST(LexerTest, FormFeedResetsIndentation) {
  EXPECT_EQ(kinds("a\n  \fb\n"), "NAME NEWLINE NAME NEWLINE");
}

TEST(LexerTest, ByteOrderMark) {
  EXPECT_EQ(kinds("\xEF\xBB\xBFx = 1\n"), "NAME '=' INT NEWLINE");
}

TEST(LexerTest, Locations) {
  const char *src = "def f(x):\n"
                    "    return x  # c\n";
  std::vector<Token> toks = Lexer::tokenize(src);
  // def f ( x ) : NEWLINE INDENT return x NEWLINE DEDENT EOF
  ASSERT_EQ(toks.size(), 13u);
  EXPECT_EQ(toks[1].text, "f");
  EXPECT_EQ(toks[1].loc.line, 1u);
  EXPECT_EQ(toks[1].loc.col, 5u);
  EXPECT_EQ(toks[1].loc.offset, 4u);
  EXPECT_EQ(toks[8].text, "return");
  EXPECT_EQ(toks[8].loc.line, 2u);
  EXPECT_EQ(toks[8].loc.col, 5u);
  EXPECT_EQ(toks[8].loc.offset, 14u);
  EXPECT_EQ(toks[8].getEndOffset(), 20u);
  // The NEWLINE sits after the comment, on the line break.
  EXPECT_TRUE(toks[10].is(TokenKind::Newline));
  EXPECT_EQ(toks[10].loc.offset, 27u);
  EXPECT_EQ(toks[10].text, "\n");
  // A token after a multi-line string is on the right line.
  toks = Lexer::tokenize("s = '''a\nb\nc''' ; t\n");
  EXPECT_EQ(toks[2].loc.line, 1u);
  EXPECT_EQ(toks[3].text, ";");
  EXPECT_EQ(toks[3].loc.line, 3u);
  EXPECT_EQ(toks[3].loc.col, 6u);
}

TEST(LexerTest, ColumnsCountCodePoints) {
  // Python's columns (and tilec's carets) count characters, not bytes: é is
  // two bytes, 变 three, and each one column; a BOM is no column at all.
  std::vector<Token> toks = Lexer::tokenize("caf\xC3\xA9 = \xE5\x8F\x98 + x\n");
  ASSERT_GE(toks.size(), 5u);
  EXPECT_EQ(toks[1].text, "=");
  EXPECT_EQ(toks[1].loc.col, 6u);
  EXPECT_EQ(toks[1].loc.offset, 6u);
  EXPECT_EQ(toks[3].text, "+");
  EXPECT_EQ(toks[3].loc.col, 10u);
  toks = Lexer::tokenize("\xEF\xBB\xBFx = 1\n");
  EXPECT_EQ(toks[1].text, "=");
  EXPECT_EQ(toks[1].loc.col, 3u);
}

TEST(LexerTest, LiteralsPastTheDigitLimit) {
  // 4300 digits is the most (CPython's limit for decimal integers).
  EXPECT_TRUE(single(std::string(4300, '7')).is(TokenKind::Int));
  Token t = single(std::string(4301, '7'));
  ASSERT_TRUE(t.is(TokenKind::Error));
  EXPECT_EQ(t.message, "exceeds the limit (4300 digits) for integer string "
                       "conversion: value has 4301 digits");
  t = single("0x" + std::string(4301, 'f'));
  ASSERT_TRUE(t.is(TokenKind::Error));
  EXPECT_EQ(t.message,
            "hexadecimal literal has 4301 digits; tilec accepts at most 4300");
  t = single("1." + std::string(40000, '1'));
  ASSERT_TRUE(t.is(TokenKind::Error));
  EXPECT_EQ(t.message,
            "float literal has 40001 digits; tilec accepts at most 4300");
  EXPECT_TRUE(single("1." + std::string(4299, '1')).is(TokenKind::Float));
}

TEST(LexerTest, KeywordsAndNames) {
  EXPECT_EQ(kinds("if elif else for while def return pass and or not in is "
                  "lambda None True False"),
            "'if' 'elif' 'else' 'for' 'while' 'def' 'return' 'pass' 'and' "
            "'or' 'not' 'in' 'is' 'lambda' 'None' 'True' 'False' NEWLINE");
  // Soft keywords are names.
  EXPECT_EQ(kinds("match case type _ print"),
            "NAME NAME NAME NAME NAME NEWLINE");
  // Identifiers may be non-ASCII.
  Token t = single("r\xC3\xA9sum\xC3\xA9");
  EXPECT_EQ(t.kind, TokenKind::Name);
  EXPECT_EQ(t.text, "r\xC3\xA9sum\xC3\xA9");
}

TEST(LexerTest, Operators) {
  EXPECT_EQ(kinds("+ - * / // % ** @ << >> & | ^ ~ < > <= >= == != = -> := "
                  "! . ... , : ; ( ) [ ] { }"),
            "'+' '-' '*' '/' '//' '%' '**' '@' '<<' '>>' '&' '|' '^' '~' "
            "'<' '>' '<=' '>=' '==' '!=' '=' '->' ':=' '!' '.' '...' ',' "
            "':' ';' '(' ')' '[' ']' '{' '}' NEWLINE");
  EXPECT_EQ(kinds("+= -= *= /= //= %= **= @= &= |= ^= <<= >>="),
            "'+=' '-=' '*=' '/=' '//=' '%=' '**=' '@=' '&=' '|=' '^=' "
            "'<<=' '>>=' NEWLINE");
  // Longest match without spaces.
  EXPECT_EQ(kinds("a**=b//c>>=d<<e...f"),
            "NAME '**=' NAME '//' NAME '>>=' NAME '<<' NAME '...' NAME "
            "NEWLINE");
  EXPECT_EQ(kinds("x[:,None]"), "NAME '[' ':' ',' 'None' ']' NEWLINE");
}

struct NumberCase {
  const char *text;
  TokenKind kind;
};

TEST(LexerTest, ValidNumbers) {
  const NumberCase cases[] = {
      {"0", TokenKind::Int},         {"00", TokenKind::Int},
      {"0_0", TokenKind::Int},       {"7", TokenKind::Int},
      {"123", TokenKind::Int},       {"1_000_000", TokenKind::Int},
      {"0x1F", TokenKind::Int},      {"0XaB_cD", TokenKind::Int},
      {"0x_ff", TokenKind::Int},     {"0o17", TokenKind::Int},
      {"0O7_7", TokenKind::Int},     {"0b1010", TokenKind::Int},
      {"0B_1_0", TokenKind::Int},    {"1.", TokenKind::Float},
      {".5", TokenKind::Float},      {"1.5", TokenKind::Float},
      {"1e5", TokenKind::Float},     {"1E-5", TokenKind::Float},
      {"1.5e+3", TokenKind::Float},  {"1_0.0_1", TokenKind::Float},
      {"09.5", TokenKind::Float},    {"0e0", TokenKind::Float},
      {"1.e3", TokenKind::Float},    {".5e-2", TokenKind::Float},
      {"1j", TokenKind::Imaginary},  {"1.5J", TokenKind::Imaginary},
      {".5j", TokenKind::Imaginary}, {"1e3j", TokenKind::Imaginary},
      {"09j", TokenKind::Imaginary},
  };
  for (const NumberCase &c : cases) {
    Token t = single(c.text);
    EXPECT_EQ(t.kind, c.kind) << c.text << ": " << t.message;
    EXPECT_EQ(t.text, c.text);
  }
}

TEST(LexerTest, InvalidNumbers) {
  struct Case {
    const char *text;
    const char *message;
  } cases[] = {
      {"01", "leading zeros in decimal integer literals are not permitted; "
             "use an 0o prefix for octal integers"},
      {"0_7", "leading zeros in decimal integer literals are not permitted; "
              "use an 0o prefix for octal integers"},
      {"1__0", "invalid decimal literal"},
      {"1_", "invalid decimal literal"},
      {"1abc", "invalid decimal literal"},
      {"1e", "invalid decimal literal"},
      {"1._5", "invalid decimal literal"},
      {"0x", "invalid hexadecimal literal"},
      {"0xfg", "invalid hexadecimal literal"},
      {"0b2", "invalid binary literal"},
      {"0b12", "invalid binary literal"},
      {"0o8", "invalid octal literal"},
      {"1jx", "invalid imaginary literal"},
  };
  for (const Case &c : cases) {
    Token t = single(c.text);
    EXPECT_EQ(t.kind, TokenKind::Error) << c.text;
    EXPECT_EQ(t.message, c.message) << c.text;
    EXPECT_EQ(t.text, c.text);
  }
}

TEST(LexerTest, ExponentWithoutDigits) {
  std::vector<Token> toks = Lexer::tokenize("1e+");
  EXPECT_EQ(toks[0].kind, TokenKind::Error);
  EXPECT_EQ(toks[0].message, "invalid decimal literal");
}

TEST(LexerTest, KeywordsMayFollowNumbers) {
  EXPECT_EQ(kinds("1if x else 2"), "INT 'if' NAME 'else' INT NEWLINE");
  EXPECT_EQ(kinds("0x1for"), "INT 'or' NEWLINE");
  EXPECT_EQ(kinds("1or 2"), "INT 'or' INT NEWLINE");
  EXPECT_EQ(kinds("1.real"), "ERROR NEWLINE");
  EXPECT_EQ(kinds("1 .real"), "INT '.' NAME NEWLINE");
}

TEST(LexerTest, StringForms) {
  struct Case {
    const char *text;
    uint8_t prefix;
    bool triple;
  } cases[] = {
      {"'a'", SP_None, false},
      {"\"a\"", SP_None, false},
      {"''", SP_None, false},
      {"'''a\n'b'\n\"\"c'''", SP_None, true},
      {"\"\"\"x\"\"y\"\"\"", SP_None, true},
      {"r'\\d'", SP_Raw, false},
      {"R\"\\\"\"", SP_Raw, false},
      {"b'x'", SP_Bytes, false},
      {"B'x'", SP_Bytes, false},
      {"u'x'", SP_Unicode, false},
      {"U'x'", SP_Unicode, false},
      {"f'x'", SP_Format, false},
      {"F'x'", SP_Format, false},
      {"rb'x'", SP_Raw | SP_Bytes, false},
      {"bR'x'", SP_Raw | SP_Bytes, false},
      {"Br'x'", SP_Raw | SP_Bytes, false},
      {"RB'x'", SP_Raw | SP_Bytes, false},
      {"fr'x'", SP_Raw | SP_Format, false},
      {"rF'x'", SP_Raw | SP_Format, false},
      {"Rf'''x'''", SP_Raw | SP_Format, true},
      {"t'x'", SP_Template, false},
      {"'it\\'s'", SP_None, false},
      {"'a\\\nb'", SP_None, false},
  };
  for (const Case &c : cases) {
    Token t = single(c.text);
    EXPECT_EQ(t.kind, TokenKind::String) << c.text << ": " << t.message;
    EXPECT_EQ(t.text, c.text);
    EXPECT_EQ(t.stringPrefix, c.prefix) << c.text;
    EXPECT_EQ(t.tripleQuoted, c.triple) << c.text;
  }
  // Not prefixes: these are a name followed by a string.
  EXPECT_EQ(kinds("ur'x'"), "NAME STRING NEWLINE");
  EXPECT_EQ(kinds("bb'x'"), "NAME STRING NEWLINE");
  EXPECT_EQ(kinds("rb 'x'"), "NAME STRING NEWLINE");
  // Adjacent literals are separate tokens.
  EXPECT_EQ(kinds("'a' \"b\" r'c'"), "STRING STRING STRING NEWLINE");
}

TEST(LexerTest, FormatStringsWithNestedQuotes) {
  // Python 3.12 (PEP 701): replacement fields may reuse the outer quote,
  // nest f-strings, span lines and hold comments.
  const char *cases[] = {
      "f\"{d[\"key\"]}\"",
      "f'{x!r:>{width}}'",
      "f\"{'}'}\"",
      "f'{{literal}}'",
      "f\"{f'{f\"{1}\"}'}\"",
      "f\"{x:{'^'}{10}}\"",
      "f\"{ {'a': 1}['a'] }\"",
      "f\"{', '.join([\n    'a',  # first\n    'b',\n])}\"",
      "rf'\\d{x}'",
  };
  for (const char *c : cases) {
    Token t = single(c);
    EXPECT_EQ(t.kind, TokenKind::String) << c << ": " << t.message;
    EXPECT_EQ(t.text, c);
  }
}

TEST(LexerTest, UnterminatedStrings) {
  std::vector<Token> toks = Lexer::tokenize("x = 'abc\ny = 1\n");
  const Token *err = firstError(toks);
  ASSERT_NE(err, nullptr);
  EXPECT_EQ(err->message, "unterminated string literal (detected at line 1)");
  EXPECT_EQ(err->loc.line, 1u);
  EXPECT_EQ(err->loc.col, 5u);
  EXPECT_EQ(err->text, "'abc");
  // Lexing goes on with the next line.
  EXPECT_EQ(kinds("x = 'abc\ny = 1\n"), "NAME '=' ERROR NEWLINE NAME '=' INT "
                                        "NEWLINE");

  toks = Lexer::tokenize("s = \"\"\"abc\n\ndef\n");
  err = firstError(toks);
  ASSERT_NE(err, nullptr);
  // Detected on the last line: the final line break ends line 3.
  EXPECT_EQ(err->message,
            "unterminated triple-quoted string literal (detected at line 3)");
  EXPECT_EQ(err->loc.line, 1u);
  EXPECT_EQ(err->loc.col, 5u);
  toks = Lexer::tokenize("s = '''abc\n\ndef");
  EXPECT_EQ(firstError(toks)->message,
            "unterminated triple-quoted string literal (detected at line 3)");
  toks = Lexer::tokenize("s = '''abc\n\n");
  EXPECT_EQ(firstError(toks)->message,
            "unterminated triple-quoted string literal (detected at line 2)");

  toks = Lexer::tokenize("f'{x'\n");
  err = firstError(toks);
  ASSERT_NE(err, nullptr);
  EXPECT_EQ(err->message, "unterminated f-string literal (detected at line 1)");
  toks = Lexer::tokenize("x = 1\ny = f'''a\n");
  EXPECT_EQ(firstError(toks)->message,
            "unterminated triple-quoted f-string literal (detected at line 2)");
}

TEST(LexerTest, StringValues) {
  EXPECT_EQ(decode("'abc'"), "abc");
  EXPECT_EQ(decode("'a\\nb\\tc\\\\d\\'e\\\"f'"), "a\nb\tc\\d'e\"f");
  EXPECT_EQ(decode("'\\x41\\101\\u00e9\\U0001F600'"),
            "AA\xC3\xA9\xF0\x9F\x98\x80");
  EXPECT_EQ(decode("'\\0'"), std::string(1, '\0'));
  EXPECT_EQ(decode("'a\\\nb'"), "ab");
  EXPECT_EQ(decode("'\\d'"), "\\d");
  EXPECT_EQ(decode("r'\\n\\d'"), "\\n\\d");
  EXPECT_EQ(decode("'''a\r\nb'''"), "a\nb");
  EXPECT_EQ(decode("\"\"\"x\"y\"\"\""), "x\"y");
  EXPECT_EQ(decode("u'\\a\\b\\f\\v\\r'"), "\a\b\f\v\r");

  Token t = single("'ab\\x4'");
  std::string value, error;
  unsigned offset = 0;
  EXPECT_FALSE(decodeStringLiteral(t, value, error, offset));
  EXPECT_EQ(error, "truncated \\xXX escape");
  EXPECT_EQ(offset, 3u);
  t = single("'\\u12'");
  EXPECT_FALSE(decodeStringLiteral(t, value, error, offset));
  EXPECT_EQ(error, "truncated \\uXXXX escape");
}

TEST(LexerTest, InvalidCharacters) {
  struct Case {
    const char *src;
    const char *message;
  } cases[] = {
      {"a $ b", "invalid character '$' (U+0024)"},
      {"a ? b", "invalid character '?' (U+003F)"},
      {"a ` b", "invalid character '`' (U+0060)"},
      {"a \xE2\x86\x92 b", "invalid character '\xE2\x86\x92' (U+2192)"},
      {"x = \xE2\x80\x9Chi\xE2\x80\x9D",
       "invalid character '\xE2\x80\x9C' (U+201C)"},
      {"a \x01 b", "invalid non-printable character U+0001"},
      {"a \xC2\xA0 b", "invalid non-printable character U+00A0"},
      {"a \xFF b", "invalid UTF-8 byte 0xFF"},
      {"a \xC3", "invalid UTF-8 byte 0xC3"},
  };
  for (const Case &c : cases) {
    std::vector<Token> toks = Lexer::tokenize(c.src);
    const Token *err = firstError(toks);
    ASSERT_NE(err, nullptr) << c.src;
    EXPECT_EQ(err->message, c.message);
  }
  std::vector<Token> toks = Lexer::tokenize(llvm::StringRef("a\0b", 3));
  const Token *err = firstError(toks);
  ASSERT_NE(err, nullptr);
  EXPECT_EQ(err->message, "invalid non-printable character U+0000");
  EXPECT_EQ(err->loc.col, 2u);
}

TEST(LexerTest, EndOfFileInsideBrackets) {
  // The token lies at the end of the file; its message belongs to the
  // innermost bracket still open.
  std::vector<Token> toks = Lexer::tokenize("f(a, [b,\n  c");
  const Token *err = firstError(toks);
  ASSERT_NE(err, nullptr);
  EXPECT_EQ(err->message, "'[' was never closed");
  EXPECT_TRUE(err->neverClosed);
  EXPECT_EQ(err->loc.line, 2u);
  EXPECT_EQ(err->loc.col, 4u);
  EXPECT_EQ(err->getErrorLoc().line, 1u);
  EXPECT_EQ(err->getErrorLoc().col, 6u);
  EXPECT_EQ(err->getErrorLoc().offset, 5u);
  EXPECT_TRUE(toks.back().is(TokenKind::EndOfFile));
  toks = Lexer::tokenize("x = ((1,\n 2) +\n");
  err = firstError(toks);
  ASSERT_NE(err, nullptr);
  EXPECT_EQ(err->message, "'(' was never closed");
  EXPECT_EQ(err->getErrorLoc().col, 5u);
  toks = Lexer::tokenize("x = {");
  err = firstError(toks);
  ASSERT_NE(err, nullptr);
  EXPECT_EQ(err->message, "'{' was never closed");
}

TEST(LexerTest, BadClosingBrackets) {
  std::vector<Token> toks = Lexer::tokenize("x = 1)\n");
  const Token *err = firstError(toks);
  ASSERT_NE(err, nullptr);
  EXPECT_EQ(err->message, "unmatched ')'");
  EXPECT_EQ(err->loc.col, 6u);
  EXPECT_EQ(err->text, ")");
  EXPECT_EQ(firstError(Lexer::tokenize("]"))->message, "unmatched ']'");
  EXPECT_EQ(firstError(Lexer::tokenize("a}"))->message, "unmatched '}'");

  toks = Lexer::tokenize("x = (1, 2]\n");
  err = firstError(toks);
  ASSERT_NE(err, nullptr);
  EXPECT_EQ(err->message,
            "closing parenthesis ']' does not match opening parenthesis '('");
  EXPECT_EQ(err->loc.col, 10u);
  toks = Lexer::tokenize("x = [1,\n  2)\ny\n");
  err = firstError(toks);
  ASSERT_NE(err, nullptr);
  EXPECT_EQ(err->message, "closing parenthesis ')' does not match opening "
                          "parenthesis '[' on line 1");
  EXPECT_EQ(err->loc.line, 2u);
  EXPECT_EQ(err->loc.col, 4u);
  // A mismatched closer still closes: the next line is a new one.
  EXPECT_EQ(kinds("x = [1,\n  2)\ny\n"),
            "NAME '=' '[' INT ',' INT ERROR NEWLINE NAME NEWLINE");
}

TEST(LexerTest, LexAfterEndOfFileKeepsReturningEndOfFile) {
  Lexer lexer("x");
  while (!lexer.lex().is(TokenKind::EndOfFile)) {
  }
  EXPECT_TRUE(lexer.lex().is(TokenKind::EndOfFile));
  EXPECT_TRUE(lexer.lex().is(TokenKind::EndOfFile));
}

TEST(LexerTest, RandomBytesAlwaysTerminate) {
  std::mt19937 rng(1234);
  const char alphabet[] = "abc_019 \t\n\r\\'\"#()[]{}:.,=+-*/%@&|^~<>!$?\f"
                          "\x80\xC3\xA9\xE2\xFF";
  for (unsigned i = 0; i < 2000; ++i) {
    std::string s;
    unsigned len = rng() % 80;
    for (unsigned j = 0; j < len; ++j) {
      if (rng() % 4 == 0)
        s += static_cast<char>(rng() % 256);
      else
        s += alphabet[rng() % (sizeof(alphabet) - 1)];
    }
    std::vector<Token> toks = Lexer::tokenize(s);
    ASSERT_FALSE(toks.empty());
    EXPECT_TRUE(toks.back().is(TokenKind::EndOfFile));
    // Tokens lie inside the buffer, in order.
    unsigned last = 0;
    for (const Token &t : toks) {
      EXPECT_LE(t.loc.offset, s.size());
      EXPECT_LE(t.getEndOffset(), s.size());
      EXPECT_GE(t.loc.offset, last);
      last = t.loc.offset;
    }
    unsigned indents = 0, dedents = 0;
    for (const Token &t : toks) {
      indents += t.is(TokenKind::Indent);
      dedents += t.is(TokenKind::Dedent);
    }
    EXPECT_EQ(indents, dedents);
  }
}

} // namespace
