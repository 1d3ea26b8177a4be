//===- EmitHostModules.cpp - Modules and values a host hands over -*- C++ -*-===//
//
// The frontend reads one file; a Python host knows more (python/tilec): the
// other modules the kernel's @jit helpers live in, and the values Python
// gave module-level names. This file makes both visible to name lookup:
//
//  - a host module is importable by its dotted name: `import mylib`,
//    `import mylib.helpers as h`, `from mylib.helpers import helper, BLOCK`
//    in any of the files; `h.helper(...)` and `mylib.BLOCK` resolve in it.
//    A helper inlined from it looks names up in its own file and is located
//    there, so diagnostics point at the helper's own file and line.
//  - a host value of a name in a module takes the place of the name's own
//    definition there, as Python's globals would (a `tl.constexpr` global
//    computed by code tilec does not evaluate).
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"
#include "Frontend/Signature.h"

#include "llvm/ADT/ScopeExit.h"

using namespace tilec::frontend;

void Emitter::addHostModule(llvm::StringRef name, const Module &m) {
  hostModules[name.str()] = &m;
}

const Module *Emitter::findHostModule(llvm::StringRef path) const {
  auto it = hostModules.find(path.str());
  return it == hostModules.end() ? nullptr : it->second;
}

LogicalResult Emitter::setHostValues(llvm::ArrayRef<GlobalValue> values,
                                     SourceLoc at) {
  for (const GlobalValue &g : values) {
    const Module *m = g.module.empty() ? &module : findHostModule(g.module);
    if (!m)
      return err(at, "the value of '" + g.name + "' is given for module '" +
                         g.module + "', which is not among the modules "
                         "handed to the compiler");
    TValue v;
    if (!parseConstexprValue(g.value, v))
      return err(at, "the value '" + g.value + "' given for global '" +
                         g.name + "' is not an integer, a float, "
                         "True/False, None or a dtype");
    hostValues[{m, g.name}] = v;
  }
  return success();
}

bool Emitter::isHostPackage(llvm::StringRef path) const {
  std::string prefix = path.str() + ".";
  return llvm::any_of(hostModules, [&](const auto &entry) {
    return llvm::StringRef(entry.first).starts_with(prefix);
  });
}

std::optional<TValue> Emitter::lookupHostValue(llvm::StringRef name) const {
  auto it = hostValues.find({current, name.str()});
  if (it == hostValues.end())
    return std::nullopt;
  return it->second;
}

std::optional<FailureOr<TValue>>
Emitter::resolveHostImport(llvm::StringRef path, SourceLoc l) {
  if (hostModules.empty())
    return std::nullopt;
  // A host module, or a package above one (`import mylib` for
  // mylib.helpers).
  if (findHostModule(path) || isHostPackage(path))
    return FailureOr<TValue>(TValue::module(path.str()));
  auto [parent, leaf] = path.rsplit('.');
  if (leaf.empty())
    return std::nullopt;
  if (const Module *m = findHostModule(parent))
    return lookupInHostModule(m, leaf, l);
  return std::nullopt;
}

FailureOr<TValue> Emitter::lookupInHostModule(const Module *m,
                                              llvm::StringRef name,
                                              SourceLoc l) {
  // Looked up as the module sees its own names.
  const Module *caller = current;
  current = m;
  llvm::scope_exit restore([&] { current = caller; });
  if (std::optional<TValue> v = lookupHostValue(name))
    return *v;
  for (const ConstexprGlobal &g : m->globals)
    if (g.name == name)
      return evalGlobal(g);
  if (const FunctionDef *f = m->lookupFunction(name))
    return TValue::function(f);
  for (const auto &[path, hm] : hostModules)
    if (hm != m && llvm::StringRef(path).ends_with("." + name.str()) &&
        findHostModule(llvm::StringRef(path).drop_back(name.size() + 1)) == m)
      return TValue::module(path);
  // A name the module imports (a helper it re-exports).
  for (const ImportAlias &imp : m->imports)
    if (imp.alias == name)
      if (std::optional<FailureOr<TValue>> r =
              resolveHostImport(imp.module, l))
        return *r;
  // The error is at the use, in the file that uses it.
  current = caller;
  std::string moduleName = m->filename;
  for (const auto &[path, hm] : hostModules)
    if (hm == m)
      moduleName = path;
  return err(l, "module '" + moduleName + "' has no @jit function or "
                "tl.constexpr global named '" + name.str() + "'");
}
