//===- SourceDiagnostics.cpp - tilec's user-facing errors -------*- C++ -*-===//
//
// See SourceDiagnostics.h. The shape of a diagnostic with its call stack
// and notes follows mlir::SourceMgrDiagnosticHandler, so that the output
// reads as it did when tilec printed through it; only the source line and
// the caret are tilec's own.
//
//===----------------------------------------------------------------------===//

#include "Compiler/SourceDiagnostics.h"

#include "Frontend/AST.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Unicode.h"
#include "llvm/Support/WithColor.h"

#include <optional>

using namespace tilec;

/// How many `called from` notes a diagnostic gets at most, as MLIR's
/// handler.
static constexpr unsigned kCallStackLimit = 10;

/// The text of line `line` (1-based) of `source` without its line end, or
/// nullopt past the end. `\r\n`, `\r` and `\n` each end a line, as in the
/// lexer; a byte order mark is not part of line 1.
static std::optional<llvm::StringRef> findLine(llvm::StringRef source,
                                               unsigned line) {
  if (source.starts_with("\xEF\xBB\xBF"))
    source = source.drop_front(3);
  size_t start = 0;
  for (unsigned l = 1; l < line; ++l) {
    size_t end = source.find_first_of("\r\n", start);
    if (end == llvm::StringRef::npos)
      return std::nullopt;
    start = end + (source.substr(end, 2) == "\r\n" ? 2 : 1);
  }
  size_t end = source.find_first_of("\r\n", start);
  return source.slice(start, end);
}

/// The display width of the code point of `line` that starts at `i`
/// (`len` bytes), at display column `column`: tabs go to the next multiple
/// of 8, wide characters take two columns, combining marks none, anything
/// unprintable one.
static unsigned displayWidth(llvm::StringRef line, size_t i, size_t len,
                             unsigned column) {
  if (line[i] == '\t')
    return (column / 8 + 1) * 8 - column;
  int width = llvm::sys::unicode::columnWidthUTF8(line.substr(i, len));
  return width < 0 ? 1 : static_cast<unsigned>(width);
}

/// The byte length of the code point that starts at `i`: its lead byte and
/// the continuation bytes after it (the rule frontend::countColumns counts
/// by).
static size_t codePointLength(llvm::StringRef line, size_t i) {
  size_t j = i + 1;
  while (j < line.size() &&
         (static_cast<unsigned char>(line[j]) & 0xC0) == 0x80)
    ++j;
  return j - i;
}

void tilec::printSourceDiagnostic(llvm::raw_ostream &os,
                                  llvm::StringRef filename,
                                  llvm::StringRef source, unsigned line,
                                  unsigned col, mlir::DiagnosticSeverity kind,
                                  llvm::StringRef message) {
  {
    llvm::WithColor header(os, llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true);
    header << filename;
    if (line)
      header << ':' << line << ':' << col;
    header << ": ";
  }
  switch (kind) {
  case mlir::DiagnosticSeverity::Error:
    llvm::WithColor::error(os);
    break;
  case mlir::DiagnosticSeverity::Warning:
    llvm::WithColor::warning(os);
    break;
  case mlir::DiagnosticSeverity::Note:
    llvm::WithColor::note(os);
    break;
  case mlir::DiagnosticSeverity::Remark:
    llvm::WithColor::remark(os);
    break;
  }
  llvm::WithColor(os, llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true)
      << message << '\n';
  if (!line)
    return;
  std::optional<llvm::StringRef> text = findLine(source, line);
  if (!text)
    return;

  // The echo with tabs expanded, and the caret at the display column of
  // code point `col`.
  std::string echo, caret;
  unsigned column = 0, point = 1;
  bool placed = false;
  for (size_t i = 0; i < text->size();) {
    size_t len = codePointLength(*text, i);
    unsigned width = displayWidth(*text, i, len, column);
    if (point == col) {
      caret.append(column, ' ');
      caret += '^';
      placed = true;
    }
    if ((*text)[i] == '\t')
      echo.append(width, ' ');
    else
      echo += text->substr(i, len);
    column += width;
    i += len;
    ++point;
  }
  // A column just past the end (an unexpected end of line) still gets one.
  if (!placed && col == point) {
    caret.append(column, ' ');
    caret += '^';
  }
  os << echo << '\n';
  if (!caret.empty())
    llvm::WithColor(os, llvm::raw_ostream::GREEN, /*Bold=*/true)
        << caret << '\n';
}

/// The file position a location shows, looking through call sites (their
/// callee), names, fusions and opaque locations as MLIR's handler does.
static std::optional<mlir::FileLineColLoc> findFileLoc(mlir::Location loc) {
  return llvm::TypeSwitch<mlir::LocationAttr,
                          std::optional<mlir::FileLineColLoc>>(loc)
      .Case([](mlir::FileLineColLoc l) { return l; })
      .Case([](mlir::CallSiteLoc l) { return findFileLoc(l.getCallee()); })
      .Case([](mlir::NameLoc l) { return findFileLoc(l.getChildLoc()); })
      .Case([](mlir::OpaqueLoc l) {
        return findFileLoc(l.getFallbackLocation());
      })
      .Case([](mlir::FusedLoc l) -> std::optional<mlir::FileLineColLoc> {
        for (mlir::Location child : l.getLocations())
          if (std::optional<mlir::FileLineColLoc> f = findFileLoc(child))
            return f;
        return std::nullopt;
      })
      .Default([](mlir::LocationAttr) { return std::nullopt; });
}

/// The call site of a location, looking through names and fusions.
static std::optional<mlir::CallSiteLoc> findCallSite(mlir::Location loc) {
  if (auto call = llvm::dyn_cast<mlir::CallSiteLoc>(loc))
    return call;
  if (auto name = llvm::dyn_cast<mlir::NameLoc>(loc))
    return findCallSite(name.getChildLoc());
  if (auto fused = llvm::dyn_cast<mlir::FusedLoc>(loc))
    for (mlir::Location child : fused.getLocations())
      if (std::optional<mlir::CallSiteLoc> call = findCallSite(child))
        return call;
  return std::nullopt;
}

SourceDiagnosticHandler::SourceDiagnosticHandler(mlir::MLIRContext *ctx,
                                                 llvm::raw_ostream &os)
    : mlir::ScopedDiagnosticHandler(ctx), os(os) {
  setHandler([this](mlir::Diagnostic &diag) { emitDiagnostic(diag); });
}

void SourceDiagnosticHandler::addSource(llvm::StringRef filename,
                                        llvm::StringRef source) {
  sources[filename] = source;
}

void SourceDiagnosticHandler::emitOne(mlir::Location loc,
                                      llvm::StringRef message,
                                      mlir::DiagnosticSeverity kind,
                                      bool showSource) {
  std::optional<mlir::FileLineColLoc> fileLoc = findFileLoc(loc);
  if (!fileLoc) {
    std::string text;
    llvm::raw_string_ostream textOS(text);
    if (!llvm::isa<mlir::UnknownLoc>(loc))
      textOS << loc << ": ";
    textOS << message;
    switch (kind) {
    case mlir::DiagnosticSeverity::Error:
      llvm::WithColor::error(os);
      break;
    case mlir::DiagnosticSeverity::Warning:
      llvm::WithColor::warning(os);
      break;
    case mlir::DiagnosticSeverity::Note:
      llvm::WithColor::note(os);
      break;
    case mlir::DiagnosticSeverity::Remark:
      llvm::WithColor::remark(os);
      break;
    }
    llvm::WithColor(os, llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true)
        << text << '\n';
    return;
  }
  llvm::StringRef filename = fileLoc->getFilename().getValue();
  llvm::StringRef source;
  if (showSource) {
    auto it = sources.find(filename);
    if (it != sources.end()) {
      source = it->second;
    } else if (llvm::sys::path::extension(filename) == ".py") {
      // A module the kernel's file imports (a helper's own file): read
      // once, for its source lines.
      auto &buf = loaded[filename];
      if (!buf)
        if (auto file = llvm::MemoryBuffer::getFile(filename))
          buf = std::move(*file);
      if (buf)
        source = buf->getBuffer();
    }
  }
  printSourceDiagnostic(os, filename, source, fileLoc->getLine(),
                        fileLoc->getColumn(), kind, message);
}

void SourceDiagnosticHandler::emitDiagnostic(mlir::Diagnostic &diag) {
  mlir::Location loc = diag.getLocation();
  emitOne(loc, diag.str(), diag.getSeverity(), /*showSource=*/true);
  // An error inside an inlined helper: where each call on the way was.
  if (std::optional<mlir::CallSiteLoc> call = findCallSite(loc)) {
    loc = call->getCaller();
    for (unsigned depth = 0; depth < kCallStackLimit; ++depth) {
      emitOne(loc, "called from", mlir::DiagnosticSeverity::Note,
              /*showSource=*/true);
      call = findCallSite(loc);
      if (!call)
        break;
      loc = call->getCaller();
    }
  }
  // A note echoes its line only where it moved from the previous one.
  for (mlir::Diagnostic &note : diag.getNotes()) {
    emitOne(note.getLocation(), note.str(), note.getSeverity(),
            /*showSource=*/loc != note.getLocation());
    loc = note.getLocation();
  }
  os.flush();
}
