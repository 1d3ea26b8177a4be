# The CI op suite (issue 12, item 4): one kernel per function x dtype of
# bench/opsuite/table.py, compiled for sm_80 and sm_90a and assembled by
# ptxas; each is lowered with its key instruction or refused at its line by
# name, never a signal, an LLVM ERROR or an unlocated error. Failures known
# today are listed in bench/opsuite/known_failures.txt; a listed kernel that
# passes fails the suite until its line is removed. Then docs/language.md's
# status table must match what the suite measured.
#
# REQUIRES: ptxas
# RUN: %python %tilec_src/bench/opsuite/ci.py --tilec tilec --ptxas %ptxas \
# RUN:   --out %t --cache-dir %t.cache \
# RUN:   --baseline %tilec_src/bench/opsuite/known_failures.txt | FileCheck %s
# RUN: %python %tilec_src/bench/opsuite/check_docs.py --summary %t/SUMMARY.json \
# RUN:   --docs %tilec_src/docs/language.md | FileCheck %s --check-prefix=DOCS
#
# CHECK: op suite: {{[0-9]+}} kernels ({{[0-9]+}} functions x dtypes x 2 targets) in {{[0-9]+}}s: {{[0-9]+}} lowered, {{[0-9]+}} refused, {{[0-9]+}} known failures, 0 FAILED, 0 fixed
# DOCS: docs check: {{[0-9]+}} functions ({{[0-9]+}} lowered), 0 differences
