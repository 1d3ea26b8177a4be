"""run.py's parent and worker processes without a GPU (--fake-gpu): kernels
shared among workers, a worker that dies inside a kernel (that kernel is
`crashed`, a new worker runs the rest), a sticky launch error, kernels that
never compiled, expectations, the exit code; and --sanitize with a fake
compute-sanitizer whose log names one kernel."""
import json
import os
import pathlib
import stat
import subprocess
import sys

RUN = pathlib.Path(__file__).resolve().parents[1] / "run.py"


def manifest(tmp_path, names, extra=()):
    kernels = [{"file": "src/gen/f.py", "kernel": n, "status": "compiled",
                "spec": {"sanitize": True}} for n in names]
    kernels += list(extra)
    carry = tmp_path / "carry"
    carry.mkdir()
    (carry / "manifest.json").write_text(json.dumps({"kernels": kernels}))
    return carry


def run(carry, out, *args, env=None):
    return subprocess.run([sys.executable, str(RUN), "--carry", str(carry),
                           "--out", str(out), "--fake-gpu", *args],
                          capture_output=True, text=True, env=env, timeout=120)


def results(out):
    return {r["kernel"]: r for k, r in json.loads(
        (out / "results.json").read_text())["results"].items()
        if "kernel" in r}


def test_all_pass(tmp_path):
    carry = manifest(tmp_path, [f"k_{i}" for i in range(7)])
    p = run(carry, tmp_path / "out", "--workers", "3")
    assert p.returncode == 0, p.stdout + p.stderr
    r = results(tmp_path / "out")
    assert set(r) == {f"k_{i}" for i in range(7)}
    assert all(v["status"] == "pass" for v in r.values())
    assert len({v["pid"] for v in r.values()}) == 3  # three workers
    assert sorted(os.listdir(tmp_path / "out")) == ["results.json", "results.md"]


def test_crash_sticky_and_others(tmp_path):
    names = ["k_a", "k_b_dies", "k_c", "k_d_sticky", "k_e", "k_f_differs",
             "k_g"]
    extra = [{"file": "src/ops/x.py", "kernel": "k_refused",
              "status": "compile error", "error": "x.py:1:2: error: no"},
             {"file": "src/ops/x.py", "kernel": "k_nospec", "status": "no spec",
              "error": "no SPECS entry"},
             {"file": "src/ops/x.py", "kernel": "k_known",
              "status": "compile error", "error": "e",
              "spec": {"xfail": "not yet"}}]
    carry = manifest(tmp_path, names, extra)
    p = run(carry, tmp_path / "out", "--workers", "1")
    assert p.returncode == 1
    r = results(tmp_path / "out")
    assert r["k_b_dies"]["status"] == "crashed"
    assert "exit code 139" in r["k_b_dies"]["detail"]
    assert r["k_d_sticky"]["status"] == "launch error"
    assert r["k_f_differs"]["status"] == "mismatch"
    for k in ("k_a", "k_c", "k_e", "k_g"):
        assert r[k]["status"] == "pass", k
    # Three workers in turn: the first died in k_b, the second stopped
    # after k_d's sticky error, the third ran the rest.
    assert len({r[k]["pid"] for k in ("k_a", "k_c", "k_e")}) == 3
    assert r["k_refused"]["status"] == "compile error"
    assert r["k_known"]["status"] == "xfail"
    failing = json.loads((tmp_path / "out" / "results.json").read_text())[
        "failing"]
    assert sorted(f.split("::")[1] for f in failing) == [
        "k_b_dies", "k_d_sticky", "k_f_differs", "k_nospec"]
    assert "crashed: k_b_dies" in p.stdout
    # --strict makes the compile error fail too.
    p = run(carry, tmp_path / "strict", "--workers", "2", "--strict",
            "--only", "k_(a|refused)$")
    assert p.returncode == 1 and "compile error: k_refused" in p.stdout


FAKE_SANITIZER = """#!/bin/sh
# compute-sanitizer --tool T --error-exitcode 3 --print-limit N --log-file LOG CMD...
log="$8"
shift 8
"$@"
rc=$?
case "$*" in
  *k_racy*) printf '========= Error: Race reported between Write access at k_racy+0x1a0\\n========= ERROR SUMMARY: 1 error\\n' > "$log"; exit 3;;
  *) echo '========= ERROR SUMMARY: 0 errors' > "$log"; exit $rc;;
esac
"""


def test_sanitize(tmp_path):
    fake = tmp_path / "fake-sanitizer"
    fake.write_text(FAKE_SANITIZER)
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    carry = manifest(tmp_path, ["k_ok", "k_racy", "k_ok2"])
    env = dict(os.environ, OPSUITE_SANITIZER=str(fake))
    p = run(carry, tmp_path / "out", "--workers", "3", "--sanitize", env=env)
    assert p.returncode == 1, p.stdout + p.stderr
    r = results(tmp_path / "out")
    assert r["k_racy"]["status"] == "sanitizer error"
    assert r["k_ok"]["status"] == "pass"
    assert r["k_ok"]["sanitize"] == {"memcheck": "clean", "racecheck": "clean"}
    assert sorted(os.listdir(tmp_path / "out")) == [
        "results.json", "results.md", "sanitize-memcheck.log",
        "sanitize-racecheck.log"]
    assert "k_racy+0x1a0" in (tmp_path / "out" / "sanitize-racecheck.log").read_text()


def test_sanitizer_missing(tmp_path):
    carry = manifest(tmp_path, ["k_ok"])
    env = dict(os.environ, OPSUITE_SANITIZER=str(tmp_path / "nowhere"))
    p = run(carry, tmp_path / "out", "--sanitize", env=env)
    assert p.returncode == 1
    assert "not found" in p.stdout
