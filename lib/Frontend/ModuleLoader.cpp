//===- ModuleLoader.cpp - Imports of the evaluator, found as Python finds them -*- C++ -*-===//
//
// See Evaluator.h. `import a.b as m`, `from .utils import f`, `from ..ops
// import kernels` are resolved against the kernel file's own package (found
// by walking up the directories that hold an `__init__.py`), then the `-I`
// directories, then PYTHONPATH. A module found there is read, parsed and
// run when a name of it is first needed, so that a file importing a large
// package only reads what the kernel uses. triton, torch, numpy and any
// package not found on those paths are outside the program: their names
// are external values. A relative import that finds nothing, or a name a
// module of the program does not define, fails as in Python: an `except
// ImportError` handler around it runs.
//
//===----------------------------------------------------------------------===//

#include "Frontend/EvaluatorImpl.h"
#include "Frontend/Parser.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

using namespace tilec::frontend;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
using llvm::StringRef;
using llvm::Twine;

namespace {
/// The directory of `file`, absolute.
std::string absoluteDir(StringRef file) {
  llvm::SmallString<256> p(file);
  (void)fs::make_absolute(p);
  path::remove_dots(p, /*remove_dot_dot=*/true);
  path::remove_filename(p);
  return std::string(p);
}

std::string join(StringRef a, StringRef b) {
  llvm::SmallString<256> p(a);
  path::append(p, b);
  return std::string(p);
}

bool isPackageDir(StringRef dir) {
  return fs::exists(join(dir, "__init__.py"));
}

/// A value that marks a failed import (Python's ImportError).
PyValue importError() { return PyValue::object("ImportError"); }
} // namespace

EvalOptions tilec::frontend::makeEvalOptions(StringRef arch,
                                             std::vector<std::string> dirs,
                                             bool usePythonPath) {
  EvalOptions eval;
  eval.includeDirs = std::move(dirs);
  eval.usePythonPath = usePythonPath;
  // `sm_90a` -> (9, 0): torch.cuda.get_device_capability() of the target.
  unsigned sm = 0;
  if (arch.consume_front("sm_")) {
    arch.consume_back("a");
    if (!arch.getAsInteger(10, sm) && sm >= 10) {
      eval.ccMajor = int(sm / 10);
      eval.ccMinor = int(sm % 10);
    }
  }
  return eval;
}

Evaluator::Evaluator(const Module &main, EvalOptions opts)
    : main(main), options(std::move(opts)) {
  // The kernel file's package: the directories above it that hold an
  // `__init__.py`; the directory above the topmost one is a search root.
  std::string dir = absoluteDir(main.filename);
  std::string dotted = path::stem(main.filename).str();
  std::string root = dir;
  while (!root.empty() && isPackageDir(root)) {
    std::string parent = std::string(path::parent_path(root));
    if (parent == root)
      break;
    dotted = path::filename(root).str() + "." + dotted;
    root = parent;
  }
  std::vector<std::string> roots = {root, dir};
  for (const std::string &d : options.includeDirs)
    roots.push_back(d);
  if (options.usePythonPath)
    if (std::optional<std::string> pp = llvm::sys::Process::GetEnv("PYTHONPATH")) {
      llvm::SmallVector<StringRef> parts;
      StringRef(*pp).split(parts, ':', -1, /*KeepEmpty=*/false);
      for (StringRef p : parts)
        roots.push_back(p.str());
    }
  options.includeDirs = std::move(roots);
  auto state = std::make_unique<ModuleState>();
  state->file = main.filename;
  state->dotted = dotted;
  state->module = &main;
  state->globals["__name__"] = PyValue::str(dotted);
  for (const auto &f : main.functions)
    owners[f.get()] = &main;
  for (const auto &f : main.plainFunctions)
    owners[f.get()] = &main;
  for (const auto &f : main.constexprFunctions)
    owners[f.get()] = &main;
  byModule[&main] = state.get();
  byFile[std::string(path::filename(main.filename)) + "\x01main"] =
      std::move(state);
}

Evaluator::~Evaluator() = default;

Evaluator::ModuleState &Evaluator::stateOf(const Module &m) {
  if (ModuleState *s = byModule.lookup(&m))
    return *s;
  // A module the evaluator did not load (the prelude): a namespace of its
  // own.
  auto state = std::make_unique<ModuleState>();
  state->file = m.filename;
  state->module = &m;
  ModuleState *raw = state.get();
  byModule[&m] = raw;
  byFile[m.filename + "\x01other"] = std::move(state);
  return *raw;
}

Evaluator::ModuleState *Evaluator::loadFile(const std::string &file,
                                            const std::string &dotted) {
  if (auto it = byFile.find(file); it != byFile.end())
    return it->second.get();
  auto state = std::make_unique<ModuleState>();
  state->file = file;
  state->dotted = dotted;
  ModuleState *raw = state.get();
  byFile[file] = std::move(state);
  if (StringRef(file).ends_with("/")) {
    // A namespace package: a directory without `__init__.py`.
    raw->dir = file;
    auto empty = std::make_unique<Module>();
    empty->filename = file;
    raw->owned = std::move(empty);
    raw->module = raw->owned.get();
    byModule[raw->module] = raw;
    return raw;
  }
  if (path::filename(file) == "__init__.py")
    raw->dir = absoluteDir(file);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buf =
      llvm::MemoryBuffer::getFile(file);
  if (!buf) {
    raw->error = "cannot read '" + file + "'";
    return raw;
  }
  CollectingDiagnosticSink sink;
  raw->owned = parseModule((*buf)->getBuffer(), file, sink);
  if (!raw->owned) {
    const auto &e = sink.entries.front();
    raw->error = path::filename(file).str() + ":" + std::to_string(e.loc.line) +
                 ":" + std::to_string(e.loc.col) + ": " + e.message;
    return raw;
  }
  raw->module = raw->owned.get();
  raw->globals["__name__"] = PyValue::str(dotted);
  byModule[raw->module] = raw;
  for (const auto &f : raw->module->functions)
    owners[f.get()] = raw->module;
  for (const auto &f : raw->module->plainFunctions)
    owners[f.get()] = raw->module;
  for (const auto &f : raw->module->constexprFunctions)
    owners[f.get()] = raw->module;
  return raw;
}

std::vector<std::string> Evaluator::filesRead() const {
  std::vector<std::string> files;
  for (const auto &[key, state] : byFile)
    if (state->owned && !StringRef(state->file).ends_with("/"))
      files.push_back(state->file);
  return files;
}

/// The file (or namespace directory, ending in '/') of module `rel` under
/// `dir`, or "".
static std::string findIn(StringRef dir, StringRef rel) {
  llvm::SmallVector<StringRef> parts;
  rel.split(parts, '.');
  std::string d = dir.str();
  for (size_t k = 0; k + 1 < parts.size(); ++k) {
    d = join(d, parts[k]);
    if (!fs::is_directory(d))
      return "";
  }
  std::string last = join(d, parts.back());
  if (fs::is_directory(last)) {
    if (isPackageDir(last))
      return join(last, "__init__.py");
    // A directory of the same name shadows nothing when a module exists.
    if (fs::exists(last + ".py"))
      return last + ".py";
    return last + "/";
  }
  if (fs::exists(last + ".py"))
    return last + ".py";
  return "";
}

/// Packages outside the program whatever the search path holds.
static bool isExternalPackage(StringRef top) {
  return top == "triton" || top == "torch" || top == "numpy" || top == "os" ||
         top == "math" || top == "functools" || top == "typing" ||
         top == "sys" || top == "tilec" || top == "dataclasses" ||
         top == "enum" || top == "itertools" || top == "warnings" ||
         top == "logging" || top == "collections" || top == "operator" ||
         top == "__future__" || top == "packaging" || top == "importlib" ||
         top == "inspect" || top == "contextlib" || top == "abc";
}

PyValue Evaluator::importModule(const ImportAlias &imp, Frame &frame) {
  ModuleState &self = *frame.module;
  auto resolveAbsolute = [&](StringRef dotted) -> PyValue {
    StringRef top = dotted.split('.').first;
    if (!isExternalPackage(top))
      for (const std::string &root : options.includeDirs) {
        std::string file = findIn(root, dotted);
        if (!file.empty())
          return PyValue::module(file, dotted.str());
        // The top package exists here but not the module: ImportError.
        if (!findIn(root, top).empty())
          return importError();
      }
    return PyValue::external(dotted.str());
  };
  if (imp.from.empty()) {
    // `import a.b.c as m` binds the module a.b.c; `import a.b` binds a.
    PyValue full = resolveAbsolute(imp.dotted.empty() ? imp.module : imp.dotted);
    if (full.is(PyValue::Kind::Object))
      return full;
    if (imp.dotted.empty() || imp.dotted == imp.module)
      return full;
    return resolveAbsolute(imp.module);
  }
  // `from M import N`.
  StringRef from = imp.from;
  PyValue base;
  if (from.starts_with(".")) {
    size_t level = from.find_first_not_of('.');
    if (level == StringRef::npos)
      level = from.size();
    StringRef rest = from.drop_front(level);
    std::string dir = self.dir.empty() ? absoluteDir(self.file) : self.dir;
    std::string pkg = self.dotted;
    // The package of a module is its dotted name less the last part (a
    // package's own `__init__` is its package).
    if (self.dir.empty())
      pkg = StringRef(pkg).rsplit('.').first.str();
    for (size_t k = 1; k < level; ++k) {
      dir = std::string(path::parent_path(dir));
      pkg = StringRef(pkg).rsplit('.').first.str();
    }
    std::string dotted = rest.empty() ? pkg : pkg + "." + rest.str();
    std::string file = rest.empty() ? (isPackageDir(dir)
                                           ? join(dir, "__init__.py")
                                           : dir + "/")
                                    : findIn(dir, rest);
    if (file.empty())
      return importError();
    base = PyValue::module(file, dotted);
  } else {
    base = resolveAbsolute(from);
    if (base.is(PyValue::Kind::Object))
      return base;
  }
  if (base.is(PyValue::Kind::External))
    return builtinAttr(base, imp.name, imp.loc, frame);
  PyValue v = moduleAttr(base, imp.name, imp.loc, frame);
  if (v.isUnknown() && v.s.rfind("the module", 0) == 0 &&
      v.s.find("has no name") != std::string::npos)
    return importError();
  return v;
}

PyValue Evaluator::moduleAttr(const PyValue &mod, StringRef attr,
                              SourceLoc loc, Frame &frame) {
  ModuleState *st = loadFile(mod.file, mod.s);
  if (!st->error.empty())
    return PyValue::unknown("the module '" + mod.s + "', which tilec cannot "
                                "read (" + st->error + ")",
                            loc, frame.filename());
  if (st->status == ModuleState::Status::NotRun)
    run(*st);
  if (auto c = st->clobbered.find(attr); c != st->clobbered.end())
    return c->second;
  auto it = st->globals.find(attr);
  if (it != st->globals.end())
    return it->second;
  // A submodule of a package.
  if (!st->dir.empty()) {
    std::string file = findIn(st->dir, attr);
    if (!file.empty())
      return PyValue::module(file, mod.s + "." + attr.str());
  }
  return PyValue::unknown("the module '" + mod.s + "' has no name '" +
                              attr.str() + "'",
                          loc, frame.filename());
}
