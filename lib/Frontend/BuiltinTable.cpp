//===- BuiltinTable.cpp - The table of triton.language builtins -*- C++ -*-===//
//
// Builds the table from Builtins.def, indexes it by name, parses each
// entry's signature into the parameter names the emitter binds, and prints
// it for `tilec --list-builtins`.
//
//===----------------------------------------------------------------------===//

#include "Frontend/BuiltinTable.h"

#include "Frontend/Emitter.h"
#include "tilec/Frontend.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/ErrorHandling.h"

#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace tilec::frontend;

static const Builtin kBuiltins[] = {
#define BUILTIN(NAME, REACH, GROUP, SIGNATURE, HANDLER, MIN_CC)                \
  {NAME, REACH, BuiltinKind::Bound, GROUP, SIGNATURE, &Emitter::HANDLER,       \
   "",   MIN_CC},
#define BUILTIN_RAW(NAME, REACH, GROUP, SIGNATURE, HANDLER, MIN_CC)            \
  {NAME, REACH, BuiltinKind::Raw, GROUP, SIGNATURE, &Emitter::HANDLER,         \
   "",   MIN_CC},
#define REFUSED(NAME, REACH, GROUP, REASON)                                    \
  {NAME, REACH, BuiltinKind::Refused, GROUP, "", nullptr, REASON, 0},
#define NOT_CALLABLE(NAME, REACH)                                              \
  {NAME, REACH, BuiltinKind::NotCallable, "", "", nullptr, "", 0},
#include "Frontend/Builtins.def"
};

llvm::ArrayRef<Builtin> tilec::frontend::getBuiltins() { return kBuiltins; }

namespace {
/// The table indexed by name (a name may have one entry on the
/// triton.language side and one Python builtin), with each entry's parsed
/// parameters.
struct Index {
  llvm::StringMap<llvm::SmallVector<const Builtin *, 2>> byName;
  std::vector<BuiltinParams> params;
};
} // namespace

/// Splits "a, b=(1, 2), *c, d=''" at the top-level commas into parameter
/// names: defaults are dropped, `*` prefixes and a bare `/` or `*` too.
static BuiltinParams parseSignature(llvm::StringRef sig) {
  BuiltinParams p;
  bool seenDefault = false;
  int depth = 0;
  char quote = 0;
  size_t start = 0;
  auto addParam = [&](llvm::StringRef text) {
    text = text.trim();
    if (text.empty() || text == "/" || text == "*")
      return;
    auto [name, def] = text.split('=');
    name = name.trim().ltrim('*');
    p.names.push_back(name);
    if (text.contains('='))
      seenDefault = true;
    else if (!seenDefault)
      ++p.numRequired;
  };
  for (size_t i = 0; i < sig.size(); ++i) {
    char ch = sig[i];
    if (quote) {
      if (ch == '\\')
        ++i;
      else if (ch == quote)
        quote = 0;
      continue;
    }
    if (ch == '\'' || ch == '"')
      quote = ch;
    else if (ch == '(' || ch == '[')
      ++depth;
    else if (ch == ')' || ch == ']')
      --depth;
    else if (ch == ',' && depth == 0) {
      addParam(sig.slice(start, i));
      start = i + 1;
    }
  }
  addParam(sig.substr(start));
  return p;
}

static const Index &getIndex() {
  static Index index;
  static std::once_flag once;
  std::call_once(once, [] {
    index.params.reserve(std::size(kBuiltins));
    for (const Builtin &b : kBuiltins) {
      index.byName[b.name].push_back(&b);
      index.params.push_back(parseSignature(b.signature));
    }
  });
  return index;
}

const Builtin *tilec::frontend::lookupBuiltin(llvm::StringRef name,
                                              unsigned reach) {
  const Index &index = getIndex();
  auto it = index.byName.find(name);
  if (it == index.byName.end())
    return nullptr;
  for (const Builtin *b : it->second)
    if (b->reach & reach)
      return b;
  return nullptr;
}

const BuiltinParams &tilec::frontend::getBuiltinParams(const Builtin &b) {
  return getIndex().params[&b - kBuiltins];
}

// Fields, tab-separated: name, reach (`tl,math,method,triton,py,cuda`), status
// (`supported`, `refused`, `name`), group, signature, minimum compute
// capability, reason.
void tilec::printBuiltinTable(llvm::raw_ostream &os) {
  static const std::pair<unsigned, const char *> reachNames[] = {
      {Tl, "tl"},
      {Math, "math"},
      {Method, "method"},
      {Triton, "triton"},
      {Py, "py"},
      {Cuda, "cuda"}};
  for (const Builtin &b : kBuiltins) {
    os << b.name << '\t';
    llvm::ListSeparator sep(",");
    for (auto [bit, name] : reachNames)
      if (b.reach & bit)
        os << sep << name;
    os << '\t';
    switch (b.kind) {
    case BuiltinKind::Bound:
    case BuiltinKind::Raw:
      os << "supported";
      break;
    case BuiltinKind::Refused:
      os << "refused";
      break;
    case BuiltinKind::NotCallable:
      os << "name";
      break;
    }
    os << '\t' << b.group << '\t' << b.signature << '\t'
       << b.minComputeCapability << '\t' << b.reason << '\n';
  }
}
