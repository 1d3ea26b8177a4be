"""Run every example's run_check() under real Triton and summarise.

Usage: python3 bench/check_triton.py [--device cuda]
Each examples/*.py module is imported by path; its run_check(device) returns a
list of (case, passed) pairs. An example that raises counts as one failure.
Prints "N passed, N failed" and exits non-zero if anything failed.
"""
import argparse
import importlib.util
import os
import sys
import traceback

EXAMPLES = ["vector_add", "softmax", "layernorm", "matmul", "attention", "rmsnorm",
            "layernorm_bwd", "cross_entropy", "adamw", "w4a16", "dropout"]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load_example(name):
    path = os.path.join(ROOT, "examples", name + ".py")
    spec = importlib.util.spec_from_file_location("tilec_example_" + name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default="cuda")
    parser.add_argument("examples", nargs="*", default=EXAMPLES,
                        help="subset of examples to run (default: all)")
    args = parser.parse_args()

    passed, failed = 0, 0
    for name in args.examples:
        print(f"== {name}")
        try:
            results = load_example(name).run_check(device=args.device)
        except Exception:
            traceback.print_exc()
            print(f"FAIL {name}: run_check raised")
            failed += 1
            continue
        for _, ok in results:
            if ok:
                passed += 1
            else:
                failed += 1
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
