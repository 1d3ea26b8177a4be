"""pytest plugin (`-p triton36_compat`): lets Triton upstream's language
tests (commit 212600a2b, a little newer than the 3.6.0 wheel) import against
the installed Triton 3.6.0. The tests name a few newer platform predicates
(`is_hip_rdna3`, ...) that the wheel's `triton._internal_testing` lacks; on
the H200 every one of them is False, so each missing `is_hip*` predicate is
added as a function returning False. Loaded in both modes (tilec and plain
Triton), so the baseline and the tilec run see the same tests."""

import triton._internal_testing as _testing

for _name in ("is_hip_rdna3", "is_hip_rdna4", "is_hip_cdna", "is_hip_cdna2",
              "is_hip_cdna3", "is_hip_cdna4", "is_hip_gfx1250", "is_sm12x"):
    if not hasattr(_testing, _name):
        setattr(_testing, _name, lambda: False)
