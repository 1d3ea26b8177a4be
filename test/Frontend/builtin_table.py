# The builtin table (lib/Frontend/Builtins.def) against what describes it:
# docs/language.md's function table and refused list are what the table
# generates, the op suite's functions (bench/opsuite/table.py) and the
# status table are in it with the same supported/refused split, and every
# prelude function is an entry (scripts/check_builtins.py).
#
# RUN: %python %tilec_src/scripts/check_builtins.py --tilec tilec \
# RUN:   --docs %tilec_src/docs/language.md | FileCheck %s
# CHECK: check_builtins: {{[0-9]+}} entries, 0 problems
#
# The listing itself: one line per entry, its reach, status, group and
# signature (tab-separated; FileCheck reads tabs as spaces), refused
# entries with their reason.
# RUN: tilec --list-builtins | FileCheck %s --check-prefix=LIST
# LIST: {{^}}load tl supported memory pointer, mask=None, other=None,
# LIST: {{^}}gdc_wait cuda supported synchronization 90
# LIST: {{^}}exp tl,math,method supported elementwise x 0
# LIST: {{^}}cdiv tl,math,method,triton supported elementwise x, div 0
# LIST: {{^}}to method supported elementwise input, dtype,
# LIST: {{^}}dot_scaled tl supported matrix lhs, lhs_scale, lhs_format, rhs, rhs_scale, rhs_format, acc=None,
# LIST: {{^}}sort tl supported reductions x, dim=None, descending=0 0
# LIST: {{^}}min py supported Python builtins *args 0
# LIST: {{^}}zip py refused Python builtins 0 not supported in tilec kernels
