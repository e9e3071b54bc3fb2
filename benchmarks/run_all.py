"""Run every benchmark in this folder, one after another (`make bench`).

Benchmarks are measurements, not tests: run them on a quiet machine and copy the
figures into the README.  Scripts that need another environment (the OpenSpiel
comparison) are skipped here and say how to run them.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
SEPARATE_ENV = {"bench_openspiel.py"}
# Shorter runs for `make bench`; the README's figures use each script's defaults.
QUICK_ARGS = {
    "bench_bots.py": ["--games", "2000"],
    # a quick look at two budgets (about a minute); the README's table uses the defaults
    "bench_strength.py": ["--deals", "24", "--budgets", "50", "200"],
    "bench_policy.py": ["--repeats", "1"],
}


def main() -> int:
    failed = 0
    for script in sorted(HERE.glob("bench_*.py")):
        print(f"\n=== {script.name} ===", flush=True)
        if script.name in SEPARATE_ENV:
            print(f"(runs in its own environment: see the top of {script.name})")
            continue
        args = QUICK_ARGS.get(script.name, [])
        failed += subprocess.call([sys.executable, str(script), *args]) != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
