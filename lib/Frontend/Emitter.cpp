//===- Emitter.cpp - Kernels, names and helper inlining ---------*- C++ -*-===//
//
// The top of the emitter: builds the kernel function from the signature,
// resolves names (locals, constexpr globals, imports, @jit helpers, Python
// builtins) and inlines helper calls at their call site with call-site
// locations, so that an error inside a helper points at both places.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Emitter.h"
#include "Frontend/AutotuneSpec.h"
#include "Frontend/ConfigPruner.h"
#include "Frontend/Parser.h"
#include "Frontend/Prelude.h"

#include "Tile/IR/TileOps.h"
#include "tilec/Limits.h"
#include "tilec/Target.h"
#include "tilec/TensorDescriptor.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"

#include <functional>

using namespace tilec::frontend;

namespace {
/// Forwards parser diagnostics to MLIR's engine.
class MlirDiagnosticSink : public DiagnosticSink {
public:
  MlirDiagnosticSink(mlir::MLIRContext &ctx, llvm::StringRef filename)
      : ctx(ctx), filename(filename) {}
  void error(SourceLoc l, const llvm::Twine &message) override {
    mlir::emitError(mlir::FileLineColLoc::get(&ctx, filename, l.line, l.col))
        << message;
  }

private:
  mlir::MLIRContext &ctx;
  std::string filename;
};
} // namespace

Emitter::Emitter(mlir::MLIRContext &ctx, const Module &module,
                 Evaluator &evaluator)
    : ctx(ctx), module(module), evaluator(evaluator), current(&module),
      b(&ctx, &opCounter) {}

mlir::Location Emitter::loc(SourceLoc l) {
  // Inside the prelude, everything is at the kernel's call of the tl
  // function: it is a builtin to the user, and its errors belong there.
  if (preludeCallSite)
    return *preludeCallSite;
  mlir::Location fileLoc =
      mlir::FileLineColLoc::get(&ctx, current->filename, l.line, l.col);
  if (callStack.empty())
    return fileLoc;
  return mlir::CallSiteLoc::get(fileLoc, callStack.back());
}

LogicalResult Emitter::err(SourceLoc l, const llvm::Twine &msg) {
  mlir::emitError(loc(l)) << msg;
  return failure();
}

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

bool Emitter::isConstexprAnnotation(const Expr *annotation) {
  if (!annotation)
    return false;
  if (auto *a = llvm::dyn_cast<AttributeExpr>(annotation))
    return a->attr == "constexpr";
  if (auto *n = llvm::dyn_cast<NameExpr>(annotation))
    return n->name == "constexpr";
  if (auto *s = llvm::dyn_cast<StrLitExpr>(annotation))
    return llvm::StringRef(s->value).ends_with("constexpr");
  return false;
}

std::string Emitter::canonicalModule(llvm::StringRef path) {
  // Resolve the first component through the file's imports.
  auto [head, rest] = path.split('.');
  std::string base = head.str();
  for (const ImportAlias &imp : current->imports)
    if (imp.alias == head)
      base = imp.module;
  std::string full = rest.empty() ? base : base + "." + rest.str();
  // `tl.math` and `triton.language.math` share the core namespace's math.
  if (full == "tilec")
    return "triton";
  if (full == "tilec.language")
    return "triton.language";
  return full;
}

static bool isKnownModule(llvm::StringRef path) {
  return path == "triton" || path == "triton.language" ||
         path == "triton.language.math" || path == "triton.language.extra" ||
         path == "triton.language.extra.cuda" ||
         path == "triton.language.extra.libdevice" ||
         path == "triton.language.extra.cuda.libdevice" ||
         path == "triton.language.core" || path == "triton.language.standard";
}

FailureOr<TValue> Emitter::resolveExternal(llvm::StringRef path,
                                           SourceLoc l) {
  std::string m = canonicalModule(path);
  if (isKnownModule(m) || m == "triton")
    return TValue::module(m);
  // `triton.language.float16`, `triton.language.extra.libdevice.rsqrt`.
  auto [parent, leaf] = llvm::StringRef(m).rsplit('.');
  if (!leaf.empty() && isKnownModule(parent)) {
    if (auto dt = parseDTypeName(leaf))
      return TValue::dtypeObj(ElemType::scalar(*dt));
    return TValue::builtin(m);
  }
  return err(l, "module '" + path +
                    "' is not available in tilec kernels (only triton and "
                    "triton.language are)");
}

FailureOr<TValue> Emitter::evalGlobal(const ConstexprGlobal &g) {
  if (auto it = globalCache.find(&g); it != globalCache.end())
    return it->second;
  if (globalsInProgress.contains(&g))
    return err(g.loc, "constexpr global '" + g.name + "' depends on itself");
  globalsInProgress.insert(&g);
  // Globals are evaluated in module scope: no locals are visible.
  Scope saved;
  std::swap(saved, scope);
  auto saveStack = std::move(callStack);
  callStack.clear();
  FailureOr<TValue> v = eval(g.value.get());
  callStack = std::move(saveStack);
  std::swap(saved, scope);
  globalsInProgress.erase(&g);
  if (failed(v))
    return failure();
  if (!v->isConstexpr())
    return err(g.loc, "global '" + g.name +
                          "' must be a compile-time constant to be a "
                          "tl.constexpr");
  globalCache[&g] = *v;
  return *v;
}

FailureOr<TValue> Emitter::lookupName(const NameExpr *e) {
  const std::string &n = e->name;
  if (auto it = scope.find(n); it != scope.end())
    return it->second;
  if (std::optional<TValue> v = lookupHostValue(n))
    return *v;
  for (const ConstexprGlobal &g : current->globals)
    if (g.name == n) {
      // The program's value when the evaluator computed one (it sees the
      // plain globals a constexpr is computed from).
      if (std::optional<PyValue> v = evaluator.lookupGlobal(*current, n);
          v && (v->constexprMarked || v->isUnknown()))
        return fromPyValue(*v, n, e->getLoc());
      return evalGlobal(g);
    }
  // A module the host handed over (EmitHostModules.cpp) takes precedence
  // over the file system the evaluator would search.
  for (const ImportAlias &imp : current->imports)
    if (imp.alias == n)
      if (std::optional<FailureOr<TValue>> host =
              resolveHostImport(imp.module, e->getLoc()))
        return *host;
  // What the module-level Python bound the name to (Evaluator.h): a jit
  // function defined or imported, a triton name imported under a `try`,
  // a constexpr computed by the program.
  if (std::optional<PyValue> v = evaluator.lookupGlobal(*current, n))
    return fromPyValue(*v, n, e->getLoc());
  if (const FunctionDef *f = current->lookupFunction(n))
    return TValue::function(f);
  if (const FunctionDef *f = current->lookupConstexprFunction(n))
    return TValue::function(f);
  for (const Module::UnparsedFunction &u : current->unparsedConstexprFunctions)
    if (u.name == n)
      return err(e->getLoc(),
                 "constexpr function '" + n + "' (line " +
                     llvm::Twine(u.loc.line) +
                     ") is outside the Python that tilec runs at compile "
                     "time: line " +
                     llvm::Twine(u.errorLoc.line) + ": " + u.message);
  for (const ImportAlias &imp : current->imports) {
    if (imp.alias != n)
      continue;
    if (std::optional<FailureOr<TValue>> host =
            resolveHostImport(imp.module, e->getLoc()))
      return *host;
    llvm::StringRef m = imp.module;
    if (isKnownModule(canonicalModule(m)) || m == "tilec")
      return TValue::module(canonicalModule(m));
    // `from triton.language import float16` and the like.
    auto [parent, leaf] = m.rsplit('.');
    if (!leaf.empty() && isKnownModule(canonicalModule(parent))) {
      std::string q = canonicalModule(parent) + "." + leaf.str();
      if (auto dt = parseDTypeName(leaf))
        return TValue::dtypeObj(ElemType::scalar(*dt));
      return TValue::builtin(q);
    }
    return err(e->getLoc(), "module '" + imp.module +
                                "' is not available in tilec kernels (only "
                                "triton and triton.language are)");
  }
  if (n == "triton" || n == "tl")
    return err(e->getLoc(), "name '" + n +
                                "' is not defined; add 'import triton' / "
                                "'import triton.language as tl'");
  // Python builtins (Builtins.def; Triton maps Python's print to
  // tl.device_print).
  if (const Builtin *py = lookupBuiltin(n, Py)) {
    if (py->kind == BuiltinKind::Refused)
      return err(e->getLoc(), "Python builtin '" + n +
                                  "' is not supported in tilec kernels");
    return TValue::builtin(n);
  }
  for (const Module::OtherName &other : current->otherNames) {
    if (other.name != n)
      continue;
    if (other.isFunction)
      return err(e->getLoc(), "'" + n +
                                  "' is not a @triton.jit function; only "
                                  "@jit functions can be called from a "
                                  "kernel");
    return err(e->getLoc(),
                 "cannot access global '" + n +
                     "' from a jit function: only @jit functions and "
                     "tl.constexpr globals are visible, in Triton 3.6 too; "
                     "define it as '" + n + " = tl.constexpr(...)'");
  }
  return err(e->getLoc(), "name '" + n + "' is not defined");
}

//===----------------------------------------------------------------------===//
// Helper calls
//===----------------------------------------------------------------------===//

const Module *Emitter::moduleOf(const FunctionDef *f) const {
  if (const Module *m = getPreludeModuleOf(f))
    return m;
  for (const auto &[name, m] : hostModules)
    if (llvm::any_of(m->functions,
                     [&](const auto &g) { return g.get() == f; }) ||
        llvm::any_of(m->constexprFunctions,
                     [&](const auto &g) { return g.get() == f; }))
      return m;
  return evaluator.ownerOf(f);
}

FailureOr<TValue>
Emitter::callFunction(const FunctionDef *f, const CallExpr *call,
                      std::vector<TValue> args,
                      std::vector<std::pair<std::string, TValue>> kwargs) {
  SourceLoc cl = call->getLoc();
  if (args.size() > f->params.size())
    return err(cl, "'" + f->name + "' takes " +
                       llvm::Twine(f->params.size()) +
                       (f->params.size() == 1 ? " argument" : " arguments") +
                       " but " + llvm::Twine(args.size()) +
                       (args.size() == 1 ? " was" : " were") + " given");
  std::map<std::string, TValue> bound;
  for (size_t i = 0; i < args.size(); ++i)
    bound[f->params[i].name] = args[i];
  for (auto &[name, v] : kwargs) {
    auto it = llvm::find_if(f->params,
                            [&](const Param &p) { return p.name == name; });
    if (it == f->params.end())
      return err(cl, "'" + f->name + "' got an unexpected keyword argument '" +
                         name + "'");
    if (bound.count(name))
      return err(cl, "'" + f->name + "' got multiple values for argument '" +
                         name + "'");
    bound[name] = v;
  }
  for (const Param &p : f->params) {
    if (bound.count(p.name))
      continue;
    if (!p.defaultValue)
      return err(cl, "'" + f->name + "' is missing the argument '" + p.name +
                         "'");
    Scope saved;
    std::swap(saved, scope);
    const Module *caller = current;
    current = moduleOf(f);
    FailureOr<TValue> d = eval(p.defaultValue.get());
    current = caller;
    std::swap(saved, scope);
    if (failed(d))
      return failure();
    bound[p.name] = *d;
  }
  // A helper's `tl.constexpr` annotation does not make its argument one:
  // Triton 3.6 binds whatever the caller passes (its tutorial's attention
  // passes tensors to `offs_m: tl.constexpr`), so a use that needs a
  // constexpr reports it where the value is used.
  if (f->isConstexprFunction)
    return callConstexprFunction(f, cl, bound);
  return inlineFunction(f, cl, bound);
}

FailureOr<TValue>
Emitter::inlineFunction(const FunctionDef *f, SourceLoc callLoc,
                        const std::map<std::string, TValue> &bound) {
  if (activeFunctions.contains(f))
    return err(callLoc, "recursive call to '" + f->name +
                            "' is not supported: helpers are inlined");
  if (callStack.size() >= kMaxInlineDepth)
    return err(callLoc, "call to '" + f->name + "' nests inlined helpers " +
                            "more than " + llvm::Twine(kMaxInlineDepth) +
                            " deep");
  if (failed(checkSizeBudget(callLoc, "call to '" + f->name + "'")))
    return failure();
  ++inlinedCalls;
  mlir::Location callSite = loc(callLoc);
  const Module *caller = current;
  current = moduleOf(f);
  std::optional<mlir::Location> savedPreludeCallSite = preludeCallSite;
  // Inside the prelude every location is the kernel's call; a helper of
  // another module of the program keeps its own file's locations.
  if (!preludeCallSite && getPreludeModuleOf(f))
    preludeCallSite = callSite;
  activeFunctions.insert(f);
  functionStack.push_back(f);
  callStack.push_back(callSite);
  Scope saved;
  std::swap(saved, scope);
  for (auto &[k, v] : bound)
    scope[k] = v;
  unsigned savedLoop = loopDepth;
  loopDepth = 0;

  std::vector<const Stmt *> body;
  for (const StmtPtr &s : f->body)
    body.push_back(s.get());
  implicitReturns.push_back(
      std::make_unique<ReturnStmt>(f->body.empty() ? f->loc
                                                   : f->body.back()->getLoc(),
                                   nullptr));
  body.push_back(implicitReturns.back().get());
  FlowResult flow;
  LogicalResult r = emitStmts(body, flow);

  loopDepth = savedLoop;
  std::swap(saved, scope);
  callStack.pop_back();
  functionStack.pop_back();
  activeFunctions.erase(f);
  current = caller;
  preludeCallSite = savedPreludeCallSite;
  if (failed(r))
    return failure();
  return flow.value;
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

mlir::OwningOpRef<mlir::ModuleOp>
Emitter::emitKernel(const tilec::FrontendOptions &opts) {
  options = opts;
  mlir::Location fileLoc = mlir::FileLineColLoc::get(&ctx, module.filename,
                                                     1, 1);
  // File-level errors name the file but echo no source line.
  mlir::Location wholeFile =
      mlir::FileLineColLoc::get(&ctx, module.filename, 0, 0);
  const FunctionDef *kernel = nullptr;
  const std::vector<AppliedDecorator> *applied = nullptr;
  if (opts.kernelName.empty()) {
    if (module.functions.size() != 1) {
      mlir::InFlightDiagnostic d = mlir::emitError(wholeFile);
      if (module.functions.empty())
        d << "no @triton.jit function in the file";
      else {
        d << "the file has " << module.functions.size()
          << " @jit functions; choose one with -k: ";
        llvm::interleaveComma(module.functions, d,
                              [&](const auto &f) { d << f->name; });
      }
      return nullptr;
    }
    kernel = module.functions.front().get();
  } else {
    kernel = module.lookupFunction(opts.kernelName);
    // The value Python binds the name to: `k = triton.jit(k)`, a kernel
    // defined under a module-level `if`, decorators applied by a call.
    if (std::optional<PyValue> v =
            evaluator.lookupGlobal(module, opts.kernelName);
        v && v->is(PyValue::Kind::Function) && v->jit &&
        v->fnModule == &module) {
      kernel = v->fn;
      applied = v->decorators.get();
    }
    if (!kernel) {
      mlir::InFlightDiagnostic d = mlir::emitError(wholeFile);
      d << "no @triton.jit function named '" << opts.kernelName
        << "' in the file";
      if (!module.functions.empty()) {
        d << "; it has: ";
        llvm::interleaveComma(module.functions, d,
                              [&](const auto &f) { d << f->name; });
      }
      return nullptr;
    }
  }

  // A decorator tilec cannot tune as Triton would is refused whatever is
  // asked of the kernel (the configs themselves bind through -D).
  std::optional<AutotuneSpec> autotune;
  MlirDiagnosticSink sink(ctx, module.filename);
  if (!applied)
    if (std::optional<PyValue> v = evaluator.lookupGlobal(module, kernel->name);
        v && v->is(PyValue::Kind::Function) && v->fn == kernel)
      applied = v->decorators.get();
  if (!readAutotuneSpec(module, *kernel, sink, evaluator, applied, autotune))
    return nullptr;

  std::vector<SignatureEntry> sig;
  std::string sigError;
  if (!parseSignature(opts.signature, sig, sigError)) {
    (void)err(kernel->nameLoc, "in the signature of '" + kernel->name +
                                   "': " + sigError);
    return nullptr;
  }

  // Values the host evaluated for module-level names (python/tilec).
  if (failed(setHostValues(opts.globalValues, kernel->nameLoc)))
    return nullptr;

  // -D bindings, checked against the constexpr parameters.
  std::map<std::string, TValue> defines;
  for (auto &[name, text] : opts.defines) {
    auto it = llvm::find_if(kernel->params,
                            [&](const Param &p) { return p.name == name; });
    if (it == kernel->params.end()) {
      (void)err(kernel->nameLoc, "-D " + name + ": kernel '" + kernel->name +
                                     "' has no parameter named '" + name +
                                     "'");
      return nullptr;
    }
    if (!isConstexprAnnotation(it->annotation.get())) {
      (void)err(it->loc, "-D " + name + ": parameter '" + name +
                             "' is not a tl.constexpr");
      return nullptr;
    }
    TValue v;
    if (!parseConstexprValue(text, v)) {
      (void)err(it->loc, "-D " + name + "=" + text +
                             ": expected an integer, a float, True/False, "
                             "None, a quoted string, a dtype or a tuple");
      return nullptr;
    }
    defines[name] = v;
  }

  // Match the signature to the parameters in order: constexpr parameters
  // take a bare value (or a -D binding or their default), the others a type.
  struct ArgInfo {
    const Param *param;
    const SignatureEntry *entry;
  };
  std::vector<ArgInfo> runtimeArgs;
  std::map<std::string, TValue> bound;
  size_t next = 0;
  for (const Param &p : kernel->params) {
    bool isConst = isConstexprAnnotation(p.annotation.get());
    // -D binds a constexpr wherever it sits: the signature then lists the
    // other parameters only.
    if (auto it = defines.find(p.name); it != defines.end()) {
      bound[p.name] = it->second;
      continue;
    }
    if (isConst) {
      if (next < sig.size() && sig[next].kind == SignatureEntry::Kind::Value) {
        bound[p.name] = sig[next++].value;
        continue;
      }
      if (p.defaultValue) {
        FailureOr<TValue> d = eval(p.defaultValue.get());
        if (failed(d))
          return nullptr;
        bound[p.name] = *d;
        continue;
      }
      if (next < sig.size())
        (void)err(p.loc, "constexpr parameter '" + p.name +
                             "' needs a value, but signature entry " +
                             llvm::Twine(next + 1) + " is the type '" +
                             sig[next].text +
                             "' (give a bare value or -D " + p.name + "=...)");
      else
        (void)err(p.loc, "constexpr parameter '" + p.name +
                             "' has no value: give it in the signature or "
                             "with -D " +
                             p.name + "=...");
      return nullptr;
    }
    if (next >= sig.size() && llvm::StringRef(opts.signature).trim().empty()) {
      (void)err(kernel->nameLoc,
                "missing the launch signature (-s): kernel '" + kernel->name +
                    "' has " + llvm::Twine(kernel->params.size()) +
                    " parameters");
      return nullptr;
    }
    if (next >= sig.size()) {
      size_t nRuntime = llvm::count_if(kernel->params, [](const Param &q) {
        return !isConstexprAnnotation(q.annotation.get());
      });
      (void)err(kernel->nameLoc,
                "signature has " + llvm::Twine(sig.size()) +
                    " entries but kernel '" + kernel->name + "' has " +
                    llvm::Twine(kernel->params.size()) + " parameters (" +
                    llvm::Twine(nRuntime) + " not constexpr); no type for '" +
                    p.name + "'");
      return nullptr;
    }
    // As Triton specializes them: a None or a str argument is a constant
    // of the compiled kernel, whatever the parameter's annotation
    // (`bias_ptr=None`, tested with `is None`).
    // A tuple of constexprs (Triton's tuple of None, 1 or tl.constexpr
    // leaves) is a constant of the compiled kernel too.
    if (sig[next].kind == SignatureEntry::Kind::Value &&
        (sig[next].value.isNone() || sig[next].value.isTuple() ||
         sig[next].value.getKind() == TValue::Kind::Str)) {
      bound[p.name] = sig[next++].value;
      continue;
    }
    if (sig[next].kind == SignatureEntry::Kind::Value) {
      (void)err(p.loc, "parameter '" + p.name +
                           "' is not a tl.constexpr but signature entry " +
                           llvm::Twine(next + 1) + " is the value '" +
                           sig[next].text + "'");
      return nullptr;
    }
    runtimeArgs.push_back({&p, &sig[next++]});
  }
  if (next != sig.size()) {
    std::string byD;
    if (!defines.empty())
      byD = "; -D binds " + std::to_string(defines.size()) +
            " of them, so the signature lists the other " +
            std::to_string(kernel->params.size() - defines.size());
    (void)err(kernel->nameLoc, "signature has " + llvm::Twine(sig.size()) +
                                   " entries but kernel '" + kernel->name +
                                   "' has " +
                                   llvm::Twine(kernel->params.size()) +
                                   " parameters" + byD);
    return nullptr;
  }

  mlir::OwningOpRef<mlir::ModuleOp> mod = mlir::ModuleOp::create(fileLoc);
  mod->getOperation()->setAttr("tile.num_warps",
                               b.getI32IntegerAttr(opts.numWarps));
  b.setInsertionPointToEnd(mod->getBody());
  // A tuple argument is flattened as Triton flattens it: its type leaves
  // in order, each one kernel argument named by its path (`shape.1`); its
  // value leaves (None, constexprs) take no argument.
  struct Leaf {
    const Param *param;
    const SignatureEntry *entry;
    std::string name;
  };
  std::vector<Leaf> leaves;
  std::function<void(const Param *, const SignatureEntry &, std::string)>
      collect = [&](const Param *p, const SignatureEntry &e, std::string n) {
        if (e.kind == SignatureEntry::Kind::Value)
          return;
        if (e.kind != SignatureEntry::Kind::Tuple) {
          leaves.push_back({p, &e, std::move(n)});
          return;
        }
        for (auto [i, sub] : llvm::enumerate(e.elements))
          collect(p, sub, n + "." + std::to_string(i));
      };
  for (const ArgInfo &a : runtimeArgs)
    collect(a.param, *a.entry, a.param->name);
  // A tensor descriptor's map hides the tensor's shape and strides from
  // the kernel, so each descriptor is followed by hidden parameters that
  // carry them (as Triton passes them): one i32 per dimension for the
  // shape, then one i64 per dimension for the strides. They are marked
  // `tile.desc_shape` / `tile.desc_stride` with their dimension, so the
  // ABI read back from the IR (KernelMetadata) knows to fill them from the
  // descriptor's tensor; the ones of a descriptor whose shape and strides
  // the kernel never reads are dropped once the body is emitted.
  llvm::SmallVector<mlir::Type> argTypes;
  // The index of each leaf's argument (its first, for a descriptor).
  llvm::SmallVector<unsigned> leafArg;
  for (const Leaf &a : leaves) {
    const SignatureEntry &e = *a.entry;
    leafArg.push_back(argTypes.size());
    if (e.kind != SignatureEntry::Kind::TensorDesc) {
      argTypes.push_back(getMlirType(&ctx, e.type));
      continue;
    }
    if (e.blockShape.size() != 2) {
      (void)err(a.param->loc, "tensor descriptor '" + a.name +
                                  "' has a block of rank " +
                                  llvm::Twine(e.blockShape.size()) +
                                  "; tilec supports 2-D blocks");
      return nullptr;
    }
    TensorDescLayout plan;
    std::string why;
    if (!planTensorDescLayout({e.blockShape.begin(), e.blockShape.end()},
                              getBitWidth(e.type.dtype) / 8, plan, why)) {
      (void)err(a.param->loc, "tensor descriptor '" + a.name + "' (" +
                                  e.text + "): " + why);
      return nullptr;
    }
    argTypes.push_back(tilec::tile::TensorDescType::get(
        &ctx, mlir::RankedTensorType::get(e.blockShape,
                                          getMlirType(&ctx, e.type))));
    argTypes.append(e.blockShape.size(), b.getI32Type());
    argTypes.append(e.blockShape.size(), b.getI64Type());
  }
  auto fn = mlir::func::FuncOp::create(b, loc(kernel->nameLoc), kernel->name,
                                       b.getFunctionType(argTypes, {}));
  fn->setAttr("tile.kernel", b.getUnitAttr());
  mlir::Block *entry = fn.addEntryBlock();
  std::vector<TValue> leafValues;
  // Each descriptor's hidden arguments: its first and their count.
  llvm::SmallVector<std::pair<unsigned, unsigned>> hiddenArgs;
  for (auto [leaf, a] : llvm::enumerate(leaves)) {
    unsigned i = leafArg[leaf];
    // The kernel's signature as a host sees it, read back from the IR by
    // the compile driver (KernelMetadata): each argument is located at its
    // parameter, named by it, and MLIR's signless integers are marked when
    // the signature entry is unsigned (`u32`, `*u8`).
    entry->getArgument(i).setLoc(
        mlir::NameLoc::get(b.getStringAttr(a.name), loc(a.param->loc)));
    if (a.entry->kind != SignatureEntry::Kind::TensorDesc &&
        isUnsigned(a.entry->type.dtype))
      fn.setArgAttr(i, "tile.unsigned", b.getUnitAttr());
    if (a.entry->divisibility > 1)
      fn.setArgAttr(i, "tile.divisibility",
                    b.getI32IntegerAttr(a.entry->divisibility));
    if (a.entry->equalToOne) {
      fn.setArgAttr(i, "tile.equal_to_1", b.getUnitAttr());
      leafValues.push_back(TValue::integer(1));
    } else if (a.entry->kind == SignatureEntry::Kind::TensorDesc) {
      // The fields as a device descriptor lays them out (Value.h), with no
      // base: the map has it.
      size_t rank = a.entry->blockShape.size();
      std::vector<TValue> fields{TValue::none()};
      for (size_t k = 0; k < 2 * rank; ++k) {
        unsigned h = i + 1 + k;
        bool isShape = k < rank;
        unsigned dim = isShape ? k : k - rank;
        entry->getArgument(h).setLoc(mlir::NameLoc::get(
            b.getStringAttr(a.name + (isShape ? ".shape." : ".strides.") +
                            std::to_string(dim)),
            loc(a.param->loc)));
        fn.setArgAttr(h, isShape ? "tile.desc_shape" : "tile.desc_stride",
                      b.getI32IntegerAttr(dim));
        fields.push_back(TValue::runtime(
            entry->getArgument(h),
            TileType{ElemType::scalar(isShape ? DType::I32 : DType::I64),
                     {}}));
      }
      hiddenArgs.push_back({i + 1, unsigned(2 * rank)});
      leafValues.push_back(TValue::hostDescriptor(
          entry->getArgument(i),
          TileType{a.entry->type,
                   llvm::SmallVector<int64_t, 4>(a.entry->blockShape.begin(),
                                                 a.entry->blockShape.end())},
          std::move(fields)));
    } else {
      leafValues.push_back(TValue::runtime(entry->getArgument(i),
                                           TileType{a.entry->type, {}}));
    }
  }
  // Each parameter's value, rebuilt from its leaves in the order they were
  // collected.
  size_t nextLeaf = 0;
  std::function<TValue(const SignatureEntry &)> rebuild =
      [&](const SignatureEntry &e) {
        if (e.kind == SignatureEntry::Kind::Value)
          return e.value;
        if (e.kind != SignatureEntry::Kind::Tuple)
          return leafValues[nextLeaf++];
        std::vector<TValue> elts;
        for (const SignatureEntry &sub : e.elements)
          elts.push_back(rebuild(sub));
        return TValue::tuple(std::move(elts));
      };
  for (const ArgInfo &a : runtimeArgs)
    bound[a.param->name] = rebuild(*a.entry);

  b.setInsertionPointToStart(entry);
  for (auto &[k, v] : bound)
    scope[k] = v;
  // The kernel calling itself is recursion too.
  activeFunctions.insert(kernel);
  functionStack.push_back(kernel);
  std::vector<const Stmt *> body;
  for (const StmtPtr &s : kernel->body)
    body.push_back(s.get());
  implicitReturns.push_back(std::make_unique<ReturnStmt>(
      kernel->body.empty() ? kernel->loc : kernel->body.back()->getLoc(),
      nullptr));
  body.push_back(implicitReturns.back().get());
  FlowResult flow;
  if (failed(emitStmts(body, flow)))
    return nullptr;
  if (!flow.value.isNone()) {
    (void)err(flow.loc, "a kernel cannot return a value");
    return nullptr;
  }
  b.setInsertionPointToEnd(entry);
  mlir::func::ReturnOp::create(b, loc(flow.loc));
  // The hidden arguments of a descriptor whose shape and strides are never
  // read go: a kernel that does not need them keeps the ABI of the
  // descriptor alone (all or none, so a launcher finds them where
  // KernelParam::Kind says).
  llvm::BitVector unused(fn.getNumArguments());
  for (auto [first, count] : hiddenArgs)
    if (llvm::all_of(llvm::seq(first, first + count), [&](unsigned h) {
          return entry->getArgument(h).use_empty();
        }))
      unused.set(first, first + count);
  if (unused.any() && failed(fn.eraseArguments(unused)))
    return nullptr;
  if (failed(checkTileShapes(*mod)) || failed(mlir::verify(*mod)))
    return nullptr;
  return mod;
}

LogicalResult Emitter::checkSizeBudget(SourceLoc l, const llvm::Twine &what) {
  if (opCounter.count <= kMaxEmittedOps)
    return success();
  return err(l, what + " exceeds the budget of " +
                    llvm::Twine(kMaxEmittedOps) +
                    " operations per kernel (helpers are inlined: " +
                    llvm::Twine(inlinedCalls) + " calls so far)");
}

LogicalResult Emitter::checkTileShapes(mlir::ModuleOp mod) {
  auto check = [&](mlir::Type type, mlir::Location l) -> LogicalResult {
    auto tensor = llvm::dyn_cast<mlir::RankedTensorType>(type);
    if (!tensor)
      return success();
    llvm::ArrayRef<int64_t> shape = tensor.getShape();
    if (shape.size() > kMaxTileRank)
      return mlir::emitError(l)
             << "tile of shape " << formatShape(shape) << " has rank "
             << shape.size() << "; tilec supports tiles of rank at most "
             << kMaxTileRank;
    int64_t numel = 1;
    for (int64_t d : shape) {
      numel *= d;
      if (numel > kMaxTileElements)
        return mlir::emitError(l)
               << "tile of shape " << formatShape(shape) << " has more than "
               << kMaxTileElements << " elements";
    }
    return success();
  };
  mlir::WalkResult walk = mod.walk([&](mlir::Operation *op) {
    for (mlir::Type t : op->getResultTypes())
      if (failed(check(t, op->getLoc())))
        return mlir::WalkResult::interrupt();
    for (mlir::Region &r : op->getRegions())
      for (mlir::Block &block : r)
        for (mlir::BlockArgument arg : block.getArguments())
          if (failed(check(arg.getType(), arg.getLoc())))
            return mlir::WalkResult::interrupt();
    return mlir::WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// Public API
//===----------------------------------------------------------------------===//

void tilec::registerFrontendDialects(mlir::DialectRegistry &registry) {
  registry.insert<tilec::tile::TileDialect, mlir::arith::ArithDialect,
                  mlir::math::MathDialect, mlir::scf::SCFDialect,
                  mlir::func::FuncDialect, mlir::cf::ControlFlowDialect>();
  mlir::func::registerInlinerExtension(registry);
}

tilec::frontend::EvalOptions
tilec::frontend::toEvalOptions(const FrontendOptions &options) {
  EvalOptions eval = makeEvalOptions(options.arch, options.includeDirs,
                                     options.usePythonPath);
  // The reference card of the target, for torch.cuda.get_device_properties.
  if (llvm::Expected<GpuArch> arch = parseArch(options.arch)) {
    eval.device.name = arch->device.name.str();
    eval.device.multiProcessorCount = arch->device.multiProcessorCount;
    eval.device.totalMemory = int64_t(arch->device.totalMemoryBytes);
    eval.device.l2CacheSize = arch->device.l2CacheBytes;
    eval.device.maxThreadsPerMultiProcessor = arch->maxThreadsPerSM;
    eval.device.sharedMemoryPerMultiprocessor = arch->sharedBytesPerSM;
  } else {
    llvm::consumeError(arch.takeError());
  }
  return eval;
}

mlir::OwningOpRef<mlir::ModuleOp>
tilec::emitTileModule(mlir::MLIRContext &ctx, llvm::StringRef source,
                      llvm::StringRef filename,
                      const FrontendOptions &options) {
  mlir::DialectRegistry registry;
  registerFrontendDialects(registry);
  ctx.appendDialectRegistry(registry);
  ctx.loadAllAvailableDialects();
  MlirDiagnosticSink sink(ctx, filename);
  std::unique_ptr<Module> module = parseModule(source, filename, sink);
  if (!module)
    return nullptr;
  Evaluator evaluator(*module, toEvalOptions(options));
  Emitter emitter(ctx, *module, evaluator);
  // The host's other modules, parsed whole like the kernel's file.
  std::vector<std::unique_ptr<Module>> hostModules;
  for (const SourceModule &m : options.modules) {
    MlirDiagnosticSink hostSink(ctx, m.filename);
    hostModules.push_back(parseModule(m.text, m.filename, hostSink));
    if (!hostModules.back())
      return nullptr;
    emitter.addHostModule(m.name, *hostModules.back());
  }
  return emitter.emitKernel(options);
}

mlir::FailureOr<std::optional<tilec::AutotuneSpec>>
tilec::readAutotuneSpec(mlir::MLIRContext &ctx, llvm::StringRef source,
                        llvm::StringRef filename, llvm::StringRef kernelName,
                        const FrontendOptions &options) {
  MlirDiagnosticSink sink(ctx, filename);
  std::unique_ptr<Module> module = parseModule(source, filename, sink);
  if (!module)
    return mlir::failure();
  // On the heap: a prune_configs_by pruner keeps both.
  auto ev = std::make_unique<Evaluator>(*module, frontend::toEvalOptions(options));
  Evaluator &evaluator = *ev;
  const FunctionDef *kernel = nullptr;
  const std::vector<AppliedDecorator> *applied = nullptr;
  if (!kernelName.empty())
    kernel = module->lookupFunction(kernelName);
  else if (module->functions.size() == 1)
    kernel = module->functions.front().get();
  std::string name = kernel ? kernel->name : kernelName.str();
  if (std::optional<PyValue> v = evaluator.lookupGlobal(*module, name);
      !name.empty() && v && v->is(PyValue::Kind::Function) && v->jit &&
      v->fnModule == module.get()) {
    kernel = v->fn;
    applied = v->decorators.get();
  }
  if (!kernel) {
    mlir::InFlightDiagnostic d =
        mlir::emitError(mlir::FileLineColLoc::get(&ctx, filename, 0, 0));
    if (kernelName.empty())
      d << "the file has " << module->functions.size()
        << " @jit functions; choose one with -k";
    else
      d << "no @triton.jit function named '" << kernelName << "' in the file";
    return mlir::failure();
  }
  std::optional<AutotuneSpec> spec;
  frontend::PruneSpec prune;
  if (!frontend::readAutotuneSpec(*module, *kernel, sink, evaluator, applied,
                                  spec, &prune))
    return mlir::failure();
  if (spec && prune.present() && prune.configs.isSequence() &&
      !prune.configs.elts->empty())
    spec->prune = frontend::makeConfigPruner(std::move(module), std::move(ev),
                                             std::move(prune));
  return spec;
}

std::string tilec::getModuleDependencyDigest(llvm::StringRef source,
                                            llvm::StringRef filename,
                                            const FrontendOptions &options) {
  CollectingDiagnosticSink sink;
  std::unique_ptr<Module> module = parseModule(source, filename, sink);
  if (!module)
    return "";
  Evaluator evaluator(*module, toEvalOptions(options));
  (void)evaluator.lookupGlobal(*module, "__name__");
  // The modules the file binds are read too: a kernel may use any of their
  // names.
  for (const ImportAlias &imp : module->imports)
    if (std::optional<PyValue> v = evaluator.lookupGlobal(*module, imp.alias);
        v && v->is(PyValue::Kind::Module))
      (void)evaluator.getAttr(*v, "__name__", imp.loc, *module);
  std::string digest;
  for (const std::string &file : evaluator.filesRead()) {
    if (file == module->filename)
      continue;
    digest += "file " + file + "\n";
    if (auto buf = llvm::MemoryBuffer::getFile(file))
      digest += (*buf)->getBuffer().str() + "\n";
  }
  for (const auto &[name, value] : evaluator.envRead())
    digest += "env " + name + "=" + (value ? "'" + *value + "'" : "unset") +
              "\n";
  return digest;
}

std::vector<std::string> tilec::listKernels(mlir::MLIRContext &ctx,
                                            llvm::StringRef source,
                                            llvm::StringRef filename) {
  MlirDiagnosticSink sink(ctx, filename);
  std::unique_ptr<Module> module = parseModule(source, filename, sink);
  std::vector<std::string> names;
  if (module)
    for (const auto &f : module->functions)
      names.push_back(f->name);
  return names;
}
