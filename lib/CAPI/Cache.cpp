//===- Cache.cpp - C API: the process-wide kernel cache ---------*- C++ -*-===//
//
// What a binding needs of KernelCache::getGlobal(), the cache tilec_compile
// goes through: its counters, its directory, and forgetting what it holds
// in memory (a binding's tests count hits and misses through these).
//
//===----------------------------------------------------------------------===//

#include "CAPI/Handles.h"

#include "tilec/KernelCache.h"

using namespace tilec;

extern "C" {

void tilec_cache_get_stats(tilec_cache_stats *out) {
  if (!out)
    return;
  CacheStats s = KernelCache::getGlobal().getStats();
  out->memory_hits = s.memoryHits;
  out->disk_hits = s.diskHits;
  out->misses = s.misses;
  out->corrupt_entries = s.corruptEntries;
  out->write_failures = s.writeFailures;
}

char *tilec_cache_directory(void) {
  return capi::copyString(KernelCache::getGlobal().getDirectory());
}

void tilec_cache_clear_memory(void) { KernelCache::getGlobal().clearMemory(); }

} // extern "C"
