//===- ConfigPruner.h - prune_configs_by, run per launch --------*- C++ -*-===//
//
// Internal to the frontend: AutotuneSpec::prune for a decorator whose
// `prune_configs_by` names functions of the program. The C++ autotuner
// calls it when it tunes a new key, with the key's values; it runs
// `early_config_prune(configs, named_args, **kwargs)` and then, when the
// remaining configs outnumber `top_k`, keeps the `top_k` that
// `perf_model(**named_args, **config.all_kwargs())` estimates fastest, as
// Triton 3.6's autotuner does, through the module-level evaluator that read
// the decorator (kept alive, with the parsed program, by the pruner).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_CONFIGPRUNER_H
#define TILEC_LIB_FRONTEND_CONFIGPRUNER_H

#include "Frontend/AutotuneSpec.h"
#include "Frontend/Evaluator.h"

#include <memory>

namespace tilec::frontend {

/// The pruner for `prune` (filled by readAutotuneSpec from `module`, whose
/// values `ev` computed). It owns both.
decltype(AutotuneSpec::prune)
makeConfigPruner(std::unique_ptr<Module> module, std::unique_ptr<Evaluator> ev,
                 PruneSpec prune);

} // namespace tilec::frontend

#endif // TILEC_LIB_FRONTEND_CONFIGPRUNER_H
