"""check_docs.py: the status cells from a SUMMARY.json, the check, --write
keeping the GPU column, and --gpu-results filling it."""
import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "check_docs.py"


def ok(detail=""):
    return {"status": "lowered", "detail": detail}


SUMMARY = {"targets": ["sm_80", "sm_90a"], "functions": {
    "exp": {"cases": {"fp32": {"sm_80": ok(), "sm_90a": ok()},
                      "fp16": {"sm_80": {"status": "refused", "detail": "x",
                                         "note": "Triton 3.6 refuses it too"},
                               "sm_90a": {"status": "refused", "detail": "x",
                                          "note": "Triton 3.6 refuses it too"}}}},
    "sin": {"cases": {"fp32": {"sm_80": {"status": "failed",
                                         "detail": "LLVM ERROR: at 0x55aa"},
                               "sm_90a": ok()}}},
    "sort": {"cases": {"fp32": {"sm_80": {"status": "refused",
                                          "detail": "'tl.sort' is | not"},
                                "sm_90a": {"status": "refused",
                                           "detail": "'tl.sort' is | not"}}}},
    "dot": {"cases": {"fp16": {"sm_80": ok(), "sm_90a": ok()},
                      "fp8e4nv": {"sm_80": {"status": "refused", "detail": "no fp8"},
                                  "sm_90a": ok()}}},
}}

DOC = """# Language

## Status by function

<!-- BEGIN opsuite-status -->
| function | status | GPU |
| --- | --- | --- |
| `exp` | lowered | verified 2026-12-01 |
| `old` | lowered | pending |
<!-- END opsuite-status -->

## After
"""


def check(tmp_path, *extra):
    (tmp_path / "s.json").write_text(json.dumps(SUMMARY))
    return subprocess.run([sys.executable, str(SCRIPT), "--summary",
                           str(tmp_path / "s.json"), "--docs",
                           str(tmp_path / "doc.md"), *extra],
                          capture_output=True, text=True)


def test_check_write_and_recheck(tmp_path):
    (tmp_path / "doc.md").write_text(DOC)
    p = check(tmp_path)
    assert p.returncode == 1
    assert "missing: | `sin` | broken (fp32@sm_80): LLVM ERROR: at 0x... |" in p.stdout
    assert "not in the op suite's table: `old`" in p.stdout
    assert check(tmp_path, "--write").returncode == 0
    text = (tmp_path / "doc.md").read_text()
    assert "| `exp` | lowered | verified 2026-12-01 |" in text  # GPU kept
    assert "| `sort` | refused: 'tl.sort' is \\| not | pending |" in text
    assert ("| `dot` | partly lowered: fp16, fp8e4nv@sm_90a; refused: "
            "fp8e4nv@sm_80 (no fp8) | pending |") in text
    assert "`old`" not in text and text.endswith("## After\n")
    p = check(tmp_path)
    assert p.returncode == 0 and "0 differences" in p.stdout


def test_missing_block(tmp_path):
    (tmp_path / "doc.md").write_text("# no table\n")
    p = check(tmp_path)
    assert p.returncode == 1 and "missing" in p.stdout


def test_gpu_results(tmp_path):
    (tmp_path / "doc.md").write_text(DOC)
    results = {"results": {
        "a": {"file": "src/gen/exp.py", "kernel": "k_exp_fp32", "status": "pass"},
        "b": {"file": "src/gen/dot.py", "kernel": "k_dot_fp16", "status": "pass"},
        "c": {"file": "src/gen/dot.py", "kernel": "k_dot_fp8e4nv",
              "status": "mismatch"},
        "d": {"file": "src/gen/sort.py", "kernel": "k_sort_fp32",
              "status": "compile error"}}}
    (tmp_path / "r.json").write_text(json.dumps(results))
    assert check(tmp_path, "--write", "--gpu-results", str(tmp_path / "r.json"),
                 "--gpu-date", "2026-12-03").returncode == 0
    text = (tmp_path / "doc.md").read_text()
    assert "| `exp` | lowered | verified 2026-12-03 |" in text
    assert "failed 2026-12-03: k_dot_fp8e4nv (mismatch) |" in text
    assert "| `sort` | refused: 'tl.sort' is \\| not | pending |" in text


def test_gpu_results_only(tmp_path):
    """Without --summary, --write --gpu-results changes only GPU cells, and
    a function whose kernels all ran as expected failures is not called
    verified."""
    (tmp_path / "doc.md").write_text(DOC)
    results = {"results": {
        "a": {"file": "src/gen/exp.py", "kernel": "k_exp_fp32",
              "status": "xfail"}}}
    (tmp_path / "r.json").write_text(json.dumps(results))
    p = subprocess.run([sys.executable, str(SCRIPT), "--docs",
                        str(tmp_path / "doc.md"), "--write", "--gpu-results",
                        str(tmp_path / "r.json"), "--gpu-date", "2026-12-07"],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    text = (tmp_path / "doc.md").read_text()
    assert ("| `exp` | lowered | no Triton 3.6 reference to compare with "
            "(2026-12-07) |") in text
    assert "| `old` | lowered | pending |" in text
    p = subprocess.run([sys.executable, str(SCRIPT), "--docs",
                        str(tmp_path / "doc.md")], capture_output=True,
                       text=True)
    assert p.returncode == 2 and "--summary is needed" in p.stderr
