//===- ASTDump.h - S-expression dump of the kernel AST ----------*- C++ -*-===//
//
// Prints the AST of AST.h as indented s-expressions, for `tilec --emit=ast`
// and for the frontend's unit tests. Expressions print on one line
// (`(+ a (* b c))`), statements one per line.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_ASTDUMP_H
#define TILEC_LIB_FRONTEND_ASTDUMP_H

#include "Frontend/AST.h"

#include "llvm/Support/raw_ostream.h"

#include <string>

namespace tilec::frontend {

/// Dumps a whole module: imports, constexpr globals, other names and jit
/// functions.
void dumpAST(const Module &module, llvm::raw_ostream &os);

/// Dumps one expression on a single line.
void dumpExpr(const Expr &expr, llvm::raw_ostream &os);

/// Dumps one statement (and its nested blocks) at indentation `indent`.
void dumpStmt(const Stmt &stmt, llvm::raw_ostream &os, unsigned indent = 0);

/// Dumps a jit function at indentation `indent`.
void dumpFunction(const FunctionDef &func, llvm::raw_ostream &os,
                  unsigned indent = 0);

/// The source spelling of an operator: `+`, `//`, `<=`, `is not`.
const char *binaryOpSpelling(BinaryOpKind op);
const char *compareOpSpelling(CompareOpKind op);

/// The dump of an expression as a string.
std::string exprToString(const Expr &expr);

} // namespace tilec::frontend

#endif // TILEC_LIB_FRONTEND_ASTDUMP_H
