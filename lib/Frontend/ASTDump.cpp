//===- ASTDump.cpp - S-expression dump of the kernel AST --------*- C++ -*-===//
//
// The printer behind `tilec --emit=ast` and the parser's unit tests. The
// format is meant to be read by people and compared by tests: operators print
// as their Python spelling, a chained comparison as `(cmp a < b <= c)`.
//
//===----------------------------------------------------------------------===//

#include "Frontend/ASTDump.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/Format.h"

#include <cstdio>
#include <cstdlib>

using namespace tilec::frontend;
using llvm::cast;

const char *tilec::frontend::binaryOpSpelling(BinaryOpKind op) {
  switch (op) {
  case BinaryOpKind::Add:
    return "+";
  case BinaryOpKind::Sub:
    return "-";
  case BinaryOpKind::Mul:
    return "*";
  case BinaryOpKind::TrueDiv:
    return "/";
  case BinaryOpKind::FloorDiv:
    return "//";
  case BinaryOpKind::Mod:
    return "%";
  case BinaryOpKind::Pow:
    return "**";
  case BinaryOpKind::MatMul:
    return "@";
  case BinaryOpKind::LShift:
    return "<<";
  case BinaryOpKind::RShift:
    return ">>";
  case BinaryOpKind::BitAnd:
    return "&";
  case BinaryOpKind::BitOr:
    return "|";
  case BinaryOpKind::BitXor:
    return "^";
  }
  return "?";
}

static const char *unaryOpSpelling(UnaryOpKind op) {
  switch (op) {
  case UnaryOpKind::Neg:
    return "neg";
  case UnaryOpKind::Pos:
    return "pos";
  case UnaryOpKind::Invert:
    return "invert";
  case UnaryOpKind::Not:
    return "not";
  }
  return "?";
}

const char *tilec::frontend::compareOpSpelling(CompareOpKind op) {
  switch (op) {
  case CompareOpKind::Eq:
    return "==";
  case CompareOpKind::NotEq:
    return "!=";
  case CompareOpKind::Lt:
    return "<";
  case CompareOpKind::LtE:
    return "<=";
  case CompareOpKind::Gt:
    return ">";
  case CompareOpKind::GtE:
    return ">=";
  case CompareOpKind::Is:
    return "is";
  case CompareOpKind::IsNot:
    return "is-not";
  case CompareOpKind::In:
    return "in";
  case CompareOpKind::NotIn:
    return "not-in";
  }
  return "?";
}

static void printQuoted(llvm::StringRef s, llvm::raw_ostream &os) {
  os << '"';
  for (unsigned char c : s) {
    switch (c) {
    case '"':
      os << "\\\"";
      break;
    case '\\':
      os << "\\\\";
      break;
    case '\n':
      os << "\\n";
      break;
    case '\t':
      os << "\\t";
      break;
    case '\r':
      os << "\\r";
      break;
    default:
      if (c < 0x20 || c == 0x7F)
        os << llvm::format("\\x%02x", c);
      else
        os << c;
    }
  }
  os << '"';
}

/// The shortest decimal form that reads back as `value`, always with a `.`
/// or an exponent so that it reads as a float.
static void printFloat(double value, llvm::raw_ostream &os) {
  char buf[64];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof(buf), "%.*g", precision, value);
    if (std::strtod(buf, nullptr) == value)
      break;
  }
  llvm::StringRef text(buf);
  os << text;
  if (text.find_first_of(".eni") == llvm::StringRef::npos)
    os << ".0";
}

void tilec::frontend::dumpExpr(const Expr &expr, llvm::raw_ostream &os) {
  auto optional = [&](const ExprPtr &e) {
    if (e)
      dumpExpr(*e, os);
    else
      os << '_';
  };
  auto list = [&](const std::vector<ExprPtr> &elts) {
    for (const ExprPtr &e : elts) {
      os << ' ';
      dumpExpr(*e, os);
    }
  };

  switch (expr.getKind()) {
  case Expr::Kind::Name:
    os << cast<NameExpr>(expr).name;
    return;
  case Expr::Kind::IntLit: {
    const auto &lit = cast<IntLitExpr>(expr);
    os << lit.value;
    if (lit.isUnsignedOnly)
      os << 'u';
    return;
  }
  case Expr::Kind::FloatLit:
    printFloat(cast<FloatLitExpr>(expr).value, os);
    return;
  case Expr::Kind::StrLit:
    printQuoted(cast<StrLitExpr>(expr).value, os);
    return;
  case Expr::Kind::BoolLit:
    os << (cast<BoolLitExpr>(expr).value ? "True" : "False");
    return;
  case Expr::Kind::NoneLit:
    os << "None";
    return;
  case Expr::Kind::EllipsisLit:
    os << "...";
    return;
  case Expr::Kind::Attribute: {
    const auto &attr = cast<AttributeExpr>(expr);
    os << "(. ";
    dumpExpr(*attr.value, os);
    os << ' ' << attr.attr << ')';
    return;
  }
  case Expr::Kind::Call: {
    const auto &call = cast<CallExpr>(expr);
    os << "(call ";
    dumpExpr(*call.func, os);
    list(call.args);
    for (const Keyword &kw : call.keywords) {
      os << " (kw " << kw.name << ' ';
      dumpExpr(*kw.value, os);
      os << ')';
    }
    os << ')';
    return;
  }
  case Expr::Kind::Subscript: {
    const auto &sub = cast<SubscriptExpr>(expr);
    os << "(sub ";
    dumpExpr(*sub.value, os);
    list(sub.indices);
    os << ')';
    return;
  }
  case Expr::Kind::Slice: {
    const auto &slice = cast<SliceExpr>(expr);
    os << "(slice ";
    optional(slice.lower);
    os << ' ';
    optional(slice.upper);
    os << ' ';
    optional(slice.step);
    os << ')';
    return;
  }
  case Expr::Kind::Tuple:
    os << "(tuple";
    list(cast<TupleExpr>(expr).elts);
    os << ')';
    return;
  case Expr::Kind::List:
    os << "(list";
    list(cast<ListExpr>(expr).elts);
    os << ')';
    return;
  case Expr::Kind::BinOp: {
    const auto &bin = cast<BinOpExpr>(expr);
    os << '(' << binaryOpSpelling(bin.op) << ' ';
    dumpExpr(*bin.lhs, os);
    os << ' ';
    dumpExpr(*bin.rhs, os);
    os << ')';
    return;
  }
  case Expr::Kind::UnaryOp: {
    const auto &un = cast<UnaryOpExpr>(expr);
    os << '(' << unaryOpSpelling(un.op) << ' ';
    dumpExpr(*un.operand, os);
    os << ')';
    return;
  }
  case Expr::Kind::BoolOp: {
    const auto &b = cast<BoolOpExpr>(expr);
    os << '(' << (b.op == BoolOpKind::And ? "and" : "or");
    list(b.values);
    os << ')';
    return;
  }
  case Expr::Kind::Compare: {
    const auto &cmp = cast<CompareExpr>(expr);
    if (cmp.ops.size() == 1) {
      os << '(' << compareOpSpelling(cmp.ops[0]) << ' ';
      dumpExpr(*cmp.left, os);
      os << ' ';
      dumpExpr(*cmp.comparators[0], os);
      os << ')';
      return;
    }
    os << "(cmp ";
    dumpExpr(*cmp.left, os);
    for (size_t i = 0; i < cmp.ops.size(); ++i) {
      os << ' ' << compareOpSpelling(cmp.ops[i]) << ' ';
      dumpExpr(*cmp.comparators[i], os);
    }
    os << ')';
    return;
  }
  case Expr::Kind::IfExp: {
    const auto &ifExp = cast<IfExpExpr>(expr);
    os << "(ifexp ";
    dumpExpr(*ifExp.test, os);
    os << ' ';
    dumpExpr(*ifExp.body, os);
    os << ' ';
    dumpExpr(*ifExp.orelse, os);
    os << ')';
    return;
  }
  case Expr::Kind::Dict: {
    const auto &dict = cast<DictExpr>(expr);
    os << "(dict";
    for (size_t i = 0; i < dict.keys.size(); ++i) {
      os << " (";
      dumpExpr(*dict.keys[i], os);
      os << ' ';
      dumpExpr(*dict.values[i], os);
      os << ')';
    }
    os << ')';
    return;
  }
  case Expr::Kind::Opaque:
    os << "(opaque ";
    printQuoted(cast<OpaqueExpr>(expr).text, os);
    os << ')';
    return;
  case Expr::Kind::Comprehension: {
    const auto &comp = cast<ComprehensionExpr>(expr);
    os << "(comprehension ";
    if (comp.key) {
      dumpExpr(*comp.key, os);
      os << ' ';
    }
    dumpExpr(*comp.elt, os);
    for (const CompFor &clause : comp.generators) {
      os << " (for ";
      dumpExpr(*clause.target, os);
      os << ' ';
      dumpExpr(*clause.iter, os);
      for (const ExprPtr &cond : clause.ifs) {
        os << " (if ";
        dumpExpr(*cond, os);
        os << ')';
      }
      os << ')';
    }
    os << ')';
    return;
  }
  case Expr::Kind::Starred:
    os << (cast<StarredExpr>(expr).doubleStar ? "(starstar " : "(star ");
    dumpExpr(*cast<StarredExpr>(expr).value, os);
    os << ')';
    return;
  }
}

std::string tilec::frontend::exprToString(const Expr &expr) {
  std::string s;
  llvm::raw_string_ostream os(s);
  dumpExpr(expr, os);
  return s;
}

static void dumpBlock(llvm::StringRef label, const StmtList &body,
                      llvm::raw_ostream &os, unsigned indent) {
  os << '\n';
  os.indent(indent) << '(' << label;
  for (const StmtPtr &s : body) {
    os << '\n';
    dumpStmt(*s, os, indent + 2);
  }
  os << ')';
}

void tilec::frontend::dumpStmt(const Stmt &stmt, llvm::raw_ostream &os,
                               unsigned indent) {
  os.indent(indent);
  switch (stmt.getKind()) {
  case Stmt::Kind::Expr:
    os << "(expr ";
    dumpExpr(*cast<ExprStmt>(stmt).value, os);
    os << ')';
    return;
  case Stmt::Kind::Assign: {
    const auto &assign = cast<AssignStmt>(stmt);
    os << "(=";
    for (const ExprPtr &t : assign.targets) {
      os << ' ';
      dumpExpr(*t, os);
    }
    os << ' ';
    dumpExpr(*assign.value, os);
    os << ')';
    return;
  }
  case Stmt::Kind::AugAssign: {
    const auto &aug = cast<AugAssignStmt>(stmt);
    os << '(' << binaryOpSpelling(aug.op) << "= ";
    dumpExpr(*aug.target, os);
    os << ' ';
    dumpExpr(*aug.value, os);
    os << ')';
    return;
  }
  case Stmt::Kind::AnnAssign: {
    const auto &ann = cast<AnnAssignStmt>(stmt);
    os << "(: ";
    dumpExpr(*ann.target, os);
    os << ' ';
    dumpExpr(*ann.annotation, os);
    if (ann.value) {
      os << ' ';
      dumpExpr(*ann.value, os);
    }
    os << ')';
    return;
  }
  case Stmt::Kind::Return: {
    const auto &ret = cast<ReturnStmt>(stmt);
    os << "(return";
    if (ret.value) {
      os << ' ';
      dumpExpr(*ret.value, os);
    }
    os << ')';
    return;
  }
  case Stmt::Kind::If: {
    const auto &ifStmt = cast<IfStmt>(stmt);
    os << "(if ";
    dumpExpr(*ifStmt.test, os);
    dumpBlock("then", ifStmt.body, os, indent + 2);
    if (!ifStmt.orelse.empty())
      dumpBlock("else", ifStmt.orelse, os, indent + 2);
    os << ')';
    return;
  }
  case Stmt::Kind::For: {
    const auto &forStmt = cast<ForStmt>(stmt);
    os << "(for ";
    dumpExpr(*forStmt.target, os);
    os << ' ';
    dumpExpr(*forStmt.iter, os);
    dumpBlock("body", forStmt.body, os, indent + 2);
    os << ')';
    return;
  }
  case Stmt::Kind::While: {
    const auto &whileStmt = cast<WhileStmt>(stmt);
    os << "(while ";
    dumpExpr(*whileStmt.test, os);
    dumpBlock("body", whileStmt.body, os, indent + 2);
    os << ')';
    return;
  }
  case Stmt::Kind::Pass:
    os << "(pass)";
    return;
  case Stmt::Kind::Assert: {
    const auto &assertStmt = cast<AssertStmt>(stmt);
    os << "(assert ";
    dumpExpr(*assertStmt.test, os);
    if (assertStmt.msg) {
      os << ' ';
      dumpExpr(*assertStmt.msg, os);
    }
    os << ')';
    return;
  }
  case Stmt::Kind::Break:
    os << "(break)";
    return;
  case Stmt::Kind::Continue:
    os << "(continue)";
    return;
  case Stmt::Kind::Raise:
    os << "(raise";
    if (!cast<RaiseStmt>(stmt).text.empty()) {
      os << ' ';
      printQuoted(cast<RaiseStmt>(stmt).text, os);
    }
    os << ")";
    return;
  case Stmt::Kind::Import:
  case Stmt::Kind::Def:
  case Stmt::Kind::Try:
  case Stmt::Kind::Opaque:
    // Module-level statements; the dump shows the jit functions only.
    os << "(module-level)";
    return;
  }
}

void tilec::frontend::dumpFunction(const FunctionDef &func,
                                   llvm::raw_ostream &os, unsigned indent) {
  os.indent(indent) << "(def " << func.name;
  if (!func.decorators.empty()) {
    os << '\n';
    os.indent(indent + 2) << "(decorators";
    for (const ExprPtr &d : func.decorators) {
      os << ' ';
      dumpExpr(*d, os);
    }
    os << ')';
  }
  os << '\n';
  os.indent(indent + 2) << "(params";
  for (const Param &p : func.params) {
    os << " (" << p.name;
    if (p.annotation) {
      os << " : ";
      dumpExpr(*p.annotation, os);
    }
    if (p.defaultValue) {
      os << " = ";
      dumpExpr(*p.defaultValue, os);
    }
    os << ')';
  }
  os << ')';
  if (func.returnAnnotation) {
    os << '\n';
    os.indent(indent + 2) << "(returns ";
    dumpExpr(*func.returnAnnotation, os);
    os << ')';
  }
  dumpBlock("body", func.body, os, indent + 2);
  os << ')';
}

void tilec::frontend::dumpAST(const Module &module, llvm::raw_ostream &os) {
  os << "(module ";
  printQuoted(module.filename, os);
  for (const ImportAlias &imp : module.imports)
    os << "\n  (import " << imp.module << " as " << imp.alias << ')';
  for (const ConstexprGlobal &g : module.globals) {
    os << "\n  (constexpr " << g.name << ' ';
    dumpExpr(*g.value, os);
    os << ')';
  }
  for (const auto &[name, loc, isFunction] : module.otherNames)
    os << "\n  (other " << name << ' ' << loc.line << ':' << loc.col << ')';
  for (const auto &f : module.functions) {
    os << '\n';
    dumpFunction(*f, os, 2);
  }
  os << ")\n";
}
