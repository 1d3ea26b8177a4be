//===- Prelude.cpp - triton.language functions written in the language ---===//
//
// Parses the embedded prelude sources (PreludeSources.inc, generated at
// build time from lib/Frontend/Prelude/*.py) once per process. See
// Prelude.h.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Prelude.h"

#include "Frontend/Parser.h"

#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <mutex>
#include <string>

using namespace tilec::frontend;

namespace {
struct PreludeSource {
  const char *name;
  const char *text;
};

// {"random.py", R"...(source)..."}, one entry per file.
const PreludeSource preludeSources[] = {
#include "Frontend/PreludeSources.inc"
};

struct Prelude {
  std::vector<std::unique_ptr<Module>> owned;
  llvm::SmallVector<const Module *> modules;
  std::string error;
};

/// Keeps the first parse error of a prelude file.
class FirstErrorSink : public DiagnosticSink {
public:
  explicit FirstErrorSink(std::string &out, llvm::StringRef file)
      : out(out), file(file.str()) {}
  void error(SourceLoc loc, const llvm::Twine &message) override {
    if (out.empty())
      out = file + ":" + std::to_string(loc.line) + ":" +
            std::to_string(loc.col) + ": " + message.str();
  }

private:
  std::string &out;
  std::string file;
};

const Prelude &getPrelude() {
  static Prelude prelude;
  static std::once_flag once;
  std::call_once(once, [] {
    for (const PreludeSource &src : preludeSources) {
      std::string filename = std::string("<tilec>/") + src.name;
      FirstErrorSink sink(prelude.error, filename);
      std::unique_ptr<Module> m = parseModule(src.text, filename, sink);
      if (!m)
        continue;
      prelude.modules.push_back(m.get());
      prelude.owned.push_back(std::move(m));
    }
  });
  return prelude;
}
} // namespace

llvm::ArrayRef<const Module *> tilec::frontend::getPreludeModules() {
  return getPrelude().modules;
}

const FunctionDef *tilec::frontend::lookupPreludeFunction(llvm::StringRef name) {
  for (const Module *m : getPreludeModules())
    if (const FunctionDef *f = m->lookupFunction(name))
      return f;
  return nullptr;
}

const Module *tilec::frontend::getPreludeModuleOf(const FunctionDef *f) {
  for (const Module *m : getPreludeModules())
    for (const auto &g : m->functions)
      if (g.get() == f)
        return m;
  return nullptr;
}

llvm::StringRef tilec::frontend::preludeError() { return getPrelude().error; }
